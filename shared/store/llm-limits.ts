// Account-wide bounds on the LLM, in one DynamoDB table (pk/sk, TTL on expiresAt) every LLM-calling
// Lambda shares:
//   - a counting semaphore: at most `limit` LLM calls in flight across every simulation, experiment
//     and synchronous route of the account's deployment. Slot i is the item (pk LLM#SEMAPHORE, sk
//     SLOT#i); a call takes a free or expired slot with one conditional put and gives it back with a
//     conditional delete. A lease expires on its own (a Lambda that dies holding one frees it after
//     `leaseMs`), so a crash never shrinks the pool for good. Conditional writes only: dynalite has
//     no transactions, and none are needed.
//   - a per-caller daily allowance of LLM-backed requests (pk CALLER#<id>, sk LLM#<UTC day>): one
//     conditional ADD that refuses to pass the limit.
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { randomUUID } from "node:crypto";

const SEMAPHORE_PK = "LLM#SEMAPHORE";
const isConditionFailure = (err: unknown) => (err as Error)?.name === "ConditionalCheckFailedException";

export interface LeaseOptions {
  /** slots in the account (LLM_MAX_CONCURRENCY) */
  limit: number;
  /** a lease's life: the longest an LLM call may take, with its own retries */
  leaseMs: number;
  now?: () => number;
}

export class DynamoLlmLeases {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly o: LeaseOptions,
  ) {}

  private now() {
    return (this.o.now ?? Date.now)();
  }

  /**
   * One try: a slot that is free (no item) or whose lease has expired, taken with a conditional put.
   * Returns the release function, or null when every slot is held.
   */
  async tryAcquire(): Promise<(() => Promise<void>) | null> {
    const now = this.now();
    const held = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": SEMAPHORE_PK },
        ConsistentRead: true,
      }),
    );
    const busy = new Set(
      (held.Items ?? []).filter((i) => (i.leaseUntil as number) > now).map((i) => i.sk as string),
    );
    const free = Array.from({ length: this.o.limit }, (_, i) => `SLOT#${i}`).filter((s) => !busy.has(s));
    // start at a random free slot: concurrent callers rarely race for the same one
    for (let k = 0, start = Math.floor(Math.random() * free.length); k < free.length; k++) {
      const sk = free[(start + k) % free.length]!;
      const holder = randomUUID();
      try {
        await this.db.send(
          new PutCommand({
            TableName: this.table,
            Item: {
              pk: SEMAPHORE_PK,
              sk,
              holder,
              leaseUntil: now + this.o.leaseMs,
              expiresAt: Math.ceil((now + this.o.leaseMs) / 1000) + 3600,
            },
            ConditionExpression: "attribute_not_exists(pk) OR leaseUntil < :now",
            ExpressionAttributeValues: { ":now": now },
          }),
        );
        return async () => {
          try {
            await this.db.send(
              new DeleteCommand({
                TableName: this.table,
                Key: { pk: SEMAPHORE_PK, sk },
                ConditionExpression: "holder = :h",
                ExpressionAttributeValues: { ":h": holder },
              }),
            );
          } catch (err) {
            // the lease had expired and another call took the slot: nothing of ours to free
            if (!isConditionFailure(err)) throw err;
          }
        };
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    }
    return null;
  }

  /** Waits for a slot until `untilMs` (epoch ms), polling with jitter; null when none came free. */
  async acquire(untilMs: number, pollMs = 200): Promise<(() => Promise<void>) | null> {
    for (;;) {
      const release = await this.tryAcquire();
      if (release) return release;
      const wait = pollMs * (0.5 + Math.random());
      if (this.now() + wait > untilMs) return null;
      await new Promise((r) => setTimeout(r, wait));
    }
  }

  /** Slots held right now (the dashboard's and tests' view). */
  async inFlight(): Promise<number> {
    const now = this.now();
    const held = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": SEMAPHORE_PK },
        ConsistentRead: true,
      }),
    );
    return (held.Items ?? []).filter((i) => (i.leaseUntil as number) > now).length;
  }
}

/** The UTC day an allowance counts in. */
export const utcDay = (at = Date.now()) => new Date(at).toISOString().slice(0, 10);

/**
 * Counts one LLM-backed request against a caller's allowance for today; false (and nothing counted)
 * when the allowance is used up.
 */
export async function consumeLlmAllowance(
  db: DynamoDBDocumentClient,
  table: string,
  caller: string,
  limit: number,
  day = utcDay(),
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: table,
        Key: { pk: `CALLER#${caller}`, sk: `LLM#${day}` },
        UpdateExpression: "ADD requests :one SET expiresAt = if_not_exists(expiresAt, :exp)",
        ConditionExpression: "attribute_not_exists(requests) OR requests < :limit",
        ExpressionAttributeValues: {
          ":one": 1,
          ":limit": limit,
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
