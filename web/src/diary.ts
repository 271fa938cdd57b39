// An agent's diary from its decision records (GET …/agents/{agentId}/decisions): every turn of its
// days — stayed home and why (step 1), where it ate and why (step 3) with its rating, comment and tags
// (step 4), what it did next (step 5: action, destination, walking speed), where it went, and leaving
// Mangwon-dong — and the day's path on the map: each turn from where it began, through the stores it
// ate at, to where it ended, numbered in the day's order.
import * as L from "leaflet";
import type { DecisionRecord } from "../../shared/simulation/schemas.ts";
import type { Visit } from "../../shared/simulation/types.ts";
import { api } from "./api.ts";
import { fill, h } from "./dom.ts";
import { stars } from "./format.ts";
import { badgeMarker, colour } from "./map.ts";
import { actionLabel, slotLabel, withRetry } from "./sim-common.ts";
import { chip, StatusLine } from "./ui.ts";

interface Step3 {
  store_name: string | null;
  reason: string;
}
interface Step5 {
  action: string;
  walking_speed: number;
  reason: string;
  destination: { name: string };
}
/** One store round of a turn: round 1 in `steps`, cafés after it in `steps.loop2`, `steps.loop3`. */
type Round = { step3?: Step3; step5?: Step5 };

const PATH = colour(0);

const rounds = (r: DecisionRecord): Round[] =>
  [r.result.steps, r.result.steps.loop2, r.result.steps.loop3].filter(
    (x): x is Round => !!x && typeof x === "object",
  );

function roundView(round: Round, visit: Visit | undefined): (HTMLElement | null)[] {
  const out: (HTMLElement | null)[] = [];
  if (visit)
    out.push(
      h(
        "p",
        { class: "diary-ate" },
        h("strong", {}, visit.store_name),
        `(${visit.category})에서 먹음 `,
        h("span", { class: "stars", "aria-label": `${visit.rating}점` }, stars(visit.rating)),
      ),
      round.step3 ? h("p", { class: "reason" }, `고른 이유: ${round.step3.reason}`) : null,
      h("blockquote", {}, visit.comment),
      h("p", { class: "chips" }, chip(`관점: ${visit.perspective}`), ...visit.tags.map((t) => chip(t))),
    );
  const s5 = round.step5;
  if (s5)
    out.push(
      h(
        "p",
        { class: "diary-next" },
        "다음 행동: ",
        h("strong", {}, actionLabel(s5.action)),
        ` → ${s5.destination.name} (걷는 속도 ${s5.walking_speed} km/h)`,
      ),
      h("p", { class: "reason" }, `이유: ${s5.reason}`),
    );
  return out;
}

type Point = { name: string; lat: number; lng: number };
/** Where the report's stores are, by id: a turn's path passes through the stores it ate at. */
export type StoreAt = (storeId: string) => Point | undefined;

/** Where a turn went: from where it began, through each store it ate at, to where step 5 left it. */
function stops(r: DecisionRecord, storeAt: StoreAt): Point[] {
  const at = [r.from, ...r.result.visits.map((v) => storeAt(v.store_id)), r.result.position ?? r.from];
  // a stop at the same place as the one before it is no move
  return at.filter((p, i): p is Point => !!p && (i === 0 || p.name !== at[i - 1]?.name));
}

/** One turn as a diary entry. */
function entry(r: DecisionRecord, n: number, storeAt: StoreAt): HTMLElement {
  const res = r.result;
  const step1 = res.steps.step1 as { reason?: string } | undefined;
  const step2 = res.steps.step2 as { category: string; reason: string } | undefined;
  const body: (HTMLElement | null)[] = [];
  if (res.decision === "stay_home")
    body.push(
      h(
        "p",
        { class: "diary-stay" },
        h("strong", {}, "집에 머묾"),
        ` — ${res.reason ?? step1?.reason ?? "이유가 기록되지 않았습니다"}`,
      ),
    );
  else if (res.decision === "llm_failed")
    body.push(h("p", { class: "diary-failed" }, `결정하지 못했습니다: ${res.error ?? "이유 없음"}`));
  else {
    if (step2) body.push(h("p", { class: "reason" }, `${step2.category}을(를) 고름 — ${step2.reason}`));
    rounds(r).forEach((round, i) => body.push(...roundView(round, res.visits[i])));
    // a turn that failed after a rated visit keeps the visit; the failure is said too
    if (res.error) body.push(h("p", { class: "diary-failed" }, `그 뒤 실패: ${res.error}`));
  }
  return h(
    "li",
    { "data-decision": res.decision, "data-day": r.day },
    h(
      "p",
      { class: "when" },
      h("span", { class: "turn-no", "aria-hidden": "true" }, String(n)),
      ` ${r.day}일차 ${slotLabel(r.time_slot)}${r.date ? ` (${r.date})` : ""}`,
    ),
    ...body,
    h(
      "p",
      { class: "where" },
      `위치: ${stops(r, storeAt)
        .map((p) => p.name)
        .join(" → ")}`,
      res.left_mangwon ? " " : "",
      res.left_mangwon ? chip("망원동을 떠남", "chip-left") : null,
    ),
  );
}

