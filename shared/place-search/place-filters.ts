// The places' filters and orders of post-processing: review evidence, the query's conditions (chains,
// open now, a price ceiling), the sort asked for, and a route search's spread over its segments.
import type { Place } from "../places/place.ts";
import type { PostProcessing } from "./schemas.ts";
import { KAKAO_HINT } from "./translator/rules.ts";
import { noReviewsToCheck } from "./warnings.ts";

export const byNumber =
  (f: (p: Place) => number | null | undefined, desc = false) =>
  (a: Place, b: Place) => {
    const x = f(a) ?? Infinity;
    const y = f(b) ?? Infinity;
    return desc ? (f(b) ?? -Infinity) - (f(a) ?? -Infinity) : x - y;
  };

/** Google's rating wherever it is: a Google place's own, or the `google` object on a Kakao place. */
const ratingOf = (p: Place) => p.rating ?? p.google?.rating ?? null;
const openNowOf = (p: Place) => p.openNow ?? p.google?.openNow ?? null;

function reviewEvidence(p: Place, keywords: string[]): string[] {
  const text = [
    p.displayName,
    ...(p.tags ?? []),
    ...(p.reviewSnippets ?? []),
    ...(p.google?.reviews ?? []).map((r) => r.text),
  ].join(" ");
  return keywords.filter((k) => text.includes(k));
}

/**
 * A route search cut to a page in distance_from_start order would show only the first kilometre: take
 * places round-robin over the route's segments (nearest to each sample point first); each page keeps
 * the distance_from_start order among its places.
 */
export function spreadOverSegments(places: Place[]): Place[] {
  const bySegment = new Map<number, Place[]>();
  for (const p of [...places].sort(byNumber((x) => x.distance))) {
    const list = bySegment.get(p.segment ?? 0) ?? [];
    list.push(p);
    bySegment.set(p.segment ?? 0, list);
  }
  const queues = [...bySegment.entries()].sort((a, b) => a[0] - b[0]).map(([, list]) => list);
  const order: Place[] = [];
  while (queues.some((q) => q.length)) for (const q of queues) if (q.length) order.push(q.shift()!);
  return order;
}

/** A chain's branch: "스타벅스 강남역점", or Kakao's brand level repeating the name ("… > 스타벅스"). */
function isChainBranch(p: Place): boolean {
  const brand = p.displayName.split(/\s+/)[0] ?? "";
  return /\S+\s+\S+점$/.test(p.displayName) || (p.detailCategory !== null && p.detailCategory === brand);
}

const priceOf = (p: Place): number | undefined =>
  "avgPrice" in p && typeof p.avgPrice === "number" && p.avgPrice > 0 ? p.avgPrice : undefined;

/**
 * The query's conditions (issue 12) applied where the data allows: chains and named places left out,
 * "open now" from Google's openNow (a Google place's own or its `google` object), a price ceiling where
 * places carry prices. What cannot be checked stays in the list with a warning (000's placeUrl hint).
 */
export function applyConditions(places: Place[], pp: PostProcessing, warnings: string[]): Place[] {
  let out = places;
  for (const x of pp.exclude ?? []) {
    out =
      x === "프랜차이즈"
        ? out.filter((p) => !isChainBranch(p))
        : out.filter((p) => !p.displayName.includes(x) && !p.categoryName.includes(x));
  }
  const kakao = out.some((p) => p.provider === "kakao");
  if (pp.open_at) {
    const known = out.filter((p) => openNowOf(p) !== null);
    if (pp.open_at.kind === "now" && known.length) out = out.filter((p) => openNowOf(p) !== false);
    if (pp.open_at.kind !== "now" || known.length < out.length)
      warnings.push(kakao ? KAKAO_HINT : "영업시간 조건은 각 장소의 상세 페이지에서 확인하세요");
  }
  if (pp.max_price) {
    const max = pp.max_price;
    const priced = out.filter((p) => priceOf(p) !== undefined);
    if (priced.length) out = out.filter((p) => (priceOf(p) ?? 0) <= max);
    else
      warnings.push(
        kakao
          ? KAKAO_HINT
          : `가격(${max.toLocaleString("ko-KR")}원 이하)은 지도 API가 주지 않아요: 각 장소의 상세 페이지에서 확인하세요`,
      );
  }
  return out;
}

/** Review keywords: the places with evidence of them, where the data can show any. */
export function filterByReviews(
  places: Place[],
  pp: PostProcessing,
  ctx: { dataSource: string },
  warnings: string[],
): Place[] {
  if (!pp.filter_by_review || !pp.review_keywords?.length) return places;
  const keywords = pp.review_keywords;
  const marked = places.map((p) => ({ ...p, reviewMatches: reviewEvidence(p, keywords) }));
  const confirmed = marked.filter((p) => p.reviewMatches.length > 0);
  // evidence exists for the embedded data (attribute tags) and for places with Google reviews; Kakao
  // has none, so its places stay, with 000's hint to check the placeUrl
  const checkable =
    ctx.dataSource.startsWith("embedded") ||
    marked.some((p) => p.reviewSnippets?.length || p.google?.reviews?.length);
  if (checkable && confirmed.length > 0) return confirmed;
  warnings.push(noReviewsToCheck(keywords));
  return marked;
}

const distanceOf = (p: Place) => p.distance ?? p.distanceFromCenter;

const ORDER: Record<NonNullable<PostProcessing["sort_by"]>, ((a: Place, b: Place) => number) | undefined> = {
  distance: byNumber(distanceOf),
  distance_from_start: byNumber((p) => p.distanceFromStart),
  travelDistance: byNumber((p) => p.travelDistance),
  rating: byNumber(ratingOf, true),
  relevance: (a, b) =>
    (b.reviewMatches?.length ?? 0) - (a.reviewMatches?.length ?? 0) || byNumber(distanceOf)(a, b),
};

export function sortPlaces(places: Place[], sortBy: PostProcessing["sort_by"]): Place[] {
  const order = sortBy ? ORDER[sortBy] : undefined;
  return order ? places.sort(order) : places;
}
