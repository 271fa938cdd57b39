// Work too long for a request (a large restaurant ingest): the API writes a job record, answers 202 with
// its id and status URL, and the workflow doing the work records how it ended. One item per job
// (pk = JOB#<id>, sk = META) in the feature's table, expiring after 30 days.
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { randomUUID } from "node:crypto";
import { z } from "zod";

export const JobId = z.string().regex(/^job-[\w-]{1,60}$/, "not a job id");

export const Job = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(["pending", "running", "completed", "failed"]),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().optional(),
  /** what the job works on (an upload's location) */
  source: z.string().optional(),
  /** the job's outcome (for an ingest: its report) */
  result: z.unknown().optional(),
  error: z.string().optional(),
});
export type Job = z.infer<typeof Job>;

const TTL_S = 30 * 86_400;

export class JobRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  static newId(): string {
    return `job-${new Date().toISOString().slice(0, 10).replaceAll("-", "")}-${randomUUID().slice(0, 8)}`;
  }

  async create(job: Omit<Job, "createdAt" | "updatedAt" | "status">): Promise<void> {
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

  /** Records a change of status (and the result or error); a finished job is not reopened. */
  async update(
    id: string,
    status: Job["status"],
    fields: { result?: unknown; error?: string } = {},
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
