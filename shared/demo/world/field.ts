// The density field of a cell: for each of its 100 blocks and each layer, the places per km² the
// anchors' bells give there (density.ts), and so how many places of each layer the cell expects.
import type { LatLng } from "../../geo/haversine.ts";
import { anchorsReaching, REACH_SPREADS, type Anchor } from "./anchors.ts";
import { LAYERS } from "./density.ts";
import { BLOCKS, blockAreaKm2, blockCenter, cellBounds, type Cell } from "./grid.ts";

const M_PER_DEG = 111_195;

/** Places per km² a bell gives at `d2` square metres from its anchor. */
function bell(a: Anchor, d2: number): number {
  const s2 = a.spread * a.spread;
  if (d2 > REACH_SPREADS * REACH_SPREADS * s2) return 0;
  return (a.places * Math.exp(-d2 / (2 * s2)) * 1e6) / (2 * Math.PI * s2);
}

/** Places per km² of each layer at a point, from the given anchors. */
export function densityAt(p: LatLng, anchors: readonly Anchor[]): number[] {
  const out = LAYERS.map(() => 0);
  const kx = Math.cos((p.lat * Math.PI) / 180);
  for (const a of anchors) {
    const dy = (a.lat - p.lat) * M_PER_DEG;
    const dx = (a.lng - p.lng) * M_PER_DEG * kx;
    out[LAYERS.indexOf(a.layer)]! += bell(a, dx * dx + dy * dy);
  }
  return out;
}

export interface CellField {
  /** expected places of each layer in each block: [layer][block], block = bi * BLOCKS + bj */
  blocks: Float64Array[];
  /** expected places of each layer in the whole cell */
  expected: number[];
  /** the anchors that reach the cell, nearest to its centre first */
  anchors: Anchor[];
}

export function cellField(c: Cell): CellField {
  const anchors = anchorsReaching(cellBounds(c));
  const area = blockAreaKm2((c.i + 0.5) * 0.01);
  const blocks = LAYERS.map(() => new Float64Array(BLOCKS * BLOCKS));
  const rows = new Float64Array(BLOCKS);
  const cols = new Float64Array(BLOCKS);
  const origin = blockCenter(c, 0, 0);
  const step = 0.01 / BLOCKS;
  const kx = Math.cos((origin.lat * Math.PI) / 180);
  // a bell is the product of a north-south and an east-west curve: 20 exponentials a block row and column
  for (const a of anchors) {
    const s2 = 2 * a.spread * a.spread;
    const peak = (a.places * 1e6 * area) / (Math.PI * s2);
    for (let b = 0; b < BLOCKS; b++) {
      const dy = (origin.lat + b * step - a.lat) * M_PER_DEG;
      const dx = (origin.lng + b * step - a.lng) * M_PER_DEG * kx;
      rows[b] = Math.exp(-(dy * dy) / s2);
      cols[b] = Math.exp(-(dx * dx) / s2);
    }
    const out = blocks[LAYERS.indexOf(a.layer)]!;
    for (let bi = 0; bi < BLOCKS; bi++) {
      const r = rows[bi]! * peak;
      if (r < 1e-9) continue;
      for (let bj = 0; bj < BLOCKS; bj++) out[bi * BLOCKS + bj]! += r * cols[bj]!;
    }
  }
  const expected = blocks.map((b) => b.reduce((s, x) => s + x, 0));
  const mid = blockCenter(c, BLOCKS / 2, BLOCKS / 2);
  const far = (a: Anchor) => (a.lat - mid.lat) ** 2 + (a.lng - mid.lng) ** 2;
  return { blocks, expected, anchors: [...anchors].sort((a, b) => far(a) - far(b)) };
}
