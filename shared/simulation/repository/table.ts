// The simulation table in DynamoDB (the Document client; every item parsed by its schema on read): its
// layout, its keys, and the reads and writes every aggregate's repository shares. One partition per
// simulation (pk = SIM#<id>):
//   META                              parameters, status, owner, completed slots, counters   (runs.ts)
//   SLOT#d<day>#<slot>                a slot's decision counts and who acted (residents, floating visitors)
//   AGENT#<agent>                     memory entries, the slots applied, where it is, when it left
//                                                                                            (agents.ts)
//   BATCH#d<day>#<slot>#<nnnn>        one batch of a slot's agent turns, committed once: its tally (what
//                                     Collect adds up) and its decision records, gzipped  (turns.ts)
//   DECISION#d<day>#<slot>#<agent>    004's process_decision result of one agent turn, with its engine,
//                                     LLM usage and where the agent was (the raw data the export streams)
//   VISIT#d<day>#<slot>#<agent>#<n>   one record per store visit (the rating buffer of a slot) (visits.ts)
//   STORE#<store>                     rating aggregate: count, sum, tag counts, the last five ratings, flushed slots
//   REC#d<day>#<slot>#<agent>#<nnn>   a recorded run's LLM calls, by turn and place in it   (recordings.ts)
// one partition per caller (pk = CALLER#<id>, sk = QUOTA#<day>) for what a caller may start (quota.ts),
// and one item per experiment (pk = EXP#<id>, sk = META) (experiments.ts).
// No transactions (dynalite has none): every write is idempotent on its own — a batch of turns is
// committed by one conditional put (the first attempt wins; a later one applies the committed turns
// instead of its own), and what follows from it (agents, decisions, visits) is put whole, the same
// items however often it is applied; a store's slot is applied only if its slot key is not yet in the
// item's set, in the same conditional UpdateItem that applies it. A retried or repeated flush
// therefore counts each rating exactly once.
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type UpdateCommandInput,
} from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { mapLimit } from "../../platform/concurrency.ts";
import { DongneError } from "../../platform/errors.ts";
import { backoff, retry } from "../../platform/retry.ts";
import type { DecisionRecord } from "../schemas.ts";
import type { Visit } from "../types.ts";

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

export type Item = Record<string, unknown>;

/**
 * An attribute kept as JSON text: one string for DynamoDB to store and check, where a nested map is
 * marshalled, validated and stored attribute by attribute (a turn's decision record has ~80 of them:
 * at 10,000 agents most of the store's CPU). Items written as maps still read.
 */
export const jsonText = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" ? (JSON.parse(v) as unknown) : v), schema);
/** A query's filter on the items it reads (and what of them to return), with its names and values. */
export type Only = { filter?: string; projection?: string; names?: Record<string, string>; values?: Item };

const isConditionFailure = (err: unknown) => (err as Error)?.name === "ConditionalCheckFailedException";

/** A BatchWriteItem takes at most 25 requests, a BatchGetItem at most 100 keys. */
const BATCH = 25;
const BATCH_GET = 100;
/** BatchWriteItems one putAll has in flight at once. */
const WRITES_IN_FLIGHT = 4;
/**
 * DynamoDB may leave some of a batch unprocessed under load: those go again, up to 8 more times,
 * 100 ms doubling to 3.2 s between (no jitter).
 */
const BATCH_TRIES = 9;
const batchDelay = backoff(100, 3200, () => 1);

export class SimulationTable {
  constructor(
    readonly db: DynamoDBDocumentClient,
    readonly name: string,
  ) {}

  readonly now = () => new Date().toISOString();

  async get(key: ItemKey): Promise<Item | undefined> {
    const out = await this.db.send(new GetCommand({ TableName: this.name, Key: key, ConsistentRead: true }));
    return out.Item;
  }

  /** A put whose condition (if any) may refuse it: whether it was written. */
  put(item: Item, condition?: string): Promise<boolean> {
    return this.unlessRefused(
      this.db.send(new PutCommand({ TableName: this.name, Item: item, ConditionExpression: condition })),
    );
  }

  /** An update whose condition (if any) may refuse it: whether it was applied. */
  update(key: ItemKey, update: Omit<UpdateCommandInput, "TableName" | "Key">): Promise<boolean> {
    return this.unlessRefused(this.db.send(new UpdateCommand({ TableName: this.name, Key: key, ...update })));
  }

  private async unlessRefused(write: Promise<unknown>): Promise<boolean> {
    try {
      await write;
      return true;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      return false;
    }
  }

  /** Plain puts, one BatchWriteItem per 25 (four at a time), what a batch leaves unprocessed sent again. */
  async putAll(items: readonly Item[]): Promise<void> {
    const chunks: Item[][] = [];
    for (let i = 0; i < items.length; i += BATCH) chunks.push(items.slice(i, i + BATCH));
    await mapLimit(chunks, WRITES_IN_FLIGHT, async (chunk) => {
      let requests = chunk.map((Item) => ({ PutRequest: { Item } }));
      const send = async () => {
        const out = await this.db.send(new BatchWriteCommand({ RequestItems: { [this.name]: requests } }));
        requests = (out.UnprocessedItems?.[this.name] ?? []) as typeof requests;
        if (requests.length) throw new DongneError("unavailable", `${requests.length} items left unwritten`);
      };
      await retry(send, {
        attempts: BATCH_TRIES,
        delayMs: batchDelay,
        // only what the table left over goes again; a failed request is thrown at once
        retryable: (err) => err instanceof DongneError,
      });
    });
  }

  /**
   * The items of these keys (read consistently, 100 a BatchGetItem, what a batch leaves unprocessed asked
   * again), by sort key; a missing item is absent from the map.
   */
  async getAll(keys: readonly ItemKey[]): Promise<Map<string, Item>> {
    const found = new Map<string, Item>();
    for (let i = 0; i < keys.length; i += BATCH_GET) {
      let wanted: Item[] = keys.slice(i, i + BATCH_GET);
      const read = async () => {
        const out = await this.db.send(
          new BatchGetCommand({ RequestItems: { [this.name]: { Keys: wanted, ConsistentRead: true } } }),
        );
        for (const item of out.Responses?.[this.name] ?? []) found.set(String(item.sk), item);
        wanted = out.UnprocessedKeys?.[this.name]?.Keys ?? [];
        if (wanted.length) throw new DongneError("unavailable", `${wanted.length} keys left unread`);
      };
      await retry(read, {
        attempts: BATCH_TRIES,
        delayMs: batchDelay,
        retryable: (e) => e instanceof DongneError,
      });
    }
    return found;
  }

  /** Every item of the simulation whose sort key starts with `prefix`, page after page. */
  async queryAll(id: string, prefix: string, only?: Only): Promise<Item[]> {
    const items: Item[] = [];
    for await (const page of this.pages(id, prefix, only)) items.push(...page);
    return items;
  }

  async *pages(id: string, prefix: string, only?: Only, from: PageFrom = {}): AsyncGenerator<Page<Item>> {
    let start: Item | undefined = from.start;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.name,
          KeyConditionExpression: "pk = :pk AND begins_with(sk, :p)",
          FilterExpression: only?.filter,
          ProjectionExpression: only?.projection,
          ExpressionAttributeNames: only?.names,
          ExpressionAttributeValues: { ":pk": simulationPk(id), ":p": prefix, ...only?.values },
          ExclusiveStartKey: start,
          Limit: from.limit,
          ConsistentRead: true,
        }),
      );
      start = page.LastEvaluatedKey;
      yield Object.assign((page.Items ?? []) as Item[], { next: start as ItemKey | undefined });
    } while (start);
  }
}
