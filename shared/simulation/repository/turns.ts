// A slot's batches of agent turns (BATCH#<slot key>#<nnnn>), each committed once: the conditional put
// that decides which attempt's turns happened. It holds the batch's tally (what Collect adds up, so no
// agent's result travels through Step Functions' state) and its turns' decision records, gzipped JSON
// (~0.3 KB a turn offline): what a retried or resumed batch applies again instead of deciding anew.
import { gunzipSync, gzipSync } from "node:zlib";
import { z } from "zod";
import { DecisionRecord } from "../schemas.ts";
import { simulationPk, type SimulationTable } from "./table.ts";

export const BatchTally = z.object({
  /** turns taken (an agent who left Mangwon-dong earlier that day takes none) */
  agent_turns: z.number().int(),
  visit: z.number().int(),
  stay_home: z.number().int(),
  llm_failed: z.number().int(),
  /** store visits (a turn has up to three) */
  visits: z.number().int(),
  llmCalls: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  residents: z.number().int(),
  floating: z.number().int(),
  /** floating visitors whose day starts at this slot (their entry slot) */
  arrived: z.number().int(),
});
export type BatchTally = z.infer<typeof BatchTally>;

export const emptyTally = (): BatchTally => ({
  agent_turns: 0,
  visit: 0,
  stay_home: 0,
  llm_failed: 0,
  visits: 0,
  llmCalls: 0,
  inputTokens: 0,
  outputTokens: 0,
  residents: 0,
  floating: 0,
  arrived: 0,
});

export interface BatchCommit {
  tally: BatchTally;
  decisions: DecisionRecord[];
}

/** A BATCH item's sort key: the slot's batches in order. */
export const batchSk = (key: string, batch: number) => `BATCH#${key}#${String(batch).padStart(4, "0")}`;

export class TurnRepository {
  constructor(private readonly table: SimulationTable) {}

  /** Commits a batch's turns, once: false when another attempt committed it first. */
  commit(id: string, key: string, batch: number, commit: BatchCommit): Promise<boolean> {
    const turns = gzipSync(JSON.stringify(commit.decisions));
    return this.table.put(
      { pk: simulationPk(id), sk: batchSk(key, batch), tally: commit.tally, turns },
      "attribute_not_exists(pk)",
    );
  }

  /** The batch's committed turns, or null before it is committed. */
  async get(id: string, key: string, batch: number): Promise<BatchCommit | null> {
    const item = await this.table.get({ pk: simulationPk(id), sk: batchSk(key, batch) });
    if (!item) return null;
    const decisions = z
      .array(DecisionRecord)
      .parse(JSON.parse(gunzipSync(item.turns as Uint8Array).toString("utf8")));
    return { tally: BatchTally.parse(item.tally), decisions };
  }

  /** The slot's committed batches' tallies, by batch number (their turns are not read). */
  async tallies(id: string, key: string): Promise<Map<number, BatchTally>> {
    const items = await this.table.queryAll(id, `BATCH#${key}#`, { projection: "sk, tally" });
    return new Map(items.map((i) => [Number(String(i.sk).split("#").at(-1)), BatchTally.parse(i.tally)]));
  }
}
