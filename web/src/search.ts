// Place search (seeds 000/001): a query box, the places on the map and in a list kept in step, routes
// with their segments, travel times, trips by day, the plan on demand, warnings, GeoJSON.
import * as L from "leaflet";
import { koLabel, type LabelKind } from "../../shared/korean/labels.ts";
import type { AgentResponse, Place } from "../../shared/places/place.ts";
import type { PlanResponse } from "../../shared/place-search/schemas.ts";
import { SPEED_M_PER_MIN } from "../../shared/place-search/translator/measures.ts";
import { api } from "./api.ts";
import { download, fill, h, outLink } from "./dom.ts";
import { metres, minutes, num } from "./format.ts";
import { badgeMarker, colour, syncListAndMap, type MapPane } from "./map.ts";
import { busy, chip, facts, queryForm, StatusLine, syntheticBanner, viewSection, warningList } from "./ui.ts";

const LODGING = "숙박";

export const SEARCH_EXAMPLES = [
  "강남역 근처 카페",
  "강남에서 판교 가는 길에 속이 편한 음식점",
  "홍대입구역에서 걸어서 10분 이내 맛집",
  "제주도 2박 3일 코스 짜줘",
];

/** A group of places the list shows under one heading, in visiting (or distance) order. */
interface Group {
  title: string | null;
  colour: string;
  places: Place[];
}

function groupsOf(r: AgentResponse): Group[] {
  const byId = new Map(r.places.map((p) => [p.id, p]));
  const take = (ids: string[]) => ids.map((id) => byId.get(id)).filter((p): p is Place => p !== undefined);
  if (r.itinerary?.length) {
    const groups = r.itinerary.map((d) => ({
      title: `${d.day}일차`,
      colour: colour(d.day - 1),
      places: take(d.places),
    }));
    const placed = new Set(r.itinerary.flatMap((d) => d.places));
    const rest = r.places.filter((p) => !placed.has(p.id));
    return rest.length ? [...groups, { title: "일정 밖", colour: "#666", places: rest }] : groups;
  }
  if (r.segments?.length)
    return [...r.segments]
      .sort((a, b) => a.segment - b.segment)
      .map((s) => ({ title: `구간 ${s.segment + 1}`, colour: colour(s.segment), places: take(s.places) }));
  return [{ title: null, colour: colour(1), places: r.places }];
}

/** How far a place is, in the terms of the strategy that found it. */
function distanceText(p: Place): string | null {
  if (p.travelDistance !== undefined) {
    const mode = p.travelMode ?? "walking";
    const speed = SPEED_M_PER_MIN[mode as keyof typeof SPEED_M_PER_MIN] ?? SPEED_M_PER_MIN.walking;
    const time =
      p.travelDuration !== undefined
        ? `${koLabel("travelMode", mode)} ${minutes(p.travelDuration)}`
        : `${koLabel("travelMode", mode)} 약 ${minutes((p.travelDistance / speed) * 60)} (직선 거리로 추정)`;
    return `이동 거리 ${metres(p.travelDistance)} · ${time}`;
  }
  if (p.distanceFromStart !== undefined) return `출발점에서 경로를 따라 ${metres(p.distanceFromStart)}`;
  if (p.distance !== null) return `중심에서 ${metres(p.distance)}`;
  return null;
}

function placeDetails(p: Place, synthetic: boolean): HTMLElement[] {
  const lines: (HTMLElement | null)[] = [
    h("p", { class: "cat" }, p.categoryName || p.category || ""),
    h("p", {}, p.roadAddress ?? p.formattedAddress),
  ];
  const dist = distanceText(p);
  if (dist) lines.push(h("p", { class: "dist" }, dist));
  const extra: string[] = [];
  if (p.rating !== null)
    extra.push(`★ ${p.rating.toFixed(1)}${p.reviewCount !== null ? ` (리뷰 ${num(p.reviewCount)})` : ""}`);
  if (p.openNow !== null) extra.push(p.openNow ? "지금 영업 중" : "지금 영업 종료");
  if (p.phone) extra.push(p.phone);
  if (extra.length) lines.push(h("p", {}, extra.join(" · ")));
  const chips = [
    p.tripRole ? chip(p.tripRole, p.tripRole === LODGING ? "chip-lodging" : "") : null,
    ...(p.tags ?? []).slice(0, 6).map((t) => chip(t)),
    synthetic || p.synthetic ? chip("합성", "chip-synthetic") : null,
  ].filter((c): c is HTMLElement => c !== null);
  if (chips.length) lines.push(h("p", { class: "chips" }, ...chips));
  if (p.reviewMatches?.length) lines.push(h("p", {}, `리뷰 근거: ${p.reviewMatches.join(", ")}`));
  lines.push(h("p", {}, outLink(p.placeUrl, p.synthetic ? "장소 페이지 (합성 주소) ↗" : "장소 페이지 ↗")));
  return lines.filter((l): l is HTMLElement => l !== null);
}

