// The simulation report as an HTML page with charts (inline SVG, no scripts, no network, no inline styles:
// it is served under the page's Content-Security-Policy, which forbids them; presentation attributes only).
import { koLabel } from "../korean/labels.ts";
import type { Breakdowns, GroupStats } from "./breakdowns.ts";
import type { Calibration } from "./calibration.ts";
import type { SimulationReport } from "./report.ts";
import { SLOT_NAMES, TIME_SLOTS } from "./types.ts";

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const COLORS = [
  "#4e79a7",
  "#f28e2b",
  "#e15759",
  "#76b7b2",
  "#59a14f",
  "#edc948",
  "#b07aa1",
  "#ff9da7",
  "#9c755f",
];

function stackedBars(data: Record<string, Record<string, number>>): string {
  const cats = Object.keys(data)
    .sort()
    .map((name) => ({ name, bySlot: data[name] ?? {} }));
  const totals = TIME_SLOTS.map((s) => cats.reduce((n, c) => n + (c.bySlot[s] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const W = 560,
    H = 240,
    barW = 80,
    gap = (W - 60 - barW * 4) / 4;
  let svg = `<svg viewBox="0 0 ${W} ${H + 60}" width="600" font-size="12" role="img" aria-label="시간대별·업종별 방문">`;
  TIME_SLOTS.forEach((slot, i) => {
    let y = H;
    const x = 50 + i * (barW + gap);
    cats.forEach((c, k) => {
      const n = c.bySlot[slot] ?? 0;
      const h = (n / max) * (H - 20);
      if (h > 0)
        svg += `<rect x="${x}" y="${y - h}" width="${barW}" height="${h}" fill="${COLORS[k % COLORS.length]}"><title>${esc(c.name)} ${n}</title></rect>`;
      y -= h;
    });
    svg += `<text x="${x + barW / 2}" y="${H + 18}" text-anchor="middle">${SLOT_NAMES[slot]} ${slot}</text><text x="${x + barW / 2}" y="${y - 4}" text-anchor="middle" font-size="11" fill="#555">${totals[i]}</text>`;
  });
  cats.forEach(
    (c, k) =>
      (svg += `<rect x="${50 + k * 62}" y="${H + 32}" width="12" height="12" fill="${COLORS[k % COLORS.length]}"/><text x="${66 + k * 62}" y="${H + 43}">${esc(c.name)}</text>`),
  );
  return svg + "</svg>";
}

function histogram(dist: Record<string, number>): string {
  const max = Math.max(1, ...Object.values(dist));
  const W = 360,
    H = 180;
  let svg = `<svg viewBox="0 0 ${W} ${H + 30}" width="600" font-size="12" role="img" aria-label="평점 분포">`;
  ["1", "2", "3", "4", "5"].forEach((r, i) => {
    const n = dist[r] ?? 0;
    const h = (n / max) * (H - 20);
    const x = 20 + i * 68;
    svg += `<rect x="${x}" y="${H - h}" width="52" height="${h}" fill="${["#e15759", "#f28e2b", "#edc948", "#59a14f", "#4e79a7"][i]}"/><text x="${x + 26}" y="${H + 18}" text-anchor="middle">★${r}</text><text x="${x + 26}" y="${H - h - 4}" text-anchor="middle" font-size="11" fill="#555">${n}</text>`;
  });
  return svg + "</svg>";
}

export function reportHtml(r: SimulationReport): string {
  const s = r.simulation;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  // one SVG bar of the three shares (presentation attributes: the page's CSP forbids inline styles)
  let at = 0;
  const shareBar = `<svg viewBox="0 0 600 18" width="600" role="img" aria-label="결정 비율">${(
    ["visit", "stay_home", "llm_failed"] as const
  )
    .map((k, i) => {
      const w = r.decisions.shares[k] * 600;
      const rect = `<rect x="${at}" y="0" width="${w}" height="18" fill="${["#59a14f", "#bab0ac", "#e15759"][i]}"><title>${koLabel("decision", k)} ${pct(r.decisions.shares[k])}</title></rect>`;
      at += w;
      return rect;
    })
    .join("")}</svg>`;
  const storeRows = r.stores
    .slice(0, 15)
    .map(
      (x) =>
        `<tr><td>${esc(x.name)}</td><td>${esc(x.category)}</td><td>${x.visits}</td><td>${x.average ?? "–"}</td><td>${esc(
          Object.entries(x.tags)
            .map(([t, n]) => `${t} ${n}`)
            .join(", "),
        )}</td></tr>`,
    )
    .join("");
  const comments = r.sampleComments
    .map(
      (c) =>
        `<li><b>${"★".repeat(c.rating)}</b> ${esc(c.store_name)} — “${esc(c.comment)}” <small>${c.agent_id}, ${c.day}일차 ${c.time_slot}</small></li>`,
    )
    .join("");
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>망원동 시뮬레이션 ${esc(s.id)}</title>
</head><body>
<h1>망원동 시뮬레이션 <small>${esc(s.id)}</small></h1>
${s.synthetic ? "<p><strong>⚠</strong> 매장 데이터는 생성한 데모 데이터(합성 데이터)입니다. 실제 매장이 아닙니다.</p>" : ""}
<table border="1" cellpadding="8" cellspacing="0"><tr><th>상태</th><th>기간</th><th>에이전트</th><th>슬롯</th><th>방문</th><th>엔진</th><th>LLM 호출</th></tr>
<tr><td><b>${esc(koLabel("simulationStatus", s.status))}</b></td><td><b>${s.days}일</b></td><td><b>${s.agents}</b></td><td><b>${s.completedSlots}/${s.totalSlots}</b></td><td><b>${r.decisions.visit}</b></td><td><b>${esc(koLabel("engine", s.engine))}</b></td><td><b>${s.llmCalls}</b></td></tr></table>
<h2>결정 비율</h2><div>${shareBar}</div>
<div>${(["visit", "stay_home", "llm_failed"] as const).map((k, i) => `<span>${["🟩", "⬜", "🟥"][i]} ${koLabel("decision", k)} ${pct(r.decisions.shares[k])}</span>`).join(" · ")}</div>
<h2>시간대별·업종별 방문</h2>${stackedBars(r.visitsByCategoryAndSlot)}
<h2>평점 분포</h2>${histogram(r.ratingDistribution)}
<h2>많이 방문한 매장</h2><table border="1" cellpadding="5" cellspacing="0"><tr><th>매장</th><th>업종</th><th>방문</th><th>평균 평점</th><th>태그</th></tr>${storeRows}</table>
<h2>한줄평</h2><ul>${comments}</ul>
${calibrationHtml(r.calibration)}
${breakdownsHtml(r.breakdowns)}
</body></html>`;
}

