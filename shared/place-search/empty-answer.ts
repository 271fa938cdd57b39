// Seed 000's zero-result answer: why a search found nothing, and what to try (반경 확대 또는 키워드 변경);
// a page past the last says so.
import { josa } from "es-hangul";
import { GOOGLE_OFFLINE } from "./actions/context.ts";
import type { ExecState } from "./executor.ts";
import { conditionLabels, distanceLabel } from "./interpretation.ts";
import { notInArea } from "./plan-parts.ts";
import type { ResponseMeta } from "../places/place.ts";

/** The steps that search: an answer all of whose searches failed says so. */
const SEARCH_ACTIONS = new Set([
  "keyword_search",
  "category_search",
  "multi_keyword_search",
  "multi_category_search",
  "sample_and_search",
  "google_text_search",
  "google_search_along_route",
  "distance_filter",
  "google_enrich",
]);

// long: one reason per way a search comes back empty, in the order they are told apart
/** 000's zero-result answer: why it is empty, and what to try (반경 확대 또는 키워드 변경). */
function whyEmpty(
  state: ExecState,
  ctx: { collected: number; warnings: string[]; radius: number | null; where: string | null },
): Pick<ResponseMeta, "emptyReason" | "suggestion"> {
  const { plan } = state;
  const keywords = plan.translator_result.search_keywords;
  const mismatch = plan.translator_result.area_mismatch;
  // asked at planning, or a dong the provider could not place inside the area either
  const located = plan.search_plan.find((s) => s.action === "geocode");
  if (mismatch && (plan.meta.question || (located && state.results[located.step] === null)))
    return {
      emptyReason: {
        code: "not_in_area",
        message: `${mismatch.area}에서 ‘${mismatch.place}’${josa(mismatch.place, "을/를").slice(mismatch.place.length)} 찾지 못해 ${keywords.length ? josa(keywords.join(", "), "을/를") : "장소를"} 찾아보지 않았어요`,
      },
      suggestion: plan.meta.question ?? notInArea(mismatch),
    };
  const unknown = plan.translator_result.unknown_place;
  if (unknown && plan.meta.question)
    return {
      emptyReason: {
        code: "needs_location",
        message: `‘${unknown}’의 위치를 알아보지 못해 ${keywords.length ? josa(keywords.join(", "), "을/를") : "장소를"} 찾아보지 않았어요`,
      },
      suggestion: plan.meta.question,
    };
  if (plan.meta.question)
    return {
      emptyReason: { code: "needs_location", message: "어디 근처인지 알 수 없어 아직 찾지 않았어요" },
      suggestion: plan.meta.question,
    };
  if (plan.provider === "google" && ctx.warnings.includes(GOOGLE_OFFLINE))
    return {
      emptyReason: {
        code: "provider_unavailable",
        message: "해외 장소는 Google Places로 찾는데, Google Places가 설정되어 있지 않아요",
      },
      suggestion: "Google 지도를 설정하면 해외 장소도 찾을 수 있어요",
    };
  const searches = plan.search_plan.filter((s) => SEARCH_ACTIONS.has(s.action));
  // a place the provider answered but could not find is no passing fault: say which, never "try later"
  const unfound = plan.search_plan.filter(
    (s) => (s.action === "geocode" || s.action === "google_find_place") && state.results[s.step] === null,
  );
  if (searches.length && unfound.length && !state.providerFailures)
    return {
      emptyReason: {
        code: "nothing_found",
        message: `‘${unfound.map((s) => (typeof s.params.query === "string" ? s.params.query : "")).join("’, ‘")}’ 위치를 찾지 못해 ${keywords.length ? `${josa(keywords.join(", "), "을/를")} ` : ""}찾아보지 않았어요`,
      },
      suggestion: "장소 이름을 더 정확히 적거나 가까운 역·동 이름으로 찾아 보세요",
    };
  if (searches.length && searches.every((s) => state.results[s.step] === null))
    return {
      emptyReason: {
        code: "search_failed",
        message: "검색 단계가 모두 실패했어요 (이유는 경고에 적었어요)",
      },
      suggestion: "잠시 후 다시 찾아 보거나, 장소 이름을 더 정확히 적어 주세요",
    };
  if (ctx.collected > 0)
    return {
      emptyReason: {
        code: "filtered_out",
        message: `찾은 ${ctx.collected}곳 중 조건에 맞는 곳이 없어요`,
      },
      suggestion: `조건(${conditionLabels(plan.post_processing, false).join(", ") || "필터"})을 빼고 다시 찾아 보세요`,
    };
  if (plan.strategy_type === "multi_point")
    return {
      emptyReason: {
        code: "no_data_in_region",
        message: `${plan.travel_plan?.destination ?? "그 지역"}에서 찾은 장소가 없어 일정을 짤 수 없어요`,
      },
      suggestion: "가까운 큰 도시나 다른 지역으로 찾아 보세요",
    };
  const what = keywords.length ? josa(keywords.join(", "), "을/를") : "장소를";
  const within = ctx.radius ? ` 반경 ${distanceLabel(ctx.radius)}` : "";
  const wider = ctx.radius ? Math.min(ctx.radius * 2, 20_000) : null;
  return {
    emptyReason: {
      code: "nothing_found",
      message: `${ctx.where ?? "검색한 곳"}${within}에서 ${what} 찾지 못했어요`,
    },
    suggestion: `${wider ? `반경을 ${distanceLabel(wider)}로 넓히거나 ` : ""}다른 키워드(예: 맛집, 음식점, 카페)로 찾아 보세요`,
  };
}

/** An empty page past the last one says so; an empty first page says why (whyEmpty). */
export function emptyOf(state: ExecState, page: number, ctx: Parameters<typeof whyEmpty>[1]) {
  if (page > 1)
    return {
      emptyReason: {
        code: "past_last_page" as const,
        message: "더 찾은 장소가 없어요 (마지막 페이지를 지났어요)",
      },
    };
  return whyEmpty(state, ctx);
}
