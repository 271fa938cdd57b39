// The report's research parts (issue 15): its breakdowns as charts — by generation, resident and
// floating visitor, step 5's actions, who left Mangwon-dong each day — and its provenance, what
// produced the run, folded away for whoever needs to repeat or compare it.
import type { Breakdowns, GroupStats } from "../../shared/simulation/breakdowns.ts";
import type { Provenance } from "../../shared/simulation/provenance.ts";
import { koKey, koLabel } from "../../shared/korean/labels.ts";
import { barChart } from "./charts.ts";
import { h } from "./dom.ts";
import { num, percent } from "./format.ts";
import { colour } from "./map.ts";
import { actionLabel } from "./sim-common.ts";
import { facts } from "./ui.ts";
import { valueView } from "./value-view.ts";

/** Eat-out rate per group, its mean rating beside the bar (short: it must fit by a full bar). */
const groupBars = (groups: Record<string, GroupStats>, label: (k: string) => string) =>
  Object.entries(groups).map(([k, g], i) => ({
    label: label(k),
    value: g.eatOutRate,
    text: `${percent(g.eatOutRate)}${g.meanRating === null ? "" : ` · ★${g.meanRating.toFixed(2)}`}`,
    colour: colour(i + 1),
  }));

export function breakdownsView(b: Breakdowns | undefined, days: number): HTMLElement {
  const box = h("section", { class: "breakdowns" }, h("h3", {}, "세부 분석"));
  if (!b?.turns) {
    box.append(
      h(
        "p",
        { class: "note" },
        "이 시뮬레이션에는 결정 기록이 없어 세부 분석을 그리지 못했습니다 (결정 기록을 남기기 전에 실행한 시뮬레이션).",
      ),
    );
    return box;
  }
  const actions = Object.entries(b.step5Actions).sort((x, y) => y[1] - x[1]);
  const totalActions = actions.reduce((s, [, n]) => s + n, 0);
  box.append(
    h("p", { class: "note" }, `에이전트 턴 ${num(b.turns)}건의 결정 기록에서 계산했습니다.`),
    h(
      "div",
      { class: "charts" },
      barChart(
        "세대별 외식 비율 (★ 평균 평점)",
        groupBars(b.byGeneration, (g) => `${g}세대`),
        { max: 1 },
      ),
      barChart(
        "주민·유동 인구별 외식 비율 (★ 평균 평점)",
        groupBars(b.byAgentType, (t) => koLabel("agentType", t)),
        { max: 1 },
      ),
      actions.length
        ? barChart(
            "식사 뒤 한 일 (5단계 행동)",
            actions.map(([a, n]) => ({
              label: actionLabel(a),
              value: n,
              text: `${num(n)}회 (${percent(n / totalActions)})`,
            })),
          )
        : h("p", { class: "note" }, "5단계(식사 뒤 행동)까지 간 턴이 없습니다."),
      barChart(
        "일자별 망원동을 떠난 유동 인구",
        Array.from({ length: days }, (_, i) => {
          const n = b.leftMangwonByDay[String(i + 1)] ?? 0;
          return { label: `${i + 1}일차`, value: n, text: `${num(n)}명`, colour: colour(4) };
        }),
      ),
    ),
  );
  return box;
}

/** What produced the run, collapsed: engine, model, version, seed, fingerprints and every parameter. */
export function provenanceView(p: Provenance | undefined): HTMLElement {
  const body: HTMLElement[] = p
    ? [
        facts([
          ["엔진", koLabel("engine", p.engine)],
          ["모델", p.model ?? "없음 (LLM을 쓰지 않음)"],
          ["제품 버전", p.version],
          ["시드", p.seed],
          ["시작 날짜", p.startDate],
          ["가게 집합 지문", p.stores],
          ["페르소나 집합 지문", p.personas],
        ]),
        h("h4", {}, "프롬프트 템플릿 지문"),
        facts(Object.entries(p.prompts).map(([k, v]) => [koKey(k), v])),
        h("h4", {}, "매개변수"),
        valueView(p.parameters, "parameters"),
      ]
    : [h("p", { class: "note" }, "이 시뮬레이션에는 출처 기록이 없습니다 (출처를 남기기 전에 만든 기록).")];
  return h(
    "details",
    { class: "plan-box provenance" },
    h("summary", {}, "출처: 이 결과를 만든 엔진, 모델, 버전, 지문"),
    ...body,
  );
}
