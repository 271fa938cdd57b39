// Finds the places a query names: gazetteer hits first (multi-word names too), then words that are
// shaped like places (~역, ~동, ~구, ~공원 …) or that stand for the user's own place (숙소, 집).
import { lookupPlace, type GazetteerEntry } from "../../geo/gazetteer.ts";
import type { LocationKind } from "../schemas.ts";
import { particleVariants, type Token } from "./text.ts";

export interface FoundLocation {
  name: string;
  query: string;
  kind: LocationKind;
  country: string;
  /** character span in the query, particles included */
  start: number;
  end: number;
  /** the particles that followed the name (에서, 까지, 와 …) */
  particle: string;
  entry?: GazetteerEntry;
}

/** Words for the user's own place: geocoded as written, with a warning to give an address. */
const SELF_PLACES = new Set([
  "숙소",
  "우리집",
  "집",
  "회사",
  "사무실",
  "호텔",
  "여기",
  "현위치",
  "내위치",
  "현재위치",
  "학교",
]);

const LOCATIVE =
  /^(에서|에서부터|부터|까지|근처|주변|인근|부근|앞|쪽|에|에서는|근처에|근처에서|주변에|주변에서)/;
const NEAR_WORDS = new Set(["근처", "주변", "인근", "부근", "앞", "쪽", "근방"]);

/** Place-shaped endings; the short administrative ones need context to count (운동 is not a dong). */
const STRONG_SUFFIX =
  /^[가-힣A-Za-z0-9]{1,14}(역|공원|터미널|공항|해수욕장|대학교|대학|시장|타워|궁|거리|마을|섬|항|해변|폭포|한옥마을|온천|아울렛|백화점|몰)$/;
const ADMIN_SUFFIX = /^[가-힣0-9]{1,10}(동|구|시|군|읍|면|리|도|\d가)$/;
const NOT_PLACES = new Set([
  "지역",
  "구역",
  "영역",
  "무역",
  "운동",
  "이동",
  "활동",
  "감동",
  "행동",
  "자동",
  "친구",
  "가구",
  "도구",
  "입구",
  "출구",
  "요구",
  "연구",
  "시도",
  "면",
  "리",
  "가",
  "도",
  "시",
  "구",
  "동",
  "역",
  "국수",
  "라면",
  "냉면",
  "짜장면",
  "짬뽕",
  "정도",
  "가까운",
  "분위기",
  "요리",
  "마리",
  "보리",
  "오리",
  "소리",
  "자리",
  "우리",
  "머리",
  "거리",
  "평가",
  "가격",
  "휴가",
  "야시장",
  "재래시장",
  "전통시장",
  "시장",
  "수산시장",
  "어시장",
  "맛집거리",
  "먹자골목",
]);

function classifySuffix(stem: string, hasContext: boolean): LocationKind | undefined {
  if (NOT_PLACES.has(stem)) return undefined;
  if (STRONG_SUFFIX.test(stem)) return stem.endsWith("역") ? "station" : "landmark";
  if (ADMIN_SUFFIX.test(stem) && (stem.length >= 3 || hasContext)) {
    const last = stem.at(-1);
    if (last === "동" || last === "가" || last === "읍" || last === "면" || last === "리") return "dong";
    if (last === "구") return "gu";
    if (last === "도") return "province";
    return "city";
  }
  return undefined;
}

function fromEntry(
  entry: GazetteerEntry,
  surface: string,
): Pick<FoundLocation, "name" | "query" | "kind" | "country" | "entry"> {
  return { name: surface, query: entry.query, kind: entry.kind, country: entry.country, entry };
}

/**
 * @param isTerm tells whether a word is a food/activity term, so 수산시장 or 짜장면 isn't taken for a place.
 */
export function findLocations(tokens: Token[], isTerm: (word: string) => boolean): FoundLocation[] {
  const found: FoundLocation[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const hit = matchAt(tokens, i, isTerm);
    if (hit) {
      found.push(hit.location);
      i += hit.width - 1;
    }
  }
  return mergeNested(found);
}

function matchAt(
  tokens: Token[],
  i: number,
  isTerm: (word: string) => boolean,
): { location: FoundLocation; width: number } | undefined {
  // multi-word names first ("여의도 한강공원", "british museum", "new york")
  for (let width = Math.min(3, tokens.length - i); width >= 1; width--) {
    const last = tokens[i + width - 1];
    const head = tokens.slice(i, i + width - 1).map((t) => t.text);
    for (const { stem, particle } of particleVariants(last.text)) {
      const words = [...head, stem];
      const surface = words.join(" ");
      const span = { start: tokens[i].start, end: last.end, particle };
      const entry = lookupPlace(surface);
      if (entry && !(width === 1 && isTerm(stem) && entry.kind !== "station" && stem.length < 3)) {
        return { location: { ...fromEntry(entry, surface), ...span }, width };
      }
      if (width > 1) continue;
      const next = tokens[i + 1]?.text ?? "";
      const hasContext = LOCATIVE.test(particle) || NEAR_WORDS.has(next) || next.startsWith("에서");
      if (SELF_PLACES.has(stem) && hasContext) {
        return { location: { name: stem, query: stem, kind: "unresolved", country: "KR", ...span }, width };
      }
      if (!isTerm(stem)) {
        const kind = classifySuffix(stem, hasContext);
        if (kind) return { location: { name: stem, query: stem, kind, country: "KR", ...span }, width };
      }
    }
  }
  return undefined;
}

/**
 * "마포구 망원동", "교토 기요미즈데라": a region followed by a place inside it is one location, named
 * by the specific part and geocoded with both.
 */
function mergeNested(found: FoundLocation[]): FoundLocation[] {
  const out: FoundLocation[] = [];
  for (const loc of found) {
    const prev = out.at(-1);
    const adjacent = prev && prev.particle === "" && loc.start - prev.end <= 1;
    const broad = prev && ["city", "province", "gu", "foreign"].includes(prev.kind);
    const inside =
      prev &&
      (prev.kind === "foreign"
        ? loc.kind === "foreign" &&
          loc.entry?.city !== undefined &&
          prev.entry?.en !== undefined &&
          (loc.entry.city === prev.entry.en || loc.country === prev.country)
        : loc.country === "KR" && loc.kind !== "city" && loc.kind !== "province");
    if (prev && adjacent && broad && inside) {
      const query =
        loc.country === "KR"
          ? `${prev.name} ${loc.entry?.kind === "dong" ? loc.name : loc.query}`
          : loc.query;
      out[out.length - 1] = { ...loc, name: `${prev.name} ${loc.name}`, query, start: prev.start };
      continue;
    }
    out.push(loc);
  }
  return out;
}
