// A uniform grid over lat/lng (~1.1 km cells) so a radius search reads only the cells its circle
// touches instead of scanning every place, and an index of the places' text by character bigram so a
// keyword search reads only the places whose text can contain its words.
import { haversine, type LatLng } from "../../geo/haversine.ts";
import type { Place } from "../../places/place.ts";
import { textOf } from "./matcher.ts";
import { TimeSlice } from "../../platform/concurrency.ts";

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

  /** category code → its places, in `all` order */
  private categories?: Map<string | null, Place[]>;

  /** The places of one category group, in `all` order. */
  inCategory(code: string): Place[] {
    if (!this.categories) {
      this.categories = new Map();
      for (const p of this.all) {
        const list = this.categories.get(p.categoryCode);
        if (list) list.push(p);
        else this.categories.set(p.categoryCode, [p]);
      }
    }
    return this.categories.get(code) ?? [];
  }

  /** character bigram (or a lone character) → positions in `all` of the places whose text has it */
  private grams?: Map<string, number[]>;

  get size(): number {
    return this.all.length;
  }

  /**
   * Places within `radius` metres of `center`, each with its distance: read from `only` (the places
   * that can be accepted, when known) or from the cells the circle touches, whichever holds fewer.
   */
  *within(
    center: LatLng,
    radius: number,
    only?: readonly Place[],
  ): Generator<{ place: Place; distance: number }> {
    if (!Number.isFinite(center.lat) || !Number.isFinite(center.lng) || !(radius >= 0)) return;
    const dLat = radius / 111_000;
    const dLng = radius / (111_000 * Math.max(0.1, Math.cos((center.lat * Math.PI) / 180)));
    const inBox = (p: Place) => Math.abs(p.lat - center.lat) <= dLat && Math.abs(p.lng - center.lng) <= dLng;
    const i0 = Math.floor((center.lat - dLat) / CELL_DEG);
    const i1 = Math.floor((center.lat + dLat) / CELL_DEG);
    const j0 = Math.floor((center.lng - dLng) / CELL_DEG);
    const j1 = Math.floor((center.lng + dLng) / CELL_DEG);
    // a box of more cells than there are places is cheaper to answer by a scan; and far-out
    // coordinates (where i + 1 === i in floating point) must never drive the cell loop
    const loopable =
      [i0, i1, j0, j1].every(Number.isSafeInteger) && (i1 - i0 + 1) * (j1 - j0 + 1) <= this.cells.size;
    const cells: Place[][] = [];
    if (loopable)
      for (let i = i0; i <= i1; i++)
        for (let j = j0; j <= j1; j++) {
          const cell = this.cells.get(cellKey(i, j));
          if (cell) cells.push(cell);
        }
    const inCells = cells.reduce((n, c) => n + c.length, 0);
    // places outside `only` may be read from the cells: the caller's test rejects them anyway
    const lists = only && (!loopable || only.length < inCells) ? [only] : loopable ? cells : [this.all];
    for (const list of lists)
      for (const place of list) {
        if (!inBox(place)) continue;
        const distance = haversine(center, place);
        if (distance <= radius) yield { place, distance };
      }
  }

  /**
   * The places (in `all` order) whose text can satisfy every entry of `required` (each a list of
   * strings, one of which must be in the text), or undefined when nothing is required. A superset:
   * the bigrams of a string being present does not make it present, so the caller still scores each.
   */
  candidates(required: readonly (readonly string[])[]): Place[] | undefined {
    if (!required.length) return undefined;
    let kept: Set<number> | undefined;
    for (const alternatives of required) {
      const any = new Set<number>();
      for (const text of alternatives) for (const i of this.containing(text)) any.add(i);
      kept = kept ? new Set([...kept].filter((i) => any.has(i))) : any;
      if (!kept.size) return [];
    }
    return [...kept!].sort((a, b) => a - b).map((i) => this.all[i]!);
  }

  /** positions of the places whose text has every bigram of `text` */
  private containing(text: string): number[] {
    const index = (this.grams ??= this.indexText());
    const lists = gramsOf(text).map((g) => index.get(g) ?? []);
    if (!lists.length) return [];
    lists.sort((a, b) => a.length - b.length);
    const [first, ...rest] = lists;
    const sets = rest.map((l) => new Set(l));
    return first!.filter((i) => sets.every((s) => s.has(i)));
  }

  /**
   * Builds the text index now, in slices, pausing for a turn of the event loop when its time slice is spent (the index of
   * ~25,000 places takes a few hundred ms): a server keeps answering while it is built.
   */
  async prepareText(slice = 250): Promise<void> {
    if (this.grams) return;
    const index = new Map<string, number[]>();
    const turns = new TimeSlice();
    for (let from = 0; from < this.all.length; from += slice) {
      this.indexSlice(index, from, Math.min(this.all.length, from + slice));
      await turns.pause();
      if (this.grams) return; // built meanwhile by a synchronous caller
    }
    this.grams = index;
  }

  private indexText(): Map<string, number[]> {
    const index = new Map<string, number[]>();
    this.indexSlice(index, 0, this.all.length);
    return index;
  }

  /** Adds places [from, to) to `index`: each bigram and each character of their text, once per place. */
  private indexSlice(index: Map<string, number[]>, from: number, to: number): void {
    const add = (g: string, i: number) => {
      const list = index.get(g);
      if (!list) index.set(g, [i]);
      else if (list[list.length - 1] !== i) list.push(i); // places are added in order: a repeat is last
    };
    for (let i = from; i < to; i++) {
      const { hay, name } = textOf(this.all[i]!);
      // bigrams for words of two or more characters, lone characters for words of one
      for (const text of [hay, name]) {
        let prev = "";
        for (const ch of text) {
          add(ch, i);
          if (prev) add(prev + ch, i);
          prev = ch;
        }
      }
    }
  }
}

/** a string's character bigrams; a single character is its own */
function gramsOf(s: string): string[] {
  const chars = [...s];
  if (chars.length < 2) return chars;
  return chars.slice(1).map((c, i) => chars[i]! + c);
}
