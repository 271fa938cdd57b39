// A place named with the wider area around it ("강릉 교동", "안산 중앙동", "대구 수성구 범어동", "해운대
// 송정"): the namesake INSIDE the named 시도 or 시군구, from the administrative hierarchy of the vendored
// tables (every 읍면동 of the country with its 시도 and 시군구: admin-areas.ts; stations and landmarks
// placed in the area their point lies in), never the best-known place of that name. When no place of
// that name lies inside the named area the answer says so: `inside: false`, with the namesakes elsewhere.
// Shared by place search (the translator and the geocode step) and restaurant QA (its location step).
import { parseCsv, readDataFile } from "../data/files.ts";
import { normalizeName } from "../korean/normalize.ts";
import { adminAreaOf, adminAreas, legalDongOf, type AdminArea } from "./admin-areas.ts";
import { allGazetteerEntries } from "./gazetteer.ts";
import { haversine, type LatLng } from "./haversine.ts";

/** A 시도, or a 시군구 (its whole name or its city part: 수원시 of 수원시 팔달구). */
export interface Region {
  name: string;
  /** as Kakao's address_name writes it: 서울, 부산, 경기, 강원특별자치도 … */
  sido: string;
  /** "" for a whole 시도; "수원시" covers 수원시 팔달구 */
  sigungu: string;
  lat: number;
  lng: number;
}

export type NamedKind = "dong" | "station" | "landmark";

/** A place a name stands for, with the areas it lies in. */
export interface NamedPlace {
  name: string;
  kind: NamedKind;
  lat: number;
  lng: number;
  sido: string;
  sigungu: string;
  /** what a geocoder is asked: "부산 중구 중앙동", "강원 강릉시 교동" */
  query: string;
}

export type AreaResolution =
  | { inside: true; place: NamedPlace; regions: Region[] }
  | { inside: false; name: string; regions: Region[]; elsewhere: NamedPlace[] };

/** 시도 as people write them, to Kakao's region_1depth_name. */
const SIDO_NAMES: Record<string, string[]> = {
  서울: ["서울특별시", "서울시", "서울"],
  부산: ["부산광역시", "부산시", "부산"],
  대구: ["대구광역시", "대구시", "대구"],
  인천: ["인천광역시", "인천시", "인천"],
  광주: ["광주광역시", "광주"],
  대전: ["대전광역시", "대전시", "대전"],
  울산: ["울산광역시", "울산시", "울산"],
  세종특별자치시: ["세종특별자치시", "세종시", "세종"],
  경기: ["경기도", "경기"],
  강원특별자치도: ["강원특별자치도", "강원도", "강원"],
  충북: ["충청북도", "충북"],
  충남: ["충청남도", "충남"],
  전북특별자치도: ["전북특별자치도", "전라북도", "전북"],
  전남: ["전라남도", "전남"],
  경북: ["경상북도", "경북"],
  경남: ["경상남도", "경남"],
  제주특별자치도: ["제주특별자치도", "제주도", "제주"],
};

/** 서울특별시, 강원도, 제주도 → Kakao's 서울, 강원특별자치도, 제주특별자치도. */
const KAKAO_SIDO = new Map(
  Object.entries(SIDO_NAMES).flatMap(([kakao, names]) => names.map((n): [string, string] => [n, kakao])),
);

/**
 * The administrative dongs the areas of admin-areas.ts fold into legal ones (관악구 중앙동, 범어1동,
 * 대전 동구 중앙동 beside its namesakes), as areas of their own: a query names them as often.
 */
function adminDongs(): AdminArea[] {
  const rows = [
    ...parseCsv(readDataFile("seoul_admin_dong_centroids.csv")),
    ...parseCsv(readDataFile("korea_admin_centroids.csv")),
  ];
  return rows.flatMap((r) => {
    const sido = KAKAO_SIDO.get(r.sido!);
    if (r.level !== "dong" || !sido || !r.dong) return [];
    const dong = r.dong.replace(/제(?=\d)/g, "");
    return [{ sido, sigungu: r.sigungu!, dong, lat: Number(r.lat), lng: Number(r.lng) }];
  });
}

/** The names a dong is asked by: 범어1동 and 범어동, 명륜3가동 and 명륜동, 명륜1가 and 명륜동. */
function dongKeys(dong: string): string[] {
  const legal = legalDongOf(dong);
  const ga = /^(.+?)\d+가$/.exec(dong);
  return [...new Set([dong, ...(legal ? [legal] : []), ...(ga ? [`${ga[1]}동`] : [])])];
}

/** "강원특별자치도" → 강원: the short 시도 a query to a geocoder starts with. */
const shortSido = (sido: string) => sido.replace(/(특별자치도|특별자치시)$/, "");

type Unplaced = Pick<NamedPlace, "name" | "kind" | "lat" | "lng">;

