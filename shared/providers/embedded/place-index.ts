// A uniform grid over lat/lng (~1.1 km cells) so a radius search reads only the cells its circle
// touches instead of scanning every place.
import { haversine, type LatLng } from "../../geo/haversine.ts";
import type { Place } from "../../places/place.ts";

const CELL_DEG = 0.01;
const cellKey = (i: number, j: number) => `${i}:${j}`;

export class PlaceIndex {
  private readonly cells = new Map<string, Place[]>();
  readonly all: Place[] = [];

  constructor(places: Iterable<Place>) {
    for (const p of places) {
      this.all.push(p);
      const key = cellKey(Math.floor(p.lat / CELL_DEG), Math.floor(p.lng / CELL_DEG));
      const list = this.cells.get(key);
      if (list) list.push(p);
      else this.cells.set(key, [p]);
    }
  }

  get size(): number {
    return this.all.length;
  }

  /** Places within `radius` metres of `center`, each with its distance. */
  *within(center: LatLng, radius: number): Generator<{ place: Place; distance: number }> {
    if (!Number.isFinite(center.lat) || !Number.isFinite(center.lng) || !(radius >= 0)) return;
    const dLat = radius / 111_000;
    const dLng = radius / (111_000 * Math.max(0.1, Math.cos((center.lat * Math.PI) / 180)));
    const i0 = Math.floor((center.lat - dLat) / CELL_DEG);
    const i1 = Math.floor((center.lat + dLat) / CELL_DEG);
    const j0 = Math.floor((center.lng - dLng) / CELL_DEG);
    const j1 = Math.floor((center.lng + dLng) / CELL_DEG);
    // a box of more cells than there are places is cheaper to answer by a scan; and far-out
    // coordinates (where i + 1 === i in floating point) must never drive the cell loop
    const loopable = [i0, i1, j0, j1].every(Number.isSafeInteger);
    if (!loopable || (i1 - i0 + 1) * (j1 - j0 + 1) > this.cells.size) {
      for (const place of this.all) {
        const distance = haversine(center, place);
        if (distance <= radius) yield { place, distance };
      }
      return;
    }
    for (let i = i0; i <= i1; i++) {
      for (let j = j0; j <= j1; j++) {
        for (const place of this.cells.get(cellKey(i, j)) ?? []) {
          const distance = haversine(center, place);
          if (distance <= radius) yield { place, distance };
        }
      }
    }
  }
}
