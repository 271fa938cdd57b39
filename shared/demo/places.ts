// The demo place set: SYNTHETIC places generated deterministically from a seed on the real geography
// (stations, dong centroids, Korean regions and sights). Each area is a centre (a station's or a busy
// landmark's streets), a residential dong or a tourist region, and holds every Kakao category group and
// every kind a map user asks for at its kind's fixed shares (place-mix.ts). Addresses are lot-number
// addresses in the administrative area the point lies in (geo/admin-areas.ts); one place per lot and
// name. Subway stations are the real ones of the vendored rail tables. Every place is marked synthetic
// and its URL is on a reserved .invalid domain, so nobody mistakes one for a real shop.
import { allGazetteerEntries, type GazetteerEntry } from "../geo/gazetteer.ts";
import { adminAreaOf, areaAddress, type AdminArea } from "../geo/admin-areas.ts";
import { KAKAO_CATEGORIES } from "../places/categories.ts";
import type { Place } from "../places/place.ts";
import { hashString as hash, mulberry32, pick, weightedPick, type Rng } from "../platform/random.ts";
import { KINDS, type Kind } from "./place-kinds.ts";
import { AREA_KINDS, quotas, type AreaKind } from "./place-mix.ts";
import { stationsNear, type RailStation } from "./rail-stations.ts";

export const DEMO_SEED = 20_261_122;
export const DEMO_URL_BASE = "https://demo.dongne.invalid/places/";

const PREFIXES = [
  "옛날",
  "원조",
  "소문난",
  "정든",
  "행복한",
  "착한",
  "봄날",
  "달빛",
  "골목",
  "우리",
  "할매",
  "이모네",
  "고향",
  "시골",
  "오늘",
  "온기",
  "소담",
  "한결",
  "초록",
  "노을",
  "바람",
  "모퉁이",
  "다정",
  "숲속",
  "별빛",
  "하루",
  "산들",
  "새벽",
  "동네",
  "작은",
];

/** Words schools, nurseries and offices are named with where not for their place ("한빛초등학교", "새싹어린이집"). */
const INSTITUTION_WORDS = [
  "한빛",
  "새빛",
  "푸른",
  "늘푸른",
  "한결",
  "하늘",
  "바른",
  "새싹",
  "꿈나무",
  "해맑은",
  "다솜",
  "열린",
  "으뜸",
  "중앙",
  "제일",
];

/** Regions known chiefly as travel destinations (the regions 001's trips and the translator's trip words name). */
const TOURIST_CITIES = new Set([
  "가평",
  "양평",
  "춘천",
  "강릉",
  "속초",
  "양양",
  "평창",
  "단양",
  "경주",
  "안동",
  "전주",
  "여수",
  "순천",
  "목포",
  "통영",
  "거제",
  "남해",
  "태안",
  "보령",
  "제주",
  "서귀포",
]);
/** Landmarks people travel to (beaches, palaces, villages, islands, towers, parks), not a street of shops. */
const TOURIST_LANDMARK =
  /해수욕장|해변|궁$|마을$|섬$|대$|사$|타워|한옥|정동진|에버랜드|롯데월드$|석촌호수|한강공원|서울숲|청계천|성산|중문|애월|화성$/;

export interface DemoArea {
  name: string;
  kind: AreaKind;
  lat: number;
  lng: number;
  /** metres: how far from the anchor its places spread */
  spread: number;
  places: DemoPlace[];
}

interface AreaSpec {
  entry: GazetteerEntry;
  kind: AreaKind;
  count: number;
  spread: number;
  /** the word names start with ("망원", "강릉") */
  prefix: string;
}

/**
 * An area's size and reach. 40 places are about the fewest that hold every required row of the mix
 * once with food still the largest; a station's streets hold more, a region spread over a city more
 * again. Assumptions, not counts: real areas hold many times as many places.
 */
function specOf(e: GazetteerEntry): Omit<AreaSpec, "entry" | "prefix"> | null {
  if (e.kind === "station") return { kind: "centre", count: 50, spread: 700 };
  if (e.kind === "dong" && !e.en) return { kind: "residential", count: 40, spread: 600 }; // admin dongs
  if (e.kind === "city" && e.name !== "서울")
    return TOURIST_CITIES.has(e.name)
      ? { kind: "tourist", count: 120, spread: 8000 }
      : { kind: "centre", count: 120, spread: 4000 };
  if (e.kind === "province") return { kind: "tourist", count: 100, spread: 15_000 };
  if (e.kind === "landmark" && !e.query.endsWith("역"))
    return TOURIST_LANDMARK.test(e.name)
      ? { kind: "tourist", count: 60, spread: 1500 }
      : { kind: "centre", count: 40, spread: 1000 };
  return null;
}

/**
 * The word an area's names start with: 망원1동 → 망원, 종로5.6가동 → 종로, 운동장.송담대역 → 운동장,
 * 협재해수욕장 → 협재, 자갈치시장 → 자갈치, 서울대학교 → 서울대; a city keeps its name (안동).
 */
