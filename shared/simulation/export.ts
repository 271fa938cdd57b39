// The simulation's raw data out: one row per agent turn (decisions) or per store visit (visits), as
// JSON Lines or CSV (RFC 4180), a bounded page at a time. A response cannot stream (Lambda behind API
// Gateway answers at most 6 MB, whole), so each page holds at most `maxRows` rows and `maxBytes` of
// body, read from DynamoDB page by page, and names where the next one starts: a cursor, the
// base64url of the last row's primary key (what DynamoDB's LastEvaluatedKey would be had its page
// ended there). Column lists are explicit and only ever grow at the end: a researcher's script that
// reads column n keeps working.
import { z } from "zod";
import { csvCell } from "../platform/stats/table.ts";
import type { SimulationRepository } from "./repository.ts";
import {
  decisionSk,
  simulationPk,
  visitSk,
  type ItemKey,
  type Page,
  type PageFrom,
} from "./repository/table.ts";
import type { DecisionRecord } from "./schemas.ts";
import type { Visit } from "./types.ts";

export const EXPORT_KINDS = ["decisions", "visits"] as const;
export const EXPORT_FORMATS = ["jsonl", "csv"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  jsonl: "application/x-ndjson",
  csv: "text/csv; charset=utf-8",
};

/**
 * A page's body budget: 4 MB leaves room under Lambda's 6 MB for the response envelope (a JSON string
 * escapes quotes and newlines; a body sent base64 grows by a third: 5.3 MB).
 */
export const EXPORT_PAGE_BYTES = 4 * 1024 * 1024;
export const EXPORT_PAGE_ROWS = 5000;

type Cell = string | number | boolean | null | undefined;
type Column<T> = readonly [name: string, value: (row: T) => Cell];

/** A field of one of the result's steps (`steps` is 004's free-form record: step1 … step5, loop2, loop3). */
const stepField = (r: DecisionRecord, path: string, field: string): Cell => {
  let at: unknown = r.result.steps;
  for (const k of path.split(".")) at = (at as Record<string, unknown> | undefined)?.[k];
  const v = (at as Record<string, unknown> | undefined)?.[field];
  if (Array.isArray(v)) return v.join("|");
  return v === undefined || v === null || typeof v === "object" ? null : (v as Cell);
};

/** Steps 3–5 of one store round: round 1 in `steps`, cafés after it in `steps.loop2`, `steps.loop3`. */
const roundColumns = (prefix: string, path: (step: string) => string): Column<DecisionRecord>[] => {
  const col = (step: string, field: string, name = `${step}_${field}`): Column<DecisionRecord> => [
    `${prefix}${name}`,
    (r) => stepField(r, path(step), field),
  ];
  const dest = (field: string): Column<DecisionRecord> => [
    `${prefix}step5_destination_${field}`,
    (r) => stepField(r, `${path("step5")}.destination`, field),
  ];
  return [
    col("step3", "store_name"),
    col("step3", "reason"),
    col("step4", "rating"),
    col("step4", "selected_tags"),
    col("step4", "comment"),
    col("step5", "action"),
    col("step5", "reason"),
    col("step5", "walking_speed"),
    dest("name"),
    dest("lat"),
    dest("lng"),
  ];
};

const DECISION_COLUMNS: Column<DecisionRecord>[] = [
  ["agent_id", (r) => r.agent_id],
  ["agent_type", (r) => r.agent_type],
  ["generation", (r) => r.generation],
  ["day", (r) => r.day],
  ["date", (r) => r.date],
  ["time_slot", (r) => r.time_slot],
  ["decision", (r) => r.result.decision],
  ["step1_eat_in_mangwon", (r) => stepField(r, "step1", "eat_in_mangwon")],
  ["step1_choice", (r) => stepField(r, "step1", "choice")],
  ["step1_reason", (r) => stepField(r, "step1", "reason")],
  ["step2_category", (r) => stepField(r, "step2", "category")],
  ["step2_reason", (r) => stepField(r, "step2", "reason")],
  ...roundColumns("", (step) => step),
  ...roundColumns("loop2_", (step) => `loop2.${step}`),
  ...roundColumns("loop3_", (step) => `loop3.${step}`),
  ["visits", (r) => r.result.visits.length],
  ["next_action", (r) => r.result.next_action],
  ["left_mangwon", (r) => r.result.left_mangwon],
  ["from_name", (r) => r.from.name],
  ["from_lat", (r) => r.from.lat],
  ["from_lng", (r) => r.from.lng],
  ["position_name", (r) => r.result.position?.name],
  ["position_lat", (r) => r.result.position?.lat],
  ["position_lng", (r) => r.result.position?.lng],
  ["engine", (r) => r.engine],
  ["llm_calls", (r) => r.llm_calls],
  ["input_tokens", (r) => r.input_tokens],
  ["output_tokens", (r) => r.output_tokens],
  ["error", (r) => r.result.error],
];

const VISIT_COLUMNS: Column<Visit>[] = [
  ["visit_id", (v) => v.visit_id],
  ["agent_id", (v) => v.agent_id],
  ["day", (v) => v.day],
  ["time_slot", (v) => v.time_slot],
  ["order", (v) => v.order],
  ["store_id", (v) => v.store_id],
  ["store_name", (v) => v.store_name],
  ["category", (v) => v.category],
  ["rating", (v) => v.rating],
  ["tags", (v) => v.tags.join("|")],
  ["comment", (v) => v.comment],
  ["perspective", (v) => v.perspective],
];

