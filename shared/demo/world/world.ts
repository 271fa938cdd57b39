// The demo world as a search reads it: a cell's places (built on demand, a pure function of the seed
// and the cell), a cell's summary (how many places of which kinds and groups, the words its names may
// take: cheap, kept in a bounded cache), and the cells a circle touches nearest first, so a search
// skips the cells that cannot hold what it looks for without building them (holds.ts).
import type { LatLng } from "../../geo/haversine.ts";
import { Lru } from "../../platform/lru.ts";
import { worldKinds, type WorldKind } from "./catalog.ts";
import { buildCell, buildReal, buildSlice, DEMO_SEED, type DemoPlace } from "./cell.ts";
import { censusOf, type Census } from "./census.ts";
import { cellKey, cellsInCircle, type Cell } from "./grid.ts";
import { cellWords } from "./holds.ts";
import { realPlacesIn } from "./real-places.ts";
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
  /** the words its names may take besides its kinds' (holds.ts cellWords), "|"-joined */
  words: string;
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
      const real = realPlacesIn(cell, mulberry32(0));
      const realCodes = new Set(real.map((r) => r.code));
      for (const k of worldKinds()) if (counts[k.index]! > 0 && k.code) codes.add(k.code);
      for (const code of realCodes) codes.add(code);
      let words: string | undefined;
      s = {
        cell,
        key,
        total: census.total,
        counts,
        codes,
        realCodes,
        // read only by a search with words, and then kept
        get words() {
          return (words ??= cellWords(cell, real));
        },
      };
      this.summaries.set(key, s);
    }
    return s;
  }

  /** The cells a circle touches, nearest first. */
  cellsNear(center: LatLng, radius: number): { cell: Cell; distance: number }[] {
    return cellsInCircle(center, radius);
  }
}