function prefixOf(e: GazetteerEntry): string {
  const bare =
    e.kind === "station"
      ? e.name.replace(/역$/, "")
      : e.kind === "dong"
        ? e.name.replace(/\d*동$/, "")
        : e.name.replace(/(해수욕장|해변|시장)$/, "").replace(/대학교$/, "대");
  const stem = bare
    .split(/[.·]/)[0]!
    .replace(/\d+가?$/, "")
    .replace(/(..)본$/, "$1");
  return stem.length >= 2 ? stem : bare;
}

/** The areas: Seoul's stations and dongs, the regions and landmarks of the gazetteer, each once. */
function areaSpecs(): AreaSpec[] {
  const out: AreaSpec[] = [];
  const seen = new Set<string>();
  for (const e of allGazetteerEntries()) {
    if (e.country !== "KR" || e.national) continue; // the Seoul area and the known regions
    const spec = specOf(e);
    // a station is listed once per line, and abolished dongs share their successor's point
    const keys = [`${e.kind}:${e.name}`, `${e.lat},${e.lng}`];
    if (!spec || keys.some((key) => seen.has(key))) continue;
    for (const key of keys) seen.add(key);
    out.push({ entry: e, ...spec, prefix: prefixOf(e) });
  }
  return out;
}

function offset(rand: Rng, lat: number, lng: number, spread: number): { lat: number; lng: number } {
  // denser near the anchor: radius ~ spread × sqrt(u) would be uniform; u^0.8 keeps a bit more in the centre
  const r = spread * Math.pow(rand(), 0.8);
  const theta = rand() * 2 * Math.PI;
  const dLat = (r * Math.cos(theta)) / 111_000;
  const dLng = (r * Math.sin(theta)) / (111_000 * Math.cos((lat * Math.PI) / 180));
  return { lat: Number((lat + dLat).toFixed(6)), lng: Number((lng + dLng).toFixed(6)) };
}

export interface DemoPlace extends Place {
  /** average price per person in KRW (0: not a place with a price) */
  avgPrice: number;
}

/** A name without its branch ("역삼 삼겹살 역삼점", "… 본점" → "역삼 삼겹살"): one place per lot and this. */
export function branchless(name: string): string {
  return name.replace(/\s+\S*점$/u, "").trim();
}

/** A lot number: "123-4", or "123" alone for about a third. */
function lotNumber(rand: Rng): string {
  const main = 1 + Math.floor(rand() * 999);
  return rand() < 0.35 ? String(main) : `${main}-${1 + Math.floor(rand() * 60)}`;
}

/** The stem of a dong, for a branch or an office's name: 역삼동 → 역삼, 한강로2가 → 한강로, 주문진읍 → 주문진. */
const dongStem = (dong: string) => dong.replace(/\d*(가|동|읍|면)$/, "");

/** Candidate names for a place of this kind, best first: the area's or a shared prefix, then branches. */
function namesFor(rand: Rng, kind: Kind, spec: AreaSpec, at: AdminArea): string[] {
  const word = pick(rand, kind.words);
  if (kind.path.endsWith("행정복지센터")) {
    const dong = spec.kind === "residential" ? spec.entry.name : at.dong;
    return [`${dong} ${word}`, `${at.dong} ${word}`];
  }
  const drawn = pick(rand, kind.suffixes);
  const suffix = drawn.trim() && (word.includes(drawn.trim()) || drawn.includes(word)) ? "" : drawn;
  const join = (prefix: string) =>
    kind.style === "joined" ? `${prefix}${word}${suffix}` : `${prefix} ${word}${suffix}`.trim();
  const district = (at.sigungu.split(" ").at(-1) ?? "").replace(/(.{2,})[시군구]$/, "$1");
  // an office or a school is named for its dong or district first, a shop for the area people know
  const places =
    kind.style === "joined"
      ? [dongStem(at.dong), district, spec.prefix]
      : [spec.prefix, dongStem(at.dong), district];
  const local = places.filter((p, i, all) => p.length >= 2 && all.indexOf(p) === i);
  if (kind.areaOnly) return local.map(join);
  const words = kind.style === "joined" ? INSTITUTION_WORDS : PREFIXES;
  const shared = [pick(rand, words), pick(rand, words), pick(rand, words)];
  const first = rand() < 0.45 && local[0] ? [local[0], ...shared] : shared;
  // an institution has no branches: its name is its place's or a word ("망원초등학교", "소담어린이집")
  // (or both, "망원소담부동산", when the short ones are taken)
  if (kind.style === "joined")
    return [...new Set([...first, ...local, ...local.flatMap((l) => shared.map((s) => l + s))])].map(join);
  const base = join(first[0]!).replace(/ 본점$/, "");
  // a branch names a place the base name does not already name ("역삼 삼겹살 역삼점" is no branch)
  const branches = local.filter((l) => !base.includes(l)).map((l) => `${base} ${l}점`);
  return [...first.map(join), ...branches];
}

interface Generation {
  seed: number;
  names: Set<string>;
  lots: Set<string>;
  stations: Map<RailStation, DemoPlace>;
}

