// Reads the vendored datasets. The files sit next to this module in the source tree and next to the
// bundle in a Lambda asset (the CDK bundling step copies them), so one relative URL serves both.
import { readFileSync } from "node:fs";

export function readDataFile(name: string): string {
  return readFileSync(new URL(`./${name}`, import.meta.url), "utf8");
}

/** Splits one CSV line (quoted fields, doubled quotes). Our datasets have no newlines inside fields. */
export function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      out.push(field);
      field = "";
    } else field += ch;
  }
  out.push(field);
  return out;
}

/** A whole CSV file (a UTF-8 BOM is dropped) as rows keyed by the header. */
export function parseCsv(text: string): Record<string, string>[] {
  const [header, ...rows] = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((l) => l.trim() !== "")
    .map(splitCsvLine);
  if (!header) return [];
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""])));
}
