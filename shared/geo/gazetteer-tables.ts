// The gazetteer's tables, in the order their names claim it: the known places, Seoul's stations and
// dongs, the national stations, regions and dongs, the parks.
import { parseCsv, readDataFile } from "../data/files.ts";
import { normalizeName } from "../korean/normalize.ts";
import { legalDongOf } from "./admin-areas.ts";
import { haversine } from "./haversine.ts";
import {
  FOREIGN_PLACES,
  KOREAN_LANDMARKS,
  KOREAN_PLACES,
  MAIN_STATIONS,
  type KnownPlace,
} from "./known-places.ts";
import { Gazetteer, PRIORITY, type GazetteerEntry } from "./gazetteer-index.ts";

/** Station names that are also everyday words ("주차 가능", "대화가 편한"): only "X역" means the station. */
const COMMON_WORDS = new Set([
  "가능",
  "중앙",
  "온수",
  "미사",
  "상수",
  "약수",
  "개화",
  "신흥",
  "태평",
  "산성",
  "오류",
  "대화",
  "중동",
  "백운",
  "사리",
  "도심",
  "송정",
  "정왕",
  "구일",
  "신내",
  "야목",
  "달월",
]);

/** 부산광역시 → 부산, 경상남도 → 경남, 제주특별자치도 → 제주: how people name a region before a place. */
export function shortRegion(sido: string): string {
  const provinces: Record<string, string> = {
    경상남도: "경남",
    경상북도: "경북",
    전라남도: "전남",
    전라북도: "전북",
    충청남도: "충남",
    충청북도: "충북",
  };
  return provinces[sido] ?? sido.replace(/(특별시|광역시|특별자치시|특별자치도|도)$/, "");
}

function table<K extends string>(file: string, columns: readonly K[]): Record<K, string>[] {
  return parseCsv(readDataFile(file)).map((r) => {
    const row = {} as Record<K, string>;
    for (const c of columns) {
      const v = r[c];
      if (v === undefined) throw new Error(`${file}: no column ${c}`);
      row[c] = v;
    }
    return row;
  });
}

function fromKnown(p: KnownPlace): GazetteerEntry {
  const name = p.names[0] ?? p.en;
  const query = p.kind === "foreign" ? (p.city ? `${p.en}, ${p.city}` : p.en) : (p.query ?? name);
  return { name, query, kind: p.kind, lat: p.lat, lng: p.lng, country: p.country, en: p.en, city: p.city };
}

/** Every table, in the order their names claim the gazetteer (an earlier entry wins a tie). */
export function build(): Gazetteer {
  const g = new Gazetteer();
  addKnownPlaces(g);
  const seoulStations = addSeoulStations(g);
  addStationLines(g);
  addNationalStations(g, seoulStations);
  addSeoulAdmin(g);
  addLegalDongs(g);
  addNationalAdmin(g);
  addParks(g);
  addShortForms(g);
  return g;
}

/** Every station's name as the tables write it, without 역 or a line in brackets. */
function stationBases(): string[] {
  const names = [
    ...table("seoul_metro_stations.csv", ["station_name"]),
    ...table("korea_urban_rail_stations.csv", ["station_name"]),
  ].map((r) =>
    r.station_name
      .replace(/\(.*\)$/, "")
      .trim()
      .replace(/역$/, ""),
  );
  return [...new Set(names)];
}

/** Station names that are a school's gate or what lies right before the station: 성신여대입구, 외대앞. */
const GATE = /^([가-힣]+(?:대|대학|대학교))입구$|^([가-힣]{2,})앞$/;
/** A junction numbered by its roads (미아사거리, 간석오거리): its second syllable is a numeral, no abbreviation. */
const JUNCTION = /[사오삼육]거리$/;

/**
 * The short forms people use for station names, by rule over the station tables (never a list):
 * - a school's gate or a place right in front of the station by the head of its name (성신여대 for
 *   성신여대입구, 외대 for 외대앞): a university's station is at its gate; a mountain's or fortress's
 *   "entrance" (남한산성입구) can be kilometres from it, so only schools;
 * - a name of two parts, a two-syllable place and a part of three syllables or more that other stations'
 *   names share (디지털단지, 터미널), by the first syllable of each (구디, 고터): looked up only as a
 *   whole word (Gazetteer.addAbbreviation).
 * Each only where exactly one station yields it and nothing else has the name.
 */