/** Horizontal bars, one per key, largest first. */
function hbars(data: Record<string, number>, label: string): string {
  const rows = Object.entries(data).sort((a, b) => b[1] - a[1]);
  const max = Math.max(1, ...rows.map(([, n]) => n));
  let svg = `<svg viewBox="0 0 560 ${rows.length * 24 + 8}" width="600" font-size="12" role="img" aria-label="${esc(label)}">`;
  rows.forEach(([k, n], i) => {
    const w = (n / max) * 360;
    svg += `<text x="130" y="${i * 24 + 19}" text-anchor="end">${esc(k)}</text><rect x="138" y="${i * 24 + 6}" width="${w}" height="16" fill="${COLORS[i % COLORS.length]}"/><text x="${144 + w}" y="${i * 24 + 19}" font-size="11" fill="#555">${n}</text>`;
  });
  return svg + "</svg>";
}

/** Step 5's actions as a person reads them (카페_가기 → 카페 가기; a turn without one: 없음). */
const actionNames = (counts: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(counts).map(([a, n]) => [koLabel("nextAction", a).replaceAll("_", " "), n]),
  );

/** The breakdowns as tables and bars; a simulation without kept decisions says so. */
function breakdownsHtml(b: Breakdowns): string {
  if (!b.turns) return "<h2>세부 분석</h2><p>이 시뮬레이션에는 결정 기록이 없습니다 (기록 도입 전 실행).</p>";
  const table = (head: string, groups: Record<string, GroupStats>, name = (k: string) => k) =>
    `<table border="1" cellpadding="5" cellspacing="0"><tr><th>${head}</th><th>결정</th><th>외식 비율</th><th>방문</th><th>평균 평점</th></tr>${Object.entries(
      groups,
    )
      .map(
        ([k, g]) =>
          `<tr><td>${esc(name(k))}</td><td>${g.turns}</td><td>${(g.eatOutRate * 100).toFixed(1)}%</td><td>${g.visits}</td><td>${g.meanRating ?? "–"}</td></tr>`,
      )
      .join("")}</table>`;
  const days = Object.entries(b.leftMangwonByDay)
    .map(([d, n]) => `<tr><td>${esc(d)}일차</td><td>${n}</td></tr>`)
    .join("");
  return `<h2>세부 분석 (결정 ${b.turns}건)</h2>
${table("세대", b.byGeneration)}
${table("유형", b.byAgentType, (k) => koLabel("agentType", k))}
<h3>5단계 행동 (카페 루프 포함)</h3>${hbars(actionNames(b.step5Actions), "5단계 행동")}
<h3>턴마다 마지막 행동</h3>${hbars(actionNames(b.nextAction), "턴마다 마지막 행동")}
<h3>망원동을 떠난 유동 인구</h3><table border="1" cellpadding="5" cellspacing="0"><tr><th>일차</th><th>떠남</th></tr>${days || '<tr><td colspan="2">없음</td></tr>'}</table>`;
}

