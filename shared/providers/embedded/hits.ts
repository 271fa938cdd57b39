// The places a search has found so far, and when it has found enough: shelves are read nearest first,
// so once the search holds as many places as it returns that no farther place could outrank (in
// distance order: nearer than the next shelf; in accuracy order: of the best score a place can have,
// and nearer), the rest need not be read. The answer is the same as reading every shelf.
import type { Place } from "../../places/place.ts";
import type { Need } from "./sources.ts";

export interface SearchHow {
  need: Need;
  /** the highest score a place can have */
  best: number;
  /** the words a place's name must hold to score best (a first pass reads only the places that can) */
  names?: string[];
  /** 0 when the place does not match; higher ranks first in accuracy order */
  accept(p: Place): number;
}

interface Hit {
  place: Place;
  distance: number | null;
  score: number;
}

export class Hits {
  private readonly list: Hit[] = [];

  /** `best`: the highest score (accuracy order); undefined in distance order. */
  constructor(
    private readonly want: number,
    private readonly best?: number,
  ) {}

  add(place: Place, distance: number | null, score: number): void {
    this.list.push({ place, distance, score });
  }

  /** How many found places have the best score. */
  get atBest(): number {
    const best = this.best;
    return best === undefined ? this.list.length : this.list.filter((h) => h.score >= best).length;
  }

  /** True when no place `distance` metres away or farther can be among the first `want`. */
  enough(distance: number): boolean {
    const best = this.best;
    const top = best === undefined ? this.list : this.list.filter((h) => h.score >= best);
    if (top.length < this.want) return false;
    const nearest = top.map((h) => h.distance ?? 0).sort((a, b) => a - b);
    return nearest[this.want - 1]! <= distance;
  }

  ranked(byDistance: boolean): Place[] {
    const near = (a: Hit, b: Hit) => (a.distance ?? 0) - (b.distance ?? 0);
    this.list.sort(byDistance ? near : (a, b) => b.score - a.score || near(a, b));
    return this.list.slice(0, this.want).map(({ place, distance }) => ({ ...place, distance }));
  }
}