function addShortForms(g: Gazetteer): void {
  const bases = stationBases();
  const entryOf = (base: string) => g.lookup(`${base}역`);
  const unique = (pairs: [string, string][]) => {
    const by = new Map<string, Set<string>>();
    for (const [key, base] of pairs) by.set(key, (by.get(key) ?? new Set()).add(base));
    return [...by].filter(([key, b]) => b.size === 1 && !COMMON_WORDS.has(key) && !g.has(key));
  };
  const heads = bases.flatMap((b): [string, string][] => {
    const m = GATE.exec(b);
    return m ? [[(m[1] ?? m[2])!, b]] : [];
  });
  for (const [head, only] of unique(heads)) {
    const entry = entryOf([...only][0]!);
    if (!entry) continue;
    g.add([head], entry, PRIORITY.bare);
    g.addRomanLater(head, entry, PRIORITY.bare);
  }
  const long = bases.filter((b) => /^[가-힣]{5,}$/.test(b) && !/(입구|앞)$/.test(b) && !JUNCTION.test(b));
  const tails = new Map<string, number>();
  for (const b of long) tails.set(b.slice(2), (tails.get(b.slice(2)) ?? 0) + 1);
  const names = new Set(bases);
  const abbreviations = long
    .filter((b) => (tails.get(b.slice(2)) ?? 0) >= 2)
    .map((b): [string, string] => [b[0]! + b[2]!, b])
    .filter(([key]) => !names.has(key));
  for (const [key, only] of unique(abbreviations)) {
    const entry = entryOf([...only][0]!);
    if (entry) g.addAbbreviation(key, entry);
  }
}

/** The hand-written places: abroad, Korean regions and landmarks, the main stations. */
function addKnownPlaces(g: Gazetteer): void {
  for (const p of FOREIGN_PLACES) g.add([...p.names, p.en], fromKnown(p), PRIORITY.region);
  for (const p of KOREAN_PLACES) {
    g.add([...p.names, p.en], fromKnown(p), p.kind === "landmark" ? PRIORITY.landmark : PRIORITY.region);
  }
  for (const p of MAIN_STATIONS) g.add([...p.names, p.en], fromKnown(p), PRIORITY.region + 1);
  for (const p of KOREAN_LANDMARKS) {
    const entry = fromKnown(p);
    g.add([...p.names, p.en], entry, PRIORITY.landmark);
    // by a loose spelling of its English name too (Hwangnidan-gil for Hwangridan-gil)
    g.addLoose(p.en, entry, PRIORITY.landmark);
  }
}

const stationEntry = (name: string, r: { lat: string; lng: string }): GazetteerEntry => ({
  name,
  query: name,
  kind: "station",
  lat: Number(r.lat),
  lng: Number(r.lng),
  country: "KR",
});

/** Seoul's metro stations, once each (the first row's point); returns their bare names. */
function addSeoulStations(g: Gazetteer): Set<string> {
  const seen = new Set<string>();
  for (const r of table("seoul_metro_stations.csv", ["station_name", "line", "lat", "lng"])) {
    const base = r.station_name.replace(/\(.*\)$/, "").trim();
    if (seen.has(base)) continue;
    seen.add(base);
    const entry = stationEntry(base.endsWith("역") ? base : `${base}역`, r);
    // "X역" always means the station; the bare "X" only when no region or landmark claims it.
    g.add([entry.name], entry, PRIORITY.region + 1);
    if (!COMMON_WORDS.has(base)) {
      g.add([base], entry, PRIORITY.station);
      g.addRomanLater(base, entry, PRIORITY.station);
    }
  }
  return seen;
}

/** Every (station, line) row answers "X역 N호선", so each row of the tables geocodes to its own point. */
function addStationLines(g: Gazetteer): void {
  for (const r of table("seoul_metro_stations.csv", ["station_name", "line", "lat", "lng"])) {
    const base = r.station_name
      .replace(/\(.*\)$/, "")
      .trim()
      .replace(/역$/, "");
    g.add([`${base}역 ${r.line}`], stationEntry(`${base}역`, r), PRIORITY.region + 1);
  }
}

