// The pieces every MapSearch plan is built of (seed 001): the builder of numbered steps and their
// references, the searches of each provider, the centre a search is located by, the post-processing
// every plan starts from, the disclaimers and radii.
import { josa } from "es-hangul";
import { lookupPlace, type LocationKind } from "../geo/gazetteer.ts";
import { haversine } from "../geo/haversine.ts";
import type {
  LatLngInput,
  PostProcessing,
  SearchStep,
  TranslatedLocation,
  TranslatorResult,
} from "./schemas.ts";
export const PET_DISCLAIMER =
  "반려동물 동반 가능 여부는 지도 API가 제공하지 않아 키워드 검색으로 추정한 결과입니다. 방문 전 매장에 확인하세요.";
export const OVERSEAS_DISCLAIMER = "해외 장소 정보는 실제와 다를 수 있습니다";

export const KAKAO_MAX_RADIUS = 20_000;
export const TRIP_RADIUS = 20_000;
export const ROUTE_MAX_SAMPLE_POINTS = 20;

/** 001: station 500–1000 m, dong/gu 2000 m; wider for cities and regions. */
export const RADIUS_BY_KIND: Record<LocationKind, number> = {
  station: 1000,
  landmark: 1000,
  unresolved: 1000,
  dong: 2000,
  gu: 2000,
  city: 5000,
  province: 20_000,
  foreign: 1000,
};

/** 001: searchRadius 도심 3000, 외곽 4000, 장거리 5000 (default when the distance is unknown). */
export function routeSearchRadius(estimatedMeters: number | null): number {
  if (estimatedMeters === null) return 5000;
  if (estimatedMeters < 20_000) return 3000;
  if (estimatedMeters < 60_000) return 4000;
  return 5000;
}

export function estimateRouteMeters(a: TranslatedLocation, b: TranslatedLocation): number | null {
  const pa = lookupPlace(a.name) ?? lookupPlace(a.query);
  const pb = lookupPlace(b.name) ?? lookupPlace(b.query);
  return pa && pb ? Math.round(haversine(pa, pb) * 1.3) : null; // roads run ~30 % longer than the crow flies
}

export function foreignLabel(loc: TranslatedLocation): string {
  return lookupPlace(loc.name)?.en ?? loc.query;
}

export class PlanBuilder {
  readonly steps: SearchStep[] = [];
  add(action: string, params: Record<string, unknown>, description?: string): number {
    const step = this.steps.length + 1;
    this.steps.push({ step, action, ...(description ? { description } : {}), params });
    return step;
  }
}

export const kakaoCenter = (s: number) => ({ x: `\${step${s}.x}`, y: `\${step${s}.y}` });
export const latLngOf = (s: number) => ({ lat: `\${step${s}.y}`, lng: `\${step${s}.x}` });
export const googleCenter = (s: number) => ({ lat: `\${step${s}.lat}`, lng: `\${step${s}.lng}` });

/** One search at a point: keyword_search for one keyword, multi_keyword_search for several. */
export function kakaoSearch(
  b: PlanBuilder,
  tr: TranslatorResult,
  area: Record<string, unknown>,
  size: number,
  description?: string,
): number {
  const [first, ...rest] = tr.search_keywords;
  if (rest.length)
    return b.add("multi_keyword_search", { queries: tr.search_keywords, ...area, size }, description);
  const code =
    tr.category_codes.length === 1 && area.x !== undefined
      ? { category_group_code: tr.category_codes[0] }
      : {};
  if (!first && tr.category_codes.length) {
    return b.add("category_search", { category: tr.category_codes[0], ...area, size }, description);
  }
  return b.add("keyword_search", { query: first ?? "맛집", ...area, size, ...code }, description);
}

/** Google searches per plan: a mood's four dishes (해장국, 죽, 우동, 백반) all get searched abroad. */
const GOOGLE_MAX_QUERIES = 4;

export function googleKeywords(tr: TranslatorResult): string[] {
  return (tr.english_keywords.length ? tr.english_keywords : tr.search_keywords).slice(0, GOOGLE_MAX_QUERIES);
}

export function googleQueries(tr: TranslatorResult, where: string, joiner: "near" | "in"): string[] {
  return googleKeywords(tr).map((k) => `${k} ${joiner} ${where}`);
}

