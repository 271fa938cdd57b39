// Distances, travel times and trip lengths written in a query.
import type { TravelMode } from "../schemas.ts";

/** Metres per minute used to turn "걸어서 7분" into a distance threshold. */
export const SPEED_M_PER_MIN: Record<TravelMode, number> = {
  walking: 80, // 4.8 km/h
  bicycling: 250, // 15 km/h
  transit: 330, // 20 km/h door to door
  driving: 500, // 30 km/h in town
};

export interface DistanceAsk {
  /** metres */
  value: number;
  /** "반경 3km" is a plain radius; "3km 이내", "걸어서 10분" ask for a travel distance (001 point_travel) */
  kind: "radius" | "travel";
  mode: TravelMode | null;
}

const MODE_WORDS: [TravelMode, RegExp][] = [
  ["walking", /걸어서|걸어|도보|걷기|산책|walk|walking|on foot/i],
  ["bicycling", /자전거|따릉이|bike|cycling/i],
  ["transit", /대중교통|지하철로|버스로|transit|subway|by bus/i],
  ["driving", /차로|차 타고|자동차|운전|드라이브|택시|by car|drive|driving/i],
];

/**
 * How a travel distance is covered, when said in words that name nothing else (산책 and 드라이브 are
 * also what people look for: "드라이브 카페").
 */
export const TRAVEL_WORDS =
  /(?<![가-힣a-z])(?:걸어서|걸어|도보로|도보|자전거로|대중교통으로|대중교통|지하철로|버스로|차로|차 타고|walking|walk|on foot|by bike|by car|driving|drive|by transit|by subway|by bus)(?![a-z])/i;

function modeIn(text: string): TravelMode | null {
  return MODE_WORDS.find(([, re]) => re.test(text))?.[0] ?? null;
}

const LENGTH =
  /(\d+(?:\.\d+)?)\s*(km|㎞|킬로미터|킬로|키로|kilometers?|kilometres?|m|미터|meters?|metres?)(?![a-z])/i;
const DURATION = /(\d+(?:\.\d+)?)\s*(분|시간|minutes?|mins?|hours?|hrs?)(?![a-z])/i;

export function parseDistance(query: string): DistanceAsk | null {
  const mode = modeIn(query);
  const len = LENGTH.exec(query);
  if (len) {
    const unit = (len[2] ?? "").toLowerCase();
    const km = /^(km|㎞|킬로|키로|kilo)/.test(unit);
    const value = Math.round(Number(len[1]) * (km ? 1000 : 1));
    if (value <= 0) return null;
    const before = query.slice(Math.max(0, len.index - 6), len.index);
    const kind = /반경|radius/i.test(before) ? "radius" : "travel";
    return {
      value,
      kind,
      mode: kind === "travel" ? (mode ?? (value <= 2000 ? "walking" : "driving")) : null,
    };
  }
  const dur = DURATION.exec(query);
  if (dur && /거리|이내|안에|안쪽|내|걸어|도보|차로|walk|drive|within|away|min/i.test(query)) {
    const unit = dur[2] ?? "";
    const minutes = Number(dur[1]) * (/시간|hour|hr/i.test(unit) ? 60 : 1);
    const m = mode ?? "walking"; // "10분 거리" without a vehicle means on foot
    const value = Math.round(minutes * SPEED_M_PER_MIN[m]);
    if (value <= 0) return null;
    return { value, kind: "travel", mode: m };
  }
  return null;
}

export interface TripAsk {
  days: number;
  nights: number;
}

export function parseTrip(query: string): TripAsk | null {
  const nd =
    /(\d+)\s*박\s*(\d+)\s*일/.exec(query) ?? /(\d+)\s*nights?\s*(?:and\s*)?(\d+)\s*days?/i.exec(query);
  if (nd) return { nights: Number(nd[1]), days: Number(nd[2]) };
  const nightsOnly = /(\d+)\s*박/.exec(query);
  if (nightsOnly) return { nights: Number(nightsOnly[1]), days: Number(nightsOnly[1]) + 1 };
  const daysOnly = /(\d+)\s*일\s*(?:여행|코스|일정|동안|짜리)|(\d+)[-\s]?days?\b/i.exec(query);
  if (daysOnly) {
    const days = Number(daysOnly[1] ?? daysOnly[2]);
    return { days, nights: Math.max(0, days - 1) };
  }
  if (/당일치기|당일 ?여행|하루 ?코스|day ?trip/i.test(query)) return { days: 1, nights: 0 };
  if (/주말 ?여행/.test(query)) return { days: 2, nights: 1 };
  if (
    /(?<!러닝 ?|산책 ?|등산 ?|드라이브 ?|자전거 ?)코스|일정 ?(?:짜|추천|계획)|여행 ?(?:계획|일정)|itinerary/i.test(
      query,
    )
  ) {
    return { days: 1, nights: 0 };
  }
  return null;
}
