// 001's areaGroup: "결과의 각 장소에 areaGroup을 주소 기반으로 자동 할당합니다" — every place, not only
// trips, gets the area its address names: the areas 001 lists when the address is in one (중문, 해운대,
// 시부야 …), else the address's dong/읍/면 (Korea) or its district (abroad); a place without a usable
// address gets the nearest named area of the gazetteer.
import { allGazetteerEntries, lookupPlace } from "../geo/gazetteer.ts";
import { haversine, type LatLng } from "../geo/haversine.ts";
import type { Place } from "../places/place.ts";

/** 001's examples (제주도, 부산, 도쿄), found in the address by their own or their dong's name. */
const KNOWN_AREAS: [RegExp, string][] = [
  [/중문/, "중문"],
  [/성산/, "성산"],
  [/서귀포/, "서귀포시"],
  [/해운대/, "해운대"],
  [/광안(?:리|동|\d)/, "광안리"],
  [/서면|부전\d?동/, "서면"],
  [/남포동/, "남포동"],
  [/시부야|shibuya/i, "시부야"],
  [/신주쿠|shinjuku/i, "신주쿠"],
  [/아키하바라|akihabara/i, "아키하바라"],
  [/긴자|ginza/i, "긴자"],
];

const PROVINCE =
  /^(서울|부산|대구|인천|광주|대전|울산|세종|경기|강원|충북|충남|전북|전남|경북|경남|제주)(특별시|광역시|특별자치시|특별자치도|도)?$|^서울시$|^(충청|전라|경상)(남|북)도$/;

/** "역삼1동" → 역삼동, "성수동1가" → 성수동, "애월읍" stays. */
const dongOf = (token: string) => token.replace(/\d+(?=동$)/, "").replace(/(동)\d+가$/, "$1");

function koreanArea(address: string): string | undefined {
  const tokens = address.split(/\s+/).filter((t) => t && !/^[\d-]+$/.test(t) && !PROVINCE.test(t));
  const dong = tokens.find((t) => /[가-힣]+(?:\d*동|\d*가|읍|면|리)$/.test(t) && !/[로길]$/.test(t));
  if (dong) return dongOf(dong);
  // "제주시 12-3", "중문 4-5": the first name the address has
  return tokens.find((t) => /^[가-힣]{2,}$/.test(t));
}

/**
 * An address abroad: its most specific part the gazetteer knows, in Korean. Latin addresses run from
 * the street to the country ("1-22-7 Jinnan, Shibuya City, Tokyo"), Korean ones the other way
 * ("일본 도쿄도 시부야구 진난").
 */
function foreignArea(address: string): string | undefined {
  const latin = !/[가-힣]/.test(address);
  const parts = latin ? address.split(/[,，]/) : address.split(/\s+/).reverse();
  for (const part of parts) {
    const name = part
      .trim()
      .replace(/\s*(?:City|Ward|Prefecture|-ku|-shi)$|(?<=[가-힣]{2})(?:구|시|부|도|현)$/i, "");
    if (!name || /\d/.test(name)) continue;
    const e = lookupPlace(name);
    if (e && e.country !== "KR") return e.name;
  }
  return undefined;
}

/** The nearest named area (a city, district or landmark of the gazetteer) within 30 km. */
export function nearestArea(p: LatLng): string | undefined {
  let best: { d: number; name: string } | undefined;
  for (const e of allGazetteerEntries()) {
    if (!["city", "landmark", "foreign", "gu"].includes(e.kind)) continue;
    const d = haversine(p, e);
    if (d < 30_000 && (!best || d < best.d)) best = { d, name: e.name };
  }
  return best?.name;
}

export function areaGroupOf(
  p: Pick<Place, "formattedAddress" | "roadAddress" | "lat" | "lng">,
): string | undefined {
  const address = [p.formattedAddress, p.roadAddress ?? ""].join(" ").trim();
  if (address) {
    const known = KNOWN_AREAS.find(([re]) => re.test(address));
    if (known) return known[1];
    const area =
      foreignArea(p.formattedAddress) ??
      (/[가-힣]/.test(p.formattedAddress) ? koreanArea(p.formattedAddress) : undefined);
    if (area) return area;
  }
  return nearestArea(p);
}
