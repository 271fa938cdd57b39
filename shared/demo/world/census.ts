// What a cell holds before anything is named or placed: how many places of each layer (its expected
// count from the density field, rounded by a draw) and the kind of each, drawn by the shares of its
// layer (shares.ts), with the specialities of the place it lies in (specialities.ts). Cheap (no names,
// no addresses): a search reads it to skip cells that cannot hold what it looks for.
import { hashString, mulberry32, type Rng } from "../../platform/random.ts";
import { worldKinds, type WorldKind } from "./catalog.ts";
import { LAYERS } from "./density.ts";
import { cellField, type CellField } from "./field.ts";
import { cellCenter, cellKey, type Cell } from "./grid.ts";
import { haversine } from "../../geo/haversine.ts";
import { SPECIALITIES, type Speciality } from "./specialities.ts";

export interface Census {
  cell: Cell;
  field: CellField;
  /** per layer, the kind (its index in worldKinds()) of each place, in drawing order */
  kinds: Uint16Array[];
  /** places of each kind, by kind index */
  counts: Uint32Array;
  total: number;
  specialities: readonly Speciality[];
}

/** An independent stream for one purpose in one cell: the same numbers whatever else was built. */
export const cellRng = (seed: number, cell: Cell, purpose: string): Rng =>
  mulberry32(seed ^ hashString(`${purpose}:${cellKey(cell)}`));

/** The specialities whose circle holds the cell's centre. */
export function specialitiesAt(cell: Cell): Speciality[] {
  const mid = cellCenter(cell);
  return SPECIALITIES.filter(
    (s) => haversine(mid, s) <= s.radius && worldKinds().some((k) => k.name === s.kind),
  );
}

/** Each kind's share of a layer where these specialities apply (a group keeps its total). */
function sharesWith(layer: number, applied: readonly Speciality[]): Float64Array {
  const kinds = worldKinds();
  const out = new Float64Array(kinds.length);
  for (const k of kinds) out[k.index] = k.share[layer]!;
  for (const s of applied) {
    const target = kinds.find((k) => k.name === s.kind)!;
    const peers = kinds.filter((k) => k.group === target.group);
    const before = peers.reduce((sum, k) => sum + out[k.index]!, 0);
    out[target.index]! *= s.factor;
    const after = peers.reduce((sum, k) => sum + out[k.index]!, 0);
    if (after > 0) for (const k of peers) out[k.index]! *= before / after;
  }
  return out;
}

const cumulativeCache = new Map<string, Float64Array[]>();

/** Running sums of the shares of each layer, for drawing a kind by binary search. */
function cumulative(applied: readonly Speciality[]): Float64Array[] {
  const key = applied.map((s) => `${s.where}/${s.kind}`).join("|");
  let sums = cumulativeCache.get(key);
  if (!sums) {
    sums = LAYERS.map((_, l) => {
      const shares = sharesWith(l, applied);
      const run = new Float64Array(shares.length);
      let total = 0;
      shares.forEach((x, i) => (run[i] = total += x));
      return run;
    });
    cumulativeCache.set(key, sums);
  }
  return sums;
}

function drawKind(rand: Rng, run: Float64Array): number {
  const r = rand() * run[run.length - 1]!;
  let lo = 0;
  let hi = run.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (run[mid]! > r) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The cell's census: a pure function of the seed and the cell. */
export function censusOf(seed: number, cell: Cell): Census {
  const field = cellField(cell);
  const applied = specialitiesAt(cell);
  const sums = cumulative(applied);
  const rand = cellRng(seed, cell, "census");
  const counts = new Uint32Array(worldKinds().length);
  const kinds = LAYERS.map((_, l) => {
    const n = Math.floor(field.expected[l]! + rand());
    const out = new Uint16Array(n);
    for (let i = 0; i < n; i++) counts[(out[i] = drawKind(rand, sums[l]!))]!++;
    return out;
  });
  const total = kinds.reduce((s, k) => s + k.length, 0);
  return { cell, field, kinds, counts, total, specialities: applied };
}

/** The kinds present in a census. */
export function kindsIn(c: Census): WorldKind[] {
  return worldKinds().filter((k) => c.counts[k.index]! > 0);
}
