// What a question asks beyond a kind and a place: a drink-only ask, opening hours, a modifier beside a
// kind, and set operations on the previous answer (each mechanism by its rule, not by example lists).
import { describe, expect, it } from "vitest";
import { failedConditions } from "../../shared/restaurant-qa/conditions.ts";
import { hoursPhrase, meetsHours, readHours } from "../../shared/restaurant-qa/hours.ts";
import { readFollowUp } from "../../shared/restaurant-qa/follow-up.ts";
import { InMemoryConversations } from "../../shared/restaurant-qa/memory.ts";
import { hardFilters } from "../../shared/restaurant-qa/query-builder.ts";
import { preferModifiers } from "../../shared/restaurant-qa/retrieve.ts";
import { rewriteStep } from "../../shared/restaurant-qa/steps.ts";
import { rewriteWithRules, titleDictionary } from "../../shared/restaurant-qa/rewrite.ts";

const read = (q: string) => rewriteWithRules(q).structured;

describe("a drink-only ask", () => {
  it("asks for the 술집 kind when it names drinking and no food", () => {
    expect(read("신촌 술집 추천해줘").menu).toEqual(["술집"]);
    expect(read("을지로에서 한잔할 데").menu).toEqual(["술집"]);
    expect(read("종로에서 술 한잔하기 좋은 곳").menu).toEqual(["술집"]);
  });
  it("keeps a named dish or drink as the kind, the occasion a boost", () => {
    const q = read("강남역 삼겹살에 소주 한잔할 곳");
    expect(q.menu).toEqual(["삼겹살"]);
    expect(q.occasion).toContain("술자리");
    expect(read("강남역 맥주 마실 데").menu).toEqual(["맥주"]);
  });
  it("does not read a cup of coffee as drinking", () => {
    const q = read("홍대 커피 한잔할 카페");
    expect(q.occasion ?? []).not.toContain("술자리");
    expect(q.menu ?? []).not.toContain("술집");
  });
});

describe("opening hours", () => {
  it("reads an all-day ask in its wordings", () => {
    for (const q of ["24시간 하는 해장국", "문 안 닫고 밤낮 없이 하는 국밥집", "밤새 하는 술집"])
      expect(readHours(q)?.ask, q).toEqual({ need: "24시간" });
  });
  it("reads a late ask, with the hour when one is named (native numerals too)", () => {
    expect(readHours("새벽 두시쯤 국밥 먹을 수 있는 곳")?.ask).toEqual({ need: "늦게까지", at: 2 });
    expect(readHours("밤 11시 넘어서 갈 데")?.ask).toEqual({ need: "늦게까지", at: 23 });
    expect(readHours("늦게까지 하는 술집")?.ask).toEqual({ need: "늦게까지" });
    expect(readHours("심야에 갈 만한 곳")?.ask).toEqual({ need: "늦게까지" });
    expect(readHours("강남역 삼겹살")).toBeUndefined();
  });
  it("reads 지금 at the hour the question was asked (KST), and asks nothing by day", () => {
    const at = (kstHour: number) => Date.UTC(2026, 0, 1, (kstHour + 24 - 9) % 24);
    expect(readHours("지금 여는 곳", at(1))?.ask).toEqual({ need: "늦게까지", at: 1 });
    expect(readHours("지금 여는 곳", at(13))).toBeUndefined();
    expect(readHours("지금 여는 곳")).toBeUndefined();
  });
  it("carries the ask in the structured query, and a restaurant's name keeps its words", () => {
    expect(read("신촌에 24시간 하는 오마카세")).toEqual({
      location: [{ name: "신촌", relation: "nearby" }],
      menu: ["오마카세"],
      hours: { need: "24시간" },
    });
    const named = rewriteWithRules("새벽 뼈해장국 주차돼?", titleDictionary(["새벽 뼈해장국"])).structured;
    expect(named.hours).toBeUndefined();
    expect(named.location).toEqual([{ name: "새벽 뼈해장국", relation: "exact" }]);
  });
  it("filters by what a document says of its hours: 24시간 meets a late ask, nothing meets 24시간 but 24시간", () => {
    expect(meetsHours(["24시간"], { need: "늦게까지", at: 2 })).toBe(true);
    expect(meetsHours(["늦게까지"], { need: "늦게까지" })).toBe(true);
    expect(meetsHours(["늦게까지"], { need: "24시간" })).toBe(false);
    expect(meetsHours(["가성비"], { need: "늦게까지" })).toBe(false);
    const doc = { lat: 37.5, lon: 127, menus: [{ name: "국밥", price: 9000 }], convenience: [] };
    const q = { menu: ["국밥"], hours: { need: "24시간" as const } };
    expect(failedConditions({ ...doc, features: ["24시간"] }, q, [])).toEqual([]);
    expect(failedConditions({ ...doc, features: ["늦게까지"] }, q, [])).toEqual([
      "24시간 여는 곳이라는 정보 없음",
    ]);
    expect(hardFilters(q, [])).toContainEqual({ terms: { features: ["24시간"] } });
    expect(hoursPhrase({ need: "늦게까지", at: 2 })).toBe("새벽 2시에 여는");
  });
});