/** Seoul's districts (강남구, and 강남 alone) and administrative dongs. */
function addSeoulAdmin(g: Gazetteer): void {
  for (const r of table("seoul_admin_dong_centroids.csv", ["level", "sigungu", "dong", "lat", "lng"])) {
    const at = { lat: Number(r.lat), lng: Number(r.lng), country: "KR" };
    if (r.level === "sigungu") {
      const entry: GazetteerEntry = { name: r.sigungu, query: `서울 ${r.sigungu}`, kind: "gu", ...at };
      g.add([r.sigungu], entry, PRIORITY.region);
      g.add([r.sigungu.replace(/구$/, "")], entry, PRIORITY.gu);
    } else if (r.level === "dong") {
      const short = r.dong.replace(/제(\d)/, "$1");
      const entry: GazetteerEntry = {
        name: short,
        query: `${r.sigungu} ${short}`,
        kind: "dong",
        ...at,
        gu: r.sigungu,
      };
      g.add([r.dong, short], entry, PRIORITY.dong);
    }
  }
}

/** Seoul's legal dongs: the legal dong (망원동) outranks an admin dong of the same name and answers for its bare stem. */
function addLegalDongs(g: Gazetteer): void {
  for (const r of table("seoul_legal_dong_centroids.csv", ["sigungu", "dong_ko", "dong_en", "lat", "lng"])) {
    const entry: GazetteerEntry = {
      name: r.dong_ko,
      query: `${r.sigungu} ${r.dong_ko}`,
      kind: "dong",
      lat: Number(r.lat),
      lng: Number(r.lng),
      country: "KR",
      en: r.dong_en,
      gu: r.sigungu,
    };
    g.add([r.dong_ko, r.dong_en], entry, PRIORITY.dong + 0.5);
    const stem = r.dong_ko.replace(/\d*가?동$/, "");
    if (stem.length >= 2 && !COMMON_WORDS.has(stem)) g.add([stem], entry, PRIORITY.bare);
  }
}

/** Stations of the national table: Seoul's namesake keeps the bare name unless it is the same station. */
function addNationalStations(g: Gazetteer, seoulNames: Set<string>): void {
  const rows = table("korea_urban_rail_stations.csv", [
    "station_name",
    "line",
    "lat",
    "lng",
    "name_en",
    "sido",
  ]);
  const bareCount = new Map<string, number>();
  const baseOf = (r: (typeof rows)[number]) => r.station_name.replace(/\(.*\)$/, "").replace(/역$/, "");
  for (const r of rows) bareCount.set(baseOf(r), (bareCount.get(baseOf(r)) ?? 0) + 1);
  for (const r of rows) {
    const base = baseOf(r);
    const name = `${base}역`;
    const region = shortRegion(r.sido);
    const entry: GazetteerEntry = {
      name,
      query: region === "서울" ? name : `${region} ${name}`,
      kind: "station",
      lat: Number(r.lat),
      lng: Number(r.lng),
      country: "KR",
      en: r.name_en || undefined,
      national: true,
    };
    const seoul = g.lookup(name);
    const sameStation = seoul !== undefined && haversine(seoul, entry) < 1000;
    g.add([`${name} ${r.line}`, `${region} ${name}`], entry, PRIORITY.region + 1);
    if (seoulNames.has(base) && !sameStation) continue; // a namesake far from Seoul's: only with its region
    g.add([name], entry, PRIORITY.region);
    if (!COMMON_WORDS.has(base) && (bareCount.get(base) ?? 0) <= 3) {
      g.add([base], entry, PRIORITY.landmark - 0.5);
      g.addRomanLater(base, entry, PRIORITY.landmark - 0.5);
    }
  }
}

/** 구룡포 of 구룡포읍, 한림 of 한림면: a town's or township's name before its unit (two syllables or more). */
const townStem = (dong: string) => /^([가-힣]{2,})[읍면]$/.exec(dong)?.[1];

/** Provinces renamed after the vendored table was made (전북특별자치도 since 2024-01-18). */
const RENAMED: Record<string, string[]> = { 전라북도: ["전북특별자치도"] };

/** A city as the tables name it, whatever the 시도 was called then (강원도 and 강원특별자치도 are one). */
const cityKey = (r: { sido: string; sigungu: string }) => `${shortRegion(r.sido)}|${r.sigungu}`;