interface Tables {
  regions: Map<string, Region[]>;
  /** dongs, with their areas */
  places: Map<string, NamedPlace[]>;
  /** stations and landmarks, placed in their area on first need */
  unplaced: Map<string, Unplaced[]>;
}
let tables: Tables | undefined;

const push = <T>(m: Map<string, T[]>, key: string, v: T) => {
  const k = normalizeName(key);
  if (k) m.set(k, [...(m.get(k) ?? []), v]);
};

const mean = (ps: LatLng[]) => ({
  lat: Math.round((ps.reduce((s, p) => s + p.lat, 0) / ps.length) * 1e6) / 1e6,
  lng: Math.round((ps.reduce((s, p) => s + p.lng, 0) / ps.length) * 1e6) / 1e6,
});

/** The words a 시군구 is named by: 수원시 팔달구, 수원시, 수원, 팔달구, 팔달; 일산 for 일산동구 and 일산서구. */
function sigunguKeys(sigungu: string): { key: string; region: string }[] {
  const parts = sigungu.split(" ");
  const out = [{ key: sigungu, region: sigungu }];
  for (const [i, p] of parts.entries()) {
    const region = i === 0 ? p : sigungu;
    out.push({ key: p, region });
    const stem = p.replace(/[시군구]$/, "");
    // a one-syllable stem (중구 → 중) names nothing
    if (stem.length >= 2) out.push({ key: stem, region });
    const side = /^(.{2,})[동서남북]구$/.exec(p);
    if (side) out.push({ key: side[1]!, region: i === 0 ? p : sigungu });
  }
  return out;
}

/**
 * The 시군구 a former one's dongs lie in today, for each 시군구 that exists no longer: the vendored
 * admin table keeps an abolished unit's dongs beside their successors' at the same points (마산시 중앙동
 * and 창원시 마산합포구's, 북제주군 한림읍 and 제주시 한림읍), and admin-areas.ts keeps the current one of
 * each point. So 마산 is 창원시 마산합포구 and 마산회원구 by the administrative history in the data, not
 * by a list of names. A 시군구 that still holds most of its dongs (or whose 구 do) maps to nothing.
 */
function successorsOf(
  all: Iterable<{ sido: string; sigungu: string; points: LatLng[] }>,
): Map<string, { sigungu: string; points: LatLng[] }[]> {
  const current = new Map<string, AdminArea>();
  for (const a of adminAreas()) current.set(`${a.lat},${a.lng}`, a);
  const out = new Map<string, { sigungu: string; points: LatLng[] }[]>();
  for (const { sido, sigungu, points } of all) {
    if (!sigungu) continue;
    const by = new Map<string, LatLng[]>();
    let own = 0;
    for (const p of points) {
      const a = current.get(`${p.lat},${p.lng}`);
      if (!a || a.sido !== sido || !a.sigungu) continue;
      // still its own (or one of its own 구: 수원시 of 수원시 팔달구)
      if (a.sigungu === sigungu || a.sigungu.startsWith(`${sigungu} `)) own++;
      else by.set(a.sigungu, [...(by.get(a.sigungu) ?? []), p]);
    }
    // former when most of its dongs lie in others today
    const moved = [...by.values()].reduce((n, ps) => n + ps.length, 0);
    if (moved > own)
      out.set(
        `${sido}|${sigungu}`,
        [...by].map(([s, ps]) => ({ sigungu: s, points: ps })),
      );
  }
  return out;
}

