// 004's full result is kept: one decision record per agent turn, each with its steps, and positions
// that carry from one turn to the next within a day (and start over at home the next day).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../functions/api/app.ts";
import type { DecisionRecord } from "../../shared/simulation/schemas.ts";
import { startPosition } from "../../shared/simulation/space.ts";
import { testSimulations } from "../helpers/simulation.ts";

let t: Awaited<ReturnType<typeof testSimulations>>;
let records: DecisionRecord[];
let turns: number;

beforeAll(async () => {
  t = await testSimulations();
  const meta = await t.run({ days: 2, seed: 5, agents: 40, startDate: "2026-09-21" });
  expect(meta.status).toBe("completed");
  turns = meta.decisions.agent_turns!;
  records = [];
  for await (const page of t.repo.agents.decisionPages(meta.id)) records.push(...page);
});
afterAll(() => t?.close());

describe("decision records", () => {
  it("keeps one record per agent turn, with 004's steps", () => {
    expect(records).toHaveLength(turns);
    for (const r of records) {
      expect(r.engine).toBe("offline");
      expect(r.result.steps.step1).toMatchObject({ choice: expect.any(Number), reason: expect.any(String) });
      if (r.result.decision === "visit") {
        expect(r.result.steps).toHaveProperty("step3");
        // the café rounds (loop2, loop3) keep their own steps; the last step 5 is the turn's next action
        const rounds = r.result.visits.length;
        const last = (rounds > 1 ? r.result.steps[`loop${rounds}`] : r.result.steps) as { step5?: unknown };
        if (r.result.error) continue; // a later step failed: the rated visit stands without it
        expect(last.step5).toMatchObject({
          action: r.result.next_action,
          walking_speed: expect.any(Number),
          destination: expect.objectContaining({ name: expect.any(String) }),
        });
        expect(r.result.visits.length).toBeGreaterThan(0);
      }
    }
  });

  it("a turn starts where the agent's previous turn that day left it, and each day from home", async () => {
    const personas = t.simWorld.personaSet(40);
    const byAgent = new Map<string, DecisionRecord[]>();
    for (const r of records) byAgent.set(r.agent_id, [...(byAgent.get(r.agent_id) ?? []), r]);
    let carried = 0;
    let moved = 0;
    for (const [agent, list] of byAgent) {
      list.sort((a, b) => a.key.localeCompare(b.key));
      list.forEach((r, i) => {
        const before = list[i - 1];
        if (before && before.day === r.day) {
          expect(r.from).toEqual(before.result.position);
          carried++;
          if (r.from.name !== startPosition(personas.get(agent)!).name) moved++;
        } else {
          expect(r.from).toEqual(startPosition(personas.get(agent)!));
        }
      });
    }
    expect(carried).toBeGreaterThan(0);
    expect(moved).toBeGreaterThan(0); // someone went to work, the park, a café or for a walk
  });
});

describe("stored records", () => {
  it("a record without its parameters is answered as a failed simulation that says why, not a 500", async () => {
    const { PutCommand } = await import("@aws-sdk/lib-dynamodb");
    await t.world.rt.documents().send(
      new PutCommand({
        TableName: t.world.rt.config.aws.tables.simulation,
        Item: { pk: "SIM#sim-partial", sk: "META", llmCalls: 0, decision_visit: 3 },
      }),
    );
    const app = createApp(() => t.world.context);
    const res = await app.request("/v1/simulations/sim-partial");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; error: string };
    expect(body.status).toBe("failed");
    expect(body.error).toMatch(/incomplete .*start a new simulation/);
    const resume = await app.request("/v1/simulations/sim-partial/resume", { method: "POST" });
    expect(resume.status).toBe(409);
  });
});