/** Values that are codes, by the plan field they stand under. */
const PLAN_CODE: Record<string, LabelKind> = {
  mode: "travelMode",
  sort: "sortBy",
  sort_by: "sortBy",
  provider: "provider",
};

/** A plan's value as text: codes, field names and references to earlier steps (${step1.y}) in Korean. */
function planValue(v: unknown, key = ""): string {
  if (v === null || v === undefined) return "없음";
  if (Array.isArray(v)) return v.map((x) => planValue(x, key)).join(", ");
  if (typeof v === "object")
    return Object.entries(v)
      .map(([k, x]) => `${koLabel("planField", k)} ${planValue(x, k)}`)
      .join(", ");
  if (typeof v === "boolean") return v ? "예" : "아니요";
  if (typeof v === "string") {
    // a reference to an earlier step's result (REF_PATTERN in shared/place-search/actions/params.ts)
    const ref = /^\$\{step(\d+)\.(\w+)\}$/.exec(v);
    if (ref) return `${ref[1]}단계 결과의 ${koLabel("planField", ref[2]!)}`;
    return PLAN_CODE[key] ? koLabel(PLAN_CODE[key], v) : v;
  }
  return typeof v === "number" ? String(v) : "";
}

/** A plan field as a line: its Korean name (the seed's name on hover) and its value. */
const planField = ([k, v]: [string, unknown]) =>
  h("li", {}, h("span", { class: "field", title: k }, koLabel("planField", k)), ` ${planValue(v, k)}`);

/**
 * The plan as it was made. Where the places came from is the answer's data source, not the plan's
 * provider: a plan made for Kakao runs on the embedded demo data when there is no key.
 */
function planView(plan: PlanResponse, dataSource: string): HTMLElement {
  const m = plan.meta;
  const planned = koLabel("provider", plan.provider);
  const source = koLabel("dataSource", dataSource);
  return h(
    "div",
    { class: "plan" },
    facts([
      ["전략", koLabel("strategy", plan.strategy_type)],
      ["장소 출처", source],
      [
        "계획한 지도 API",
        dataSource === plan.provider ? planned : `${planned} 형식 (키가 없어 ${source}에서 대신 찾았어요)`,
      ],
      ["계획한 엔진", koLabel("engine", m.engine)],
      ["LLM 호출", `${m.llmCalls}회 · 토큰 입력 ${num(m.llmTokens.input)} / 출력 ${num(m.llmTokens.output)}`],
      ["여행 일정", plan.travel_plan ? `${plan.travel_plan.days}일 (${plan.travel_plan.nights}박)` : null],
    ]),
    h("h4", {}, "단계"),
    h(
      "ol",
      { class: "steps" },
      ...plan.search_plan.map((s) =>
        h(
          "li",
          {},
          h("strong", { title: s.action }, koLabel("planAction", s.action)),
          s.description ? ` — ${s.description}` : "",
          h("ul", {}, ...Object.entries(s.params).map(planField)),
        ),
      ),
    ),
    h("h4", {}, "후처리"),
    h("ul", { class: "post" }, ...Object.entries(plan.post_processing).map(planField)),
    warningList(m.warnings, "계획 경고"),
  );
}

/** Places of a near kind, offered apart when too few of the asked kind were found: never in the list above. */
function alternativesView(r: AgentResponse, synthetic: boolean): HTMLElement | null {
  const alt = r.alternatives;
  if (!alt?.places.length) return null;
  return h(
    "section",
    { class: "alternatives", "aria-label": "가까운 종류" },
    h("h3", {}, `가까운 종류 (${alt.kinds.join(", ")}) · 찾는 종류가 아니에요`),
    h(
      "ul",
      { class: "places" },
      ...alt.places.map((p) =>
        h("li", { class: "place" }, h("strong", {}, p.displayName), ...placeDetails(p, synthetic)),
      ),
    ),
  );
}

export class SearchView {
  readonly el: HTMLElement;
  private readonly form: HTMLFormElement;
  private readonly input: HTMLInputElement;
  private readonly results = h("div", { class: "results", "aria-live": "polite" });
  private readonly status = new StatusLine();
  private last: AgentResponse | null = null;

