// A simulation's raw data (issue 15's export), read page by page after X-Next-Cursor: the visits the
// report's day × slot chart and the diary's agent list come from (a few requests, where gathering them
// store by store took one per store), and the files a researcher downloads. Downloads go through
// fetch, not a plain link, so they carry the API key in AWS; the pages are joined into one Blob.
import type { ExportFormat, ExportKind } from "../../shared/simulation/export.ts";
import type { Visit } from "../../shared/simulation/types.ts";
import { api } from "./api.ts";
import { download, h } from "./dom.ts";
import { withRetry } from "./sim-common.ts";
import { StatusLine } from "./ui.ts";

const TYPES: Record<ExportFormat, string> = { jsonl: "application/x-ndjson", csv: "text/csv;charset=utf-8" };

/** Every page of an export, in order (CSV has its header on the first page only: they join as one file). */
export async function exportPages(
  id: string,
  kind: ExportKind,
  format: ExportFormat,
  onPage?: (pages: number) => void,
): Promise<string[]> {
  const base = `v1/simulations/${encodeURIComponent(id)}/export?kind=${kind}&format=${format}`;
  const pages: string[] = [];
  let cursor: string | null = null;
  do {
    const url: string = cursor ? `${base}&cursor=${encodeURIComponent(cursor)}` : base;
    const res: Response = await withRetry(() => api<Response>(url, { raw: true }));
    pages.push(await res.text());
    cursor = res.headers.get("x-next-cursor");
    onPage?.(pages.length);
  } while (cursor);
  return pages;
}

/** Every visit of the simulation, from the JSON Lines export. */
export async function simulationVisits(id: string, onPage?: (pages: number) => void): Promise<Visit[]> {
  const pages = await exportPages(id, "visits", "jsonl", onPage);
  return pages.flatMap((p) =>
    p
      .split("\n")
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as Visit),
  );
}

const FILES: { kind: ExportKind; format: ExportFormat; label: string }[] = [
  { kind: "decisions", format: "csv", label: "결정 CSV" },
  { kind: "decisions", format: "jsonl", label: "결정 JSONL" },
  { kind: "visits", format: "csv", label: "방문 CSV" },
  { kind: "visits", format: "jsonl", label: "방문 JSONL" },
];

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Buttons that download the decisions and the visits as CSV or JSON Lines, every page of them. */
export function downloadsView(id: string): HTMLElement {
  const status = new StatusLine();
  const buttons = FILES.map((f) => {
    const b = h(
      "button",
      { type: "button", class: "secondary", "data-export": `${f.kind}-${f.format}` },
      `${f.label} 내려받기`,
    );
    b.addEventListener("click", () => void get(f));
    return b;
  });
  const get = async (f: (typeof FILES)[number]) => {
    buttons.forEach((b) => (b.disabled = true));
    status.loading(`${f.label}을(를) 받는 중…`);
    try {
      const pages = await exportPages(id, f.kind, f.format, (n) =>
        status.loading(`${f.label}을(를) 받는 중… (${n}쪽)`),
      );
      const blob = new Blob(pages, { type: TYPES[f.format] });
      download(`${id}-${f.kind}.${f.format}`, blob);
      status.say(`${f.label}을(를) 내려받았습니다 (${size(blob.size)}).`);
    } catch (err) {
      status.error(err);
    } finally {
      buttons.forEach((b) => (b.disabled = false));
    }
  };
  return h(
    "section",
    { class: "downloads" },
    h("h3", {}, "원자료 내려받기"),
    h(
      "p",
      { class: "note" },
      "에이전트의 모든 결정(단계별 이유 포함)과 모든 방문을 내려받습니다. 열 순서는 README의 ‘Exporting the raw data’를 따릅니다.",
    ),
    h("div", { class: "row" }, ...buttons),
    status.el,
  );
}
