// The shared checker of person-facing text (test/helpers/person-text.ts) over the place-search,
// restaurant-QA and simulation routes' answers and their error messages, for questions of many kinds
// (places, routes, trips, conditions, abroad, nowhere, follow-ups, nothing found, simulations, bad
// requests). The news route's answers are checked in news-workflow.test.ts, over questions of every form.
// Cost: the worker's shared server (dynalite in memory) with its demo restaurant corpus (20,000 documents,
// built once per worker) indexed before the first question; about forty requests and a one-day
// simulation of four agents under an id of its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkPersonText,
  personTexts,
  technicalStrings,
  type PersonTextFinding,
} from "../helpers/person-text.ts";
import { postJson, sharedServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await sharedServer({ demoCorpus: true });
}, 180_000);
afterAll(() => server.close());

const PLACE_QUERIES = [
  "강남역 근처 카페",
  "홍대입구역에서 걸어서 10분 이내 빵집",
  "선릉역에서 역삼역 가는 길에 카페",
  "제주 2박3일 여행 맛집",
  "근처 카페",
  "뷁뷁동 근처 카페",
  "파리 에펠탑 근처 카페",
  "망원역 근처 24시 국밥 평점 높은 순",
  "서울역에서 용산역 가는 길에 만원 이하 국밥",
  "강남역이랑 홍대 중간에서 만나기 좋은 술집",
  "지금 문 연 약국 신촌역",
  "성수동 애견동반 브런치 카페 리뷰 좋은 곳",
  "부산 해운대에서 광안리까지 걸어가면서 들를 카페",
  "Gangnam station cafe",
  "도쿄 신주쿠 라멘",
];

const RESTAURANT_CHAINS = [
  ["망원역 주차되는 한식집", "두번째 거 영업시간은?"],
  ["합정역 근처 파스타", "제일 싼 데는?"],
  ["성수동 조용한 카페", "거기 주차돼?"],
  ["강남역 평양냉면"],
  ["을지로 오마카세 추천좀"],
  ["해운대 돼지국밥 ㄱㄱ", "그 집 말고 딴데"],
  ["아무 데나 맛있는 곳"],
  ["연남동 혼밥하기 좋은 라멘집", "거기 몇 시까지 해?", "가격은 얼마 정도야?"],
  ["이태원 룸 있는 중식당 예약 가능한 곳", "둘 중에 더 가까운 데는?"],
  ["광화문 김치찌개 만원 이하"],
];

const BAD: [string, unknown][] = [
  ["/v1/search", { query: "카페", location: { lat: 200, lng: 0 } }],
  ["/v1/search", { cursor: "not-a-cursor" }],
  ["/v1/restaurants/ask", { query: "" }],
  ["/v1/restaurants/ask", { query: "파스타", conversationId: "없는-대화" }],
  ["/v1/search", { query: "x".repeat(2000) }],
  ["/v1/simulations", { days: 0, seed: 1 }],
  ["/v1/simulations", { days: "x" }],
  ["/v1/simulations", { replayOf: "sim-nope", days: 2 }],
  ["/v1/simulations/estimate", { days: 999, seed: 1 }],
];

const found: { route: string; query: string; finding: PersonTextFinding }[] = [];
/** how many person-facing texts each route gave: the check reads something on every one */
const read = new Map<string, number>();
const record = (route: string, query: string, body: unknown) => {
  const family = route.split("/").slice(0, 3).join("/");
  read.set(family, (read.get(family) ?? 0) + personTexts(body).length);
  for (const finding of checkPersonText(body)) found.push({ route, query, finding });
};

describe("person-facing text across the place-search, restaurant-QA and simulation routes", () => {
  it("place search answers", async () => {
    for (const query of PLACE_QUERIES) {
      const res = await postJson(`${server.url}/v1/search`, { query });
      expect(res.status, query).toBe(200);
      record("/v1/search", query, res.body);
    }
  }, 180_000);

  it("restaurant QA answers, follow-ups included", async () => {
    for (const chain of RESTAURANT_CHAINS) {
      let conversationId: string | undefined;
      for (const query of chain) {
        const res = await postJson(`${server.url}/v1/restaurants/ask`, { query, conversationId });
        expect(res.status, query).toBe(200);
        record("/v1/restaurants/ask", query, res.body);
        conversationId = res.body.conversationId;
      }
    }
  }, 180_000);

  it("error messages", async () => {
    for (const [route, body] of BAD) {
      const res = await postJson(`${server.url}${route}`, body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      record(route, JSON.stringify(body), res.body);
    }
  });

  it("simulations: the estimate, the run, its report and its agents' comments", async () => {
    const estimate = await postJson(`${server.url}/v1/simulations/estimate`, { days: 1, seed: 1, agents: 4 });
    expect(estimate.status).toBe(200);
    record("/v1/simulations/estimate", "1일, 4명", estimate.body);
    const started = await postJson(`${server.url}/v1/simulations`, { days: 1, seed: 1, agents: 4 });
    expect(started.status).toBe(202);
    record("/v1/simulations", "1일, 4명", started.body);
    await server.world.workflows.settled();
    const id = (started.body as { id: string }).id;
    for (const path of [`/v1/simulations/${id}`, `/v1/simulations/${id}/report`]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      const body = (await res.json()) as { sampleComments?: { comment: string }[] };
      record(path, id, body);
      // the agents' comments are shown on the report: Korean prose too
      for (const [i, c] of (body.sampleComments ?? []).entries())
        for (const t of technicalStrings(c.comment))
          found.push({ route: path, query: id, finding: { ...t, path: `sampleComments.${i}.comment` } });
    }
    for (const path of ["/v1/simulations/sim-nope", `/v1/simulations/${id}/agents/ZZZ/decisions`]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      record(path, "", await res.json());
    }
  }, 180_000);

  it("finds no technical string in any of them", () => {
    for (const family of ["/v1/search", "/v1/restaurants", "/v1/simulations"])
      expect(read.get(family) ?? 0, family).toBeGreaterThan(5);
    expect(
      found.map((f) => `${f.route} ‘${f.query}’ ${f.finding.path}: ${f.finding.kind} ‘${f.finding.match}’`),
    ).toEqual([]);
  });
});
