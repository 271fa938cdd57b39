// Work too long for a request (a large restaurant ingest): the API writes a job record, answers 202 with
// its id and status URL, and the workflow doing the work records how it ended. One item per job
// (pk = JOB#<id>, sk = META) in the feature's table, expiring after 30 days. A job being worked on holds
// a lease (`leaseUntil`), renewed by its worker's heartbeats: one whose lease ran out has no worker left
// and is marked failed (expireLeases), never left `running`.
import {
  GetCommand,
  PutCommand,
  ScanCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from "@aws-sdk/lib-dynamodb";
import { randomUUID } from "node:crypto";
import { z } from "zod";

export const JobId = z.string().regex(/^job-[\w-]{1,60}$/, "작업 id가 아닙니다 (job-으로 시작하는 id)");

export const Job = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(["pending", "running", "completed", "failed"]),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** the caller's key id: shown only to that caller */
  createdBy: z.string().optional(),
  /** what the job works on: a reference in the blob store (`blob:uploads/<id>.jsonl`), never a server path */
  source: z.string().optional(),
  /** until when the job's worker holds it (ISO); renewed by heartbeats while it works */
  leaseUntil: z.string().optional(),
  /** the worker's last sign of life (ISO) */
  heartbeatAt: z.string().optional(),
  /** what the job works through, once it knows: its records (an ingest: the upload's documents) */
  total: z.number().int().nonnegative().optional(),
  /** …in this many batches */
  batchesTotal: z.number().int().nonnegative().optional(),
  /** the job's outcome (for an ingest: its report) */
  result: z.unknown().optional(),
  error: z.string().optional(),
});
export type Job = z.infer<typeof Job>;

const TTL_S = 30 * 86_400;
/**
 * How long a job stays its worker's without a heartbeat: longer than the longest step between two
 * heartbeats (LLM enrichment of a batch: its Lambda times out at 300 s), so a live job never loses it.
 */
export const JOB_LEASE_MS = 10 * 60_000;

export class JobRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  static newId(): string {
    return `job-${new Date().toISOString().slice(0, 10).replaceAll("-", "")}-${randomUUID().slice(0, 8)}`;
  }

  async create(
    job: Omit<Job, "createdAt" | "updatedAt" | "status" | "leaseUntil" | "heartbeatAt">,
    leaseMs = JOB_LEASE_MS,
  ): Promise<void> {
    const at = new Date().toISOString();
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: `JOB#${job.id}`,
          sk: "META",
          ...job,
          status: "pending",
          createdAt: at,
          updatedAt: at,
          heartbeatAt: at,
          leaseUntil: new Date(Date.now() + leaseMs).toISOString(),
          expiresAt: Math.floor(Date.now() / 1000) + TTL_S,
        },
        ConditionExpression: "attribute_not_exists(pk)",
      }),
    );
  }

  async get(id: string): Promise<Job | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { pk: `JOB#${id}`, sk: "META" }, ConsistentRead: true }),
    );
    return out.Item ? Job.parse(out.Item) : null;
  }

  /** The worker's sign of life: the lease renewed (a job that has ended is left as it is). */
  async heartbeat(id: string, leaseMs = JOB_LEASE_MS): Promise<void> {
    const now = Date.now();
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: `JOB#${id}`, sk: "META" },
          UpdateExpression: "SET heartbeatAt = :h, leaseUntil = :l",
          ConditionExpression: "attribute_exists(pk) AND #s IN (:p, :r)",
          ExpressionAttributeNames: { "#s": "status" },
          ExpressionAttributeValues: {
            ":h": new Date(now).toISOString(),
            ":l": new Date(now + leaseMs).toISOString(),
            ":p": "pending",
            ":r": "running",
          },
        }),
      );
    } catch (err) {
      if ((err as Error).name !== "ConditionalCheckFailedException") throw err;
    }
  }

  /**
   * Jobs still pending or running whose lease ran out before `now`: their worker is gone. Each is marked
   * failed with `reason(job)` (a job whose worker renewed it meanwhile is left alone); their ids.
   */
  async expireLeases(reason: (job: Job) => string, now = Date.now()): Promise<string[]> {
    const expired = (await this.unfinished()).filter((job) => leaseExpired(job, now));
    const out: string[] = [];
    for (const job of expired) if (await this.failExpired(job, reason(job), now)) out.push(job.id);
    return out;
  }

  /** Every job still pending or running. */
  async unfinished(): Promise<Job[]> {
    const jobs: Job[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new ScanCommand({
          TableName: this.table,
          FilterExpression: "begins_with(pk, :job) AND sk = :meta AND #s IN (:p, :r)",
          ExpressionAttributeNames: { "#s": "status" },
          ExpressionAttributeValues: { ":job": "JOB#", ":meta": "META", ":p": "pending", ":r": "running" },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        const job = Job.safeParse(item);
        if (job.success) jobs.push(job.data);
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return jobs;
  }

  /** Marks one job failed if its lease has still run out (conditionally: a heartbeat in between wins). */
  async failExpired(job: Job, reason: string, now = Date.now()): Promise<boolean> {
    const lease = job.leaseUntil ?? job.updatedAt;
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: `JOB#${job.id}`, sk: "META" },
          UpdateExpression: "SET #s = :f, updatedAt = :t, #e = :e",
          ConditionExpression:
            "attribute_exists(pk) AND #s IN (:p, :r) AND (attribute_not_exists(leaseUntil) OR leaseUntil = :l)",
          ExpressionAttributeNames: { "#s": "status", "#e": "error" },
          ExpressionAttributeValues: {
            ":f": "failed",
            ":t": new Date(now).toISOString(),
            ":e": reason.slice(0, 1000),
            ":p": "pending",
            ":r": "running",
            ":l": lease,
          },
        }),
      );
      return true;
    } catch (err) {
      if ((err as Error).name === "ConditionalCheckFailedException") return false;
      throw err;
    }
  }

  /** Records a change of status (and the result or error); a finished job is not reopened. */
  async update(
    id: string,
    status: Job["status"],
    fields: { result?: unknown; error?: string; total?: number; batchesTotal?: number } = {},
  ): Promise<void> {
    const sets = ["#s = :s", "updatedAt = :t"];
    const names: Record<string, string> = { "#s": "status" };
    const values: Record<string, unknown> = {
      ":s": status,
      ":t": new Date().toISOString(),
      ":done": "completed",
    };
    if (fields.result !== undefined) {
      sets.push("#r = :r");
      names["#r"] = "result";
      values[":r"] = fields.result;
    }
    if (fields.error !== undefined) {
      sets.push("#e = :e");
      names["#e"] = "error";
      values[":e"] = fields.error.slice(0, 1000);
    }
    for (const k of ["total", "batchesTotal"] as const)
      if (fields[k] !== undefined) {
        sets.push(`#${k} = :${k}`);
        names[`#${k}`] = k;
        values[`:${k}`] = fields[k];
      }
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: `JOB#${id}`, sk: "META" },
        UpdateExpression: `SET ${sets.join(", ")}`,
        ConditionExpression: "attribute_exists(pk) AND #s <> :done",
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  }
}

/** A pending or running job whose worker stopped renewing it (a record without a lease counts from its last update). */
export function leaseExpired(job: Job, now = Date.now()): boolean {
  if (job.status !== "pending" && job.status !== "running") return false;
  const until = Date.parse(
    job.leaseUntil ?? new Date(Date.parse(job.updatedAt) + JOB_LEASE_MS).toISOString(),
  );
  return Number.isFinite(until) && until < now;
}