/** The calibration as tables: rates by slot against 004's reference, day types, spread and memory. */
function calibrationHtml(c: Calibration): string {
  const pct = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)}%`);
  const slots = TIME_SLOTS.map(
    (t) =>
      `<tr><td>${SLOT_NAMES[t]} ${t}</td><td>${pct(c.eatOutRateBySlot[t] ?? 0)}</td><td>${pct(c.referenceEatOutRateBySlot[t] ?? 0)}</td><td>${esc(c.topCategoryBySlot[t] ?? "–")}</td></tr>`,
  ).join("");
  const days = Object.entries(c.byDayType)
    .map(
      ([k, v]) =>
        `<tr><td>${esc(koLabel("dayType", k))}</td><td>${v.days}</td><td>${v.turns}</td><td>${pct(v.eatOutRate)}</td></tr>`,
    )
    .join("");
  const cats = Object.entries(c.categoryShareVsStoreShare)
    .map(
      ([k, v]) =>
        `<tr><td>${esc(k)}</td><td>${pct(v.visitShare)}</td><td>${pct(v.storeShare)}</td><td>${v.ratio ?? "–"}</td></tr>`,
    )
    .join("");
  const active = c.activeAgentsByDay.map((d) => `${d.day}일차 ${d.residents}/${d.floating}`).join(" · ");
  const m = c.revisitRateByOwnRating;
  return `<h2>보정 지표 (엔진: ${esc(koLabel("engine", c.engine))})</h2>
${c.engine === "offline" ? "<p><strong>⚠</strong> 오프라인 엔진은 004의 LLM 에이전트를 대신하는 규칙 기반 정책입니다: 이 수치는 그 정책의 것입니다.</p>" : ""}
<table border="1" cellpadding="5" cellspacing="0"><tr><th>시간대</th><th>외식 비율</th><th>004 기준</th><th>가장 많은 업종</th></tr>${slots}</table>
<table border="1" cellpadding="5" cellspacing="0"><tr><th>요일 구분</th><th>일수</th><th>결정</th><th>외식 비율</th></tr>${days}</table>
<table border="1" cellpadding="5" cellspacing="0"><tr><th>업종</th><th>방문 비중</th><th>매장 비중</th><th>배율</th></tr>${cats}</table>
<p>재방문(같은 업종의 다음 방문이 같은 매장): 내 평점 ≥ 4 → ${pct(m.high)} (n=${m.nHigh}), ≤ 2 → ${pct(m.low)} (n=${m.nLow}).
가격이 설명하는 평점 분산 R² = ${c.priceVarianceExplained ?? "–"}. 활동 에이전트(주민/유동): ${active}</p>`;
}