// long: one pass over the national table, its shared dong names counted first (to be split with the other tables' passes)
/** 시군구 and 읍면동 outside Seoul; a dong name many cities share answers only with its city. */
function addNationalAdmin(g: Gazetteer): void {
  const rows = table("korea_admin_centroids.csv", ["level", "sido", "sigungu", "dong", "lat", "lng"]);
  // how many cities have a dong of the name (a dong listed twice, before and after a merger, is one)
  const dongCities = new Map<string, Set<string>>();
  for (const r of rows)
    if (r.level === "dong") dongCities.set(r.dong, (dongCities.get(r.dong) ?? new Set()).add(cityKey(r)));
  const dongCount = new Map([...dongCities].map(([k, v]) => [k, v.size]));
  // how many cities have a legal dong of a name (범어1동 … 범어4동 are one 범어동, of one city)
  const legalCities = new Map<string, Set<string>>();
  for (const r of rows) {
    const legal = r.level === "dong" ? legalDongOf(r.dong.replace(/제(\d)/, "$1")) : null;
    if (legal) legalCities.set(legal, (legalCities.get(legal) ?? new Set()).add(cityKey(r)));
  }
  const legalCount = new Map([...legalCities].map(([k, v]) => [k, v.size]));
  // how many towns and townships share a name before 읍/면 (한림읍 of 제주, 한림면 of 김해)
  const townPlaces = new Map<string, Set<string>>();
  for (const r of rows) {
    const town = r.level === "dong" ? townStem(r.dong) : undefined;
    if (town) townPlaces.set(town, (townPlaces.get(town) ?? new Set()).add(`${cityKey(r)}|${r.dong}`));
  }
  const townStems = new Map([...townPlaces].map(([k, v]) => [k, v.size]));
  addCitiesOfGus(g, rows);
  for (const r of rows) {
    const region = shortRegion(r.sido);
    const base = { lat: Number(r.lat), lng: Number(r.lng), country: "KR", national: true as const };
    if (r.level === "sido" && /도$/.test(r.sido)) {
      // a province by its name, its short name (경남, 강원) and the 도 before a renaming (강원도, 전라북도);
      // 제주 is the city, 제주도 the island and province (known-places.ts)
      const entry: GazetteerEntry = { name: r.sido, query: r.sido, kind: "province", ...base };
      const names = [r.sido, region, `${region}도`, ...(RENAMED[r.sido] ?? [])].filter(
        (n) => n !== "제주" && !g.has(n),
      );
      if (names.length) g.add(names, entry, PRIORITY.region);
    } else if (r.level === "sigungu" && !r.sigungu) {
      // 세종특별자치시 has no 시군구 below it: the city is named by its region ("세종", "세종시")
      const entry: GazetteerEntry = { name: `${region}시`, query: r.sido, kind: "city", ...base };
      g.add([region, `${region}시`, r.sido], entry, PRIORITY.region);
    } else if (r.level === "sigungu") {
      const last = r.sigungu.split(" ").at(-1)!;
      const kind = last.endsWith("구") ? "gu" : "city";
      const entry: GazetteerEntry = { name: last, query: `${region} ${r.sigungu}`, kind, ...base };
      g.add([`${region} ${r.sigungu}`, `${region} ${last}`, r.sigungu], entry, PRIORITY.region);
      // 수원시, 해운대구 bare; a gu many cities have (중구, 동구) only with its city
      if (kind === "city" || !g.has(last)) g.add([last], entry, PRIORITY.gu);
      // "천안 맛집" is the city, as "수원" is: a city's bare name outranks a station's bare name
      if (kind === "city") g.add([last.replace(/[시군]$/, "")], entry, PRIORITY.region);
      // "경남 고성", "경기 광주": the region says which city of a shared name
      if (kind === "city") g.add([`${region} ${last.replace(/[시군]$/, "")}`], entry, PRIORITY.region);
    } else if (r.level === "dong") {
      const short = r.dong.replace(/제(\d)/, "$1");
      const city = r.sigungu.split(" ")[0] ?? r.sigungu;
      const entry: GazetteerEntry = {
        name: short,
        query: `${region} ${r.sigungu} ${short}`,
        kind: "dong",
        ...base,
      };
      const cityStem = city.replace(/[시군]$/, ""); // "천안 신부동" as well as "천안시 신부동"
      // the entry's own query too ("부산 중구 중앙동"): what the translator writes is what it finds
      const within = (name: string) => [
        `${region} ${name}`,
        `${city} ${name}`,
        `${cityStem} ${name}`,
        `${r.sigungu} ${name}`,
        `${region} ${r.sigungu} ${name}`,
      ];
      g.add(within(short), entry, PRIORITY.dong);
      if ((dongCount.get(r.dong) ?? 0) === 1) {
        g.add([r.dong, short], entry, PRIORITY.bare);
        // a town or township by its name in Latin letters ("Guryongpo" for 구룡포읍): how signs and
        // English queries write it; the Korean stem alone stays unlisted (화원 of 화원읍 is a florist)
        const town = townStem(short);
        if (town && townStems.get(town) === 1) g.addRomanLater(town, entry, PRIORITY.bare);
        // a dong by its romanized name with its -dong ("Haenggung-dong" for 행궁동), as signs write it
        else if (/[가-힣]동$/.test(short) && !/\d/.test(short)) g.addRomanLater(short, entry, PRIORITY.bare);
      } else g.shared.add(normalizeName(short)); // a real name, only ambiguous: never a typo to correct
      // the legal dong an administrative one is numbered from (범어1동 → 범어동): people write that name
      const legal = legalDongOf(short);
      if (legal && legal !== short) {
        const named = { ...entry, name: legal, query: `${region} ${r.sigungu} ${legal}` };
        g.alias(within(legal), named, PRIORITY.dong - 0.25);
        if (legalCount.get(legal) === 1 && !g.has(legal)) g.alias([legal], named, PRIORITY.bare - 0.25);
        else g.shared.add(normalizeName(legal));
      }
    }
  }
}

