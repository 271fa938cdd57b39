// An experiment as a page (inline SVG, no scripts, no network, no inline styles: served under the page's CSP),
// and each difference (scenario − baseline) with its 95 % interval across seeds.
import { koLabel } from "../korean/labels.ts";
import type { PairedDifference } from "../platform/stats/interval.ts";
import type { ExperimentStatus } from "./experiment.ts";
import { esc } from "./report-html.ts";

const ARM_COLORS = { baseline: "#4e79a7", scenario: "#f28e2b" };
const fmt = (x: number) => x.toFixed(1);

/** Mean visits per seed in each arm, two bars per category. */
function sideBySide(rows: { label: string; d: PairedDifference }[]): string {
  const max = Math.max(1, ...rows.flatMap((r) => [r.d.baseline, r.d.scenario]));
  const H = 200;
  const group = 80;
  const W = 40 + rows.length * group;
  let svg = `<svg viewBox="0 0 ${W} ${H + 50}" width="720" font-size="12" role="img" aria-label="업종별 방문, 두 군">`;
  rows.forEach((r, i) => {
    const x = 40 + i * group;
    (["baseline", "scenario"] as const).forEach((arm, k) => {
      const v = r.d[arm];
      const h = (v / max) * (H - 20);
      const label = v >= 10 ? v.toFixed(0) : fmt(v); // two labels side by side: keep them short
      svg += `<rect x="${x + k * 32}" y="${H - h}" width="30" height="${h}" fill="${ARM_COLORS[arm]}"><title>${esc(r.label)} ${arm} ${fmt(v)}</title></rect><text x="${x + k * 32 + 15}" y="${H - h - 4}" text-anchor="middle" font-size="11" fill="#555">${label}</text>`;
    });
    svg += `<text x="${x + 31}" y="${H + 16}" text-anchor="middle">${esc(r.label)}</text>`;
  });
  svg += `<rect x="40" y="${H + 30}" width="12" height="12" fill="${ARM_COLORS.baseline}"/><text x="56" y="${H + 41}">baseline</text><rect x="130" y="${H + 30}" width="12" height="12" fill="${ARM_COLORS.scenario}"/><text x="146" y="${H + 41}">scenario</text>`;
  return svg + "</svg>";
}

/** One row per item: the difference as a dot, its interval as a bar, zero as a line. */
function differences(rows: { label: string; d: PairedDifference }[]): string {
  const ends = rows.flatMap((r) => (r.d.ci ? r.d.ci : [r.d.diff]));
  const span = Math.max(1e-9, ...ends.map(Math.abs));
  const W = 700;
  const left = 170;
  const plot = W - left - 180;
  const x = (v: number) => left + plot / 2 + (v / span) * (plot / 2);
  const rowH = 22;
  const H = rows.length * rowH + 10;
  let svg = `<svg viewBox="0 0 ${W} ${H}" width="720" font-size="12" role="img" aria-label="차이와 95 % 구간"><line x1="${x(0)}" y1="0" x2="${x(0)}" y2="${H}" stroke="#999"/>`;
  rows.forEach((r, i) => {
    const y = 14 + i * rowH;
    const { ci, diff } = r.d;
    const color = ci && (ci[0] > 0 || ci[1] < 0) ? "#e15759" : "#555";
    svg += `<text x="${left - 8}" y="${y + 4}" text-anchor="end">${esc(r.label)}</text>`;
    if (ci)
      svg += `<line x1="${x(ci[0])}" y1="${y}" x2="${x(ci[1])}" y2="${y}" stroke="${color}" stroke-width="3"><title>95 % [${fmt(ci[0])}, ${fmt(ci[1])}]</title></line>`;
    svg += `<circle cx="${x(diff)}" cy="${y}" r="4" fill="${color}"/><text x="${W - 170}" y="${y + 4}" font-size="11" fill="#555">${diff > 0 ? "+" : ""}${fmt(diff)}${ci ? ` [${fmt(ci[0])}, ${fmt(ci[1])}]` : ""}</text>`;
  });
  return svg + "</svg>";
}

