// meta.interpretation: what the query was read as — the places it is anchored to (with where they were
// found), what is searched, the conditions and the corrections — in fields a client can show, and one
// line of Korean that says it all ("강남역 반경 1km · 카페 · 지금 영업 중").
import type { OpenAt, PlanResponse, PostProcessing } from "./schemas.ts";
import type { Interpretation } from "../places/place.ts";

// a step's result: the shape its action declares in ACTIONS[…].output
type Result = Record<string, unknown> | null | undefined;

const LOCATING = new Set(["geocode", "google_find_place", "reverse_geocode", "midpoint"]);

const DETAIL_LABEL: Record<string, string> = {
  summary: "리뷰 요약",
  reviews: "리뷰",
  details: "기본 정보",
  hours: "영업시간",
};

const WEEKDAY = "일월화수목금토";

export const distanceLabel = (m: number) => (m >= 1000 ? `${Number((m / 1000).toFixed(1))}km` : `${m}m`);

function openAtLabel(o: OpenAt): string {
  if (o.kind === "now") return "지금 영업 중";
  if (o.kind === "24h") return "24시간 영업";
  if (o.kind === "dawn") return "새벽 영업";
  if (o.kind === "late") return "늦게까지 영업";
  const day =
    o.holiday === true
      ? "공휴일"
      : o.weekday !== undefined
        ? `${WEEKDAY[o.weekday]}요일`
        : (["오늘", "내일", "모레"][o.day_offset ?? 0] ?? `${o.day_offset}일 뒤`);
  return `${day}${o.time ? ` ${o.time}` : ""} 영업`;
}

/** The plan's conditions as a person would say them. */
export function conditionLabels(pp: PostProcessing, pets: boolean): string[] {
  return [
    ...(pp.open_at ? [openAtLabel(pp.open_at)] : []),
    ...(pp.sort_by === "rating" ? ["평점 높은 순"] : []),
    ...(pp.max_price ? [`1인 ${pp.max_price.toLocaleString("ko-KR")}원 이하`] : []),
    ...(pp.exclude ?? []).map((x) => `${x} 제외`),
    ...(pp.filter_by_review && pp.review_keywords?.length ? [`리뷰: ${pp.review_keywords.join(", ")}`] : []),
    ...(pets ? ["반려동물 동반 (키워드 추정)"] : []),
  ];
}

const CORRECTION = /^(\S+) → (\S+?)(?:으로|로) 찾았어요$/;

export function interpret(plan: PlanResponse, results: Record<string, Result>): Interpretation {
  const tr = plan.translator_result;
  const anchors = anchorsOf(plan, results);
  const conditions = conditionLabels(plan.post_processing, tr.tags.pets);
  const radius = radiusOf(plan);
  const keywords = tr.search_keywords;
  const detail = tr.detail_request?.kind ?? null;
  const target = anchors.find((a) => a.role === "target")?.name;
  const text = [
    whereOf(plan, anchors, radius),
    ...(target ? [] : [keywords.join(", ")]),
    ...(detail ? [DETAIL_LABEL[detail]!] : []),
    ...conditions,
  ]
    .filter(Boolean)
    .join(" · ");

  return {
    text,
    anchors,
    keywords,
    strategy: plan.strategy_type,
    radius,
    conditions,
    corrections: correctionsOf(plan.meta.warnings),
    detail,
    ...(plan.meta.question ? { question: plan.meta.question } : {}),
    unread: plan.meta.unread ?? [],
    ...(plan.meta.reading ? { reading: plan.meta.reading } : {}),
  };
}

type Anchor = Interpretation["anchors"][number];