/**
 * A city divided into gu whose own row the table lacks (청주시 has only 상당구, 서원구 …): the city at the
 * mean of its gu centroids, so "청주" and "청주시청" have their region.
 */
function addCitiesOfGus(g: Gazetteer, rows: { level: string; sido: string; sigungu: string }[]): void {
  const own = new Set(rows.filter((r) => r.level === "sigungu").map((r) => `${r.sido}|${r.sigungu}`));
  const parts = new Map<string, { sido: string; city: string; points: { lat: number; lng: number }[] }>();
  for (const r of rows as { level: string; sido: string; sigungu: string; lat: string; lng: string }[]) {
    const [city, gu] = r.sigungu.split(" ");
    if (r.level !== "sigungu" || !city || !gu || own.has(`${r.sido}|${city}`)) continue;
    const key = `${r.sido}|${city}`;
    const p = parts.get(key) ?? { sido: r.sido, city, points: [] };
    p.points.push({ lat: Number(r.lat), lng: Number(r.lng) });
    parts.set(key, p);
  }
  for (const { sido, city, points } of parts.values()) {
    const region = shortRegion(sido);
    const mean = (f: (p: { lat: number; lng: number }) => number) =>
      Math.round((points.reduce((n, p) => n + f(p), 0) / points.length) * 1e6) / 1e6;
    const entry: GazetteerEntry = {
      name: city,
      query: `${region} ${city}`,
      kind: "city",
      lat: mean((p) => p.lat),
      lng: mean((p) => p.lng),
      country: "KR",
      national: true,
    };
    g.add([`${region} ${city}`, city], entry, PRIORITY.region);
    g.add([city.replace(/[시군]$/, "")], entry, PRIORITY.region);
  }
}

/** Named parks of 5 ha and more; a name several cities share only with its city. */
function addParks(g: Gazetteer): void {
  const rows = table("korea_city_parks.csv", ["name", "sido", "sigungu", "lat", "lng"]);
  const count = new Map<string, number>();
  for (const r of rows) count.set(r.name, (count.get(r.name) ?? 0) + 1);
  for (const r of rows) {
    const region = shortRegion(r.sido);
    const entry: GazetteerEntry = {
      name: r.name,
      query: `${region} ${r.sigungu} ${r.name}`,
      kind: "landmark",
      lat: Number(r.lat),
      lng: Number(r.lng),
      country: "KR",
      national: true,
    };
    g.add([`${region} ${r.name}`, `${r.sigungu} ${r.name}`], entry, PRIORITY.landmark);
    if (count.get(r.name) === 1) g.add([r.name], entry, PRIORITY.landmark - 0.5);
    else g.shared.add(normalizeName(r.name));
  }
}
