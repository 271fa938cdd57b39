// Rows out as JSON lines or CSV, with a fixed column order, streamed in chunks: a run of hundreds of
// thousands of rows is never one string in memory. Every CSV cell is safe to open in a spreadsheet.

export type ExportFormat = "jsonl" | "csv";

export const CONTENT_TYPE: Record<ExportFormat, string> = {
  jsonl: "application/x-ndjson; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};

/** A text that a spreadsheet would read as a formula: it begins with =, +, -, @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * RFC 4180: a cell with a comma, quote or line break is quoted, quotes doubled; lists and objects as
 * JSON. Safe to open (OWASP's CSV injection advice): a text cell that begins like a formula gets a
 * leading apostrophe and is quoted, so a spreadsheet shows it as text; numbers and booleans are never
 * text, so they stay as they are (a negative number stays a number).
 */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number" || typeof v === "boolean" || typeof v === "bigint") return String(v);
  const text = typeof v === "string" ? v : JSON.stringify(v);
  if (FORMULA_START.test(text)) return `"'${text.replaceAll('"', '""')}"`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
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
