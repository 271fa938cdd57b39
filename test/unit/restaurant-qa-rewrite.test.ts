import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LlmUnavailableError, noUsage } from "../../shared/llm/port.ts";
import { fieldAccuracy } from "../../shared/restaurant-qa/evaluation.ts";
import { rewriteQuery, rewriteWithRules, titleDictionary } from "../../shared/restaurant-qa/rewrite.ts";
import { FakeQaLlm } from "../helpers/fake-qa-llm.ts";

const rows = (name: string) =>
  readFileSync(new URL(`../fixtures/restaurant-qa/${name}`, import.meta.url), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));

// titles the demo corpus has, so exact names are recognised from the index
const TITLES = [
  "시골 갈비집 망원 한강공원점",
  "봄날 갈비",
  "모퉁이 브런치",
  "홍대 마라탕",
  "마미손빈대떡,생선구이,오리구이",
];
const dict = titleDictionary(TITLES);
const FIELDS = ["location", "cuisine", "menu", "convenience", "atmosphere", "occasion", "price"];

describe("query rewrite (rules)", () => {
  it("gives exactly the seed's JSON for 002's five examples", () => {
    for (const r of rows("queries.jsonl").filter((r) => r.set === "seed"))
      expect(rewriteWithRules(r.query, dict).structured, r.query).toEqual(r.expected);
  });

  it("gets every field right on our queries, and most of a held-out set it was not tuned on", () => {
    const acc = (set: { query: string; expected: object }[]) =>
      fieldAccuracy(
        set.map((r) => ({
          want: r.expected as never,
          got: rewriteWithRules(r.query, dict).structured as never,
        })),
        FIELDS,
      );
    const ours = acc(rows("queries.jsonl").filter((r) => r.set !== "seed"));
    for (const f of FIELDS) expect(ours[f], f).toBeGreaterThanOrEqual(0.95);
    const held = acc(rows("queries-holdout.jsonl"));
    for (const f of FIELDS) expect(held[f], f).toBeGreaterThanOrEqual(0.9);
  });

  it("recognises names from the index, but not a name made only of a place and a dish", () => {
    expect(rewriteWithRules("홍대 마라탕", dict).structured).toEqual({
      location: [{ name: "홍대", relation: "nearby" }],
      menu: ["마라탕"],
    });
    expect(rewriteWithRules("마미손빈대떡 포장돼요?", dict).structured).toEqual({
      location: [{ name: "마미손빈대떡", relation: "exact" }],
      convenience: ["포장"],
    });
  });

  it("reads places joined by 이나/나/또는/or as several nearby places, not as a restaurant's name", () => {
    const both = (a: string, b: string) => [
      { name: a, relation: "nearby" },
      { name: b, relation: "nearby" },
    ];
    for (const [query, places, rest] of [
      ["망원역이나 강남역 주차되는 식당", both("망원역", "강남역"), { convenience: ["주차"] }],
      ["홍대나 신촌 삼겹살", both("홍대", "신촌"), { menu: ["삼겹살"] }],
      ["합정 또는 망원 한식", both("합정", "망원"), { cuisine: ["한식"] }],
      ["홍대 or 신촌 삼겹살", both("홍대", "신촌"), { menu: ["삼겹살"] }],
    ] as const) {
      const r = rewriteWithRules(query, dict);
      expect(r.structured, query).toEqual({ location: places, ...rest });
      expect(r.confidence, query).toBe(1);
    }
  });

  it("reads prices and leaves negated conditions out", () => {
    expect(rewriteWithRules("망원역 만원 이하 국밥", dict).structured.price).toEqual({ max: 10000 });
    expect(rewriteWithRules("망원역 3만원대 회", dict).structured.price).toEqual({ min: 30000, max: 39999 });
    expect(rewriteWithRules("강남역 시끄럽지 않은 이자카야", dict).structured.atmosphere).toBeUndefined();
  });

  it("marks references to an earlier answer and guesses no name for them", () => {
    const r = rewriteWithRules("거기 주차돼?", dict);
    expect(r.reference).toBe(true);
    expect(r.structured).toEqual({ convenience: ["주차"] });
  });
});

describe("query rewrite with an LLM", () => {
  it("asks the LLM only when the rules are unsure, and canonicalises its answer", async () => {
    const llm = new FakeQaLlm({
      override: {
        rewrite: () => ({
          location: [{ name: "대학로", relation: "nearby" }],
          cuisine: ["중국집"],
          menu: ["마라탕"],
        }),
      },
    });
    const sure = await rewriteQuery("홍대 마라탕", { titles: dict, llm });
    expect(sure.engine).toBe("rules");
    expect(llm.calls).toEqual([]);
    const unsure = await rewriteQuery("대학로 친구들이랑 가기 좋은 마라탕", { titles: dict, llm });
    expect(unsure.engine).toBe("llm");
    expect(unsure.structured).toEqual({
      location: [{ name: "대학로", relation: "nearby" }],
      cuisine: ["중식"],
      menu: ["마라탕"],
    });
  });

  it("falls back to the rules, with a warning, when the LLM fails", async () => {
    const failing = {
      name: "down",
      structured: async () => {
        throw new LlmUnavailableError("Anthropic request failed (529)", 529, noUsage());
      },
    };
    const r = await rewriteQuery("마포 진대감 주차되나요?", { titles: dict, llm: failing });
    expect(r.engine).toBe("rules-fallback");
    expect(r.structured.location).toEqual([
      { name: "마포", relation: "nearby" },
      { name: "진대감", relation: "exact" },
    ]);
    expect(r.warnings[0]).toMatch(/규칙으로 질문을 읽었습니다/);
  });
});
