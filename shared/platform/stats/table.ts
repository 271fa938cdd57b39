// Rows out as JSON lines or CSV, with a fixed column order, streamed in chunks: a run of hundreds of
// thousands of rows is never one string in memory.

export type ExportFormat = "jsonl" | "csv";

export const CONTENT_TYPE: Record<ExportFormat, string> = {
  jsonl: "application/x-ndjson; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};

/** RFC 4180: a cell with a comma, quote or line break is quoted, quotes doubled; lists and objects as JSON. */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return "";
  const s =
    typeof v === "string"
      ? v
      : typeof v === "number" || typeof v === "boolean"
        ? String(v)
        : JSON.stringify(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One row as a line of the format, its fields in `columns` order (a missing field is null / empty). */
export function encodeRow(row: Record<string, unknown>, columns: readonly string[], format: ExportFormat) {
  if (format === "csv") return `${columns.map((c) => csvCell(row[c])).join(",")}\r\n`;
  const ordered: Record<string, unknown> = {};
  for (const c of columns) ordered[c] = row[c] ?? null;
  return `${JSON.stringify(ordered)}\n`;
}

/** The rows as text chunks of about `chunkChars` (a CSV starts with its header line). */
export async function* encodeRows(
  rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>,
  columns: readonly string[],
  format: ExportFormat,
  chunkChars = 64 * 1024,
): AsyncGenerator<string> {
  let chunk = format === "csv" ? `${columns.map(csvCell).join(",")}\r\n` : "";
  for await (const row of rows) {
    chunk += encodeRow(row, columns, format);
    if (chunk.length >= chunkChars) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}
