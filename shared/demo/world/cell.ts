// One map cell of the demo world, built whole from the seed and the cell alone (never from a query):
// its census (census.ts) says how many places of which kinds; each is put in a block drawn by the
// density there, given a lot-number address in the administrative area that holds its point
// (geo/admin-areas.ts), a made-up name (names.ts), tags and a price. The real rail stations in the
// cell and an office at each dong's centroid come from the vendored tables. Every place is marked
// synthetic and its URL is on the reserved .invalid domain.
import { adminAreaOf, areaAddress, type AdminArea } from "../../geo/admin-areas.ts";
import { KAKAO_CATEGORIES } from "../../places/categories.ts";
import type { Place } from "../../places/place.ts";
import { hashString, type Rng } from "../../platform/random.ts";
import type { Anchor } from "./anchors.ts";
import { worldKinds, type WorldKind } from "./catalog.ts";
import { cellRng, censusOf, type Census } from "./census.ts";
import { LAYERS } from "./density.ts";
import { BLOCKS, CELL_DEG, cellBounds, type Cell } from "./grid.ts";
import { namesFor } from "./names.ts";
import { realPlacesIn } from "./real-places.ts";

export const DEMO_SEED = 20_261_122;
export const DEMO_URL_BASE = "https://demo.dongne.invalid/places/";

export interface DemoPlace extends Place {
  /** average price per person in KRW (0: not a place with a price) */
  avgPrice: number;
}

/** A short, stable tag of a kind's name for ids ("평양냉면" → base 36 of its hash). */
export const kindTag = (name: string): string => hashString(name).toString(36);

/**
 * A place id: the cell, the kind and the place's number among the cell's places of that kind
 * ("demo-3755-12690-1x8f3k-3"), or "r" and a number for a real station or office: unique by construction.
 */
export const placeId = (cell: Cell, kind: string, n: number): string => `${idPrefix(cell, kind)}${n}`;

/** What every id of a cell's slice starts with ("demo-3755-12690-1x8f3k-"). */
export const idPrefix = (cell: Cell, kind: string): string => `demo-${cell.i}-${cell.j}-${kind}-`;

/** The cell an id names, or undefined for an id that is not a demo place's. */
export function cellOfId(id: string): Cell | undefined {
  const m = /^demo-(-?\d+)-(-?\d+)-[0-9a-z]+-\d+$/.exec(id);
  return m ? { i: Number(m[1]), j: Number(m[2]) } : undefined;
}

export interface PlaceFields {
  id: string;
  name: string;
  code: string | null;
  path: string;
  at: { lat: number; lng: number };
  address: string;
  tags: string[];
  avgPrice: number;
}

/** Seed 000's Place, as the embedded provider answers it. */
export function demoPlace(f: PlaceFields): DemoPlace {
  const group = f.code ? (KAKAO_CATEGORIES as Record<string, string>)[f.code]! : null;
  return {
    id: f.id,
    provider: "embedded",
    displayName: f.name,
    formattedAddress: f.address,
    roadAddress: null,
    location: { latitude: f.at.lat, longitude: f.at.lng },
    lat: f.at.lat,
    lng: f.at.lng,
    categoryCode: f.code,
    categoryName: f.path,
    categoryGroupName: group,
    detailCategory: f.path.split(">").at(-1)!.trim(),
    phone: null,
    placeUrl: `${DEMO_URL_BASE}${f.id}`,
    distance: null,
    rating: null,
    reviewCount: null,
    openNow: null,
    photoUrl: null,
    category: group,
    tags: f.tags,
    synthetic: true,
    avgPrice: f.avgPrice,
  };
}

/** A lot number: "123-4", or "123" alone for about a third. */
export function lotNumber(rand: Rng): string {
  const main = 1 + Math.floor(rand() * 999);
  return rand() < 0.35 ? String(main) : `${main}-${1 + Math.floor(rand() * 60)}`;
}

/** A name without its branch ("역삼 삼겹살 역삼점", "… 본점" → "역삼 삼겹살"): one place per lot and this. */
export const branchless = (name: string): string => name.replace(/\s+\S*점$/u, "").trim();

interface Building {
  census: Census;
  kind: WorldKind;
  bounds: { south: number; north: number; west: number; east: number };
  /** the stations, streets and sights near the cell (their words name places) */
  landmarks: Anchor[];
  /** the words a famous local speciality of this kind is called by here */
  localWords: string[];
  names: Set<string>;
  lots: Set<string>;
  out: DemoPlace[];
}

// Hot paths below build up to ~1,500 places a cell: no closures are made per place (tsx names each one
// it makes, which costs more than the work here).

/** Six decimals (~10 cm), kept off the cell's edges (an edge's degrees may floor to the next cell). */
function onGrid(x: number, lo: number, hi: number): number {
  return Math.min(hi - 1e-6, Math.max(lo + 1e-6, Number(x.toFixed(6))));
}

