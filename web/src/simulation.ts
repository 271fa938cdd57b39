// The neighbourhood simulation (seed 004): start one, watch it slot by slot, then its report as charts,
// its breakdowns, provenance and raw data, the stores on the map sized by visits, and an agent's diary
// from its decisions (diary.ts).
import type * as L from "leaflet";
import type { Breakdowns } from "../../shared/simulation/breakdowns.ts";
import type { SimulationReport } from "../../shared/simulation/report.ts";
import type { SimulationMeta } from "../../shared/simulation/schemas.ts";
import type { Visit } from "../../shared/simulation/types.ts";
import { koKey, koLabel } from "../../shared/korean/labels.ts";
import { api } from "./api.ts";
import { barChart, heatmap, stackedColumns } from "./charts.ts";
import { AgentDiary } from "./diary.ts";
import { fill, h } from "./dom.ts";
import { SpendPreview } from "./estimate.ts";
import { num, percent, stars } from "./format.ts";
import { badgeMarker, colour, syncListAndMap, type MapPane } from "./map.ts";
import { breakdownsView, provenanceView } from "./sim-breakdowns.ts";
import { SLOT_NAME, SLOTS, sleep, slotLabel, withRetry } from "./sim-common.ts";
import { downloadsView, simulationVisits } from "./sim-data.ts";
import { busy, facts, StatusLine, syntheticBanner } from "./ui.ts";
import { valueView } from "./value-view.ts";

type Status = SimulationMeta & { progress: { completedSlots: number; totalSlots: number; percent: number } };
/** The report as the API sends it; older servers' reports lack the later parts (calibration, breakdowns). */
type Report = Omit<SimulationReport, "calibration" | "breakdowns"> & {
  calibration?: unknown;
  breakdowns?: Breakdowns;
};

const POLL_MS = 1000;

/** A slot key as the simulation record writes it: d01#07:00. */
const slotKey = (day: number, slot: string) => `d${String(day).padStart(2, "0")}#${slot}`;

const isRecordOf = (v: unknown, test: (x: unknown) => boolean): v is Record<string, never> =>
  !!v &&
  typeof v === "object" &&
  !Array.isArray(v) &&
  Object.values(v).length > 0 &&
  Object.values(v).every(test);

/** Korean names for the calibration figures issue 14 lists; others show under their own key. */
const CALIBRATION_NAMES: Record<string, string> = {
  topCategoryBySlot: "시간대별 가장 많이 간 카테고리",
  categoryShareVsStoreShare: "카테고리별 방문 비중과 가게 수 비중",
  revisitRateByOwnRating: "자기 평점에 따른 재방문율",
  byDayType: "평일·주말·공휴일",
};

/** The report's `calibration`, when the report has it: known figures as charts, the rest as tables. */
function calibrationView(cal: unknown): HTMLElement {
  const box = h("section", { class: "calibration" }, h("h3", {}, "보정 지표"));
  if (!cal || typeof cal !== "object") {
    box.append(
      h(
        "p",
        { class: "note" },
        "이 보고서에는 보정 지표가 없습니다. 보고서에 보정 지표가 들어 있으면 여기에 그립니다.",
      ),
    );
    return box;
  }
  const c = { ...(cal as Record<string, unknown>) };
  if (typeof c.engine === "string") {
    box.append(h("p", {}, `계산한 엔진: ${koLabel("engine", c.engine)}`));
    delete c.engine;
  }
  const rates = c.eatOutRateBySlot;
  if (isRecordOf(rates, (x) => typeof x === "number")) {
    const r = rates as Record<string, number>;
    box.append(
      barChart(
        "시간대별 외식 비율",
        Object.entries(r).map(([slot, v]) => ({ label: slotLabel(slot), value: v, text: percent(v, 1) })),
        { max: 1 },
      ),
    );
    delete c.eatOutRateBySlot;
  }
  const active = c.activeAgentsByDay;
  if (
    Array.isArray(active) &&
    active.every((d) => d && typeof d === "object" && typeof (d as { day?: unknown }).day === "number")
  ) {
    const days = active as { day: number; residents?: number; floating?: number }[];
    box.append(
      stackedColumns(
        "일자별 활동한 에이전트",
        days.map((d) => `${d.day}일`),
        [
          { name: "주민", colour: colour(1), values: days.map((d) => d.residents ?? 0) },
          { name: "유동 인구", colour: colour(4), values: days.map((d) => d.floating ?? 0) },
        ],
      ),
    );
    delete c.activeAgentsByDay;
  }
  for (const [k, v] of Object.entries(c))
    box.append(h("h4", {}, CALIBRATION_NAMES[k] ?? koKey(k)), valueView(v, k));
  return box;
}

