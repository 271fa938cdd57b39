// The scoring rules of test/fixtures/eval/places-blind1/README.md, in TypeScript: what an answer SHOWS
// (its places and its first sentence) against a row of the set. Pure: bench/places-shown.ts runs the
// queries and calls this; test/unit/places-shown-score.test.ts checks the README's own examples.
import { haversine } from "../../shared/geo/haversine.ts";

export interface BlindRow {
  id: string;
  class: string;
  query: string;
  area: {
    name: string;
    kind: string;
    sido: string;
    sigungu: string;
    lat: number;
    lng: number;
    radius_m: number;
    src: string;
  };
  kind: { asked: string; accept: string[]; reject: string[]; common: boolean; category_only?: string[] };
  expect_found?: boolean;
  notes: string;
}

/** The fields of a shown place the rules read (seed 000's Place has them all). */
export interface ShownPlace {
  displayName: string;
  categoryName: string;
  formattedAddress: string;
  roadAddress?: string | null;
  lat: number;
  lng: number;
}

export interface Shown {
  places: ShownPlace[];
  /** the first sentence of the answer's text */
  first: string;
  /** the keywords the answer searched (searchParams.keywords): a sentence naming one names the kind */
  keywords: string[];
}

/** One check: null where it does not apply to the row. */
type Check = boolean | null;

export interface RowScore {
  id: string;
  cls: string;
  nonEmpty: Check;
  kind: Check;
  inside: Check;
  /** inside failed, the row's point is approximate and every miss is within 500 m of the margin */
  approxNearMiss: boolean;
  city: Check;
  honest: Check;
  pass: boolean;
  matches: number;
  shown: number;
  why: string[];
}

const squash = (s: string) => s.normalize("NFC").toLowerCase().replace(/\s+/g, "");

/** The README's matching rule for one place. */
export function placeMatches(kind: BlindRow["kind"], p: Pick<ShownPlace, "displayName" | "categoryName">) {
  const only = new Set((kind.category_only ?? []).map(squash));
  const rejects = kind.reject.map(squash).filter(Boolean);
  let text = squash(p.categoryName) + squash(p.displayName);
  // longer reject words first, so a short one does not break a long one apart
  for (const r of [...rejects].sort((a, b) => b.length - a.length)) text = text.split(r).join("");
  const letters = kind.accept.map(squash).filter((a) => a && !only.has(a));
  if (letters.some((a) => text.includes(a))) return true;
  const segments = p.categoryName
    .split(/\s*>\s*|,/)
    .map(squash)
    .filter(Boolean);
  return segments.some((s) => only.has(s) && !rejects.includes(s));
}

/** 시도 as addresses write them (Kakao's "서울 강남구 …", "경기 성남시 분당구 …"). */
const SIDO_SHORT: Record<string, string> = {
  서울특별시: "서울",
  부산광역시: "부산",
  대구광역시: "대구",
  인천광역시: "인천",
  광주광역시: "광주",
  대전광역시: "대전",
  울산광역시: "울산",
  세종특별자치시: "세종",
  경기도: "경기",
  강원특별자치도: "강원",
  충청북도: "충북",
  충청남도: "충남",
  전북특별자치도: "전북",
  전라남도: "전남",
  경상북도: "경북",
  경상남도: "경남",
  제주특별자치도: "제주",
};

const stem = (w: string) =>
  w.length > 2 ? w.replace(/(특별자치시|특별자치도|광역시|특별시|시|군|구|도)$/, "") : w;

/**
 * README check 4 applies to shared names and to every row whose query names its city, district or
 * province. A city word inside the area's own name (마포역, 종로3가역, 수원역) names a station, not the city.
 */
export function namesCity(row: BlindRow): boolean {
  if (row.class === "shared_name") return true;
  const names = [row.area.sido, SIDO_SHORT[row.area.sido] ?? "", ...row.area.sigungu.split(/\s+/)]
    .filter(Boolean)
    .flatMap((n) => [squash(n), squash(stem(n))])
    .filter((n) => n.length >= 2);
  let q = squash(row.query);
  for (const t of row.area.name
    .split(/[\s()·]+/)
    .map(squash)
    .filter(Boolean)) {
    if (t.endsWith("역")) q = q.split(t).join("").split(t.slice(0, -1)).join("");
    else if (!names.includes(t)) q = q.split(t).join("");
  }
  return names.some((n) => q.includes(n));
}

