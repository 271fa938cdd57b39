// The demo places: SYNTHETIC places of the demo world (shared/demo/world/), generated cell by cell from
// a seed on the real geography. A search reads the cells it needs (shared/providers/embedded/sources.ts);
// the places other features read whole are those of the pinned cells (world/pinned.ts): the restaurant
// corpus's and the simulation's Mangwon-dong. Every place is marked synthetic and its URL is on a
// reserved .invalid domain, so nobody mistakes one for a real shop.
import { buildCell, DEMO_SEED, type DemoPlace } from "./world/cell.ts";
import { cellKey, type Cell } from "./world/grid.ts";
import { corpusCells, mangwonCells } from "./world/pinned.ts";

export { branchless, DEMO_SEED, DEMO_URL_BASE, type DemoPlace } from "./world/cell.ts";

/** The pinned sets: the corpus's cells (Mangwon-dong's among them), or Mangwon-dong's alone. */
export type PinnedSet = "corpus" | "mangwon";

let pinned: { seed: number; cells: Map<string, DemoPlace[]>; sets: Map<PinnedSet, DemoPlace[]> } | undefined;

/** A pinned cell's places, built once per seed and kept (a server builds them before it listens). */
export function pinnedCell(seed: number, cell: Cell): DemoPlace[] {
  if (pinned?.seed !== seed) pinned = { seed, cells: new Map(), sets: new Map() };
  let places = pinned.cells.get(cellKey(cell));
  if (!places) pinned.cells.set(cellKey(cell), (places = buildCell(seed, cell)));
  return places;
}

/** A pinned cell's places when they are built already (else undefined: nothing is built here). */
export function pinnedCellIfBuilt(seed: number, cell: Cell): DemoPlace[] | undefined {
  return pinned?.seed === seed ? pinned.cells.get(cellKey(cell)) : undefined;
}

/** The places of a pinned set's cells, in grid order: built once per seed and shared; callers only read them. */
export function pinnedDemoPlaces(seed = DEMO_SEED, set: PinnedSet = "corpus"): DemoPlace[] {
  const held = pinned?.seed === seed ? pinned.sets.get(set) : undefined;
  if (held) return held;
  const places = (set === "corpus" ? corpusCells() : mangwonCells()).flatMap((c) => pinnedCell(seed, c));
  pinned!.sets.set(set, places);
  return places;
}
