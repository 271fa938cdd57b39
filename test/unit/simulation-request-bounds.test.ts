// What a simulation or experiment request may carry, DynamoDB can store (issue 26): every number field
// of the request schemas has finite bounds inside DynamoDB's range (a magnitude of 0 or between 1e-130
// and 1e126), read from the schemas' JSON Schema; a decimal field whose range holds 0 refuses the
// magnitudes DynamoDB cannot store (5e-324, 1e-131); every text field a scenario keeps is bounded.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ExperimentRequest } from "../../shared/simulation/experiment-schemas.ts";
import { MAX_AGENTS, MAX_BUDGET_USD, MIN_BUDGET_USD } from "../../shared/simulation/limits.ts";
import { Scenario, StoreChange } from "../../shared/simulation/scenario.ts";
import { ResumeRequest, SimulationStart } from "../../shared/simulation/schemas.ts";

type Json = { [k: string]: unknown };
interface Leaf {
  path: string;
  schema: Json;
}

/** Every leaf of a JSON Schema with its path (array items as `[]`, record values as `{}`). */
function leaves(schema: unknown, path = ""): Leaf[] {
  if (!schema || typeof schema !== "object") return [];
  const s = schema as Json;
  const out: Leaf[] = [];
  if (s.type === "number" || s.type === "integer" || s.type === "string") out.push({ path, schema: s });
  for (const [k, v] of Object.entries((s.properties as Json) ?? {})) out.push(...leaves(v, `${path}.${k}`));
  if (s.items) out.push(...leaves(s.items, `${path}[]`));
  if (s.additionalProperties && typeof s.additionalProperties === "object")
    out.push(...leaves(s.additionalProperties, `${path}{}`));
  for (const key of ["anyOf", "oneOf", "allOf"])
    for (const v of (s[key] as unknown[]) ?? []) out.push(...leaves(v, path));
  return out;
}

const SCHEMAS = {
  SimulationStart,
  ResumeRequest,
  ExperimentRequest,
};
const jsonOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
const numbers = (schema: z.ZodType) =>
  leaves(jsonOf(schema)).filter((l) => l.schema.type === "number" || l.schema.type === "integer");

/** DynamoDB's numbers: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/HowItWorks.NamingRulesDataTypes.html#HowItWorks.DataTypes.Number */
const DYNAMO_MAX = 1e126;
const DYNAMO_MIN_MAGNITUDE = 1e-130;

