// Every state-machine definition is valid ASL (asl-validator) and runs through the local runner.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import {
  LOCAL_PLACE_SEARCH_RESOURCES,
  PLACE_SEARCH_STATES,
  planDefinition,
  searchDefinition,
} from "../../infra/workflows/place-search.ts";
import { LocalWorkflow } from "../../shared/workflows/local-runner.ts";
import {
  LOCAL_SIMULATION_RESOURCES,
  simulationDefinition,
  slotDefinition,
} from "../../infra/workflows/simulation.ts";

const validator = createRequire(import.meta.url)("asl-validator") as (
  definition: object,
  opts?: { checkPaths?: boolean; checkArn?: boolean },
) => { isValid: boolean; errors: unknown[] };

const definitions = {
  plan: planDefinition(LOCAL_PLACE_SEARCH_RESOURCES),
  search: searchDefinition(LOCAL_PLACE_SEARCH_RESOURCES),
  simulation: simulationDefinition(LOCAL_SIMULATION_RESOURCES),
  simulationSlot: slotDefinition(LOCAL_SIMULATION_RESOURCES),
};

describe("state-machine definitions", () => {
  it.each(Object.entries(definitions))("%s is valid ASL", (_name, definition) => {
    const result = validator(structuredClone(definition), { checkPaths: true, checkArn: true });
    expect(result.errors).toEqual([]);
    expect(result.isValid).toBe(true);
  });

  it("the place-search definition uses JSONPath only (the local runner ignores JSONata)", () => {
    expect(JSON.stringify(definitions.plan)).not.toMatch(/JSONata|\{%/);
  });

  it("runs Translate → Plan locally, passing each state's output on", async () => {
    const seen: string[] = [];
    const wf = new LocalWorkflow(definitions.plan, {
      [PLACE_SEARCH_STATES.translate]: (input: { query: string }) => {
        seen.push(`translate:${input.query}`);
        return { translated: input.query };
      },
      [PLACE_SEARCH_STATES.plan]: (input: { translated: string }) => {
        seen.push(`plan:${input.translated}`);
        return { planned: true };
      },
    });
    expect(await wf.run({ query: "카페" })).toEqual({ planned: true });
    expect(seen).toEqual(["translate:카페", "plan:카페"]);
  });

  it("retries a transient Lambda fault, then succeeds", async () => {
    let calls = 0;
    const wf = new LocalWorkflow(definitions.plan, {
      [PLACE_SEARCH_STATES.translate]: () => {
        calls++;
        if (calls === 1)
          throw Object.assign(new Error("throttled"), { name: "Lambda.TooManyRequestsException" });
        return { ok: true };
      },
      [PLACE_SEARCH_STATES.plan]: (input: unknown) => input,
    });
    expect(await wf.run({ query: "카페" })).toEqual({ ok: true });
    expect(calls).toBe(2);
  });
});