// long: one pass over each table, building both indexes
function build(): Tables {
  const regionPoints = new Map<string, { sido: string; sigungu: string; points: LatLng[] }>();
  const regionOf = (sido: string, sigungu: string, p: LatLng) => {
    const key = `${sido}|${sigungu}`;
    const r = regionPoints.get(key) ?? { sido, sigungu, points: [] };
    r.points.push(p);
    regionPoints.set(key, r);
  };
  const dongs = new Map<string, { a: AdminArea; points: LatLng[] }>();
  for (const a of [...adminAreas(), ...adminDongs()]) {
    regionOf(a.sido, "", a);
    if (a.sigungu) {
      regionOf(a.sido, a.sigungu, a);
      const city = a.sigungu.split(" ")[0]!;
      if (city !== a.sigungu) regionOf(a.sido, city, a);
    }
    // a dong asked by a name it shares with its neighbours (범어1동 … 범어4동 are 범어동) is their middle
    for (const name of dongKeys(a.dong)) {
      const key = `${a.sido}|${a.sigungu}|${name}`;
      const d = dongs.get(key) ?? { a: { ...a, dong: name }, points: [] };
      if (!d.points.some((p) => p.lat === a.lat && p.lng === a.lng)) d.points.push(a);
      dongs.set(key, d);
    }
  }
  const regions = new Map<string, Region[]>();
  const successors = successorsOf(regionPoints.values());
  for (const { sido, sigungu, points } of regionPoints.values()) {
    const at = mean(points);
    if (!sigungu) {
      for (const n of SIDO_NAMES[sido] ?? [sido]) push(regions, n, { name: n, sido, sigungu: "", ...at });
      continue;
    }
    // a former 시 or 군 (마산시, 진해시, 북제주군) stands for the ones that hold its dongs today
    const now = successors.get(`${sido}|${sigungu}`);
    for (const { key, region } of sigunguKeys(sigungu)) {
      if (region !== sigungu) continue;
      if (!now) push(regions, key, { name: key, sido, sigungu, ...at });
      else
        for (const n of now)
          if (!regions.get(normalizeName(key))?.some((r) => r.sido === sido && r.sigungu === n.sigungu))
            push(regions, key, { name: key, sido, sigungu: n.sigungu, ...mean(n.points) });
    }
  }
  const places = new Map<string, NamedPlace[]>();
  const unplaced = new Map<string, Unplaced[]>();
  for (const { a, points } of dongs.values()) {
    const at = mean(points);
    const query = [shortSido(a.sido), a.sigungu, a.dong].filter(Boolean).join(" ");
    const p: NamedPlace = { name: a.dong, kind: "dong", ...at, sido: a.sido, sigungu: a.sigungu, query };
    push(places, a.dong, p);
  }
  // stations and landmarks are placed in their area when a query first names them (a lookup each)
  const seen = new Set<string>();
  for (const e of allGazetteerEntries()) {
    if (e.country !== "KR" || (e.kind !== "station" && e.kind !== "landmark")) continue;
    const key = `${e.name}|${Math.round(e.lat * 500)}|${Math.round(e.lng * 500)}`; // one a ~200 m cell
    if (seen.has(key)) continue;
    seen.add(key);
    const p: Unplaced = { name: e.name, kind: e.kind, lat: e.lat, lng: e.lng };
    push(unplaced, e.name, p);
    if (e.kind === "station") push(unplaced, e.name.replace(/역$/, ""), p);
  }
  return { regions, places, unplaced };
}

const placed = new WeakMap<Unplaced, NamedPlace>();
function place(u: Unplaced): NamedPlace {
  let p = placed.get(u);
  if (!p) {
    const area = adminAreaOf(u);
    const query = [shortSido(area.sido), area.sigungu, u.name].filter(Boolean).join(" ");
    p = { ...u, sido: area.sido, sigungu: area.sigungu, query };
    placed.set(u, p);
  }
  return p;
}

function get(): Tables {
  tables ??= build();
  return tables;
}

/** Every 시도 or 시군구 a word names (광주: the metropolitan city and 경기 광주시). */
export function regionsNamed(word: string): Region[] {
  const { regions } = get();
  const named = regions.get(normalizeName(word));
  if (named) return named;
  // a 시도 written onto its city ("경기광주", "경남고성"): the city of that name in that 시도
  for (const [sido, names] of Object.entries(SIDO_NAMES))
    for (const n of names) {
      const rest = word.startsWith(n) ? word.slice(n.length) : "";
      const inSido =
        rest.length >= 2 ? (regions.get(normalizeName(rest)) ?? []).filter((r) => r.sido === sido) : [];
      if (inSido.length) return inSido.map((r) => ({ ...r, name: `${n} ${rest}` }));
    }
  return [];
}

/**
 * A development district named after the place it was built on (상무지구 around 상무역, 수완지구 in
 * 수완동, 동탄신도시 at 동탄, 교동택지 in 교동): the place's name, else undefined.
 */
export function districtHead(word: string): string | undefined {
  return /^([가-힣]{2,})(?:택지지구|택지|지구|신도시|신시가지)$/.exec(word)?.[1];
}

/**
 * Every place a word names: dongs (송정 and 송정동; 범어1동 is 범어동), stations (송정역), landmarks; a
 * station no table lists, by the dong of its name (하단역: 하단동).
 */
export function placesNamed(word: string): NamedPlace[] {
  const w = normalizeName(districtHead(word) ?? word);
  const { places, unplaced } = get();
  // a bare name is its 동, 읍 or 면 (물금 is 물금읍, 애월 애월읍)
  const keys = [...new Set([w, ...(/[동읍면가]$/.test(w) ? [] : [`${w}동`, `${w}읍`, `${w}면`])])];
  const found = [
    ...keys.flatMap((k) => places.get(k) ?? []),
    ...keys.flatMap((k) => unplaced.get(k) ?? []).map(place),
  ];
  // a station the rail tables lack (하단역, 부산 하단역): the dong of its name, where such a station stands
  if (found.length || !/.역$/.test(w)) return found;
  return places.get(`${w.slice(0, -1)}동`) ?? [];
}

