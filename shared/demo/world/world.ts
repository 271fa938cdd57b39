// The demo world as a search reads it: a cell's places (built on demand, a pure function of the seed
// and the cell), a cell's summary (how many places of which kinds and groups: cheap, kept in a
// bounded cache), the cells a circle touches nearest first, and what a search word can match, so a
// search skips the cells that cannot hold what it looks for without building them.
import { adminAreas } from "../../geo/admin-areas.ts";
import type { LatLng } from "../../geo/haversine.ts";
import { normalizeName } from "../../korean/normalize.ts";
import { KAKAO_CATEGORIES } from "../../places/categories.ts";
import { Lru } from "../../platform/lru.ts";
import { railStations } from "../rail-stations.ts";
import { allAnchors } from "./anchors.ts";
import { worldKinds, type WorldKind } from "./catalog.ts";
import { buildCell, buildReal, buildSlice, DEMO_SEED, type DemoPlace } from "./cell.ts";
import { censusOf, type Census } from "./census.ts";
import { cellKey, cellsInCircle, type Cell } from "./grid.ts";
import { dongStem, districtStem, INSTITUTION_WORDS, PREFIXES } from "./names.ts";
import { realPlacesIn } from "./real-places.ts";
import { SPECIALITIES } from "./specialities.ts";
import { mulberry32 } from "../../platform/random.ts";

export interface CellSummary {
  cell: Cell;
  key: string;
  total: number;
  /** places of each kind (index in worldKinds()) */
  counts: Uint16Array;
  /** the Kakao group codes of its places, its real stations and offices included */
  codes: ReadonlySet<string>;
  /** the Kakao group codes of its real stations and offices */
  realCodes: ReadonlySet<string>;
}

/** Summaries kept (~0.7 KB each): a search over a 20 km circle reads ~1,500. */
const SUMMARIES = 20_000;
/** Censuses kept (~6 KB each): the cells a search is building slices of. */
const CENSUSES = 512;

export class DemoWorld {
  private readonly summaries = new Lru<string, CellSummary>(SUMMARIES);
  private readonly censuses = new Lru<string, Census>(CENSUSES);

  constructor(readonly seed = DEMO_SEED) {}

  census(cell: Cell): Census {
    const key = cellKey(cell);
    let c = this.censuses.get(key);
    if (!c) this.censuses.set(key, (c = censusOf(this.seed, cell)));
    return c;
  }

  /** Every place of a cell, built now (callers keep what they need). */
  places(cell: Cell): DemoPlace[] {
    return buildCell(this.seed, cell, this.census(cell));
  }

  /** The places of one kind in a cell, built now. */
  slice(cell: Cell, kind: WorldKind): DemoPlace[] {
    return buildSlice(this.seed, kind, this.census(cell));
  }

  /** The cell's real stations and dong offices. */
  real(cell: Cell): DemoPlace[] {
    return buildReal(this.seed, cell);
  }

  summary(cell: Cell): CellSummary {
    const key = cellKey(cell);
    let s = this.summaries.get(key);
    if (!s) {
      const census = this.census(cell);
      const counts = Uint16Array.from(census.counts, (n) => Math.min(n, 65_535));
      const codes = new Set<string>();
      const realCodes = new Set(realPlacesIn(cell, mulberry32(0)).map((r) => r.code));
      for (const k of worldKinds()) if (counts[k.index]! > 0 && k.code) codes.add(k.code);
      for (const code of realCodes) codes.add(code);
      s = { cell, key, total: census.total, counts, codes, realCodes };
      this.summaries.set(key, s);
    }
    return s;
  }

  /** The cells a circle touches, nearest first. */
  cellsNear(center: LatLng, radius: number): { cell: Cell; distance: number }[] {
    return cellsInCircle(center, radius);
  }
}

// ---- what a search word can match ------------------------------------------------------------------

let texts: { kinds: string[]; any: string; other: string } | undefined;

/** A kind's text, as the search reads a place's (its path, group, name words with their suffixes, tags). */
function kindText(k: WorldKind): string {
  const local = SPECIALITIES.filter((s) => s.kind === k.name).flatMap((s) => s.words ?? []);
  const words = [...k.words, ...local];
  const parts = [
    k.path,
    k.code ? KAKAO_CATEGORIES[k.code] : "",
    ...words,
    ...words.flatMap((w) => k.traits.suffixes.map((s) => w + s)),
    ...k.traits.tags,
  ];
  return parts.map(normalizeName).join("|");
}

/** The parts of names that are no kind's: area and shared words, real stations and offices. */
function otherText(): string {
  const areas = adminAreas().flatMap((a) => [dongStem(a.dong), a.dong, districtStem(a.sigungu), a.sigungu]);
  const stations = railStations().flatMap((s) => [s.station, s.line]);
  const anchors = allAnchors().flatMap((a) => [a.word, a.dong ?? ""]);
  // the real stations and offices: their names, paths and groups
  const real = [
    "행정복지센터",
    "사회,공공기관",
    "지방행정기관",
    "공공기관",
    "교통,수송",
    "지하철,전철",
    "지하철역",
  ];
  const words = [...PREFIXES, ...INSTITUTION_WORDS, ...real, "호점", "지점"];
  return [...areas, ...stations, ...anchors, ...words].map(normalizeName).join("|");
}

function wordTexts() {
  if (!texts) {
    const kinds = worldKinds().map(kindText);
    texts = { kinds, any: kinds.join("|"), other: otherText() };
  }
  return texts;
}

/**
 * For a search's required words (each a list of strings any one of which will do), the kinds that can
 * satisfy all of them, or undefined when some word could also be matched by a place's other parts (an
 * area's name, a shared word), so a cell's kinds cannot decide. A string spanning two parts of a name
 * ("조국밥" of "원조 국밥") is found by no kind's text and decides nothing.
 */
export function kindsMatching(required: readonly (readonly string[])[]): Set<number> | undefined {
  const t = wordTexts();
  let kept: Set<number> | undefined;
  for (const alternatives of required) {
    const alts = alternatives.map(normalizeName);
    if (alts.some((a) => a.length < 2 || !t.any.includes(a) || t.other.includes(a))) return undefined;
    const any = new Set<number>();
    t.kinds.forEach((text, i) => {
      if (alts.some((a) => text.includes(a))) any.add(i);
    });
    kept = kept ? new Set([...kept].filter((i) => any.has(i))) : any;
  }
  return kept;
}