export class SimulationView {
  readonly el: HTMLElement;
  private readonly form: HTMLFormElement;
  private readonly status = new StatusLine();
  private readonly progress = h("div", { class: "progress-box", "aria-live": "polite" });
  private readonly results = h("div", { class: "results" });
  /** the current watch: a newer one (another simulation, or the same one opened again) ends the older poll */
  private watching: object | null = null;
  private startDateField: string | null = null;
  private readonly estimate = new SpendPreview(() => this.body(true));

  constructor(
    private readonly pane: MapPane,
    private readonly onStarted: (id: string) => void,
  ) {
    const num = (id: string, label: string, attrs: Record<string, string | number>) =>
      h(
        "label",
        { for: id },
        label,
        h("input", { id, name: id, type: "number", inputmode: "numeric", ...attrs }),
      );
    this.form = h(
      "form",
      { class: "ask sim-form" },
      h("p", { class: "lead" }, "망원동의 가상 주민과 방문객이 시간대마다 어디서 먹을지 정하고 평가합니다."),
      h(
        "div",
        { class: "grid" },
        num("sim-agents", "에이전트 수", { placeholder: "기본 160", min: 1, max: 500 }),
        num("sim-days", "일수", { value: 1, min: 1, max: 14, required: "" }),
        num("sim-seed", "시드", { value: 42, min: 0, required: "" }),
        h(
          "label",
          { for: "sim-start", id: "sim-start-label", hidden: true },
          "시작 날짜",
          h("input", { id: "sim-start", name: "sim-start", type: "date" }),
        ),
      ),
      h("p", { class: "note", id: "sim-start-note", hidden: true }),
      this.estimate.el,
      h("div", { class: "row" }, h("button", { type: "submit" }, "시뮬레이션 시작")),
    );
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      void this.start();
    });
    this.form.addEventListener("input", () => this.estimate.schedule());
    this.el = h(
      "section",
      { id: "view-sim", class: "view", "aria-labelledby": "tab-sim" },
      this.form,
      this.status.el,
      this.progress,
      this.results,
    );
  }

  /** Shows the start date when the API takes one (read from its OpenAPI document, not assumed). */
  async prepare(): Promise<void> {
    if (this.startDateField !== null) return;
    this.startDateField = "";
    try {
      const doc = await api<{
        paths?: Record<
          string,
          { post?: { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } } }
        >;
      }>("openapi.json");
      const props =
        doc.paths?.["/v1/simulations"]?.post?.requestBody?.content?.["application/json"]?.schema
          ?.properties ?? {};
      this.startDateField = Object.keys(props).find((k) => /^start_?date$/i.test(k)) ?? "";
    } catch {
      // without the document the form offers what every version takes
    }
    const label = this.el.querySelector<HTMLElement>("#sim-start-label")!;
    const note = this.el.querySelector<HTMLElement>("#sim-start-note")!;
    label.hidden = !this.startDateField;
    note.hidden = Boolean(this.startDateField);
    note.textContent =
      "이 서버의 시뮬레이션 API는 아직 시작 날짜를 받지 않습니다 (요일과 공휴일은 반영되지 않음).";
    this.estimate.schedule();
  }

  private field(id: string): number | undefined {
    const v = this.el.querySelector<HTMLInputElement>(`#${id}`)!.value.trim();
    return v === "" ? undefined : Number(v);
  }

  /**
   * The start's body as the form has it. `complete`: null until days and seed are filled (the
   * estimate waits for them; a start sends what there is and the API names what is missing).
   */
  private body(complete = false): Record<string, unknown> | null {
    const body: Record<string, unknown> = { days: this.field("sim-days"), seed: this.field("sim-seed") };
    if (complete && (body.days === undefined || body.seed === undefined)) return null;
    const agents = this.field("sim-agents");
    if (agents !== undefined) body.agents = agents;
    const date = this.el.querySelector<HTMLInputElement>("#sim-start")!.value;
    if (this.startDateField && date) body[this.startDateField] = date;
    return body;
  }

  private async start(): Promise<void> {
    const body = this.body()!;
    const accepted = await busy(this.form, this.el, this.status, "시뮬레이션을 시작하는 중…", () =>
      api<{ id: string }>("v1/simulations", { body }),
    );
    if (!accepted) return;
    this.onStarted(accepted.id);
    void this.watch(accepted.id);
  }

  /** Follows a simulation until it ends, then shows its report. */
  async watch(id: string): Promise<void> {
    const watch = {};
    this.watching = watch;
    fill(this.results);
    this.pane.layer("sim");
    this.status.loading(`시뮬레이션 ${id} 상태를 불러오는 중…`);
    let shown = false;
    while (this.watching === watch) {
      let s: Status;
      try {
        s = await withRetry(() => api<Status>(`v1/simulations/${encodeURIComponent(id)}`));
      } catch (err) {
        this.status.error(err);
        return;
      }
      if (this.watching !== watch) return;
      this.status.clear();
      if (!shown) this.showParams(s);
      shown = true;
      this.showProgress(s);
      if (s.status !== "pending" && s.status !== "running") {
        await this.loadReport(id, watch);
        return;
      }
      await sleep(POLL_MS);
    }
  }

  /** The run's parameters in the form, once a watch begins: what it ran with, for a new start to repeat or vary. */
  private showParams(s: Status): void {
    const set = (id: string, v: string | number | undefined) => {
      this.el.querySelector<HTMLInputElement>(`#${id}`)!.value = v === undefined ? "" : String(v);
    };
    set("sim-agents", s.agents);
    set("sim-days", s.days);
    set("sim-seed", s.seed);
    set("sim-start", s.startDate);
    this.estimate.schedule();
  }

  private showProgress(s: Status): void {
    const done = new Set(s.completedSlots);
    const days = Array.from({ length: s.days }, (_, i) => i + 1);
    const firstOpen = days.flatMap((d) => SLOTS.map((sl) => slotKey(d, sl))).find((k) => !done.has(k));
    const grid = h(
      "table",
      { class: "slots" },
      h("caption", {}, "시간대별 진행"),
      h(
        "thead",
        {},
        h("tr", {}, h("th", {}, ""), ...SLOTS.map((sl) => h("th", { scope: "col" }, slotLabel(sl)))),
      ),
      h(
        "tbody",
        {},
        ...days.map((d) =>
          h(
            "tr",
            {},
            h("th", { scope: "row" }, `${d}일차`),
            ...SLOTS.map((sl) => {
              const k = slotKey(d, sl);
              const state = done.has(k)
                ? "done"
                : s.status === "running" && k === firstOpen
                  ? "running"
                  : "waiting";
              const text = { done: "완료", running: "진행 중", waiting: "대기" }[state];
              return h("td", { class: `slot slot-${state}`, "data-slot": k }, text);
            }),
          ),
        ),
      ),
    );
    const d = s.decisions;
    fill(
      this.progress,
      h(
        "p",
        { class: "summary" },
        h("strong", {}, koLabel("simulationStatus", s.status)),
        ` · ${s.id} · ${s.progress.completedSlots}/${s.progress.totalSlots} 슬롯 (${s.progress.percent}%)`,
      ),
      h("progress", { max: s.progress.totalSlots, value: s.progress.completedSlots, "aria-label": "진행률" }),
      h(
        "p",
        {},
        `결정 ${num(d.agent_turns ?? 0)}건 — ${(["visit", "stay_home", "llm_failed"] as const).map((k) => `${koLabel("decision", k)} ${num(d[k] ?? 0)}`).join(", ")} · 엔진 ${koLabel("engine", s.engine)} · 에이전트 ${num(s.agents)}명 · 시드 ${s.seed}`,
      ),
      s.error ? h("p", { class: "status is-error", role: "alert" }, `실패 이유: ${s.error}`) : null,
      grid,
    );
  }

  private async loadReport(id: string, watch: object): Promise<void> {
    const region = this.results;
    const report = await busy(this.form, region, this.status, "보고서를 불러오는 중…", () =>
      withRetry(() => api<Report>(`v1/simulations/${encodeURIComponent(id)}/report`)),
    );
    if (!report || this.watching !== watch) return;
    // the visits (for the day × slot chart and the diary's agents) come from the export, page by page
    const visits = await busy(this.form, region, this.status, "방문 기록을 불러오는 중…", () =>
      simulationVisits(id, (n) => this.status.loading(`방문 기록을 불러오는 중… (${n}쪽)`)),
    );
    if (this.watching !== watch) return;
    try {
      this.showReport(report, visits ?? null);
    } catch (err) {
      this.status.error(err);
    }
  }

  private showReport(r: Report, visits: Visit[] | null): void {
    const sim = r.simulation;
    const layer = this.pane.layer("sim"); // the stores and the diary's path draw afresh
    const categories = Object.keys(r.visitsByCategoryAndSlot);
    const catColour = (c: string) => colour(categories.indexOf(c));
    const slots = [
      ...new Set([...SLOTS, ...Object.values(r.visitsByCategoryAndSlot).flatMap((x) => Object.keys(x))]),
    ];
    const days = Array.from({ length: sim.days }, (_, i) => i + 1);

    const byDaySlot = visits
      ? days.map((d) => slots.map((sl) => visits.filter((v) => v.day === d && v.time_slot === sl).length))
      : null;
    const rated = r.stores.filter((s) => s.average !== null);
    const best = [...rated].sort((a, b) => b.average! - a.average! || b.visits - a.visits).slice(0, 10);

    const charts = h(
      "div",
      { class: "charts" },
      byDaySlot
        ? heatmap(
            "일자 × 시간대별 방문",
            days.map((d) => `${d}일차`),
            slots.map((s) => SLOT_NAME[s] ?? s),
            byDaySlot,
          )
        : h(
            "p",
            { class: "status is-error" },
            "방문 기록을 불러오지 못해 일자별 방문 그래프를 그리지 못했습니다.",
          ),
      stackedColumns(
        "시간대별 카테고리 방문",
        slots.map((s) => SLOT_NAME[s] ?? s),
        categories.map((c) => ({
          name: c,
          colour: catColour(c),
          values: slots.map((s) => r.visitsByCategoryAndSlot[c]?.[s] ?? 0),
        })),
      ),
      barChart(
        "가장 많이 방문한 가게",
        r.stores.slice(0, 10).map((s) => ({
          label: s.name,
          value: s.visits,
          text: `${s.visits}회`,
          colour: catColour(s.category),
        })),
      ),
      barChart(
        "평점이 가장 높은 가게",
        best.map((s) => ({
          label: s.name,
          value: s.average!,
          text: `${s.average!.toFixed(2)} (${s.visits}회)`,
          colour: catColour(s.category),
        })),
        { max: 5 },
      ),
      barChart(
        "평점 분포",
        Object.entries(r.ratingDistribution).map(([k, v]) => ({ label: `${k}점`, value: v, text: `${v}건` })),
      ),
      barChart(
        "결정",
        (["visit", "stay_home", "llm_failed"] as const).map((k) => ({
          label: koLabel("decision", k),
          value: r.decisions.shares[k],
          text: `${percent(r.decisions.shares[k], 1)} (${num(r.decisions[k])})`,
        })),
        { max: 1 },
      ),
    );

    fill(
      this.results,
      sim.synthetic
        ? syntheticBanner(
            "이 시뮬레이션의 가게는 데모용으로 생성한 가상 가게입니다 (실제 망원동 가게가 아님).",
          )
        : null,
      h("h3", {}, "보고서"),
      facts([
        ["상태", koLabel("simulationStatus", sim.status)],
        ["엔진", koLabel("engine", sim.engine)],
        ["에이전트", `${num(sim.agents)}명`],
        ["기간", `${sim.days}일 (${sim.completedSlots}/${sim.totalSlots} 슬롯)`],
        ["시드", sim.seed],
        [
          "LLM 호출",
          `${num(sim.llmCalls)}회 · 토큰 입력 ${num(sim.inputTokens)} / 출력 ${num(sim.outputTokens)}`,
        ],
        [
          "에이전트·일당",
          `LLM ${r.perAgentDay.llmCalls}회 · 입력 ${num(r.perAgentDay.inputTokens)} / 출력 ${num(r.perAgentDay.outputTokens)} 토큰`,
        ],
      ]),
      charts,
      breakdownsView(r.breakdowns, sim.days),
      calibrationView(r.calibration),
      provenanceView(sim.provenance),
      downloadsView(sim.id),
      this.storesOnMap(r, catColour, layer),
      this.diary(r, visits, layer),
    );
  }

  private storesOnMap(r: Report, catColour: (c: string) => string, layer: L.FeatureGroup): HTMLElement {
    const max = Math.max(1, ...r.stores.map((s) => s.visits));
    const pairs: Parameters<typeof syncListAndMap>[1] = [];
    const rows = r.stores.map((s) => {
      const size = Math.round(18 + 26 * Math.sqrt(s.visits / max));
      const title = `${s.name} (${s.category}) 방문 ${s.visits}회${s.average !== null ? `, 평균 ${s.average}점` : ""}`;
      const marker = badgeMarker([s.lat, s.lng], {
        label: String(s.visits),
        colour: catColour(s.category),
        title,
        size,
      })
        .bindPopup(h("div", { class: "popup" }, h("strong", {}, s.name), h("p", {}, title)))
        .addTo(layer);
      const name = h("button", { type: "button", class: "name" }, s.name);
      const row = h(
        "li",
        { class: "place store", "data-store-id": s.store_id },
        h(
          "div",
          {},
          name,
          ` ${s.category} · 방문 ${s.visits}회`,
          s.average !== null ? ` · ${stars(s.average)} ${s.average}` : "",
        ),
      );
      pairs.push({ marker, row, focus: name });
      return row;
    });
    syncListAndMap(this.pane.map, pairs);
    this.pane.fit("sim");
    return h(
      "section",
      { class: "stores" },
      h("h3", {}, `지도 위의 가게 (${r.stores.length}) — 크기는 방문 수, 색은 카테고리`),
      h("details", {}, h("summary", {}, "가게 목록"), h("ol", { class: "places" }, ...rows)),
    );
  }

  /** The diary of the busiest agent first; any other from the list or by id. */
  private diary(r: Report, visits: Visit[] | null, layer: L.FeatureGroup): HTMLElement {
    const count = new Map<string, number>();
    for (const v of visits ?? []) count.set(v.agent_id, (count.get(v.agent_id) ?? 0) + 1);
    const agents = [...count]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([id, n]) => ({ id, visits: n }));
    const stores = new Map(r.stores.map((s) => [s.store_id, s]));
    const sim = r.simulation;
    return new AgentDiary(sim.id, agents, sim.days, layer, this.pane.map, (id) => stores.get(id)).el;
  }
}