export class AgentDiary {
  readonly el: HTMLElement;
  private readonly input: HTMLInputElement;
  private readonly day: HTMLSelectElement;
  private readonly status = new StatusLine();
  private readonly list = h("ol", { class: "diary-entries" });
  private readonly path = L.featureGroup();
  private records: DecisionRecord[] = [];
  private asked = 0;

  /**
   * `agents`: who visited, busiest first (the first is shown at once); `layer`: the report's map
   * layer, to which the day's path is added (emptied with it when another report is drawn).
   */
  constructor(
    private readonly simulationId: string,
    agents: { id: string; visits: number }[],
    days: number,
    layer: L.FeatureGroup,
    private readonly map: L.Map,
    private readonly storeAt: StoreAt,
  ) {
    this.path.addTo(layer);
    this.input = h("input", {
      id: "diary-agent",
      type: "text",
      list: "diary-agents",
      autocomplete: "off",
      required: true,
      value: agents[0]?.id ?? "R001",
      placeholder: "예: R001",
    });
    this.day = h(
      "select",
      { id: "diary-day" },
      ...Array.from({ length: days }, (_, i) => h("option", { value: i + 1 }, `${i + 1}일차`)),
    );
    this.day.addEventListener("change", () => this.draw(true));
    const form = h(
      "form",
      { class: "row diary-form" },
      h("label", { for: "diary-agent" }, "에이전트"),
      this.input,
      h(
        "datalist",
        { id: "diary-agents" },
        ...agents.map((a) => h("option", { value: a.id }, `${a.id} (${a.visits}회 방문)`)),
      ),
      h("button", { type: "submit" }, "일기 보기"),
      h("label", { for: "diary-day", hidden: days < 2 }, "지도에 그릴 날"),
      days < 2 ? null : this.day,
    );
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      void this.show(this.input.value.trim(), true);
    });
    this.el = h(
      "section",
      { class: "diary" },
      h("h3", {}, "에이전트 일기"),
      form,
      h(
        "p",
        { class: "note" },
        "에이전트의 모든 시간대를 결정 기록으로 씁니다: 집에 머문 이유, 먹은 곳과 평가, 그다음 한 일과 간 곳. 지도에는 그날의 이동을 시간대 순서대로 번호를 붙여 그립니다.",
      ),
      this.status.el,
      this.list,
    );
    void this.show(this.input.value, false);
  }

  /** Loads and shows an agent's diary; `fit`: the map moves to its path (not on the report's first draw). */
  private async show(agentId: string, fit: boolean): Promise<void> {
    if (!agentId) return this.input.focus();
    const asked = ++this.asked;
    this.list.setAttribute("aria-busy", "true");
    this.status.loading(`${agentId}의 일기를 불러오는 중…`);
    try {
      const out = await withRetry(() =>
        api<{ decisions: DecisionRecord[] }>(
          `v1/simulations/${encodeURIComponent(this.simulationId)}/agents/${encodeURIComponent(agentId)}/decisions`,
        ),
      );
      if (asked !== this.asked) return; // a newer choice answers instead
      this.records = out.decisions;
      this.status.clear();
      if (!this.records.length)
        this.status.say(`${agentId}은(는) 이 시뮬레이션에서 한 번도 나오지 않았습니다.`);
      // the first day the agent acted, for a visitor who came later
      const first = this.records[0]?.day;
      if (first) this.day.value = String(first);
      fill(
        this.list,
        this.records.map((r, i) => entry(r, this.turnNumber(i), this.storeAt)),
      );
      this.list.dataset.agent = agentId;
      this.draw(fit);
    } catch (err) {
      if (asked !== this.asked) return;
      this.records = [];
      fill(this.list);
      this.path.clearLayers();
      this.status.error(err);
    } finally {
      if (asked === this.asked) this.list.removeAttribute("aria-busy");
    }
  }

  /** The turn's number within its day: what the path's markers show. */
  private turnNumber(i: number): number {
    const day = this.records[i]!.day;
    return this.records.slice(0, i + 1).filter((r) => r.day === day).length;
  }

  /** The chosen day's path: a line per turn through its stops, and its number where the turn ended. */
  private draw(fit: boolean): void {
    this.path.clearLayers();
    const day = Number(this.day.value || 1);
    const mine = this.records.filter((r) => r.day === day);
    mine.forEach((r, i) => {
      const line = stops(r, this.storeAt);
      const to = line.at(-1)!;
      L.polyline(
        line.map((p): L.LatLngTuple => [p.lat, p.lng]),
        { color: PATH, weight: 4, opacity: 0.8, dashArray: "6 6", className: "diary-path" },
      ).addTo(this.path);
      badgeMarker([to.lat, to.lng], {
        label: String(i + 1),
        colour: PATH,
        shape: "square",
        size: 22,
        className: "mk-path",
        title: `${i + 1}. ${slotLabel(r.time_slot)}: ${to.name}`,
      })
        .setZIndexOffset(900) // over the stores it passes, under a store being pointed at (1000)
        .addTo(this.path);
    });
    const bounds = this.path.getBounds();
    if (fit && bounds.isValid())
      this.map.fitBounds(bounds, { padding: [28, 28], maxZoom: 16, animate: false });
  }
}
