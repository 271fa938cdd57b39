// The demo places: SYNTHETIC places of the demo world (shared/demo/world/), generated cell by cell from
// a seed on the real geography. A search reads the cells it needs (shared/providers/embedded/sources.ts);
// the places other features read whole are those of the pinned cells (world/pinned.ts): the restaurant
// corpus's and the simulation's Mangwon-dong. Every place is marked synthetic and its URL is on a
// reserved .invalid domain, so nobody mistakes one for a real shop.
import { buildCell, DEMO_SEED, type DemoPlace } from "./world/cell.ts";
import { corpusCells } from "./world/pinned.ts";

export { branchless, DEMO_SEED, DEMO_URL_BASE, type DemoPlace } from "./world/cell.ts";

let last: { seed: number; places: DemoPlace[] } | undefined;

/** The places of the pinned cells, in grid order: built once per seed and shared; callers only read them. */
export function pinnedDemoPlaces(seed = DEMO_SEED): DemoPlace[] {
  if (last?.seed !== seed) last = { seed, places: corpusCells().flatMap((c) => buildCell(seed, c)) };
  return last.places;
}
