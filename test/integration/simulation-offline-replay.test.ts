// Record and replay offline (issue 27): a run of the offline engine started with record keeps each step
// it decided (the answer and the random numbers it drew) under its turn, and a replay answers every step
// from that recording, through the local workflows, to the same decisions and visits. The replay reads
// the recording, not the policy: a recorded answer changed by hand is what the replay decides.
import { DeleteCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { SimulationConflict } from "../../shared/simulation/api.ts";
import { copyRecording, exportedData, putItems, simulationItems } from "../helpers/simulation-data.ts";
import { simulationsClosedAfterAll } from "../helpers/simulation.ts";

const { setup } = simulationsClosedAfterAll();
/** two runs of the local workflows each: room for a machine busy with other work (no timed assertion) */
const RUNS_TIMEOUT = 120_000;
type World = Awaited<ReturnType<typeof setup>>;

const REQUEST = { days: 2, seed: 11, agents: 12, startDate: "2026-09-25", record: true };

async function replayOf(t: World, id: string) {
  const started = (await t.sims.startOrReplay({ replayOf: id }))!;
  await t.world.workflows.settled();
  return (await t.sims.status(started.id))!;
}

describe("record and replay offline", () => {
  it(
    "a recorded offline run replays in another world to the same decisions and visits",
    async () => {
      const rec = await setup();
      const recorded = await rec.run(REQUEST);
      expect(recorded).toMatchObject({ status: "completed", engine: "offline", record: true, llmCalls: 0 });
      const calls = await rec.repo.recordings.list(recorded.id);
      // one recorded step 1 a turn, and every step of the offline engine, none an LLM call
      expect(calls.filter((c) => c.value && JSON.stringify(c.value).includes("eat_in_mangwon"))).toHaveLength(
        recorded.decisions.agent_turns!,
      );
      expect(calls.length).toBeGreaterThan(recorded.decisions.agent_turns! + recorded.decisions.visits!);
      expect(new Set(calls.map((c) => c.model))).toEqual(new Set(["offline"]));
      expect(calls.every((c) => c.usage.calls === 0)).toBe(true);
      expect(recorded.decisions.visits).toBeGreaterThan(5);

      const rep = await setup();
      await copyRecording(rec, rep, recorded.id);
      const replayed = await replayOf(rep, recorded.id);
      expect(replayed).toMatchObject({
        status: "completed",
        engine: "replay",
        replayOf: recorded.id,
        llmCalls: 0,
      });
      expect(replayed.provenance).toMatchObject({ engine: "replay", model: null });
      expect(replayed.decisions).toEqual(recorded.decisions);
      // decisions (every step, its reason, the engine) and visits, byte for byte in every export format
      expect(await exportedData(rep, replayed.id)).toBe(await exportedData(rec, recorded.id));
    },
    RUNS_TIMEOUT,
  );

  it(
    "the replay decides what the recording says, and a turn the recording lacks fails alone",
    async () => {
      const t = await setup();
      const recorded = await t.run({ ...REQUEST, days: 1, seed: 12, agents: 24 });
      const items = await simulationItems(t, recorded.id, ["REC#"]);
      const answer = (i: Record<string, unknown>) =>
        (i.call as { value: { answer: Record<string, unknown> } }).value.answer;
      // a comment changed by hand in the recording (it moves nothing else): the replay gives it, so it
      // answered from the recording
      const rated = items.find((i) => "comment" in answer(i))!;
      answer(rated).comment = "기록에서 고친 한 줄평";
      await putItems(t, [rated]);
      // a turn of the last slot taken out of the recording (no later slot depends on it)
      const lastTurn = items.find((i) => String(i.sk).startsWith("REC#d01#22:00#"))!;
      const [turnPrefix, key, agent] = /^REC#(d\d+#[^#]+)#([^#]+)#/.exec(String(lastTurn.sk))!;
      const documents = t.world.rt.documents();
      for (const i of items.filter((i) => String(i.sk).startsWith(turnPrefix)))
        await documents.send(
          new DeleteCommand({
            TableName: t.world.rt.config.aws.tables.simulation,
            Key: { pk: i.pk, sk: i.sk },
          }),
        );

      const replayed = await replayOf(t, recorded.id);
      expect(replayed.status).toBe("completed");
      const id = (v: { agent_id: string; day: number; time_slot: string; order: number }) =>
        `${v.agent_id}#${v.day}#${v.time_slot}#${v.order}`;
      const before = await t.repo.visits.list(recorded.id);
      const after = await t.repo.visits.list(replayed.id);
      const recordedComment = new Map(before.map((v) => [id(v), v.comment]));
      const changed = after.filter((v) => v.comment !== recordedComment.get(id(v)));
      expect(changed.map((v) => v.comment)).toEqual(["기록에서 고친 한 줄평"]);
      // the turn without a recording failed (nothing decided in its place); every other turn is the same
      const failed = (await t.repo.agents.decisions(replayed.id, agent!)).find((d) => d.key === key)!;
      expect(failed.result).toMatchObject({
        decision: "llm_failed",
        error: expect.stringMatching(/recording has no answer/),
      });
      expect(replayed.decisions.llm_failed).toBe(1);
      expect(replayed.decisions.agent_turns).toBe(recorded.decisions.agent_turns);
      const lost = before.filter((v) => v.agent_id === agent && `d0${v.day}#${v.time_slot}` === key).length;
      expect(after.length).toBe(before.length - lost);
    },
    RUNS_TIMEOUT,
  );

  it("refuses what cannot replay with a sentence saying what happened and what to do", async () => {
    const t = await setup();
    const plain = await t.run({ days: 1, seed: 1, agents: 5 });
    const refusal = (await t.sims.startOrReplay({ replayOf: plain.id }).catch((e: unknown) => e)) as Error;
    expect(refusal).toBeInstanceOf(SimulationConflict);
    expect(refusal.message).toMatch(/재생할 기록이 없습니다: 기록 없이 시작된 실행입니다/);
    expect(refusal.message).toMatch(/record: true\(명령줄은 --record\)/);
    expect(refusal.message).not.toMatch(/[A-Za-z]{5,} (it|the|was)\b/); // no English sentence

    const recorded = await t.run({ days: 1, seed: 2, agents: 5, record: true });
    const replay = await replayOf(t, recorded.id);
    await expect(t.sims.startOrReplay({ replayOf: replay.id })).rejects.toThrow(
      `원래 실행(${recorded.id})을 재생해 주세요`,
    );
  });
});
