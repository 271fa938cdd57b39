// Google's details about a place, in the forms the answer carries them: 000's detail-action result
// (`{success, place_id, name, …, review_summary}`), the `google` object on a place, when it closes,
// and whether a Google place is the same venue as a Kakao one (a similar name within 150 m).
import { haversine } from "../geo/haversine.ts";
import type { PlaceDetails } from "../providers/port.ts";
import type { GoogleInfo, Place, ReviewSummary } from "../places/place.ts";

type Review = PlaceDetails["reviews"][number];

/** 000's review_summary: computed from the reviews Google returned (no extra call). */
export function summarizeReviews(reviews: Review[]): ReviewSummary {
  const rated = reviews.filter((r): r is Review & { rating: number } => r.rating !== null);
  const average = rated.length
    ? Math.round((rated.reduce((s, r) => s + r.rating, 0) / rated.length) * 10) / 10
    : null;
  const words = new Map<string, number>();
  for (const r of reviews)
    for (const w of r.text.split(/[\s,.!?~]+/).filter((w) => w.length >= 2))
      words.set(w, (words.get(w) ?? 0) + 1);
  const keywords = [...words.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([w]) => w);
  const snippet = (t: string) => (t.split(/(?<=[.!?])\s/)[0] ?? "").slice(0, 80);
  const highlights = reviews
    .filter((r) => (r.rating ?? 0) >= 4)
    .map((r) => snippet(r.text))
    .slice(0, 3);
  const concerns = rated
    .filter((r) => r.rating <= 2)
    .map((r) => snippet(r.text))
    .slice(0, 3);
  return {
    total_analyzed: reviews.length,
    average_rating: average,
    highlights,
    concerns,
    keywords,
    sample_reviews: reviews.slice(0, 3),
    summary_text:
      average === null
        ? "리뷰가 없습니다."
        : `평점 ${average}점 (리뷰 ${reviews.length}건 분석).${highlights.length ? ` 장점: ${highlights[0]}` : ""}${concerns.length ? ` 아쉬운 점: ${concerns[0]}` : ""}`,
  };
}

/** Within this many minutes of closing a place is "closing soon" (a warning says so). */
export const CLOSING_SOON_MINUTES = 60;

/** When the place closes, on its own clock, and how long is left (Google's nextCloseTime). */
export function closingOf(
  d: Pick<PlaceDetails, "nextCloseTime" | "utcOffsetMinutes" | "openNow">,
  now: number,
): { closesAt: string | null; minutesUntilClose: number | null; closingSoon: boolean } {
  const at = d.nextCloseTime ? Date.parse(d.nextCloseTime) : NaN;
  if (!Number.isFinite(at) || d.openNow === false)
    return { closesAt: null, minutesUntilClose: null, closingSoon: false };
  // the place's local clock; Korean time when Google gives no offset (the product's home)
  const local = new Date(at + (d.utcOffsetMinutes ?? 540) * 60_000);
  const closesAt = `${String(local.getUTCHours()).padStart(2, "0")}:${String(local.getUTCMinutes()).padStart(2, "0")}`;
  const minutesUntilClose = Math.max(0, Math.round((at - now) / 60_000));
  return { closesAt, minutesUntilClose, closingSoon: minutesUntilClose <= CLOSING_SOON_MINUTES };
}

export type DetailAction = "google_check_open" | "google_details" | "google_reviews" | "google_summarize";

/** 000's detail-action result, with the normalized place and the closing time added. */
export function detailResult(kind: DetailAction, d: PlaceDetails, now: number) {
  const c = closingOf(d, now);
  return {
    success: true,
    place_id: d.place.id,
    name: d.place.displayName,
    address: d.place.formattedAddress,
    phone: d.place.phone,
    url: d.place.placeUrl,
    rating: d.place.rating,
    review_count: d.place.reviewCount,
    opening_hours: { open_now: d.openNow, weekday_text: d.weekdayText },
    editorial_summary: d.editorialSummary,
    review_summary: kind === "google_summarize" ? summarizeReviews(d.reviews) : null,
    // --- additions ---
    detail: kind,
    id: d.place.id,
    place: d.place,
    openNow: d.openNow,
    reviews: kind === "google_reviews" || kind === "google_summarize" ? d.reviews : [],
    closes_at: c.closesAt,
    minutes_until_close: c.minutesUntilClose,
    closing_soon: c.closingSoon,
  };
}
export type DetailResult = ReturnType<typeof detailResult>;

/** The fields of detailResult a later step may reference. */
export const DETAIL_OUTPUT = [
  "success",
  "place_id",
  "name",
  "address",
  "phone",
  "url",
  "rating",
  "review_count",
  "opening_hours",
  "editorial_summary",
  "review_summary",
  "detail",
  "id",
  "place",
  "openNow",
  "reviews",
  "closes_at",
  "minutes_until_close",
  "closing_soon",
] as const;

/** A detail result as the `google` object a place carries. */
export function googleInfoOf(r: DetailResult, matchedBy: GoogleInfo["matchedBy"]): GoogleInfo {
  return {
    placeId: r.place_id,
    matchedBy,
    name: r.name,
    url: r.url,
    phone: r.phone,
    rating: r.rating,
    reviewCount: r.review_count,
    openNow: r.opening_hours.open_now,
    openingHours: r.opening_hours,
    closesAt: r.closes_at,
    minutesUntilClose: r.minutes_until_close,
    closingSoon: r.closing_soon,
    editorialSummary: r.editorial_summary,
    ...(r.review_summary ? { reviewSummary: r.review_summary } : {}),
    ...(r.reviews.length ? { reviews: r.reviews } : {}),
  };
}

/** Google's facts go on a Google place itself too (000 gives Google places rating, reviewCount, openNow). */
export function withGoogleInfo(p: Place, info: GoogleInfo): Place {
  const own = p.provider === "google" && p.id === info.placeId;
  return {
    ...p,
    google: { ...p.google, ...info },
    ...(own
      ? {
          rating: info.rating ?? p.rating,
          reviewCount: info.reviewCount ?? p.reviewCount,
          openNow: info.openNow ?? p.openNow,
          reviewSnippets: (info.reviews ?? []).map((r) => r.text.slice(0, 300)).filter(Boolean),
        }
      : {}),
  };
}

/** The warning a place about to close gets. */
export const closingSoonWarning = (name: string, info: Pick<GoogleInfo, "closesAt" | "minutesUntilClose">) =>
  `${name}: ${info.closesAt}에 문을 닫아요 (${info.minutesUntilClose}분 남음)`;

const SAME_VENUE_M = 150;

const bigrams = (s: string) => {
  const t = s.toLowerCase().replace(/[\s\p{P}]/gu, "");
  const out = new Set<string>();
  for (let i = 0; i < t.length - 1; i++) out.add(t.slice(i, i + 2));
  if (t.length === 1) out.add(t);
  return out;
};

/** Dice similarity of two names' character bigrams (spaces and punctuation ignored). */
export function nameSimilarity(a: string, b: string): number {
  const x = bigrams(a);
  const y = bigrams(b);
  if (!x.size || !y.size) return 0;
  let both = 0;
  for (const g of x) if (y.has(g)) both++;
  return (2 * both) / (x.size + y.size);
}

/** A Google place and a Kakao place are one venue: within 150 m, and names that mostly agree. */
export function sameVenue(
  a: Pick<Place, "displayName" | "lat" | "lng">,
  b: Pick<Place, "displayName" | "lat" | "lng">,
) {
  return haversine(a, b) <= SAME_VENUE_M && nameSimilarity(a.displayName, b.displayName) >= 0.5;
}
