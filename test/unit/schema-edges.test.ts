// Each step's input schema accepts everything its upstream state can hand it, over every edge of every
// machine (test/helpers/schema-edges.ts), so a valid-looking request cannot fail between two steps
// (issue 26). The check is first tested on schemas of its own, so a check that stopped seeing would fail.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { accepts, jsonSchema as js, machineEdges, placed, template } from "../helpers/schema-edges.ts";

const check = (consumer: z.ZodType, producer: z.ZodType) =>
  accepts(js(consumer, "input"), js(producer, "output"));

describe("accepts", () => {
  it("passes a consumer as loose as its producer, or looser", () => {
    const p = z.object({ q: z.string().max(60), ids: z.array(z.string()).max(5), k: z.enum(["a", "b"]) });
    expect(check(p, p)).toEqual([]);
    const looser = z.object({ q: z.string().max(200), ids: z.array(z.string()).max(10), k: z.string() });
    expect(check(looser, p)).toEqual([]);
    expect(check(z.number(), z.number().int().min(0).max(10))).toEqual([]);
    expect(check(z.union([z.string(), z.number()]), z.number())).toEqual([]);
  });

  it("names each way a consumer is tighter than its producer", () => {
    const p = z.object({ q: z.string().max(200), ids: z.array(z.string()), k: z.string(), n: z.number() });
    const tight = z.object({
      q: z.string().max(60),
      ids: z.array(z.string()).max(5),
      k: z.enum(["a", "b"]),
      n: z.number().int(),
    });
    const problems = check(tight, p);
    expect(problems.join("\n")).toMatch(/\$\.q: a length of at most 60/);
    expect(problems.join("\n")).toMatch(/\$\.ids: a list of at most 5/);
    expect(problems.join("\n")).toMatch(/\$\.k: the consumer takes only/);
    expect(problems.join("\n")).toMatch(/\$\.n: the consumer does not take number/);
    expect(check(z.object({ a: z.string(), b: z.string() }), z.object({ a: z.string() }))).toEqual([
      "$.b: required by the consumer, absent in the producer",
    ]);
    expect(check(z.strictObject({ a: z.string() }), z.object({ a: z.string(), extra: z.number() }))).toEqual([
      "$.extra: not taken by the consumer (strict)",
    ]);
    expect(check(z.string(), z.union([z.string(), z.null()]))).toHaveLength(1);
  });

  it("follows ResultPath and Parameters the way Step Functions does", () => {
    const state = js(z.object({ query: z.string() }), "output");
    const merged = placed(state, "$.result", js(z.array(z.number()).max(3), "output"));
    expect(
      accepts(js(z.object({ query: z.string(), result: z.array(z.number()) }), "input"), merged),
    ).toEqual([]);
    expect(accepts(js(z.object({ result: z.array(z.number()).max(2) }), "input"), merged)).toHaveLength(1);
    const shaped = template({ "q.$": "$.query", fixed: 3 }, state);
    expect(accepts(js(z.object({ q: z.string(), fixed: z.literal(3) }), "input"), shaped)).toEqual([]);
    expect(
      accepts(js(z.object({ q: z.string().max(10), fixed: z.literal(3) }), "input"), shaped),
    ).toHaveLength(1);
  });
});

describe("every machine", () => {
  const edges = machineEdges();

  it("walks every Task of every machine", () => {
    const checked = edges.filter((e) => !e.unchecked);
    expect(checked.length).toBeGreaterThanOrEqual(35);
    for (const machine of [
      "plan",
      "search",
      "news",
      "qa",
      "qaIngest",
      "qaIngestJob",
      "simulation",
      "simulationSlot",
    ])
      expect(checked.some((e) => e.machine === machine)).toBe(true);
  });

  it("has no edge whose next step refuses what the state before it can hand on", () => {
    const bad = edges
      .filter((e) => e.problems.length)
      .map((e) => `${e.machine}: ${e.from} → ${e.to}: ${e.problems.join("; ")}`);
    expect(bad).toEqual([]);
  });
});
