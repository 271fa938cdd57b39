// The agents of a simulation (AGENT#<agent>: memory, the slots it acted in, where it is, when it left)
// and their turns' decision records (DECISION#<slot key>#<agent>), written by the batch that committed
// them (turns.ts).
import { z } from "zod";
import { DecisionRecord } from "../schemas.ts";
import { Position } from "../space.ts";
import { MemoryEntry } from "../types.ts";
import {
  decisionSk,
  jsonText,
  simulationPk,
  type Item,
  type Page,
  type PageFrom,
  type SimulationTable,
} from "./table.ts";
import { visitItem } from "./visits.ts";

const stringSet = z
  .custom<Set<string>>((v) => v instanceof Set)
  .transform((s) => [...s].map(String))
  .optional();

/** The memory stream, JSON text: read and written whole every slot, ~60 entries by day 14. */
const MemoryStream = jsonText(z.array(MemoryEntry).default([]));
/** A DECISION item's record (JSON text; an item written as a map still reads). */
const StoredDecision = jsonText(DecisionRecord);

const AgentRecord = z.object({
  memory: MemoryStream,
  /** the slots whose turn this item holds (a batch applied again skips an agent already applied) */
  slots: stringSet,
  leftAt: z.string().optional(),
  /** where the agent ended its last turn, and on which day (a new day starts from home or the entry) */
  position: Position.extend({ day: z.number().int() }).optional(),
});
export type AgentRecord = z.infer<typeof AgentRecord>;

const agentSk = (agentId: string) => `AGENT#${agentId}`;
const agentKey = (id: string, agentId: string) => ({ pk: simulationPk(id), sk: agentSk(agentId) });

export class AgentRepository {
  constructor(private readonly table: SimulationTable) {}

  async get(id: string, agentId: string): Promise<AgentRecord> {
    return AgentRecord.parse((await this.table.get(agentKey(id, agentId))) ?? {});
  }

  /** These agents' items, read 100 a call; an agent with no item yet has an empty record. */
  async getMany(id: string, agentIds: readonly string[]): Promise<Map<string, AgentRecord>> {
    const items = await this.table.getAll(agentIds.map((a) => agentKey(id, a)));
    return new Map(agentIds.map((a) => [a, AgentRecord.parse(items.get(agentSk(a)) ?? {})]));
  }

  /**
   * Writes what a batch of turns committed: each agent's item as it now is (put whole), each turn's
   * decision record (004's process_decision result) and its visits (the slot's rating buffer), 25 a
   * BatchWriteItem. Plain puts of what was committed: applied again, they write the same items.
   */
  putTurns(id: string, agents: readonly [string, AgentRecord][], decisions: readonly DecisionRecord[]) {
    const items: Item[] = agents.map(([agentId, a]) => ({
      ...agentKey(id, agentId),
      memory: JSON.stringify(a.memory),
      ...(a.slots?.length ? { slots: new Set(a.slots) } : {}),
      ...(a.leftAt ? { leftAt: a.leftAt } : {}),
      ...(a.position ? { position: a.position } : {}),
    }));
    for (const d of decisions) {
      // `agent` beside the record: what a query for one agent's decisions filters on
      items.push({ pk: simulationPk(id), sk: decisionSk(d), agent: d.agent_id, record: JSON.stringify(d) });
      for (const v of d.result.visits) items.push(visitItem(id, v));
    }
    return this.table.putAll(items);
  }

  /** Every kept decision, a DynamoDB page at a time in (day, slot, agent) order: nothing is held whole. */
  async *decisionPages(id: string, from?: PageFrom): AsyncGenerator<Page<DecisionRecord>> {
    for await (const page of this.table.pages(id, "DECISION#", undefined, from))
      yield Object.assign(
        page.map((i) => StoredDecision.parse(i.record)),
        { next: page.next },
      );
  }

  /**
   * One agent's decisions in (day, slot) order: the partition's DECISION# pages filtered on the agent
   * (a FilterExpression: the sort key leads with the slot, so no key condition can pick one agent).
   */
  async decisions(id: string, agentId: string): Promise<DecisionRecord[]> {
    // `record.agent_id`: items written before the record was JSON text
    const only = {
      filter: "#a = :a OR #r.agent_id = :a",
      names: { "#a": "agent", "#r": "record" },
      values: { ":a": agentId },
    };
    return (await this.table.queryAll(id, "DECISION#", only)).map((i) => StoredDecision.parse(i.record));
  }
}