  constructor(
    private readonly pane: MapPane,
    private readonly onQuery: (q: string) => void,
  ) {
    ({ form: this.form, input: this.input } = queryForm({
      id: "search-q",
      label: "무엇을 찾으세요?",
      placeholder: "예: 강남역 근처 카페",
      button: "검색",
      examples: SEARCH_EXAMPLES,
      role: "search",
      ask: (query) => {
        this.onQuery(query);
        void this.run(query);
      },
    }));
    this.el = viewSection("search", this.form, this.status.el, this.results);
  }

  async run(query: string): Promise<void> {
    this.input.value = query;
    // drawn inside busy(): an answer the page cannot draw is said as a sentence, not a blank page
    await busy(this.form, this.el, this.status, `“${query}” 검색 중…`, async () =>
      this.show(await api<AgentResponse>("v1/search", { body: { query } })),
    );
  }

  private show(r: AgentResponse): void {
    this.last = r;
    const m = r.meta;
    const groups = groupsOf(r);
    const layer = this.pane.layer("search");
    const pairs: Parameters<typeof syncListAndMap>[1] = [];
    const isTrip = Boolean(r.itinerary?.length);
    const isRoute = Boolean(r.segments?.length) || m.strategyUsed === "route";

    // the centre or the route's start, and the radius searched
    const c = r.searchParams.location;
    if (c) {
      badgeMarker([c.lat, c.lng], {
        label: isRoute ? "출발" : "중심",
        colour: "#222",
        shape: "square",
        title: `${isRoute ? "출발" : "검색 중심"}: ${c.name}`,
      })
        .bindPopup(h("div", {}, h("strong", {}, c.name), h("p", {}, isRoute ? "경로의 출발점" : "검색 중심")))
        .addTo(layer);
      if (!isRoute && !isTrip && r.searchParams.radius)
        L.circle([c.lat, c.lng], {
          radius: r.searchParams.radius,
          color: "#555",
          weight: 1,
          dashArray: "4 4",
          fill: false,
          interactive: false,
        }).addTo(layer);
    }

    const lists = groups.map((g, gi) => {
      const items = g.places.map((p, i) => {
        const n = isTrip ? i + 1 : pairs.length + 1;
        const lodging = p.tripRole === LODGING;
        const label = lodging ? "숙" : String(n);
        const title = `${g.title ? `${g.title} ` : ""}${lodging ? "숙소" : `${n}번`}: ${p.displayName}`;
        const marker = badgeMarker([p.lat, p.lng], {
          label,
          colour: g.colour,
          shape: lodging ? "square" : "pin",
          title,
        })
          .bindPopup(
            h("div", { class: "popup" }, h("strong", {}, p.displayName), ...placeDetails(p, m.synthetic)),
          )
          .addTo(layer);
        const name = h("button", { type: "button", class: "name" }, p.displayName);
        const badge = h(
          "span",
          { class: `badge badge-${lodging ? "square" : "pin"}`, "aria-hidden": "true" },
          label,
        );
        badge.style.setProperty("--c", g.colour);
        const row = h(
          "li",
          { class: "place", "data-place-id": p.id },
          badge,
          h("div", {}, name, ...placeDetails(p, m.synthetic)),
        );
        pairs.push({ marker, row, focus: name });
        return row;
      });
      // the day's or the route's line, in visiting order
      const line = g.places.map((p): L.LatLngTuple => [p.lat, p.lng]);
      if (isTrip && line.length > 1)
        L.polyline(line, { color: g.colour, weight: 3, opacity: 0.8 }).addTo(layer);
      const heading = g.title
        ? h(
            "h3",
            { class: "group" },
            h("span", { class: "swatch", "aria-hidden": "true" }),
            g.title,
            ` · ${g.places.length}곳`,
          )
        : null;
      heading?.querySelector<HTMLElement>(".swatch")?.style.setProperty("--c", g.colour);
      return h(
        "div",
        { class: "group-block", "data-group": gi },
        heading,
        h("ol", { class: "places" }, ...items),
      );
    });

    let routeNote: HTMLElement | null = null;
    if (isRoute && c) {
      // The response carries the route's segments (which places lie along which stretch) but not the
      // road geometry: the line joins the start to the middle of each segment's places, in order.
      let prev: L.LatLngTuple = [c.lat, c.lng];
      for (const g of groups) {
        if (!g.places.length) continue;
        const mid: L.LatLngTuple = [
          g.places.reduce((s, p) => s + p.lat, 0) / g.places.length,
          g.places.reduce((s, p) => s + p.lng, 0) / g.places.length,
        ];
        L.polyline([prev, mid], { color: g.colour, weight: 5, opacity: 0.75, className: "route-line" }).addTo(
          layer,
        );
        prev = mid;
      }
      routeNote = h(
        "p",
        { class: "note" },
        "경로선은 출발점과 구간별 장소들의 중심을 차례로 이은 선입니다 (응답에 도로 좌표가 없어서). 색은 구간을 나타냅니다.",
      );
    }
    syncListAndMap(this.pane.map, pairs);
    this.pane.fit("search");

    const planBox = h("details", { class: "plan-box" }, h("summary", {}, "검색 계획 보기"));
    const planBody = h(
      "div",
      {},
      facts([
        ["이번 검색의 엔진", koLabel("engine", m.engine)],
        [
          "LLM 호출",
          `${m.llmCalls}회 · 토큰 입력 ${num(m.llmTokens.input)} / 출력 ${num(m.llmTokens.output)}`,
        ],
        ["지도 API 호출", `${m.apiCalls}회${m.providerFailures ? ` (실패 ${m.providerFailures})` : ""}`],
        ["검색한 키워드", m.keywordsSearched.join(", ")],
        ["중복 제거", `${m.duplicatesRemoved}곳`],
        ["걸린 시간", `${num(Math.round(m.durationMs))} ms`],
      ]),
    );
    planBox.append(planBody);
    let planLoaded = false;
    planBox.addEventListener("toggle", () => {
      if (!planBox.open || planLoaded) return;
      planLoaded = true;
      const s = new StatusLine();
      planBody.append(s.el);
      s.loading("계획을 불러오는 중…");
      api<PlanResponse>("v1/search/plan", { body: { query: r.query } }).then(
        (plan) => {
          s.clear();
          planBody.append(planView(plan, m.dataSource));
        },
        (err: unknown) => {
          planLoaded = false;
          s.error(err);
        },
      );
    });

    const geo = h("button", { type: "button", class: "secondary" }, "GeoJSON 내려받기");
    geo.addEventListener("click", () => void this.downloadGeoJson(geo));

    fill(
      this.results,
      m.synthetic
        ? syntheticBanner(
            r.places.length
              ? `이 장소들은 실제 가게가 아니라 데모용으로 생성한 가상의 장소입니다 (데이터 출처: ${koLabel("dataSource", m.dataSource)}).`
              : `데모용으로 생성한 가상의 장소(데이터 출처: ${koLabel("dataSource", m.dataSource)})에서 찾았어요. 실제 가게가 아닙니다.`,
          )
        : null,
      // the answer's first sentence: what was found, or plainly that the kind asked for was not
      r.summary ? h("p", { class: "answer-summary" }, r.summary) : null,
      h(
        "p",
        { class: "summary" },
        h("strong", {}, `${num(r.places.length)}곳`),
        r.totalCount !== r.places.length ? ` (전체 ${num(r.totalCount)}곳 중)` : "",
        // where the places came from, as it is (the demo set, not the plan's provider)
        ` · ${koLabel("strategy", m.strategyUsed)} · 데이터: ${koLabel("dataSource", m.dataSource)}`,
      ),
      r.disclaimer ? h("p", { class: "note" }, r.disclaimer) : null,
      // words the search did not understand are said, not dropped in silence
      m.interpretation?.unread?.length
        ? h("p", { class: "note unread" }, `이해하지 못한 말: ${m.interpretation.unread.join(", ")}`)
        : null,
      warningList(m.warnings),
      h("div", { class: "actions" }, geo),
      planBox,
      routeNote,
      r.places.length
        ? lists
        : h("p", { class: "empty" }, "찾은 장소가 없어요. 다른 말로 찾거나 범위를 넓혀 보세요."),
      alternativesView(r, m.synthetic),
    );
  }

  private async downloadGeoJson(button: HTMLButtonElement): Promise<void> {
    const query = this.last?.query;
    if (!query) return;
    await busy(this.form, this.el, this.status, "GeoJSON을 만드는 중…", async () => {
      button.disabled = true;
      try {
        const res = await api<Response>("v1/search?format=geojson", { body: { query }, raw: true });
        download(`dongne-${query.replace(/[^\p{L}\p{N}]+/gu, "-").slice(0, 40)}.geojson`, await res.blob());
      } finally {
        button.disabled = false;
      }
    });
  }
}