/** A point in a block drawn by the layer's density (uniform inside the block). */
function pointIn(b: Building, rand: Rng, run: Float64Array): { lat: number; lng: number } {
  const r = rand() * run[run.length - 1]!;
  let block = 0;
  while (block < run.length - 1 && run[block]! <= r) block++;
  const step = CELL_DEG / BLOCKS;
  const { south, west, north, east } = b.bounds;
  const lat = south + (Math.floor(block / BLOCKS) + rand()) * step;
  const lng = west + ((block % BLOCKS) + rand()) * step;
  return { lat: onGrid(lat, south, north), lng: onGrid(lng, west, east) };
}

/** The word of the nearest station, street or sight within 1 km, if any. */
function landmarkNear(b: Building, p: { lat: number; lng: number }): string | undefined {
  let best: string | undefined;
  let bestD = (1000 / 111_195) ** 2;
  const kx = Math.cos((p.lat * Math.PI) / 180) ** 2;
  for (const a of b.landmarks) {
    const d = (a.lat - p.lat) ** 2 + (a.lng - p.lng) ** 2 * kx;
    if (d < bestD) [best, bestD] = [a.word, d];
  }
  return best;
}

/** "서울 마포구 망원동 12-3" → "서울 마포구 망원동 12": the lot a name may stand on once. */
function lotOf(address: string): string {
  const dash = address.lastIndexOf("-");
  return dash < 0 || dash < address.lastIndexOf(" ") ? address : address.slice(0, dash);
}

function isFree(b: Building, lot: string, name: string): boolean {
  return !b.names.has(name) && !b.lots.has(`${lot}|${branchless(name)}`);
}

function freeName(b: Building, lot: string, candidates: string[]): string {
  for (const name of candidates) if (isFree(b, lot, name)) return name;
  // every short name taken in this cell: a numbered branch of the first
  for (let n = 2; ; n++) if (isFree(b, lot, `${candidates[0]} ${n}호점`)) return `${candidates[0]} ${n}호점`;
}

function drawTags(rand: Rng, tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of tags) if (rand() < 0.35) out.push(t);
  return out;
}

const ADDRESSES = new Map<AdminArea, string>();
function addressOf(at: AdminArea): string {
  let a = ADDRESSES.get(at);
  if (a === undefined) ADDRESSES.set(at, (a = areaAddress(at)));
  return a;
}

/** Place `n` of the slice's kind, from its own stream: a place does not depend on its neighbours' draws. */
function makePlace(b: Building, seed: number, n: number, run: Float64Array): void {
  const { census, kind } = b;
  const rand = cellRng(seed, census.cell, `place:${kind.name}:${n}`);
  const point = pointIn(b, rand, run);
  const at = adminAreaOf(point);
  const address = `${addressOf(at)} ${lotNumber(rand)}`;
  const landmark = landmarkNear(b, point);
  const lot = lotOf(address);
  const name = freeName(b, lot, namesFor({ rand, kind, at, landmark, localWords: b.localWords }));
  b.names.add(name);
  b.lots.add(`${lot}|${branchless(name)}`);
  const tags = drawTags(rand, kind.traits.tags);
  const [lo, hi] = kind.traits.price;
  const avgPrice = hi ? Math.round((lo + rand() * (hi - lo)) / 500) * 500 : 0;
  const id = placeId(census.cell, kindTag(kind.name), n);
  b.out.push(demoPlace({ id, name, code: kind.code, path: kind.path, at: point, address, tags, avgPrice }));
}

/** Running sums of each layer's expected places over the cell's blocks (blocks are drawn by them). */
function blockRuns(census: Census): Float64Array[] {
  return census.field.blocks.map((blocks) => {
    const run = new Float64Array(blocks.length);
    let total = 0;
    for (let i = 0; i < blocks.length; i++) run[i] = total += blocks[i]!;
    return run;
  });
}

/**
 * The places of one kind in a cell (its slice): a pure function of (seed, cell, kind). A cell's places
 * are its real places and every kind's slice; a search for one kind builds that kind's slice only.
 */
export function buildSlice(seed: number, kind: WorldKind, census: Census): DemoPlace[] {
  const b: Building = {
    census,
    kind,
    bounds: cellBounds(census.cell),
    landmarks: census.field.anchors.filter((a) => a.layer !== "residential"),
    localWords: census.specialities.filter((s) => s.kind === kind.name).flatMap((s) => s.words ?? []),
    names: new Set(),
    lots: new Set(),
    out: [],
  };
  const runs = blockRuns(census);
  let n = 0;
  LAYERS.forEach((_, l) => {
    for (const k of census.kinds[l]!) if (k === kind.index) makePlace(b, seed, n++, runs[l]!);
  });
  return b.out;
}

/** The cell's real places (stations, dong offices), each with a drawn lot. */
export function buildReal(seed: number, cell: Cell): DemoPlace[] {
  const rand = cellRng(seed, cell, "real");
  return realPlacesIn(cell, rand).map((real, n) => demoPlace({ ...real, id: placeId(cell, "r", n) }));
}

/** Every place of a cell: a pure function of (seed, cell): its real places, then each kind's slice. */
export function buildCell(seed: number, cell: Cell, census = censusOf(seed, cell)): DemoPlace[] {
  const out = buildReal(seed, cell);
  for (const kind of worldKinds())
    if (census.counts[kind.index]! > 0) out.push(...buildSlice(seed, kind, census));
  return out;
}