describe("request schemas: every number DynamoDB can store", () => {
  it.each(Object.entries(SCHEMAS))("%s: every number field has finite bounds inside ±1e126", (_, schema) => {
    const found = numbers(schema);
    expect(found.length).toBeGreaterThan(0);
    for (const { path, schema: n } of found) {
      const { minimum, maximum } = n as { minimum?: number; maximum?: number };
      expect(Number.isFinite(minimum), `${path}: minimum`).toBe(true);
      expect(Number.isFinite(maximum), `${path}: maximum`).toBe(true);
      expect(Math.abs(minimum!), `${path}: minimum`).toBeLessThanOrEqual(DYNAMO_MAX);
      expect(Math.abs(maximum!), `${path}: maximum`).toBeLessThanOrEqual(DYNAMO_MAX);
      // a whole number is 0 or at least 1 in size; zod's int() is a safe integer, 16 digits < 38
      if (n.type === "integer") continue;
      const reachesZero = minimum! < DYNAMO_MIN_MAGNITUDE && maximum! > -DYNAMO_MIN_MAGNITUDE;
      // a decimal whose range holds 0 must be one the known list checks by behaviour below
      if (reachesZero) expect(DECIMALS_NEAR_ZERO, path).toContain(path);
    }
  });

  /** The decimal fields whose range holds 0: each keeps the tiny magnitudes off DynamoDB, checked below. */
  const DECIMALS_NEAR_ZERO = [".scenario.change[].price_change_pct"];

  it.each([5e-324, 1e-131, -1e-131, 1e-200, 0.001, -0.009, -0])(
    "price_change_pct %s (a magnitude DynamoDB cannot store, or under 0.01: it moves no price) is kept as 0",
    (tiny) => {
      expect(StoreChange.parse({ store_id: "S123", price_change_pct: tiny }).price_change_pct).toBe(0);
    },
  );

  it("price_change_pct keeps 0, 0.01 and ordinary percentages as given", () => {
    for (const ok of [0, 0.01, -0.5, 12.5, -90, 500])
      expect(StoreChange.parse({ store_id: "S123", price_change_pct: ok }).price_change_pct, String(ok)).toBe(
        ok,
      );
  });

  it.each([5e-324, 1e-131, 0.001, 0, -1, 1e126, MAX_BUDGET_USD + 0.01, 1e308])(
    "budgetUsd %s is refused by the start, /estimate and the resume alike",
    (budgetUsd) => {
      expect(SimulationStart.safeParse({ days: 1, seed: 1, budgetUsd }).success).toBe(false);
      expect(ResumeRequest.safeParse({ budgetUsd }).success).toBe(false);
    },
  );

  it("budgetUsd keeps a cent and the stated maximum", () => {
    for (const budgetUsd of [MIN_BUDGET_USD, 1, 5.25, MAX_BUDGET_USD])
      expect(SimulationStart.safeParse({ days: 1, seed: 1, budgetUsd }).success).toBe(true);
  });

  it.each([
    "0001-01-01",
    "1999-12-31",
    "2100-01-01",
    "9999-12-31",
    "2026-02-30",
    "2026-13-01",
    "+02026-01-01",
  ])("startDate %s is refused", (startDate) => {
    expect(SimulationStart.safeParse({ days: 1, seed: 1, startDate }).success).toBe(false);
    expect(
      ExperimentRequest.safeParse({
        baseline: { days: 1, startDate },
        scenario: { visitors: { floatingPerDay: 10 } },
        seeds: [1],
      }).success,
    ).toBe(false);
  });

  it("every text field of a request is bounded in length, and a scenario's refuses lone surrogates", () => {
    for (const [name, schema] of Object.entries(SCHEMAS))
      for (const { path, schema: s } of leaves(jsonOf(schema)).filter((l) => l.schema.type === "string"))
        expect(
          typeof s.maxLength === "number" || typeof s.pattern === "string" || Array.isArray(s.enum),
          `${name}${path}`,
        ).toBe(true);
    for (const scenario of [
      { name: "\ud800", visitors: { floatingPerDay: 10 } },
      { change: [{ store_id: "S123", description: "좋은 \udc00 집" }] },
      { change: [{ store_id: "S123", keywords: ["라멘\ud83d"] }] },
      { change: [{ store_id: "S123", menu_prices: { "\ud800": 1000 } }] },
    ])
      expect(Scenario.safeParse(scenario).success, JSON.stringify(scenario)).toBe(false);
    // a whole surrogate pair (an emoji) is text like any other
    expect(Scenario.safeParse({ name: "라멘 🍜", visitors: { floatingPerDay: 10 } }).success).toBe(true);
  });

  it("a scenario's visitor pool alone cannot pass the agent cap", () => {
    expect(Scenario.safeParse({ visitors: { floatingPool: MAX_AGENTS } }).success).toBe(true);
    expect(Scenario.safeParse({ visitors: { floatingPool: MAX_AGENTS + 1 } }).success).toBe(false);
    expect(Scenario.safeParse({ visitors: { floatingPool: 2 * MAX_AGENTS } }).success).toBe(false);
    const menus = Array.from({ length: 51 }, (_, i) => [`메뉴${i}`, 1000]);
    expect(
      Scenario.safeParse({ change: [{ store_id: "S123", menu_prices: Object.fromEntries(menus) }] }).success,
    ).toBe(false);
  });
});