export function basePostProcessing(tr: TranslatorResult): PostProcessing {
  const pp: PostProcessing = { deduplicate: true, sort_by: "distance", max_results: 10 };
  if (tr.review_check_keywords.length) {
    pp.filter_by_review = true;
    pp.review_keywords = tr.review_check_keywords;
    pp.sort_by = "relevance";
  }
  return withConditions(pp, tr);
}

/**
 * The query's conditions, carried to post-processing. A rating sort works on Google's ratings: a Google
 * place's own, or the `google` object google_enrich puts on a Kakao place.
 */
export function withConditions(pp: PostProcessing, tr: TranslatorResult): PostProcessing {
  const c = tr.conditions;
  if (!c) return pp;
  return {
    ...pp,
    ...(c.sort_by === "rating" ? { sort_by: "rating" as const } : {}),
    ...(c.open_at ? { open_at: c.open_at } : {}),
    ...(c.max_price ? { max_price: c.max_price } : {}),
    ...(c.exclude.length ? { exclude: c.exclude } : {}),
  };
}

export function withDisclaimers(pp: PostProcessing, tr: TranslatorResult): PostProcessing {
  const notes = [
    ...(tr.tags.pets ? [PET_DISCLAIMER] : []),
    ...(tr.provider === "google" ? [OVERSEAS_DISCLAIMER] : []),
  ];
  return notes.length ? { ...pp, disclaimer: notes.join(" ") } : pp;
}

/** Places google_enrich looks up for a list: the ones the answer shows first. */
const ENRICH_LIMIT = 10;

/**
 * Kakao has no ratings, hours or reviews (000): a rating sort, an opening-hours condition or a question
 * about the places found ("강남역 카페 리뷰") has Google enrich them (000: google_enrich).
 */
export function enrichIfAsked(b: PlanBuilder, tr: TranslatorResult, search: number) {
  const c = tr.conditions;
  const needsGoogle =
    (tr.detail_request && tr.detail_request.place === null) ||
    (tr.provider === "kakao" && (c?.sort_by === "rating" || Boolean(c?.open_at)));
  if (needsGoogle)
    b.add(
      "google_enrich",
      { places: `\${step${search}.places}`, limit: ENRICH_LIMIT },
      "Google 평점·영업시간·리뷰",
    );
}

/** A centre the plan geocodes: a place the query names, or the user's own position ("near me"). */
export type Center = { kind: "place"; loc: TranslatedLocation } | { kind: "user"; at: LatLngInput };

/** The step that locates the centre; its result has x, y, lat, lng and name. */
export function locate(b: PlanBuilder, tr: TranslatorResult, c: Center, what: string): number {
  if (c.kind === "user")
    return b.add("reverse_geocode", { x: c.at.lng, y: c.at.lat }, "내 위치 (요청의 location)");
  return tr.provider === "google"
    ? b.add("google_find_place", { query: c.loc.query }, what)
    : b.add("geocode", { query: c.loc.query }, what);
}

/** "근처 카페", "내 주변 맛집": words that mean around the user, who has to say where. */
export const NEAR_ME =
  /근처|주변|가까운|인근|근방|여기|이 동네|내 위치|near me|nearby|around me|around here/i;

export const ASK_FOR_PLACE =
  "어디 근처에서 찾을까요? 장소(예: 강남역 근처 카페)를 적어 주시거나, 요청에 현재 위치를 함께 보내 주세요.";

/** A word written as the place that nothing locates ("가디 국밥"): the question the answer asks. */
export function whichPlace(word: string): string {
  return `‘${word}’의 위치를 알아보지 못했어요. 가까운 역이나 동, 시·군·구 이름(예: 강남역 카페)으로 다시 적어 주세요.`;
}

/** A place named with a wider area it does not lie in: the question the answer asks. */
export function notInArea(m: { area: string; place: string; elsewhere: string[] }): string {
  const where = m.elsewhere.slice(0, 3).join(", ");
  return `${m.area}에서 ‘${m.place}’${josa(m.place, "을/를").slice(m.place.length)} 찾지 못했어요. ${
    where ? `${where}에 있는 곳을 찾으시면 지역 이름 없이 적어 주시고, ` : ""
  }${m.area} 안의 곳이면 가까운 역이나 동 이름으로 찾아 주세요.`;
}

/** Searching around the user's position: a walk away unless the query gave a radius. */
export const NEAR_ME_RADIUS = 1000;