/**
 * Some 시군구 the word names lies inside a region each outer word names: 수성구 inside 대구 is one more
 * region; 칠곡 inside 대구 is not (칠곡군 is in 경북), so "대구 칠곡" names a place in 대구.
 */
export function regionInside(word: string, outer: readonly string[]): boolean {
  const named = outer.map(regionsNamed);
  return regionsNamed(word).some((r) => named.every((rs) => rs.some((o) => within(r, o))));
}

/** The point lies in every one of the regions (by the area it lies in). */
export function inRegions(p: LatLng, regions: readonly Region[]): boolean {
  const a = adminAreaOf(p);
  return regions.every((r) => within({ sido: a.sido, sigungu: a.sigungu }, r));
}

const within = (p: { sido: string; sigungu: string }, r: Region) =>
  p.sido === r.sido && (!r.sigungu || p.sigungu === r.sigungu || p.sigungu.startsWith(`${r.sigungu} `));

/** The kinds a word's form asks for first: 송정역 a station, 송정동 a dong, 송정 a dong before a station. */
const ORDER: Record<string, NamedKind[]> = {
  station: ["station", "dong", "landmark"],
  dong: ["dong", "station", "landmark"],
  other: ["dong", "station", "landmark"],
};

/**
 * The place `word` names inside every one of the regions the region words name (each word may name
 * several: 광주 is two; a place must lie in one of each word's). Null when a region word names no
 * region or the word names no place anywhere.
 */
export function resolveInArea(regionWords: readonly string[], word: string): AreaResolution | null {
  if (!regionWords.length) return null;
  const named = regionWords.map(regionsNamed);
  if (named.some((rs) => !rs.length)) return null;
  const all = placesNamed(word);
  if (!all.length) return null;
  const inside = all.filter((p) => named.every((rs) => rs.some((r) => within(p, r))));
  const regions = named.map((rs) => rs.find((r) => inside.some((p) => within(p, r))) ?? rs[0]!);
  if (!inside.length) return { inside: false, name: word, regions, elsewhere: all };
  const form = /역$/.test(word) ? "station" : /[동읍면가]$/.test(word) ? "dong" : "other";
  const centre = regions.at(-1)!;
  const best = ORDER[form]!.map((k) =>
    inside.filter((p) => p.kind === k).sort((a, b) => haversine(a, centre) - haversine(b, centre)),
  ).find((ps) => ps.length)![0]!;
  return { inside: true, place: best, regions };
}

/** "부산 중구 중앙동", "강릉 교동": a phrase whose words before the last name regions, resolved so. */
export function resolvePhrase(phrase: string): AreaResolution | null {
  const words = phrase.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return null;
  return resolveInArea(words.slice(0, -1), words.at(-1)!);
}

/**
 * A place-shaped name the tables may lack although it lies in the named area: a dong (교동, 봉명동,
 * 중앙동). The tables hold every administrative dong of the country, but legal dongs for Seoul only, and
 * many a legal dong elsewhere (여수 교동, 대전 봉명동, 속초 중앙동) is inside an administrative one of
 * another name. A provider that knows addresses can place it; its answer counts only inside the area.
 */
export const mayBeUnlisted = (r: AreaResolution): boolean => !r.inside && dongShaped(r.name);

/** A dong's name (교동, 봉명동, 명륜3가, 애월읍, 송정리). */
export const dongShaped = (name: string): boolean => /[가-힣](동|\d가|읍|면|리)$/.test(name);

/** The point lies inside the area a phrase's region words name ("여수 교동": in 여수시; 광주: either 광주). */
export function insidePhrase(p: LatLng, phrase: string): boolean {
  const words = phrase.trim().split(/\s+/).slice(0, -1);
  return words.length > 0 && words.every((w) => regionsNamed(w).some((r) => inRegions(p, [r])));
}

/**
 * The place lies in every one of the regions: by its address where it starts with a 시도 ("부산 중구
 * 동광동 …", as Kakao and the embedded data write it), else by the area its point lies in.
 */
export function addressInRegions(
  p: LatLng & { formattedAddress?: string; roadAddress?: string | null },
  regions: readonly Region[],
): boolean {
  const words = (p.formattedAddress || p.roadAddress || "").trim().split(/\s+/);
  const sido = KAKAO_SIDO.get(words[0] ?? "");
  if (!sido) return inRegions(p, regions);
  const rest = new Set(words.slice(1, 4));
  return regions.every(
    (r) => r.sido === sido && (!r.sigungu || r.sigungu.split(" ").every((w) => rest.has(w))),
  );
}

/** How a region is written in a sentence: "대구 수성구", "강릉시". */
export const regionLabel = (regions: readonly Region[]) => regions.map((r) => r.name).join(" ");