describe("set operations on the previous answer", () => {
  it("reads 다른 데, 나머지 and 맨 위 as what they do to the list", () => {
    expect(readFollowUp("다른 데는?")).toMatchObject({ others: true, exclude: false });
    expect(readFollowUp("딴 데 없어?")).toMatchObject({ others: true });
    expect(readFollowUp("그거 말고 다른 데")).toMatchObject({ same: true, exclude: true, others: true });
    expect(readFollowUp("걔네 예약도 받아?")).toMatchObject({ same: true, rest: "예약도 받아?" });
    expect(readFollowUp("맨 위에 거 말고 나머지 중에서 골라줘")).toMatchObject({
      pick: { by: "position", n: 1 },
      exclude: true,
      remaining: true,
      rest: "골라줘",
    });
    expect(readFollowUp("맨 끝에 있는 집 주차돼?").pick).toEqual({ by: "position", n: "last" });
    // "다른 메뉴" is no other place
    expect(readFollowUp("다른 메뉴는?")).toMatchObject({ others: false, remaining: false });
  });

  const ids = ["a", "b", "c"];
  const turn = {
    place_ids: ids,
    query: "강남역 쌀국수",
    at: 0,
    location: [{ name: "강남역", relation: "nearby" as const }],
    kinds: ["쌀국수"],
  };
  async function step(query: string) {
    const memory = new InMemoryConversations({ ttlSeconds: 600, perCaller: 5, now: () => 1 });
    await memory.remember("c1", turn);
    const titles = { get: async () => titleDictionary([]) } as never;
    return rewriteStep(
      { query, conversationId: "c1", meta: { startedAt: 1 } },
      { llm: undefined, memory, titles },
    );
  }

  it("다른 데: a new search there for the same kinds, leaving out every place shown", async () => {
    const s = await step("다른 데는?");
    expect(s.followUp).toBeUndefined();
    expect(s.exclude).toEqual(ids);
    expect(s.structured_query).toMatchObject({ location: turn.location, menu: ["쌀국수"] });
  });
  it("그거 말고 다른 데: leaves out only the one named", async () => {
    const s = await step("두 번째 거 말고 다른 데");
    expect(s.exclude).toEqual(["b"]);
    expect(s.structured_query).toMatchObject({ location: turn.location, menu: ["쌀국수"] });
  });
  it("a price cap, a search asked again, or 같은 동네 searches there again for the same kinds", async () => {
    const cap = await step("너무 비싸다 만원 이하로는?");
    expect(cap.followUp).toBeUndefined();
    expect(cap.structured_query).toEqual({
      location: turn.location,
      menu: ["쌀국수"],
      price: { max: 10000 },
    });
    const again = await step("주차 되는 데로 다시 찾아줘");
    expect(again.structured_query).toMatchObject({ location: turn.location, convenience: ["주차"] });
    expect(again.followUp).toBeUndefined();
    const same = await step("같은 동네에서 예약 되는 데로");
    expect(same.structured_query).toMatchObject({ location: turn.location, menu: ["쌀국수"] });
    // a bare condition still asks about the places shown
    expect((await step("주차 돼?")).followUp?.place_ids).toEqual(ids);
  });
  it("a place asked with 도 after a search asks for the same kinds there", async () => {
    const s = await step("합정 쪽에도 있어?");
    expect(s.structured_query).toEqual({
      location: [{ name: "합정", relation: "nearby" }],
      menu: ["쌀국수"],
    });
    expect(s.followUp).toBeUndefined();
  });
  it("나머지 중에: stays inside the list, without the one left out, and chooses when asked to", async () => {
    const s = await step("맨 위에 거 말고 나머지 중에서 골라줘");
    expect(s.exclude).toBeUndefined();
    expect(s.followUp).toMatchObject({ place_ids: ["b", "c"], pick: { by: "best_rated" } });
    const r = await step("나머지는 어때?");
    expect(r.followUp?.place_ids).toEqual(["b", "c"]);
    expect(r.followUp?.pick).toBeUndefined();
  });
});

describe("a modifier beside a kind", () => {
  const d = (id: string, atmosphere: string[], occasion: string[] = []) => ({ id, atmosphere, occasion });
  it("keeps the places said to have it, those with every asked value first", () => {
    const docs = [d("a", ["캐주얼한"]), d("b", ["조용한"]), d("c", ["조용한"], ["혼밥"]), d("e", [])];
    expect(preferModifiers(docs, { atmosphere: ["조용한"] }).documents.map((x) => x.id)).toEqual(["b", "c"]);
    expect(
      preferModifiers(docs, { atmosphere: ["조용한"], occasion: ["혼밥"] }).documents.map((x) => x.id),
    ).toEqual(["c"]);
  });
  it("keeps every place, and names what none has, when no place is said to have it", () => {
    const docs = [d("a", ["캐주얼한"]), d("e", [])];
    expect(preferModifiers(docs, { occasion: ["혼밥"] })).toEqual({ documents: docs, unmet: ["혼밥"] });
    expect(preferModifiers(docs, {}).documents).toEqual(docs);
  });
});
