// A bad request's reason is read by a person, so it is Korean (issue 27): a spread of bad bodies over the
// routes that take one, each 400's message holding Hangul and no English word outside the names and codes
// a message may quote (a field, a format, a header).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, sharedServer, type TestServer } from "../helpers/server.ts";
import { englishWords } from "../helpers/person-text.ts";

let server: TestServer;
beforeAll(async () => {
  // the worker's server, its demo corpus built (GET /v1/restaurants/nope reads the index): nothing here
  // is written, every request is refused
  server = await sharedServer({ demoCorpus: true });
});
afterAll(() => server.close());

const long = (n: number) => "가".repeat(n);

/** A scenario that passes the schema (a store id's form), so the seeds' own reasons are reached. */
const CLOSE_ONE = { close: ["S00000001"] };

/**
 * [route, body]: each must be refused with a 400. Before the reasons were translated, 43 of these 44
 * bodies (the experiments' store-id and seed cases came later) were answered in English.
 */
const BAD: [string, unknown][] = [
  ["/v1/search", {}],
  ["/v1/search", { query: 3 }],
  ["/v1/search", { query: "  " }],
  ["/v1/search", { query: long(600) }],
  ["/v1/search", { query: "카페", location: { lat: 200, lng: 0 } }],
  ["/v1/search", { query: "카페", location: "서울" }],
  ["/v1/search", { cursor: "" }],
  ["/v1/search", { cursor: "not-a-cursor" }],
  ["/v1/search", "[1, 2]"],
  ["/v1/search", "{not json"],
  ["/v1/search/plan", {}],
  ["/v1/search/plan", { query: ["카페"] }],
  ["/v1/search/execute", {}],
  ["/v1/search/execute", { plan: 3 }],
  ["/v1/restaurants/ask", {}],
  ["/v1/restaurants/ask", { query: "" }],
  ["/v1/restaurants/ask", { query: long(600) }],
  ["/v1/restaurants/search", { query: 7 }],
  ["/v1/restaurants/documents", {}],
  ["/v1/restaurants/documents", { documents: [] }],
  ["/v1/restaurants/documents", { documents: "x" }],
  ["/v1/news/search", {}],
  ["/v1/news/search", { query: "" }],
  ["/v1/news/search", { query: "삼성전자", search_preference: "blogs" }],
  ["/v1/simulations", {}],
  ["/v1/simulations", { days: "seven", seed: 1 }],
  ["/v1/simulations", { days: 1.5, seed: 1 }],
  ["/v1/simulations", { days: 0, seed: 1 }],
  ["/v1/simulations", { days: 10_000, seed: 1 }],
  ["/v1/simulations", { days: 1, seed: -1 }],
  ["/v1/simulations", { days: 1, seed: 1, startDate: "2020-13-40" }],
  ["/v1/simulations", { days: 1, seed: 1, startDate: "1900-01-01" }],
  ["/v1/simulations", { days: 1, seed: 1, record: "yes" }],
  ["/v1/simulations", { days: 1, seed: 1, budgetUsd: -1 }],
  ["/v1/simulations", { days: 1, seed: 1, scenario: { name: long(200) } }],
  ["/v1/simulations", { days: 1, seed: 1, scenario: { close: "x" } }],
  ["/v1/simulations", { replayOf: "run-1", days: 1 }],
  ["/v1/simulations", { replayOf: "bad id!" }],
  ["/v1/simulations/estimate", { days: 1 }],
  ["/v1/experiments", {}],
  ["/v1/experiments", { baseline: 3, scenario: {}, seeds: [1] }],
  ["/v1/experiments", { baseline: { days: 1 }, scenario: {}, seeds: [1] }],
  ["/v1/experiments", { baseline: { days: 1 }, scenario: CLOSE_ONE, seeds: [] }],
  ["/v1/experiments", { baseline: { days: 1 }, scenario: CLOSE_ONE, seeds: [1, 1] }],
  ["/v1/experiments", { baseline: { days: 1 }, scenario: CLOSE_ONE, seeds: "1,2" }],
  ["/v1/experiments", { baseline: { days: 1 }, scenario: { close: ["S1"] }, seeds: [1] }],
];

/** [path, status]: path and query parameters the API refuses, and things it does not hold. */
const BAD_GETS: [string, number][] = [
  ["/v1/simulations/bad%20id!", 400],
  ["/v1/simulations/sim-nope", 404],
  ["/v1/simulations/sim-nope/export?kind=everything", 400],
  ["/v1/simulations/sim-nope/export?limit=0", 400],
  ["/v1/simulations/sim-nope/export?limit=many", 400],
  ["/v1/simulations/sim-nope/agents/R%20001/decisions", 400],
  ["/v1/simulations/sim-nope/agents/R001/decisions", 404],
  ["/v1/experiments/exp-nope", 404],
  ["/v1/restaurants/bad%20id!", 400],
  ["/v1/restaurants/nope", 404],
  ["/v1/jobs/job-nope", 404],
  ["/v1/nowhere", 404],
];

describe("a bad request's reason is Korean", () => {
  it("every 400 names its reason in Korean, with English only for names and codes", async () => {
    const english: string[] = [];
    for (const [path, body] of BAD) {
      const res = await postJson(`${server.url}${path}`, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      const { code, message = "", field } = res.body.error as Record<string, string | undefined>;
      expect(code, `${path} ${JSON.stringify(body)}`).toMatch(/^invalid_/);
      expect(field, `${path} ${JSON.stringify(body)}`).toBeTruthy();
      const words = englishWords(message);
      if (!/[가-힣]/.test(message) || words.length)
        english.push(`${path} ${JSON.stringify(body).slice(0, 60)} → ${field}: ${message}`);
    }
    expect(english, `${english.length} of ${BAD.length} answers are not Korean`).toEqual([]);
  });

  it("a bad path or query (400) and a missing thing (404) are said in Korean too", async () => {
    const english: string[] = [];
    for (const [path, status] of BAD_GETS) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(status);
      const message = ((await res.json()) as { error: { message: string } }).error.message;
      if (!/[가-힣]/.test(message) || englishWords(message).length) english.push(`${path} → ${message}`);
    }
    expect(english).toEqual([]);
  });
});
