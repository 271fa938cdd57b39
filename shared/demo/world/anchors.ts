// The anchors of the demo world's density (density.ts), read from the vendored tables: rail stations
// with the number of lines that stop there, main railway stations, downtowns, streets, markets,
// universities, beaches and sights (known-places.ts), and every 동/읍/면 centroid. Built on first use
// and filed in 0.1° buckets, so a cell reads only the anchors whose bells reach it.
import { parseCsv, readDataFile } from "../../data/files.ts";
import { haversine, type LatLng } from "../../geo/haversine.ts";
import { KOREAN_LANDMARKS, KOREAN_PLACES, MAIN_STATIONS, type KnownPlace } from "../../geo/known-places.ts";
import { railStations } from "../rail-stations.ts";
import {
  DENSITY,
  MAJOR_DISTRICTS,
  METRO_CITIES,
  STATION_POWER,
  TOURIST_TOWNS,
  type DensityKey,
  type Layer,
} from "./density.ts";

export interface Anchor extends LatLng {
  row: DensityKey;
  layer: Layer;
  places: number;
  /** metres */
  spread: number;
  /** what names near it may start with ("강남", "망원", "서면") */
  word: string;
  /** the 동/읍/면's own name, for a dong's centroid ("망원1동") */
  dong?: string;
}

const BUCKET_DEG = 0.1;
/** no bell reaches further than this many spreads (its tail beyond holds 0.01 % of its places) */
export const REACH_SPREADS = 3;
const MAX_SPREAD = 3000;

const anchor = (row: DensityKey, p: LatLng, word: string, places?: number, spread?: number): Anchor => {
  const r = DENSITY[row];
  return {
    row,
    layer: r.layer,
    lat: p.lat,
    lng: p.lng,
    places: places ?? r.places,
    spread: Math.min(MAX_SPREAD, spread ?? r.spread),
    word,
  };
};

/** "강남역" → 강남, "종로3가역" → 종로, "운동장.송담대역" → 운동장, "망원1동" → 망원, "협재해수욕장" → 협재. */
export function wordOf(name: string): string {
  const bare = name
    .replace(/역$/, "")
    .replace(/(해수욕장|해변|시장|대학교)$/, "")
    .replace(/(제?\d+(\.\d+)?)?(동|가동|읍|면)$/, "");
  const stem = bare
    .split(/[.·]/)[0]!
    .replace(/\d+가?$/, "")
    .replace(/(..)본$/, "$1");
  return stem.length >= 2 ? stem : bare.length >= 2 ? bare : name;
}

/** Stations: one anchor per station name and place, weighted by its lines. */
function stationAnchors(): Anchor[] {
  const groups: { s: LatLng & { station: string }; lines: Set<string> }[] = [];
  const byName = new Map<string, typeof groups>();
  for (const s of railStations()) {
    const named = byName.get(s.station) ?? [];
    const g = named.find((x) => haversine(x.s, s) < 1500);
    if (g) g.lines.add(s.line);
    else {
      const fresh = { s, lines: new Set([s.line]) };
      groups.push(fresh);
      byName.set(s.station, [...named, fresh]);
    }
  }
  const perLine = DENSITY.stationLine.places;
  return groups.map(({ s, lines }) =>
    anchor("stationLine", s, wordOf(s.station), perLine * Math.pow(lines.size, STATION_POWER)),
  );
}

const BEACH = /해수욕장|해변|월정리|을왕리/;
const MARKET = /시장$/;
const UNIVERSITY = /대학교$|카이스트/;
const SIGHT = /궁$|마을$|섬$|대$|사$|타워|정동진|에버랜드|석촌호수|63빌딩|수원화성|성산|중문|애월|울릉도/;
/** parks, rivers, squares, airports and city halls: no street of shops of their own */
const NO_SHOPS = /공원$|서울숲|청계천|광장$|공항$|시청$|센트럴파크/;

function knownAnchor(p: KnownPlace): Anchor | null {
  const name = p.names[0]!;
  if (p.kind === "city") {
    const town = TOURIST_TOWNS.has(name);
    return anchor(METRO_CITIES.has(name) ? "metroDowntown" : town ? "touristTown" : "cityDowntown", p, name);
  }
  if (p.kind !== "landmark" || NO_SHOPS.test(name)) return null;
  if (BEACH.test(name)) return anchor("beach", p, wordOf(name));
  if (MARKET.test(name)) return anchor("market", p, wordOf(name));
  if (UNIVERSITY.test(name)) return anchor("university", p, name.replace(/대학교$/, "대"));
  if (MAJOR_DISTRICTS.has(name)) return anchor("majorDistrict", p, wordOf(name));
  return anchor(SIGHT.test(name) ? "sight" : "street", p, wordOf(name));
}

