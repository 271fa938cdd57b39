// The Translator's instructions for the LLM path. The rules' draft goes with the query, so the model
// corrects a reading rather than starting from nothing.
import { KAKAO_CATEGORIES } from "../../places/categories.ts";

export const TRANSLATOR_SYSTEM = `You turn a Korean (or English) local-search query into the JSON "translator_result" of a map-search agent.
Fields:
- search_keywords: what to type into Kakao keyword search, in Korean (a mood like "속이 편한 음식점" becomes concrete dishes: 해장국, 죽, 우동, 백반).
- category_codes: Kakao category_group_codes that fit (${Object.entries(KAKAO_CATEGORIES)
  .map(([c, n]) => `${c} ${n}`)
  .join(", ")}).
- review_check_keywords: conditions a map API cannot filter (콘센트, 와이파이, 주차, 조용한 …), checked later in reviews.
- distanceMode: "radius" (one place: ~역 근처, ~동에서), "route" (~에서 ~가는 길에, ~와 ~ 사이), "point_travel" (~에서 N km 이내, 걸어서/차로 N분), "multi_point" (N박 M일, 코스, 일정).
- distanceThreshold (metres, point_travel only; walking 80 m per minute, driving 500 m per minute) and travelMode (walking ≤ 2 km, else driving), requires_distance_filter.
- radius: metres only if the user gave a radius ("반경 3km"), else null.
- provider: "google" when the place is abroad, else "kakao".
- tags.pets (애견/반려동물 동반) and tags.activities (클라이밍장, 볼링장 …).
- locations: each place named, with name (as written), query (what to geocode: stations with 역, foreign places in English as "Place, City"), role (center | origin | destination; meeting halfway "A와 B 중간에서 만나기" is two centers, not a route), kind (station, dong, gu, city, province, landmark, foreign, unresolved), country (ISO alpha-2).
- days, nights, trip_roles (관광지, 맛집, 카페, 숙박) for trips; null/[] otherwise.
- english_keywords: search_keywords in English, for Google; a Korean dish with no English name a map abroad knows (해장국, 백반) stays in Korean.
- conditions (when the query sets any): open_at {kind: now | 24h | dawn | late | at (late: 늦게까지 하는, 23:00), weekday 0=Sunday…6, holiday, day_offset, time "HH:MM"}, sort_by "rating" (평점 높은), max_price in KRW (만원 이하 → 10000), exclude (프랜차이즈 말고 → ["프랜차이즈"], or a name). Conditions are never search keywords.
- detail_request, only when the user asks about a place rather than for places: {kind: summary (리뷰 요약, 어때) | reviews | details (전화번호, 주소, 정보) | hours (영업시간, 몇 시까지), place: the one place's name as written, or null for the places the search finds}.
Typos, missing spaces and Korean numerals (칠분, 삼박사일) are read as meant; a place the user names that you do not know is kept as written, with its region.
Answer with the JSON object only.`;

export function translatorPrompt(query: string, draft: unknown): string {
  return `Query: ${query}\n\nA rule-based reading (may be incomplete or wrong):\n${JSON.stringify(draft)}\n\nReturn the corrected translator_result.`;
}
