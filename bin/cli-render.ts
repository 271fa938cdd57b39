// What the command line prints for people: tables whose columns line up in a terminal (a Hangul
// syllable takes two columns), the places of a search, a simulation's figures, Korean names of states.
import { koLabel } from "../shared/korean/labels.ts";
import type { AgentResponse } from "../shared/places/place.ts";

/** Columns a character takes in a terminal: East Asian wide and full-width ones take two. */
function columns(ch: number): number {
  return (ch >= 0x1100 && ch <= 0x115f) ||
    (ch >= 0x2e80 && ch <= 0xa4cf) ||
    (ch >= 0xac00 && ch <= 0xd7a3) ||
    (ch >= 0xf900 && ch <= 0xfaff) ||
    (ch >= 0xfe30 && ch <= 0xfe4f) ||
    (ch >= 0xff00 && ch <= 0xff60) ||
    (ch >= 0xffe0 && ch <= 0xffe6) ||
    (ch >= 0x1f300 && ch <= 0x1faff)
    ? 2
    : 1;
}

export const width = (s: string) => [...s].reduce((n, c) => n + columns(c.codePointAt(0)!), 0);

/** Cut to at most `max` columns, with … where it was cut. */
export function clip(s: string, max: number): string {
  if (width(s) <= max) return s;
  let out = "";
  for (const c of s) {
    if (width(out + c) > max - 1) break;
    out += c;
  }
  return `${out}…`;
}

const pad = (s: string, w: number, right: boolean) => {
  const fill = " ".repeat(Math.max(0, w - width(s)));
  return right ? fill + s : s + fill;
};

/** A plain-text table; `right` names the columns aligned right (numbers). */
export function table(header: string[], rows: string[][], right: ReadonlySet<number> = new Set()): string {
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ""))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => pad(c, widths[i]!, right.has(i)))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "─".repeat(w))), ...rows.map(line)].join("\n") + "\n";
}

const num = (n: number) => n.toLocaleString("ko-KR");

/** Metres as a person reads them: 850 m, 1.2 km. */
export const distance = (m: number | null | undefined) =>
  m === null || m === undefined ? "" : m < 1000 ? `${Math.round(m)} m` : `${(m / 1000).toFixed(1)} km`;

/** Places as a table: number, name, category, distance, address. */
function placeRows(places: AgentResponse["places"]): string {
  const rows = places.map((p, i) => [
    String(i + 1),
    clip(p.displayName, 28),
    clip(p.category ?? p.categoryGroupName ?? p.categoryName, 16),
    distance(p.distance ?? p.distanceFromCenter),
    clip(p.roadAddress || p.formattedAddress, 40),
  ]);
  return table(["#", "이름", "분류", "거리", "주소"], rows, new Set([0, 3])).trimEnd();
}

/**
 * A search's answer: its first sentence, the places as a table, the near kinds apart (when too few of
 * the asked kind were found), then what the answer says of itself and where its places came from.
 */
export function placesText(r: AgentResponse): string {
  const lines: string[] = [];
  if (r.summary) lines.push(r.summary);
  if (r.places.length) lines.push(placeRows(r.places));
  else if (!r.summary)
    lines.push(`찾은 곳이 없습니다${r.meta.emptyReason ? `: ${r.meta.emptyReason.message}` : "."}`);
  if (r.alternatives?.places.length)
    lines.push(
      `가까운 종류 (${r.alternatives.kinds.join(", ")}): 찾는 종류가 아닙니다`,
      placeRows(r.alternatives.places),
    );
  if (r.meta.suggestion) lines.push(r.meta.suggestion);
  const shown = r.places.length;
  lines.push(
    `${num(shown)}곳${r.totalCount > shown ? ` (전체 ${num(r.totalCount)}곳)` : ""} · 출처 ${dataSourceName(r.meta.dataSource)}${r.meta.page?.next ? " · 다음 쪽이 있습니다 (--json의 meta.page.next)" : ""}`,
  );
  if (r.meta.synthetic || r.disclaimer)
    lines.push(r.disclaimer ?? "내장 데모 데이터는 생성된 가상 장소입니다. 실제 가게가 아닙니다.");
  return lines.join("\n") + "\n";
}

/** meta.dataSource as a person reads it, saying when it is generated. */
export const dataSourceName = (s: string) =>
  `${koLabel("dataSource", s)}${s === "embedded-demo" ? " (가상)" : ""}`;

export const statusName = (s: string) => koLabel("simulationStatus", s);

export interface SimulationFigures {
  status: string;
  completedSlots: number;
  totalSlots: number;
  agentTurns: number;
  visit: number;
  stayHome: number;
  llmFailed: number;
  llmCalls: number;
  synthetic?: boolean;
  error?: string;
}

/** A finished (or stopped) run's figures, one per line. */
export function simulationText(id: string, f: SimulationFigures): string {
  return (
    [
      `시뮬레이션 ${id}: ${statusName(f.status)}${f.error ? ` (${f.error})` : ""}`,
      `  슬롯        ${num(f.completedSlots)} / ${num(f.totalSlots)}`,
      `  결정        ${num(f.agentTurns)}건 — 방문 ${num(f.visit)}, 집에 머묾 ${num(f.stayHome)}, LLM 실패 ${num(f.llmFailed)}`,
      `  LLM 호출    ${num(f.llmCalls)}회`,
      ...(f.synthetic ? ["  가상 주민과 가상 가게로 만든 결과입니다 (실제 관측이 아닙니다)"] : []),
    ].join("\n") + "\n"
  );
}
