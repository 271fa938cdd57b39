// Simulation state in DynamoDB (the Document client; every item parsed by its schema on read), one
// partition per simulation (pk = SIM#<id>):
//   META                              parameters, status, owner, completed slots, counters
//   AGENT#<agent>                     memory entries, the last turn, the slots recorded, when it left
//   VISIT#d<day>#<slot>#<agent>#<n>   one record per store visit (the rating buffer of a slot)
//   STORE#<store>                     rating aggregate: count, sum, tag counts, recent ratings, flushed slots
//   SLOT#d<day>#<slot>                a slot's decision counts and who acted (residents, floating visitors)
//   DECISION#d<day>#<slot>#<agent>    004's process_decision result of one agent turn, with its engine,
//                                     LLM usage and where the agent was (the raw data the export streams)
//   REC#d<day>#<slot>#<agent>#<nnn>  a recorded run's LLM calls, by turn and place in it (recordings.ts)
// and one partition per caller (pk = CALLER#<id>, sk = QUOTA#<day>) for what a caller may start.
// No transactions (dynalite has none): every write is idempotent on its own — visits are put only if
// absent, an agent's slot and a store's slot are applied only if their slot key is not yet in the
// item's set, in the same conditional UpdateItem that applies them. A retried or repeated flush
// therefore counts each rating exactly once.
import {
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { mapLimit } from "../platform/concurrency.ts";
import { RecordedCall } from "../llm/recording.ts";
import {
  DecisionRecord,
  SimulationMeta,
  SimulationParams,
  SlotSummary,
  type SimulationStatus,
} from "./schemas.ts";
import { Position } from "./space.ts";
import { MemoryEntry, StoreAggregate, Visit } from "./types.ts";

export const slotKey = (day: number, slot: string) => `d${String(day).padStart(2, "0")}#${slot}`;

/** The primary key of a simulation's items: what DynamoDB's LastEvaluatedKey (an export cursor) holds. */
export type ItemKey = { pk: string; sk: string };
export const simulationPk = (id: string) => `SIM#${id}`;
export const decisionSk = (r: Pick<DecisionRecord, "key" | "agent_id">) => `DECISION#${r.key}#${r.agent_id}`;
export const visitSk = (v: Pick<Visit, "day" | "time_slot" | "agent_id" | "order">) =>
  `VISIT#${slotKey(v.day, v.time_slot)}#${v.agent_id}#${v.order}`;

/** Where a paged read starts (after `start`, DynamoDB's ExclusiveStartKey) and how many items a page. */
export type PageFrom = { start?: ItemKey; limit?: number };
/** One DynamoDB page, with the key to read on from (its LastEvaluatedKey; absent at the end). */
export type Page<T> = T[] & { next?: ItemKey };

/** Stored error causes are cut to this: every agent of a busy slot failing must not outgrow an item. */
export const MAX_ERROR_CHARS = 1000;

const isConditionFailure = (err: unknown) => (err as Error)?.name === "ConditionalCheckFailedException";

type Item = Record<string, unknown>;
/** A query's filter on the items it reads (and what of them to return), with its names and values. */
type Only = { filter: string; projection?: string; names?: Record<string, string>; values?: Item };

const stringSet = z.custom<Set<string>>((v) => v instanceof Set).transform((s) => [...s].map(String).sort());

const MetaItem = z
  .object({
    status: SimulationMeta.shape.status,
    params: SimulationParams,
    completedSlots: stringSet.optional(),
    llmCalls: z.number().default(0),
    inputTokens: z.number().default(0),
    outputTokens: z.number().default(0),
    error: z.string().optional(),
    owner: z.string().optional(),
    createdBy: z.string().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .catchall(z.unknown());

/**
 * A stored record that does not parse (written by an older version, or cut off before its parameters
 * were written): still answered, as a failed simulation that says why, never as a server error.
 */
function incompleteRecord(id: string, item: Item, issue?: z.core.$ZodIssue): SimulationMeta {
  const text = (v: unknown, fallback: string) => (typeof v === "string" ? v : fallback);
  const at = text(item.createdAt, new Date(0).toISOString());
  return {
    id,
    days: 0,
    seed: 0,
    agents: 0,
    maxConcurrentLlmCalls: 0,
    engine: "offline",
    totalSlots: 0,
    status: "failed",
    completedSlots: [],
    decisions: {},
    llmCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    error:
      `the stored record is incomplete (${issue ? `${issue.path.join(".") || "record"}: ${issue.message}` : "unreadable"}); ` +
      "it cannot run or be resumed — start a new simulation",
    createdAt: at,
    updatedAt: text(item.updatedAt, at),
  };
}

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

const StoreItem = z
  .object({
    sk: z.string(),
    count: z.number().default(0),
    sum: z.number().default(0),
    recent: z.array(StoreAggregate.shape.recent.element).default([]),
  })
  .catchall(z.unknown());

export class SimulationRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  private pk = simulationPk;
  private now = () => new Date().toISOString();

  /** Writes the record once (before the 202); a second call with the same id changes nothing. */
  async create(
    id: string,
    params: SimulationParams,
    opts: { owner: string; createdBy?: string; now?: string },
  ): Promise<boolean> {
    const at = opts.now ?? this.now();
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            pk: this.pk(id),
            sk: "META",
            status: "pending",
            params: SimulationParams.parse(params),
            llmCalls: 0,
            inputTokens: 0,
            outputTokens: 0,
            owner: opts.owner,
            ...(opts.createdBy ? { createdBy: opts.createdBy } : {}),
            createdAt: at,
            updatedAt: at,
          },
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      );
      return true;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      return false;
    }
  }

  async get(id: string): Promise<SimulationMeta | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { pk: this.pk(id), sk: "META" }, ConsistentRead: true }),
    );
    if (!out.Item) return null;
    const parsed = MetaItem.safeParse(out.Item);
    if (!parsed.success) return incompleteRecord(id, out.Item, parsed.error.issues[0]);
    const i = parsed.data;
    const decisions: Record<string, number> = {};
    for (const [k, v] of Object.entries(i))
      if (k.startsWith("decision_") && typeof v === "number") decisions[k.slice(9)] = v;
    return SimulationMeta.parse({
      id,
      ...i.params,
      status: i.status,
      completedSlots: i.completedSlots ?? [],
      decisions,
      llmCalls: i.llmCalls,
      inputTokens: i.inputTokens,
      outputTokens: i.outputTokens,
      error: i.error,
      owner: i.owner,
      createdBy: i.createdBy,
      createdAt: i.createdAt,
      updatedAt: i.updatedAt,
    });
  }

  /**
   * Hands the simulation to a new execution, only if its owner is still `from` and it is not finished
   * (two resumes racing: one wins). Returns whether it did.
   */
  async transferOwner(id: string, from: string | undefined, to: string): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: this.pk(id), sk: "META" },
          UpdateExpression: "SET #o = :to, updatedAt = :t",
          ConditionExpression:
            "attribute_exists(pk) AND #s <> :done AND #s <> :doneWithFailures AND " +
            (from ? "#o = :from" : "attribute_not_exists(#o)"),
          ExpressionAttributeNames: { "#o": "owner", "#s": "status" },
          ExpressionAttributeValues: {
            ":to": to,
            ":t": this.now(),
            ":done": "completed",
            ":doneWithFailures": "completed_with_failures",
            ...(from ? { ":from": from } : {}),
          },
        }),
      );
      return true;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      return false;
    }
  }

  /** The simulations still pending or running: after a local restart these were cut off mid-run. */
  async unfinished(): Promise<string[]> {
    const items: Item[] = [];
    let start: Item | undefined;
    do {
      const page = await this.db.send(
        new ScanCommand({
          TableName: this.table,
          FilterExpression: "sk = :meta AND (#status = :running OR #status = :pending)",
          ExpressionAttributeNames: { "#status": "status" },
          ExpressionAttributeValues: { ":meta": "META", ":running": "running", ":pending": "pending" },
          ProjectionExpression: "pk",
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    return items.map((i) => String(i.pk).slice("SIM#".length));
  }

  /**
   * Sets the status, only while `owner` owns the simulation (a step of an execution that lost it
   * changes nothing and learns so: false).
   */
  async setStatus(id: string, owner: string, status: SimulationStatus, error?: string): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: this.pk(id), sk: "META" },
          UpdateExpression: error
            ? "SET #s = :s, updatedAt = :t, #e = :e"
            : "SET #s = :s, updatedAt = :t REMOVE #e",
          ConditionExpression: "#o = :me",
          ExpressionAttributeNames: { "#s": "status", "#e": "error", "#o": "owner" },
          ExpressionAttributeValues: {
            ":s": status,
            ":t": this.now(),
            ":me": owner,
            ...(error ? { ":e": error.slice(0, MAX_ERROR_CHARS) } : {}),
          },
        }),
      );
      return true;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      return false;
    }
  }

  /** Marks a slot done with its decision counts and LLM usage, once (a retried Collect counts nothing). */
  async completeSlot(
    id: string,
    key: string,
    counts: Record<string, number>,
    usage: { calls: number; input: number; output: number },
  ): Promise<void> {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {
      ":slot": new Set([key]),
      ":k": key,
      ":t": this.now(),
      ":c": usage.calls,
      ":i": usage.input,
      ":o": usage.output,
    };
    const adds = ["completedSlots :slot", "llmCalls :c", "inputTokens :i", "outputTokens :o"];
    Object.entries(counts).forEach(([decision, n], i) => {
      names[`#d${i}`] = `decision_${decision}`;
      values[`:d${i}`] = n;
      adds.push(`#d${i} :d${i}`);
    });
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: this.pk(id), sk: "META" },
          UpdateExpression: `ADD ${adds.join(", ")} SET updatedAt = :t`,
          // never creates a record: one without its parameters could not be read or resumed
          ConditionExpression:
            "attribute_exists(pk) AND (attribute_not_exists(completedSlots) OR NOT contains(completedSlots, :k))",
          ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
          ExpressionAttributeValues: values,
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }

  /**
   * Writes a committed turn's visits (the slot's rating buffer) and its decision record (004's
   * process_decision result) in one BatchWriteItem per 25. Plain puts: what is written is the committed
   * turn, so a retried turn writes the same items again and changes nothing.
   */
  async saveTurn(id: string, visits: Visit[], decision?: DecisionRecord): Promise<void> {
    const items: Item[] = visits.map((v) => ({
      pk: this.pk(id),
      sk: visitSk(v),
      visit: v,
      store: v.store_id,
    }));
    if (decision) items.push({ pk: this.pk(id), sk: decisionSk(decision), record: decision });
    for (let i = 0; i < items.length; i += 25) {
      let requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
      // DynamoDB may leave some of a batch unprocessed under load: those go again, with a pause
      for (let attempt = 0; requests.length; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** Math.min(attempt, 6)));
        const out = await this.db.send(new BatchWriteCommand({ RequestItems: { [this.table]: requests } }));
        requests = (out.UnprocessedItems?.[this.table] ?? []) as typeof requests;
        if (attempt >= 8 && requests.length) throw new Error(`${requests.length} items left unwritten`);
      }
    }
  }

  /** Buffers visits alone (the turn's path writes them with its decision: `saveTurn`). */
  saveVisits(id: string, visits: Visit[]): Promise<void> {
    return this.saveTurn(id, visits);
  }

  /** Every kept decision, a DynamoDB page at a time in (day, slot, agent) order: nothing is held whole. */
  async *decisionPages(id: string, from?: PageFrom): AsyncGenerator<Page<DecisionRecord>> {
    for await (const page of this.pages(id, "DECISION#", undefined, from))
      yield Object.assign(
        page.map((i) => DecisionRecord.parse(i.record)),
        { next: page.next },
      );
  }

  /**
   * One agent's decisions in (day, slot) order: the partition's DECISION# pages filtered on the agent
   * (a FilterExpression: the sort key leads with the slot, so no key condition can pick one agent).
   */
  async agentDecisions(id: string, agentId: string): Promise<DecisionRecord[]> {
    const only = { filter: "#r.agent_id = :a", names: { "#r": "record" }, values: { ":a": agentId } };
    return (await this.queryAll(id, "DECISION#", only)).map((i) => DecisionRecord.parse(i.record));
  }

  /** Every visit, a page at a time in (day, slot, agent, order) order. */
  async *visitPages(id: string, from?: PageFrom): AsyncGenerator<Page<Visit>> {
    for await (const page of this.pages(id, "VISIT#", undefined, from))
      yield Object.assign(
        page.map((i) => Visit.parse(i.visit)),
        { next: page.next },
      );
  }

  /**
   * Keeps one recorded LLM call (recordings.ts names its key): put whole, so a retried turn's same call
   * writes the same item again (the JSON round trip drops undefined fields, which DynamoDB refuses).
   */
  async saveRecordedCall(id: string, sk: string, call: RecordedCall): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { pk: this.pk(id), sk, call: JSON.parse(JSON.stringify(call)) as unknown },
      }),
    );
  }

  /** The recorded calls whose keys start with `prefix` (REC#…), in recorded order. */
  async recordedCalls(id: string, prefix = "REC#"): Promise<RecordedCall[]> {
    return (await this.queryAll(id, prefix)).map((i) => RecordedCall.parse(i.call));
  }

  /** Sets a new LLM budget (a resume's); the provenance keeps the one the run was created with. */
  async setBudget(id: string, budgetUsd: number): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: this.pk(id), sk: "META" },
        UpdateExpression: "SET params.budgetUsd = :b, updatedAt = :t",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":b": budgetUsd, ":t": this.now() },
      }),
    );
  }

  /** A slot's counts; written whole, so a retried Collect writes the same item again. */
  async saveSlotSummary(id: string, key: string, summary: SlotSummary): Promise<void> {
    await this.db.send(
      new PutCommand({ TableName: this.table, Item: { pk: this.pk(id), sk: `SLOT#${key}`, summary } }),
    );
  }

  /** Every collected slot's counts, in slot order. */
  async slotSummaries(id: string): Promise<(SlotSummary & { key: string })[]> {
    return (await this.queryAll(id, "SLOT#")).map((i) => ({
      key: String(i.sk).slice("SLOT#".length),
      ...SlotSummary.parse(i.summary),
    }));
  }

  /** Every item of the simulation whose sort key starts with `prefix`, page after page. */
  private async queryAll(id: string, prefix: string, only?: Only) {
    const items: Item[] = [];
    for await (const page of this.pages(id, prefix, only)) items.push(...page);
    return items;
  }

  private async *pages(
    id: string,
    prefix: string,
    only?: Only,
    from: PageFrom = {},
  ): AsyncGenerator<Page<Item>> {
    let start: Item | undefined = from.start;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: "pk = :pk AND begins_with(sk, :p)",
          FilterExpression: only?.filter,
          ProjectionExpression: only?.projection,
          ExpressionAttributeNames: only?.names,
          ExpressionAttributeValues: { ":pk": this.pk(id), ":p": prefix, ...only?.values },
          ExclusiveStartKey: start,
          Limit: from.limit,
          ConsistentRead: true,
        }),
      );
      start = page.LastEvaluatedKey;
      yield Object.assign((page.Items ?? []) as Item[], { next: start as ItemKey | undefined });
    } while (start);
  }

  async visits(id: string, prefix = ""): Promise<Visit[]> {
    return (await this.queryAll(id, `VISIT#${prefix}`)).map((i) => Visit.parse(i.visit));
  }

  /**
   * Commits an agent's turn in one slot, once per slot: its memory appended, the turn itself (summary
   * and visits: a turn run again returns it instead of deciding anew) and the slot it left
   * Mangwon-dong in. Returns false when the slot was already committed (by a retry that got there first).
   */
  async recordAgentSlot(
    id: string,
    agentId: string,
    key: string,
    memory: MemoryEntry[],
    leftMangwon: boolean,
    turn: { summary: object; visits: Visit[]; decision: DecisionRecord },
    position?: Position & { day: number },
  ): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: this.pk(id), sk: `AGENT#${agentId}` },
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
        }),
      );
      return true;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      return false;
    }
  }

  /** The floating agents who chose 망원동_떠나기 and the latest slot they did. */
  async agentsWhoLeft(id: string): Promise<Map<string, string>> {
    const items = await this.queryAll(id, "AGENT#", {
      filter: "attribute_exists(leftAt)",
      projection: "sk, leftAt",
    });
    return new Map(items.map((i) => [String(i.sk).slice("AGENT#".length), String(i.leftAt)]));
  }

  async agent(id: string, agentId: string): Promise<AgentRecord> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: this.pk(id), sk: `AGENT#${agentId}` },
        ConsistentRead: true,
      }),
    );
    return AgentRecord.parse(out.Item ?? {});
  }

  /**
   * Applies one slot's buffered ratings to the stores' aggregates. Each store's share of the slot is
   * one conditional UpdateItem guarded by the slot key, so a flush that stopped midway can simply be
   * run again: stores already done refuse the update, the rest take it.
   */
  async flushSlot(id: string, key: string): Promise<{ applied: number; skipped: number }> {
    const byStore = new Map<string, Visit[]>();
    for (const v of await this.visits(id, key))
      byStore.set(v.store_id, [...(byStore.get(v.store_id) ?? []), v]);
    let applied = 0;
    let skipped = 0;
    // stores are independent: their updates go out together (each is still one conditional update)
    await mapLimit(
      [...byStore.entries()].sort((a, b) => a[0].localeCompare(b[0])),
      16,
      async ([store, list]) => {
        const names: Record<string, string> = { "#count": "count", "#sum": "sum" };
        const values: Record<string, unknown> = {
          ":n": list.length,
          ":sum": list.reduce((s, v) => s + v.rating, 0),
          ":slot": new Set([key]),
          ":k": key,
          ":empty": [],
          ":recent": list.map((v) => ({ agent_id: v.agent_id, rating: v.rating, tags: v.tags })),
        };
        const adds = ["#count :n", "#sum :sum", "slots :slot"];
        const tagCounts = new Map<string, number>();
        for (const t of list.flatMap((v) => v.tags)) tagCounts.set(t, (tagCounts.get(t) ?? 0) + 1);
        [...tagCounts.entries()].forEach(([tag, n], i) => {
          names[`#t${i}`] = `tag_${tag}`;
          values[`:t${i}`] = n;
          adds.push(`#t${i} :t${i}`);
        });
        try {
          await this.db.send(
            new UpdateCommand({
              TableName: this.table,
              Key: { pk: this.pk(id), sk: `STORE#${store}` },
              UpdateExpression: `ADD ${adds.join(", ")} SET recent = list_append(if_not_exists(recent, :empty), :recent)`,
              ConditionExpression: "attribute_not_exists(slots) OR NOT contains(slots, :k)",
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: values,
            }),
          );
          applied++;
        } catch (err) {
          if (!isConditionFailure(err)) throw err;
          skipped++;
        }
      },
    );
    return { applied, skipped };
  }

  async aggregates(id: string): Promise<Record<string, StoreAggregate>> {
    const out: Record<string, StoreAggregate> = {};
    for (const raw of await this.queryAll(id, "STORE#")) {
      const i = StoreItem.parse(raw);
      const store_id = i.sk.slice("STORE#".length);
      const tags: Record<string, number> = {};
      for (const [k, v] of Object.entries(i))
        if (k.startsWith("tag_") && typeof v === "number") tags[k.slice(4)] = v;
      out[store_id] = { store_id, count: i.count, sum: i.sum, tags, recent: i.recent.slice(-5) };
    }
    return out;
  }

  /**
   * Adds `amount` to a caller's use of `what` today, only if it stays within `limit`. Returns whether
   * it did (a refused request changes nothing).
   */
  async consumeQuota(
    caller: string,
    what: string,
    amount: number,
    limit: number,
    day: string,
  ): Promise<boolean> {
    if (amount > limit) return false;
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: `CALLER#${caller}`, sk: `QUOTA#${day}` },
          UpdateExpression: "ADD #w :n SET expiresAt = if_not_exists(expiresAt, :exp)",
          ConditionExpression: "attribute_not_exists(#w) OR #w <= :room",
          ExpressionAttributeNames: { "#w": what },
          ExpressionAttributeValues: {
            ":n": amount,
            ":room": limit - amount,
            ":exp": Math.floor(Date.parse(day) / 1000) + 2 * 86_400,
          },
        }),
      );
      return true;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      return false;
    }
  }
}
