// Issue 25: follow-ups read their referring words first (never as places), conversations are scoped
// to the caller's key and bounded, and an answer about one earlier restaurant names it first.
import { describe, expect, it } from "vitest";
import { focusedAnswer } from "../../shared/restaurant-qa/focused-answer.ts";
import { InMemoryConversations, scopedConversation } from "../../shared/restaurant-qa/memory.ts";
import { readFollowUp } from "../../shared/restaurant-qa/follow-up.ts";
import type { ContextDocument } from "../../shared/restaurant-qa/state.ts";

const doc = (id: string, title: string, over: Partial<ContextDocument> = {}): ContextDocument => ({
  place_id: id,
  title,
  address: "서울 마포구 망원동 1-2",
  roadAddress: "서울 마포구 포은로 12",
  lat: 37.55,
  lon: 126.9,
  menus: [],
  convenience: [],
  atmosphere: [],
  occasion: [],
  review_food: [],
  features: [],
  score: 1,
  map_url: null,
  collected_at: "2025-11-01",
  similarity: 1,
  reviews: [],
  description: "",
  relevant: true,
  ...over,
});

describe("readFollowUp", () => {
  it("takes out position, superlative and referring words", () => {
    expect(readFollowUp("두 번째 집 메뉴 뭐 있어?")).toMatchObject({
      pick: { by: "position", n: 2 },
      rest: "메뉴 뭐 있어?",
    });
    expect(readFollowUp("마지막 거 어디 있어?").pick).toEqual({ by: "position", n: "last" });
    expect(readFollowUp("세번째꺼 가격 얼마야").pick).toEqual({ by: "position", n: 3 });
    expect(readFollowUp("그 중에 제일 가까운 곳은?")).toMatchObject({ pick: { by: "nearest" } });
    expect(readFollowUp("젤 싼곳").pick).toEqual({ by: "cheapest" });
    expect(readFollowUp("평이 제일 좋은 곳은?").pick).toEqual({ by: "best_rated" });
    expect(readFollowUp("거기 근처에 카페도 있어?")).toMatchObject({ place: true, rest: "카페도 있어?" });
    expect(readFollowUp("그 동네 술집은 어때")).toMatchObject({ place: true });
    expect(readFollowUp("거기 가격대는 어때?")).toMatchObject({ same: true, place: false });
  });

  it("leaves a fresh question alone", () => {
    const r = readFollowUp("을지로에서 제일 유명한 평양냉면집 어디야");
    expect(r.pick).toBeUndefined();
    expect(r.place || r.same).toBe(false);
  });
});

describe("conversations", () => {
  it("are scoped to the caller's key", () => {
    expect(scopedConversation("a", "c1")).not.toBe(scopedConversation("b", "c1"));
    expect(scopedConversation("a", "c1")).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });

  it("are bounded in number", async () => {
    const m = new InMemoryConversations({ ttlSeconds: 86_400, perCaller: 2 });
    for (const id of ["x", "y", "z"]) await m.remember(id, { place_ids: [], query: id, at: Date.now() });
    expect(await m.last("x")).toBeNull();
    expect(await m.last("z")).not.toBeNull();
    // per caller: another key's conversations do not push these out
    const [a1, b1, b2, b3] = [
      ["a", "1"],
      ["b", "1"],
      ["b", "2"],
      ["b", "3"],
    ].map(([k, c]) => scopedConversation(k!, c!));
    await m.remember(a1!, { place_ids: [], query: "a1", at: Date.now() });
    for (const id of [b1!, b2!, b3!]) await m.remember(id, { place_ids: [], query: id, at: Date.now() });
    expect(await m.last(a1!)).not.toBeNull();
    expect(await m.last(b1!)).toBeNull();
  });
});

describe("focusedAnswer", () => {
  const docs = [
    doc("p1", "가 칼국수", {
      distance: 500,
      menus: [{ name: "칼국수", price: 9000 }] as ContextDocument["menus"],
    }),
    doc("p2", "나 칼국수", {
      distance: 120,
      menus: [{ name: "칼국수", price: 8000 }] as ContextDocument["menus"],
      convenience: ["주차"],
    }),
  ];
  const ask = (query: string, followUp: Record<string, unknown>, sq = {}) =>
    focusedAnswer({ query, structured_query: sq, followUp: { place_ids: ["p1", "p2"], ...followUp } }, docs);

  it("names the picked restaurant and its fact in the first sentence", () => {
    expect(ask("제일 싼 데", { pick: { by: "cheapest" }, kinds: ["칼국수"] })?.answer.split("\n")[0]).toMatch(
      /나 칼국수 \[p2\].*8,000원/,
    );
    expect(ask("제일 가까운 곳", { pick: { by: "nearest" } })?.answer.split("\n")[0]).toMatch(
      /나 칼국수.*120m/,
    );
    expect(
      ask("두 번째 집 주차 돼?", { pick: { by: "position", n: 2 } }, { convenience: ["주차"] })?.answer.split(
        "\n",
      )[0],
    ).toMatch(/나 칼국수.*주차 가능/);
    expect(
      ask("첫 번째 집 주차 돼?", { pick: { by: "position", n: 1 } }, { convenience: ["주차"] })?.answer.split(
        "\n",
      )[0],
    ).toMatch(/정보 없음/);
  });

  it("says how many there are when the position is past the list", () => {
    expect(ask("다섯 번째 집", { pick: { by: "position", n: 5 } })?.answer).toMatch(/2곳뿐/);
  });
});
