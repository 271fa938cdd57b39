// Simulation state in DynamoDB, one partition per simulation (pk = SIM#<id>):
//   META                        parameters, status, completed slots, counters
//   AGENT#<agent>               memory entries, left_mangwon, the slots already recorded
//   VISIT#d<day>#<slot>#<agent>#<n>   one record per store visit (the rating buffer of a slot)
//   STORE#<store>               rating aggregate: count, sum, tag counts, recent ratings, flushed slots
// No transactions (dynalite has none): every write is idempotent on its own — visits are put only if
// absent, an agent's slot and a store's slot are applied only if their slot key is not yet in the
// item's set, in the same conditional UpdateItem that applies them. A retried or repeated flush
// therefore counts each rating exactly once.
import {
  ConditionalCheckFailedException,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from "@aws-sdk/client-dynamodb";
import { mapLimit } from "../concurrency.ts";
import type { MemoryEntry, StoreAggregate, Visit } from "./types.ts";

export const slotKey = (day: number, slot: string) => `d${String(day).padStart(2, "0")}#${slot}`;

export interface SimulationMeta {
  id: string;
  status: "running" | "completed" | "failed";
  days: number;
  seed: number;
  agents: number;
  maxConcurrentLlmCalls: number;
  engine: string;
  totalSlots: number;
  completedSlots: string[];
  decisions: Record<string, number>;
  llmCalls: number;
  inputTokens: number;
  outputTokens: number;
  error?: string;
  createdAt: string;
  updatedAt: string;
}

const S = (v: string): AttributeValue => ({ S: v });
const N = (v: number): AttributeValue => ({ N: String(v) });
const json = (v: unknown): AttributeValue => ({ S: JSON.stringify(v) });
const isConditionFailure = (err: unknown) =>
  err instanceof ConditionalCheckFailedException ||
  (err as Error)?.name === "ConditionalCheckFailedException";

type Item = Record<string, AttributeValue>;

/** Every item of a Query or Scan, page after page. */
async function allPages(
  read: (start?: Item) => Promise<{ Items?: Item[]; LastEvaluatedKey?: Item }>,
): Promise<Item[]> {
  const out: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await read(start);
    out.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

export class SimulationRepository {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly table: string,
  ) {}

  private pk = (id: string) => S(`SIM#${id}`);

  /** Creates the simulation once; a second call with the same id changes nothing. */
  async create(
    meta: Omit<
      SimulationMeta,
      "completedSlots" | "decisions" | "llmCalls" | "inputTokens" | "outputTokens" | "updatedAt"
    >,
  ): Promise<void> {
    try {
      await this.db.send(
        new PutItemCommand({
          TableName: this.table,
          Item: {
            pk: this.pk(meta.id),
            sk: S("META"),
            status: S(meta.status),
            params: json({
              days: meta.days,
              seed: meta.seed,
              agents: meta.agents,
              maxConcurrentLlmCalls: meta.maxConcurrentLlmCalls,
              engine: meta.engine,
              totalSlots: meta.totalSlots,
            }),
            llmCalls: N(0),
            inputTokens: N(0),
            outputTokens: N(0),
            createdAt: S(meta.createdAt),
            updatedAt: S(meta.createdAt),
          },
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }

  async get(id: string): Promise<SimulationMeta | null> {
    const out = await this.db.send(
      new GetItemCommand({
        TableName: this.table,
        Key: { pk: this.pk(id), sk: S("META") },
        ConsistentRead: true,
      }),
    );
    const i = out.Item;
    if (!i) return null;
    const params = JSON.parse(i.params.S!);
    const decisions: Record<string, number> = {};
    for (const [k, v] of Object.entries(i))
      if (k.startsWith("decision_")) decisions[k.slice(9)] = Number(v.N);
    return {
      id,
      status: i.status.S as SimulationMeta["status"],
      ...params,
      completedSlots: [...(i.completedSlots?.SS ?? [])].sort(),
      decisions,
      llmCalls: Number(i.llmCalls?.N ?? 0),
      inputTokens: Number(i.inputTokens?.N ?? 0),
      outputTokens: Number(i.outputTokens?.N ?? 0),
      error: i.error?.S,
      createdAt: i.createdAt.S!,
      updatedAt: i.updatedAt.S!,
    };
  }

  /**
   * The simulations still marked running: after a local restart these were cut off mid-run. A Scan,
   * so for one machine's store only; in AWS the Standard executions themselves say what runs.
   */
  async unfinished(): Promise<string[]> {
    const items = await allPages((start) =>
      this.db.send(
        new ScanCommand({
          TableName: this.table,
          FilterExpression: "sk = :meta AND #status = :running",
          ExpressionAttributeNames: { "#status": "status" },
          ExpressionAttributeValues: { ":meta": S("META"), ":running": S("running") },
          ProjectionExpression: "pk",
          ExclusiveStartKey: start,
        }),
      ),
    );
    return items.map((i) => i.pk.S!.slice("SIM#".length));
  }

  async setStatus(id: string, status: SimulationMeta["status"], error?: string): Promise<void> {
    await this.db.send(
      new UpdateItemCommand({
        TableName: this.table,
        Key: { pk: this.pk(id), sk: S("META") },
        UpdateExpression: error
          ? "SET #s = :s, updatedAt = :t, #e = :e"
          : "SET #s = :s, updatedAt = :t REMOVE #e",
        ExpressionAttributeNames: { "#s": "status", "#e": "error" },
        ExpressionAttributeValues: {
          ":s": S(status),
          ":t": S(new Date().toISOString()),
          ...(error ? { ":e": S(error.slice(0, 1000)) } : {}),
        },
      }),
    );
  }

  /** Marks a slot done with its decision counts and LLM usage, once. */
  async completeSlot(
    id: string,
    key: string,
    counts: Record<string, number>,
    usage: { calls: number; input: number; output: number },
  ): Promise<void> {
    const names: Record<string, string> = { "#u": "updatedAt" };
    const values: Record<string, AttributeValue> = {
      ":slot": { SS: [key] },
      ":k": S(key),
      ":t": S(new Date().toISOString()),
      ":c": N(usage.calls),
      ":i": N(usage.input),
      ":o": N(usage.output),
    };
    const adds = ["completedSlots :slot", "llmCalls :c", "inputTokens :i", "outputTokens :o"];
    Object.entries(counts).forEach(([decision, n], i) => {
      names[`#d${i}`] = `decision_${decision}`;
      values[`:d${i}`] = N(n);
      adds.push(`#d${i} :d${i}`);
    });
    try {
      await this.db.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: { pk: this.pk(id), sk: S("META") },
          UpdateExpression: `ADD ${adds.join(", ")} SET #u = :t`,
          ConditionExpression: "attribute_not_exists(completedSlots) OR NOT contains(completedSlots, :k)",
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }

  /** Buffers a slot's visits: one record each, written only if absent (a rerun adds nothing). */
  async saveVisits(id: string, visits: Visit[]): Promise<void> {
    await mapLimit(visits, 8, async (v) => {
      try {
        await this.db.send(
          new PutItemCommand({
            TableName: this.table,
            Item: {
              pk: this.pk(id),
              sk: S(`VISIT#${slotKey(v.day, v.time_slot)}#${v.agent_id}#${v.order}`),
              visit: json(v),
              store: S(v.store_id),
            },
            ConditionExpression: "attribute_not_exists(sk)",
          }),
        );
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    });
  }

  /** Every item of the simulation whose sort key starts with `prefix`, page after page. */
  private async queryAll(
    id: string,
    prefix: string,
    only?: { filter: string; projection: string },
  ): Promise<Record<string, AttributeValue>[]> {
    return allPages((start) =>
      this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: "pk = :pk AND begins_with(sk, :p)",
          FilterExpression: only?.filter,
          ProjectionExpression: only?.projection,
          ExpressionAttributeValues: { ":pk": this.pk(id), ":p": S(prefix) },
          ExclusiveStartKey: start,
          ConsistentRead: true,
        }),
      ),
    );
  }

  async visits(id: string, prefix = ""): Promise<Visit[]> {
    return (await this.queryAll(id, `VISIT#${prefix}`)).map((i) => JSON.parse(i.visit.S!));
  }

  /**
   * Commits an agent's turn in one slot, once per slot: its memory appended, the turn itself (summary
   * and visits: a turn run again returns it instead of deciding anew) and the slot it left
   * Mangwon-dong in (for good).
   */
  async recordAgentSlot(
    id: string,
    agentId: string,
    key: string,
    memory: MemoryEntry[],
    leftMangwon: boolean,
    turn: { summary: object; visits: Visit[] },
  ): Promise<void> {
    try {
      await this.db.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: { pk: this.pk(id), sk: S(`AGENT#${agentId}`) },
          UpdateExpression:
            "SET memory = list_append(if_not_exists(memory, :empty), :m), lastTurn = :turn" +
            (leftMangwon ? ", leftAt = if_not_exists(leftAt, :k)" : "") +
            " ADD slots :slot",
          ConditionExpression: "attribute_not_exists(slots) OR NOT contains(slots, :k)",
          ExpressionAttributeValues: {
            ":empty": { L: [] },
            ":m": { L: memory.map((m) => json(m)) },
            ":turn": json({ key, ...turn }),
            ":slot": { SS: [key] },
            ":k": S(key),
          },
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }

  /** The floating agents who chose 망원동_떠나기 and the slot they did (004: every later slot skips them). */
  async agentsWhoLeft(id: string): Promise<Map<string, string>> {
    const items = await this.queryAll(id, "AGENT#", {
      filter: "attribute_exists(leftAt)",
      projection: "sk, leftAt",
    });
    return new Map(items.map((i) => [i.sk.S!.slice("AGENT#".length), i.leftAt.S!]));
  }

  async agent(
    id: string,
    agentId: string,
  ): Promise<{ memory: MemoryEntry[]; lastTurn?: { key: string; summary: unknown; visits: Visit[] } }> {
    const out = await this.db.send(
      new GetItemCommand({
        TableName: this.table,
        Key: { pk: this.pk(id), sk: S(`AGENT#${agentId}`) },
        ConsistentRead: true,
      }),
    );
    return {
      memory: (out.Item?.memory?.L ?? []).map((m) => JSON.parse(m.S!)),
      lastTurn: out.Item?.lastTurn ? JSON.parse(out.Item.lastTurn.S!) : undefined,
    };
  }

  /**
   * Applies one slot's buffered ratings to the stores' aggregates. Each store's share of the slot is
   * one conditional UpdateItem guarded by the slot key, so a flush that stopped midway can simply be
   * run again: stores already done refuse the update, the rest take it.
   */
  async flushSlot(
    id: string,
    key: string,
    failAfter?: number,
  ): Promise<{ applied: number; skipped: number }> {
    const visits = await this.visits(id, key);
    const byStore = new Map<string, Visit[]>();
    for (const v of visits) byStore.set(v.store_id, [...(byStore.get(v.store_id) ?? []), v]);
    let applied = 0;
    let skipped = 0;
    let started = 0;
    // stores are independent: their updates go out together (each is still one conditional update)
    await mapLimit(
      [...byStore.entries()].sort((a, b) => a[0].localeCompare(b[0])),
      failAfter === undefined ? 16 : 1,
      async ([store, list]) => {
        if (failAfter !== undefined && started >= failAfter)
          throw new Error(`flush interrupted after ${applied} stores (test hook)`);
        started++;
        const names: Record<string, string> = {};
        const values: Record<string, AttributeValue> = {
          ":n": N(list.length),
          ":sum": N(list.reduce((s, v) => s + v.rating, 0)),
          ":slot": { SS: [key] },
          ":k": S(key),
          ":empty": { L: [] },
          ":recent": { L: list.map((v) => json({ agent_id: v.agent_id, rating: v.rating, tags: v.tags })) },
        };
        const adds = ["#count :n", "#sum :sum", "slots :slot"];
        Object.assign(names, { "#count": "count", "#sum": "sum" });
        const tagCounts = new Map<string, number>();
        for (const t of list.flatMap((v) => v.tags)) tagCounts.set(t, (tagCounts.get(t) ?? 0) + 1);
        [...tagCounts.entries()].forEach(([tag, n], i) => {
          names[`#t${i}`] = `tag_${tag}`;
          values[`:t${i}`] = N(n);
          adds.push(`#t${i} :t${i}`);
        });
        try {
          await this.db.send(
            new UpdateItemCommand({
              TableName: this.table,
              Key: { pk: this.pk(id), sk: S(`STORE#${store}`) },
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
    for (const i of await this.queryAll(id, "STORE#")) {
      const store_id = i.sk.S!.slice("STORE#".length);
      const tags: Record<string, number> = {};
      for (const [k, v] of Object.entries(i)) if (k.startsWith("tag_")) tags[k.slice(4)] = Number(v.N);
      out[store_id] = {
        store_id,
        count: Number(i.count?.N ?? 0),
        sum: Number(i.sum?.N ?? 0),
        tags,
        recent: (i.recent?.L ?? []).slice(-5).map((r) => JSON.parse(r.S!)),
      };
    }
    return out;
  }
}