/** The CSV columns of each kind, in order (README: "Exporting the raw data"). */
export const EXPORT_COLUMNS: Record<ExportKind, readonly string[]> = {
  decisions: DECISION_COLUMNS.map(([name]) => name),
  visits: VISIT_COLUMNS.map(([name]) => name),
};

/**
 * RFC 4180 (a field with a comma, quote, CR or LF is quoted, its quotes doubled), and safe to open: a
 * text field that begins like a spreadsheet formula is neutralised (shared/platform/stats/table.ts).
 */
export const csvField = (value: Cell): string => csvCell(value);

const csvLine = (cells: Cell[]) => `${cells.map(csvField).join(",")}\r\n`;

/** One row as a line of the format (its terminator included): JSONL keeps the whole record. */
export function encodeRow(kind: ExportKind, format: ExportFormat, row: DecisionRecord | Visit): string {
  if (format === "jsonl") return `${JSON.stringify(row)}\n`;
  return kind === "decisions"
    ? csvLine(DECISION_COLUMNS.map(([, value]) => value(row as DecisionRecord)))
    : csvLine(VISIT_COLUMNS.map(([, value]) => value(row as Visit)));
}

export const csvHeader = (kind: ExportKind) => csvLine([...EXPORT_COLUMNS[kind]]);

const CursorKey = z.strictObject({ pk: z.string().max(200), sk: z.string().max(300) });

export const encodeCursor = (key: ItemKey) => Buffer.from(JSON.stringify(key)).toString("base64url");

/** The key a cursor names, or why it is not one this simulation's export of `kind` gave. */
export function decodeCursor(
  token: string,
  id: string,
  kind: ExportKind,
): { key: ItemKey } | { reason: string } {
  if (!/^[\w-]{1,800}$/.test(token)) return { reason: "이 API가 준 cursor가 아닙니다" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, "base64url").toString());
  } catch {
    return { reason: "이 API가 준 cursor가 아닙니다" };
  }
  const key = CursorKey.safeParse(parsed);
  if (!key.success) return { reason: "이 API가 준 cursor가 아닙니다" };
  if (key.data.pk !== simulationPk(id) || !key.data.sk.startsWith(SK_PREFIX[kind]))
    return { reason: `이 시뮬레이션의 ${kind} cursor가 아닙니다` };
  return { key: key.data };
}

const SK_PREFIX: Record<ExportKind, string> = { decisions: "DECISION#", visits: "VISIT#" };

export interface ExportRequest {
  kind: ExportKind;
  format: ExportFormat;
  /** where the previous page ended (a decoded cursor); absent: from the start, CSV with its header */
  start?: ItemKey;
  maxRows?: number;
  maxBytes?: number;
}

export interface ExportPage {
  body: string;
  rows: number;
  /** the cursor of the next page; absent when this page ends the export */
  next?: string;
}

type Source = Pick<SimulationRepository, "agents" | "visits">;

/** One page of the export: rows read from DynamoDB a page at a time until a budget is reached. */
export async function exportPage(repo: Source, id: string, req: ExportRequest): Promise<ExportPage> {
  const maxRows = req.maxRows ?? EXPORT_PAGE_ROWS;
  const maxBytes = req.maxBytes ?? EXPORT_PAGE_BYTES;
  const from: PageFrom = { start: req.start, limit: maxRows };
  const pages: AsyncGenerator<Page<DecisionRecord | Visit>> =
    req.kind === "decisions" ? repo.agents.decisionPages(id, from) : repo.visits.pages(id, from);
  const keyOf = (row: DecisionRecord | Visit): ItemKey => ({
    pk: simulationPk(id),
    sk: req.kind === "decisions" ? decisionSk(row as DecisionRecord) : visitSk(row as Visit),
  });
  const chunks: string[] = [];
  let bytes = 0;
  let rows = 0;
  if (!req.start && req.format === "csv") {
    chunks.push(csvHeader(req.kind));
    bytes += Buffer.byteLength(chunks[0]!);
  }
  let next: ItemKey | undefined;
  let last: DecisionRecord | Visit | undefined;
  read: for await (const page of pages) {
    for (const row of page) {
      const line = encodeRow(req.kind, req.format, row);
      const size = Buffer.byteLength(line);
      // a full page ends after the last row it holds (one row always goes: the export moves on)
      if (last && (rows === maxRows || bytes + size > maxBytes)) {
        next = keyOf(last);
        break read;
      }
      chunks.push(line);
      bytes += size;
      rows++;
      last = row;
    }
    next = page.next;
    if (!next || rows === maxRows || bytes >= maxBytes) break;
  }
  return { body: chunks.join(""), rows, ...(next ? { next: encodeCursor(next) } : {}) };
}

/** The export as the API serves it: null for a simulation that does not exist. */
export class SimulationExport {
  constructor(private readonly repo: Source & Pick<SimulationRepository, "runs">) {}

  async page(id: string, req: ExportRequest): Promise<ExportPage | null> {
    if (!(await this.repo.runs.get(id))) return null;
    return exportPage(this.repo, id, req);
  }
}
