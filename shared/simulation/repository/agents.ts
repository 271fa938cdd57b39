// The agents of a simulation (AGENT#<agent>: memory, the last committed turn, the slots it acted in,
// where it is, when it left) and their turns' decision records (DECISION#<slot key>#<agent>).
import { z } from "zod";
import { DecisionRecord } from "../schemas.ts";
import { Position } from "../space.ts";
import { MemoryEntry, Visit } from "../types.ts";
import { decisionSk, simulationPk, type Page, type PageFrom, type SimulationTable } from "./table.ts";
import { visitItem } from "./visits.ts";

const AgentRecord = z.object({
  memory: z.array(MemoryEntry).default([]),
  lastTurn: z
    .object({
      key: z.string(),
      summary: z.unknown(),
      visits: z.array(Visit),
      /** absent on turns committed before decisions were kept */
      decision: DecisionRecord.optional(),
    })
    .optional(),
  leftAt: z.string().optional(),
  /** where the agent ended its last turn, and on which day (a new day starts from home or the entry) */
  position: Position.extend({ day: z.number().int() }).optional(),
});
export type AgentRecord = z.infer<typeof AgentRecord>;

const agentKey = (id: string, agentId: string) => ({ pk: simulationPk(id), sk: `AGENT#${agentId}` });

export class AgentRepository {
  constructor(private readonly table: SimulationTable) {}

  async get(id: string, agentId: string): Promise<AgentRecord> {
    return AgentRecord.parse((await this.table.get(agentKey(id, agentId))) ?? {});
  }

  /**
   * Commits an agent's turn in one slot, once per slot: its memory appended, the turn itself (summary
   * and visits: a turn run again returns it instead of deciding anew) and the slot it left
   * Mangwon-dong in. Returns false when the slot was already committed (by a retry that got there first).
   */
  recordSlot(
    id: string,
    agentId: string,
    key: string,
    memory: MemoryEntry[],
    leftMangwon: boolean,
    turn: { summary: object; visits: Visit[]; decision: DecisionRecord },
    position?: Position & { day: number },
  ): Promise<boolean> {
    return this.table.update(agentKey(id, agentId), {
      UpdateExpression:
        "SET memory = list_append(if_not_exists(memory, :empty), :m), lastTurn = :turn" +
        // the latest slot it left in: leaving ends that day's visit, not the person (004 samples
        // 53 of 113 visitors anew each day)
        (leftMangwon ? ", leftAt = :k" : "") +
        (position ? ", #pos = :pos" : "") +
        " ADD slots :slot",
      ConditionExpression: "attribute_not_exists(slots) OR NOT contains(slots, :k)",
      ...(position ? { ExpressionAttributeNames: { "#pos": "position" } } : {}),
      ExpressionAttributeValues: {
        ":empty": [],
        ":m": memory,
        ...(position ? { ":pos": position } : {}),
        ":turn": { key, ...turn },
        ":slot": new Set([key]),
        ":k": key,
      },
    });
  }

  /** The floating agents who chose 망원동_떠나기 and the latest slot they did. */
  async whoLeft(id: string): Promise<Map<string, string>> {
    const items = await this.table.queryAll(id, "AGENT#", {
      filter: "attribute_exists(leftAt)",
      projection: "sk, leftAt",
    });
    return new Map(items.map((i) => [String(i.sk).slice("AGENT#".length), String(i.leftAt)]));
  }

  /**
   * Writes a committed turn's visits (the slot's rating buffer) and its decision record (004's
   * process_decision result) in one BatchWriteItem per 25. Plain puts: what is written is the committed
   * turn, so a retried turn writes the same items again and changes nothing.
   */
  saveTurn(id: string, visits: Visit[], decision?: DecisionRecord): Promise<void> {
    const items = visits.map((v) => visitItem(id, v));
    if (decision) items.push({ pk: simulationPk(id), sk: decisionSk(decision), record: decision });
    return this.table.putAll(items);
  }

  /** Every kept decision, a DynamoDB page at a time in (day, slot, agent) order: nothing is held whole. */
  async *decisionPages(id: string, from?: PageFrom): AsyncGenerator<Page<DecisionRecord>> {
    for await (const page of this.table.pages(id, "DECISION#", undefined, from))
      yield Object.assign(
        page.map((i) => DecisionRecord.parse(i.record)),
        { next: page.next },
      );
  }

  /**
   * One agent's decisions in (day, slot) order: the partition's DECISION# pages filtered on the agent
   * (a FilterExpression: the sort key leads with the slot, so no key condition can pick one agent).
   */
  async decisions(id: string, agentId: string): Promise<DecisionRecord[]> {
    const only = { filter: "#r.agent_id = :a", names: { "#r": "record" }, values: { ":a": agentId } };
    return (await this.table.queryAll(id, "DECISION#", only)).map((i) => DecisionRecord.parse(i.record));
  }
}