/** The hand-entered places: downtowns, main stations, streets, markets, universities, beaches, sights. */
function knownAnchors(): Anchor[] {
  const out: Anchor[] = [];
  for (const p of [...KOREAN_PLACES, ...KOREAN_LANDMARKS]) {
    const a = knownAnchor(p);
    if (a && !out.some((o) => o.row === a.row && haversine(o, a) < 300)) out.push(a);
  }
  // a tourist town is a city too: its downtown streets besides its spread-out travel places
  for (const p of KOREAN_PLACES)
    if (p.kind === "city" && TOURIST_TOWNS.has(p.names[0]!)) out.push(anchor("cityDowntown", p, p.names[0]!));
  for (const p of MAIN_STATIONS) out.push(anchor("mainStation", p, wordOf(p.names[0]!)));
  return out;
}

/** Every 동/읍/면 centroid once (abolished dongs share their successor's point). */
function adminAnchors(): Anchor[] {
  const rows: { name: string; seoul: boolean; p: LatLng }[] = [];
  const seen = new Set<string>();
  for (const [file, seoul] of [
    ["seoul_admin_dong_centroids.csv", true],
    ["korea_admin_centroids.csv", false],
  ] as const)
    for (const r of parseCsv(readDataFile(file))) {
      const key = `${r.lat},${r.lng}`;
      if (r.level !== "dong" || seen.has(key) || !/[동읍면가]$/.test(r.dong!)) continue;
      seen.add(key);
      rows.push({ name: r.dong!, seoul, p: { lat: Number(r.lat), lng: Number(r.lng) } });
    }
  const nearest = nearestDistances(rows.map((r) => r.p));
  return rows.map(({ name, seoul, p }, i) => {
    const spread = Math.min(2500, Math.max(300, 0.55 * nearest[i]!));
    const row = name.endsWith("읍") ? "eup" : name.endsWith("면") ? "myeon" : seoul ? "seoulDong" : "dong";
    const own = row === "eup" || row === "myeon" ? undefined : spread;
    return { ...anchor(row, p, wordOf(name), undefined, own), dong: name };
  });
}

/** Metres from each point to the nearest other one (through 0.05° buckets). */
function nearestDistances(points: LatLng[]): number[] {
  const step = 0.05;
  const buckets = new Map<string, number[]>();
  const key = (i: number, j: number) => `${i}:${j}`;
  points.forEach((p, n) => {
    const k = key(Math.floor(p.lat / step), Math.floor(p.lng / step));
    const list = buckets.get(k);
    if (list) list.push(n);
    else buckets.set(k, [n]);
  });
  return points.map((p, n) => {
    const bi = Math.floor(p.lat / step);
    const bj = Math.floor(p.lng / step);
    const kx = Math.cos((p.lat * Math.PI) / 180);
    let best = Infinity;
    for (let di = -1; di <= 1; di++)
      for (let dj = -1; dj <= 1; dj++)
        for (const m of buckets.get(key(bi + di, bj + dj)) ?? []) {
          const q = points[m]!;
          if (m !== n) best = Math.min(best, Math.hypot(q.lat - p.lat, (q.lng - p.lng) * kx));
        }
    return Number.isFinite(best) ? best * 111_195 : 5000;
  });
}

let filed: Map<string, Anchor[]> | undefined;
const bucketKey = (i: number, j: number) => `${i}:${j}`;

function anchorBuckets(): Map<string, Anchor[]> {
  if (filed) return filed;
  filed = new Map();
  for (const a of [...stationAnchors(), ...knownAnchors(), ...adminAnchors()]) {
    const k = bucketKey(Math.floor(a.lat / BUCKET_DEG), Math.floor(a.lng / BUCKET_DEG));
    const list = filed.get(k);
    if (list) list.push(a);
    else filed.set(k, [a]);
  }
  return filed;
}

/** Every anchor (for tests and the docs' figures). */
export function allAnchors(): Anchor[] {
  return [...anchorBuckets().values()].flat();
}

/** The anchors whose bells can reach a box (south, west, north, east in degrees). */
export function anchorsReaching(box: { south: number; north: number; west: number; east: number }): Anchor[] {
  const b = anchorBuckets();
  const out: Anchor[] = [];
  // a bell reaches at most REACH_SPREADS × MAX_SPREAD = 9 km: 0.1° either side covers it
  for (let i = Math.floor(box.south / BUCKET_DEG) - 1; i <= Math.floor(box.north / BUCKET_DEG) + 1; i++)
    for (let j = Math.floor(box.west / BUCKET_DEG) - 1; j <= Math.floor(box.east / BUCKET_DEG) + 1; j++)
      for (const a of b.get(bucketKey(i, j)) ?? []) {
        const reach = (REACH_SPREADS * a.spread) / 111_000;
        const kx = Math.cos((a.lat * Math.PI) / 180);
        if (a.lat + reach < box.south || a.lat - reach > box.north) continue;
        if (a.lng + reach / kx < box.west || a.lng - reach / kx > box.east) continue;
        out.push(a);
      }
  return out;
}
