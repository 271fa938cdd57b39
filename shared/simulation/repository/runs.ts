// A simulation run's record (META: parameters, status, owner, completed slots, counters) and its slots'
// counts (SLOT#<slot key>). The owner is the execution that may act for the run (its lease).
import { ScanCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { SimulationMeta, SimulationParams, SlotSummary, type SimulationStatus } from "../schemas.ts";
import { MAX_ERROR_CHARS, simulationPk, type Item, type SimulationTable } from "./table.ts";

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

/** The decision counts a record keeps as decision_<name> attributes. */
function decisionCounts(item: Item): Record<string, number> {
  const decisions: Record<string, number> = {};
  for (const [k, v] of Object.entries(item))
    if (k.startsWith("decision_") && typeof v === "number") decisions[k.slice(9)] = v;
  return decisions;
}

const metaKey = (id: string) => ({ pk: simulationPk(id), sk: "META" });

export class RunRepository {
  constructor(private readonly table: SimulationTable) {}

  /** Writes the record once (before the 202); a second call with the same id changes nothing. */
  create(
    id: string,
    params: SimulationParams,
    opts: { owner: string; createdBy?: string; now?: string },
  ): Promise<boolean> {
    const at = opts.now ?? this.table.now();
    return this.table.put(
      {
        ...metaKey(id),
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
      "attribute_not_exists(pk)",
    );
  }

  async get(id: string): Promise<SimulationMeta | null> {
    const item = await this.table.get(metaKey(id));
    if (!item) return null;
    const parsed = MetaItem.safeParse(item);
    if (!parsed.success) return incompleteRecord(id, item, parsed.error.issues[0]);
    const i = parsed.data;
    return SimulationMeta.parse({
      id,
      ...i.params,
      status: i.status,
      completedSlots: i.completedSlots ?? [],
      decisions: decisionCounts(i),
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
  transferOwner(id: string, from: string | undefined, to: string): Promise<boolean> {
    return this.table.update(metaKey(id), {
      UpdateExpression: "SET #o = :to, updatedAt = :t",
      ConditionExpression:
        "attribute_exists(pk) AND #s <> :done AND #s <> :doneWithFailures AND " +
        (from ? "#o = :from" : "attribute_not_exists(#o)"),
      ExpressionAttributeNames: { "#o": "owner", "#s": "status" },
      ExpressionAttributeValues: {
        ":to": to,
        ":t": this.table.now(),
        ":done": "completed",
        ":doneWithFailures": "completed_with_failures",
        ...(from ? { ":from": from } : {}),
      },
    });
  }

  /** The simulations still pending or running: after a local restart these were cut off mid-run. */
  async unfinished(): Promise<string[]> {
    const items: Item[] = [];
    let start: Item | undefined;
    do {
      const page = await this.table.db.send(
        new ScanCommand({
          TableName: this.table.name,
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
  setStatus(id: string, owner: string, status: SimulationStatus, error?: string): Promise<boolean> {
    return this.table.update(metaKey(id), {
      UpdateExpression: error
        ? "SET #s = :s, updatedAt = :t, #e = :e"
        : "SET #s = :s, updatedAt = :t REMOVE #e",
      ConditionExpression: "#o = :me",
      ExpressionAttributeNames: { "#s": "status", "#e": "error", "#o": "owner" },
      ExpressionAttributeValues: {
        ":s": status,
        ":t": this.table.now(),
        ":me": owner,
        ...(error ? { ":e": error.slice(0, MAX_ERROR_CHARS) } : {}),
      },
    });
  }

  /**
   * Marks the run failed with `error` if `owner` still owns it and it is still running (a run MarkFailed
   * recorded, one that finished, or one another execution took over is left alone). True when marked.
   */
  failIfRunning(id: string, owner: string, error: string): Promise<boolean> {
    return this.table.update(metaKey(id), {
      UpdateExpression: "SET #s = :s, updatedAt = :t, #e = :e",
      ConditionExpression: "#o = :me AND #s IN (:running, :pending)",
      ExpressionAttributeNames: { "#s": "status", "#e": "error", "#o": "owner" },
      ExpressionAttributeValues: {
        ":s": "failed",
        ":t": this.table.now(),
        ":me": owner,
        ":e": error.slice(0, MAX_ERROR_CHARS),
        ":running": "running",
        ":pending": "pending",
      },
    });
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
      ":t": this.table.now(),
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
    await this.table.update(metaKey(id), {
      UpdateExpression: `ADD ${adds.join(", ")} SET updatedAt = :t`,
      // never creates a record: one without its parameters could not be read or resumed
      ConditionExpression:
        "attribute_exists(pk) AND (attribute_not_exists(completedSlots) OR NOT contains(completedSlots, :k))",
      ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
      ExpressionAttributeValues: values,
    });
  }

  /** Sets a new LLM budget (a resume's); the provenance keeps the one the run was created with. */
  async setBudget(id: string, budgetUsd: number): Promise<void> {
    await this.table.db.send(
      new UpdateCommand({
        TableName: this.table.name,
        Key: metaKey(id),
        UpdateExpression: "SET params.budgetUsd = :b, updatedAt = :t",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":b": budgetUsd, ":t": this.table.now() },
      }),
    );
  }

  /** A slot's counts; written whole, so a retried Collect writes the same item again. */
  async saveSlotSummary(id: string, key: string, summary: SlotSummary): Promise<void> {
    await this.table.put({ pk: simulationPk(id), sk: `SLOT#${key}`, summary });
  }

  /** Every collected slot's counts, in slot order. */
  async slotSummaries(id: string): Promise<(SlotSummary & { key: string })[]> {
    return (await this.table.queryAll(id, "SLOT#")).map((i) => ({
      key: String(i.sk).slice("SLOT#".length),
      ...SlotSummary.parse(i.summary),
    }));
  }
}