export function experimentHtml(e: ExperimentStatus): string {
  const { request } = e;
  const arms = e.arms
    .map(
      (a) =>
        `<tr><td>${a.seed}</td><td>${koLabel("experimentArm", a.arm)}</td><td>${esc(a.simulationId)}</td><td>${esc(koLabel("simulationStatus", a.status))}</td><td>${a.completedSlots}/${a.totalSlots}</td></tr>`,
    )
    .join("");
  const c = e.comparison;
  const body = c
    ? `<h2>업종별 방문 (시드당 평균)</h2>${sideBySide(c.categories.map((x) => ({ label: x.category, d: x.visits })))}
<h2>업종별 방문 차이 (시나리오 − 기준, 95 % 구간)</h2>${differences(c.categories.map((x) => ({ label: x.category, d: x.visits })))}
<h2>업종별 방문 비중 차이 (%p)</h2>${differences(c.categories.map((x) => ({ label: x.category, d: percentPoints(x.share) })))}
<h2>시나리오가 바꾼 매장의 방문 차이</h2>${differences([
        ...(c.touched ? [{ label: "바꾼 매장 전체", d: c.touched.visits }] : []),
        ...c.stores
          .filter((s) => s.change !== "unchanged")
          .slice(0, 30)
          .map((s) => ({ label: `${s.name} (${changeLabel[s.change]})`, d: s.visits })),
      ])}
<p>전체 방문: 기준 ${fmt(c.totals.visits.baseline)}, 시나리오 ${fmt(c.totals.visits.scenario)}, 차이 ${fmt(c.totals.visits.diff)}${
        c.totals.visits.ci
          ? ` [${fmt(c.totals.visits.ci[0])}, ${fmt(c.totals.visits.ci[1])}]`
          : " (시드 하나: 구간 없음)"
      }. 구간이 0을 지나지 않는 차이는 빨간색입니다.</p>`
    : `<p><strong>⚠</strong> 두 군의 시뮬레이션이 모두 끝나면 비교가 나옵니다 (상태: ${esc(koLabel("experimentStatus", e.status))}).</p>`;
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>실험 ${esc(e.id)}</title>
</head><body>
<h1>망원동 실험 <small>${esc(e.id)}</small></h1>
<p>${esc(request.scenario.name ?? "시나리오")} · ${request.baseline.days}일 · 시드 ${request.seeds.join(", ")} · 시작일 ${esc(request.baseline.startDate ?? "")} · 상태 <b>${esc(koLabel("experimentStatus", e.status))}</b></p>
${body}
<h2>실험군</h2><table border="1" cellpadding="5" cellspacing="0"><tr><th>시드</th><th>군</th><th>시뮬레이션</th><th>상태</th><th>슬롯</th></tr>${arms}</table>
</body></html>`;
}

const changeLabel = { added: "개점", closed: "폐점", changed: "변경", unchanged: "" } as const;

const percentPoints = (d: PairedDifference): PairedDifference => ({
  ...d,
  baseline: d.baseline * 100,
  scenario: d.scenario * 100,
  diff: d.diff * 100,
  ci: d.ci && [d.ci[0] * 100, d.ci[1] * 100],
});

const interval = (d: PairedDifference) =>
  `${d.diff > 0 ? "+" : ""}${fmt(d.diff)} ${d.ci ? `[${fmt(d.ci[0])}, ${fmt(d.ci[1])}]` : "(시드 하나: 구간 없음)"}`;

/** The comparison as Markdown tables: visits per category, then the stores the scenario touched. */
export function experimentSummary(e: ExperimentStatus): string {
  const c = e.comparison;
  if (!c) return `아직 비교가 없습니다 (상태: ${koLabel("experimentStatus", e.status)})`;
  const rating = (r: { baseline: number | null; scenario: number | null }) =>
    `${r.baseline?.toFixed(2) ?? "–"} → ${r.scenario?.toFixed(2) ?? "–"}`;
  const lines = [
    `시드당 방문 (시드 ${c.seeds}개 평균): 기준 ${fmt(c.totals.visits.baseline)}, 시나리오 ${fmt(c.totals.visits.scenario)}, 차이 ${interval(c.totals.visits)}`,
    "",
    "| 업종 | 기준 | 시나리오 | 차이 [95 %] | 비중 차이 (%p) | 평균 평점 |",
    "|---|---|---|---|---|---|",
    ...c.categories.map(
      (x) =>
        `| ${x.category} | ${fmt(x.visits.baseline)} | ${fmt(x.visits.scenario)} | ${interval(x.visits)} | ${interval(percentPoints(x.share))} | ${rating(x.rating)} |`,
    ),
  ];
  const touched = c.stores.filter((s) => s.change !== "unchanged");
  if (touched.length && c.touched)
    lines.push(
      "",
      "| 매장 | 변화 | 기준 | 시나리오 | 차이 [95 %] | 평균 평점 |",
      "|---|---|---|---|---|---|",
      ...(touched.length > 1
        ? [
            `| 바꾼 매장 ${touched.length}곳 전체 | | ${fmt(c.touched.visits.baseline)} | ${fmt(c.touched.visits.scenario)} | ${interval(c.touched.visits)} | ${rating(c.touched.rating)} |`,
          ]
        : []),
      ...touched.map(
        (s) =>
          `| ${s.name} (${s.store_id}, ${s.category}) | ${changeLabel[s.change]} | ${fmt(s.visits.baseline)} | ${fmt(s.visits.scenario)} | ${interval(s.visits)} | ${rating(s.rating)} |`,
      ),
    );
  return lines.join("\n");
}