function placeOf(
  id: string,
  name: string,
  kind: Kind,
  at: { lat: number; lng: number },
  address: string,
  tags: string[],
  avgPrice: number,
): DemoPlace {
  const group = kind.code ? KAKAO_CATEGORIES[kind.code] : null;
  return {
    id,
    provider: "embedded",
    displayName: name,
    formattedAddress: address,
    roadAddress: null,
    location: { latitude: at.lat, longitude: at.lng },
    lat: at.lat,
    lng: at.lng,
    categoryCode: kind.code,
    categoryName: kind.path,
    categoryGroupName: group,
    detailCategory: kind.path.split(">").at(-1)!.trim(),
    phone: null,
    placeUrl: `${DEMO_URL_BASE}${id}`,
    distance: null,
    rating: null,
    reviewCount: null,
    openNow: null,
    photoUrl: null,
    category: group,
    tags,
    synthetic: true,
    avgPrice,
  };
}

/** One place of this kind in the area, or null when every name it could take is taken at its lot. */
function makePlace(rand: Rng, kind: Kind, spec: AreaSpec, g: Generation): DemoPlace | null {
  // a dong's own office stays near its centre, inside the dong it is named for
  const community = kind === KINDS.community && spec.kind === "residential";
  const point = offset(rand, spec.entry.lat, spec.entry.lng, community ? 150 : spec.spread);
  const at = adminAreaOf(point);
  const lot = lotNumber(rand);
  const address = `${areaAddress(at)} ${lot}`;
  for (const name of namesFor(rand, kind, spec, at)) {
    const lotKey = `${areaAddress(at)} ${lot.split("-")[0]}|${branchless(name)}`;
    if (g.names.has(name) || g.lots.has(lotKey)) continue;
    g.names.add(name);
    g.lots.add(lotKey);
    const tags = kind.tags.filter(() => rand() < 0.35);
    const [lo, hi] = kind.price;
    const avgPrice = hi ? Math.round((lo + rand() * (hi - lo)) / 500) * 500 : 0;
    const id = `demo-${hash(`${name}:${point.lat}:${point.lng}`).toString(36)}`;
    return placeOf(id, name, kind, point, address, tags, avgPrice);
  }
  return null;
}

/** The real station as a place, made once however many areas it serves. */
function stationPlace(s: RailStation, g: Generation): DemoPlace {
  let p = g.stations.get(s);
  if (!p) {
    const rand = mulberry32(g.seed ^ hash(`station:${s.station}:${s.line}`));
    const name = `${s.station} ${s.line}`;
    const kind = { ...KINDS.subway, path: `${KINDS.subway.path} > ${s.line}` };
    const id = `demo-${hash(`${name}:${s.lat}:${s.lng}`).toString(36)}`;
    p = placeOf(id, name, kind, s, `${areaAddress(adminAreaOf(s))} ${lotNumber(rand)}`, [], 0);
    g.names.add(name);
    g.stations.set(s, p);
  }
  return p;
}

/** Subway stations an area shows: the real ones within its reach (at most 1 km), the nearest three. */
const STATIONS_PER_AREA = 3;

function generateArea(spec: AreaSpec, g: Generation): DemoArea {
  const { entry, kind } = spec;
  const rand = mulberry32(g.seed ^ hash(`${entry.kind}:${entry.name}:${entry.lat}`));
  const places: DemoPlace[] = [];
  const column = AREA_KINDS.indexOf(kind);
  for (const [row, n] of quotas(kind, spec.count)) {
    for (let i = 0; i < n; i++) {
      // a name taken everywhere it could go: another kind of the row, a few times
      for (let attempt = 0; attempt < 20; attempt++) {
        const [key] = weightedPick(rand, row.kinds, ([, w]) => w[column]!);
        const p = makePlace(rand, KINDS[key], spec, g);
        if (p) {
          places.push(p);
          break;
        }
      }
    }
  }
  const reach = Math.min(spec.spread, 1000);
  for (const s of stationsNear(entry, reach).slice(0, STATIONS_PER_AREA)) places.push(stationPlace(s, g));
  return { name: entry.name, kind, lat: entry.lat, lng: entry.lng, spread: spec.spread, places };
}

/** Every area with its places (a real station serving two areas is in both); the first `limit` only if given. */
export function generateDemoAreas(seed = DEMO_SEED, limit = Infinity): DemoArea[] {
  const g: Generation = { seed, names: new Set(), lots: new Set(), stations: new Map() };
  return areaSpecs()
    .slice(0, limit)
    .map((spec) => generateArea(spec, g));
}

let last: { seed: number; places: DemoPlace[] } | undefined;

/** The demo places, flat: built once per seed (a few seconds) and shared; callers only read them. */
export function generateDemoPlaces(seed = DEMO_SEED): DemoPlace[] {
  if (last?.seed !== seed) last = { seed, places: flatten(generateDemoAreas(seed)) };
  return last.places;
}

function flatten(areas: DemoArea[]): DemoPlace[] {
  const seen = new Set<string>();
  const out: DemoPlace[] = [];
  for (const area of areas)
    for (const p of area.places) {
      if (seen.has(p.id)) continue;
      seen.add(p.id);
      out.push(p);
    }
  return out;
}