/** The place's address lies in the row's 시도 and 시군구. */
export function inCity(row: BlindRow, p: ShownPlace): boolean {
  const addr = squash(`${p.formattedAddress} ${p.roadAddress ?? ""}`);
  const sido = [row.area.sido, SIDO_SHORT[row.area.sido] ?? row.area.sido].map(squash);
  if (!sido.some((s) => addr.startsWith(s) || addr.includes(s))) return false;
  return row.area.sigungu
    .split(/\s+/)
    .filter(Boolean)
    .every((g) => addr.includes(squash(g)));
}

/** A first sentence that says plainly the kind was not found. */
const NONE_FOUND =
  /찾지\s*못|못\s*찾|없어요|없습니다|없네요|없었|없음|않았|no\s.*found|not\s+found|couldn'?t find|could not find|none found/i;

export function honestSentence(row: BlindRow, shown: Shown): boolean {
  if (!NONE_FOUND.test(shown.first)) return false;
  const s = squash(shown.first);
  // the asked kind, or a word of it or a keyword searched that is not a single letter ("바", "회")
  const names = [
    squash(row.kind.asked),
    ...[...row.kind.accept, ...shown.keywords].map(squash).filter((w) => w.length >= 2),
  ];
  return names.some((n) => s.includes(n));
}

// long: one check after another, each as the README writes it
export function scoreRow(row: BlindRow, shown: Shown): RowScore {
  const why: string[] = [];
  const places = shown.places;
  const expected = row.kind.common || row.expect_found === true;
  const nonEmpty: Check = expected ? places.length > 0 : null;
  if (nonEmpty === false) why.push("empty where the kind is expected");
  const top = places.slice(0, 5);
  const hits = top.filter((p) => placeMatches(row.kind, p)).length;
  const matches = places.filter((p) => placeMatches(row.kind, p)).length;
  let kind: Check = null;
  if (places.length) {
    // 4 of the first 5; with fewer shown, at most one miss (and at least one of the kind)
    kind = top.length >= 5 ? hits >= 4 : top.length - hits <= 1 && hits >= 1;
    if (!kind)
      why.push(
        `kind ${hits}/${top.length}: ${top
          .filter((p) => !placeMatches(row.kind, p))
          .slice(0, 3)
          .map((p) => `${p.displayName} (${p.categoryName})`)
          .join("; ")}`,
      );
  }
  let inside: Check = null;
  let approxNearMiss = false;
  if (places.length) {
    const limit = row.area.radius_m * 1.2;
    const excess = places.map((p) => haversine({ lat: row.area.lat, lng: row.area.lng }, p) - limit);
    const worst = Math.max(...excess);
    inside = worst <= 0;
    if (!inside) {
      approxNearMiss = row.area.src.startsWith("approx") && worst < 500;
      why.push(`outside the area by up to ${Math.round(worst)} m${approxNearMiss ? " (approx point)" : ""}`);
    }
  }
  let city: Check = null;
  if (places.length && namesCity(row)) {
    const off = places.filter((p) => !inCity(row, p));
    city = off.length === 0;
    if (!city) why.push(`not in ${row.area.sido} ${row.area.sigungu}: ${off[0]!.formattedAddress}`);
  }
  let honest: Check = null;
  if (matches === 0) {
    honest = honestSentence(row, shown);
    if (!honest) why.push(`no place of the kind and the first sentence "${shown.first}" does not say so`);
  }
  const checks = [nonEmpty, kind, inside, city, honest];
  return {
    id: row.id,
    cls: row.class,
    nonEmpty,
    kind,
    inside,
    approxNearMiss,
    city,
    honest,
    pass: checks.every((c) => c !== false),
    matches,
    shown: places.length,
    why,
  };
}
