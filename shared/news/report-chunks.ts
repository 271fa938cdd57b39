// How the DynamoDB report cache splits what it stores into items under DynamoDB's 400 KB: an API's
// rows, and the company list as tab-separated lines.
import type { CorpCodeEntry, DartRow } from "../providers/opendart.ts";

/** Chunks under this many bytes of JSON leave room for the item's other attributes within 400 KB. */
export const CHUNK_BYTES = 300_000;

/**
 * Items in order, in chunks whose size stays within `limit`: `base` bytes, plus `bytes(item)` for each
 * item (an item over the limit alone still gets its own chunk). No items: one empty chunk.
 */
export function chunkBy<T>(
  items: readonly T[],
  bytes: (item: T) => number,
  base: number,
  limit: number,
): T[][] {
  let current: T[] = [];
  const chunks = [current];
  let size = base;
  for (const item of items) {
    const n = bytes(item);
    if (current.length > 0 && size + n > limit) {
      current = [];
      chunks.push(current);
      size = base;
    }
    current.push(item);
    size += n;
  }
  return chunks;
}

/** Rows in chunks whose JSON arrays stay within `limit` bytes. */
export const chunkRows = (rows: DartRow[], limit = CHUNK_BYTES): DartRow[][] =>
  chunkBy(rows, (row) => Buffer.byteLength(JSON.stringify(row)) + 1, 2, limit);

// The company list as lines "corp_code\tcorp_name\tstock_code\tmodify_date\tcorp_eng_name": about half
// the bytes of JSON (a line of an older write has no English name)
const CORP_FIELDS = ["corp_code", "corp_name", "stock_code", "modify_date", "corp_eng_name"] as const;
export const corpLine = (e: CorpCodeEntry) =>
  CORP_FIELDS.map((f) => (e[f] ?? "").replace(/[\t\n\r]/g, " ")).join("\t");
export const corpOfLine = (line: string): CorpCodeEntry | undefined => {
  const [corp_code, corp_name, stock_code, modify_date, corp_eng_name] = line.split("\t");
  return corp_code && corp_name !== undefined && stock_code !== undefined && modify_date !== undefined
    ? { corp_code, corp_name, stock_code, modify_date, ...(corp_eng_name ? { corp_eng_name } : {}) }
    : undefined;
};