/** The places the plan located, each with its role and where it was found. */
function anchorsOf(plan: PlanResponse, results: Record<string, Result>): Anchor[] {
  const anchors: Anchor[] = [];
  let routeEnds = 0;
  for (const step of plan.search_plan) {
    if (!LOCATING.has(step.action)) continue;
    const r = results[step.step];
    const at = {
      lat: typeof r?.lat === "number" ? r.lat : null,
      lng: typeof r?.lng === "number" ? r.lng : null,
    };
    const found = typeof r?.name === "string" ? r.name : undefined;
    if (step.action === "midpoint") {
      anchors.push({ name: found ?? "중간 지점", role: "midpoint", ...at });
      continue;
    }
    if (step.action === "reverse_geocode") {
      // the user's own position ("near me"); a reverse_geocode of some other point describes a place
      const user = plan.user_location;
      if (user && step.params.x === user.lng && step.params.y === user.lat)
        anchors.push({ name: found ? `내 위치 (${found})` : "내 위치", role: "user", ...at });
      continue;
    }
    const query = typeof step.params.query === "string" ? step.params.query : "";
    const { role, name } = placeAnchor(plan, query, found, () =>
      routeEnds++ === 0 ? "origin" : "destination",
    );
    anchors.push({ name, role, ...at, ...(query && query !== name ? { query } : {}) });
  }
  return anchors;
}

/** A geocoded place's role: the translator's, the place a detail request asks about, a route's end, or the centre. */
function placeAnchor(
  plan: PlanResponse,
  query: string,
  found: string | undefined,
  routeEnd: () => Anchor["role"],
): { role: Anchor["role"]; name: string } {
  const tr = plan.translator_result;
  const loc = tr.locations.find((l) => l.query === query);
  const target = tr.detail_request?.place && query.startsWith(tr.detail_request.place);
  const role: Anchor["role"] = loc
    ? loc.role
    : target
      ? "target"
      : plan.strategy_type === "route"
        ? routeEnd()
        : "center";
  return { role, name: loc?.name ?? (target ? tr.detail_request!.place! : (found ?? query)) };
}

/** The first search's radius (a route search's searchRadius). */
function radiusOf(plan: PlanResponse): number | null {
  const search = plan.search_plan.find(
    (s) => s.params.radius !== undefined || s.params.searchRadius !== undefined,
  );
  const radiusValue = search?.params.radius ?? search?.params.searchRadius;
  return typeof radiusValue === "number" ? radiusValue : null;
}

/** The rules' typo corrections, from their warnings ("합점역 → 합정역으로 찾았어요"). */
const correctionsOf = (warnings: string[]) =>
  warnings
    .map((w) => CORRECTION.exec(w))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ from: m[1]!, to: m[2]! }));

/** Where the search looks, in a few words: the route, the reach, the trip, or the area around a place. */
function whereOf(plan: PlanResponse, anchors: Anchor[], radius: number | null): string {
  const named = (role: string) => anchors.find((a) => a.role === role)?.name;
  const around = named("midpoint") ?? named("user") ?? named("center");
  switch (plan.strategy_type) {
    case "route":
      return `${named("origin") ?? "출발지"} → ${named("destination") ?? "도착지"} 경로 주변${radius ? ` ${distanceLabel(radius)}` : ""}`;
    case "point_travel": {
      const filter = plan.search_plan.find((s) => s.action === "distance_filter")?.params;
      const mode = filter?.mode === "walking" ? "걸어서" : filter?.mode === "driving" ? "차로" : "";
      const threshold = typeof filter?.threshold === "number" ? distanceLabel(filter.threshold) : "";
      return `${around ?? "기준 위치"}에서 ${mode} ${threshold} 이내`.replace(/\s+/g, " ");
    }
    case "multi_point": {
      const t = plan.travel_plan;
      return t ? `${t.destination} ${t.nights ? `${t.nights}박 ` : ""}${t.days}일 코스` : "여행 코스";
    }
    default:
      if (plan.meta.question) return "위치를 알려 주세요";
      if (named("target")) return `${named("target")}${around ? ` (${around})` : ""}`;
      return around ? `${around}${radius ? ` 반경 ${distanceLabel(radius)}` : ""}` : "지역 없이";
  }
}
