// Where the embedded provider's places come from: an imported store registry (one index over all of
// it), or the synthetic demo world, read cell by cell (shared/demo/world/): the cells a search's circle
// touches, nearest first, and in each only the slices of the kinds that can match the search (every
// kind, when a word could match an area's name), each built on first use and kept in a cache bounded
// by the places it holds; a cell whose summary says it holds none of those kinds is not read.
import { haversine, type LatLng } from "../../geo/haversine.ts";
import { worldKinds, type WorldKind } from "../../demo/world/catalog.ts";
import { pinnedCell, pinnedCellIfBuilt, pinnedDemoPlaces, type PinnedSet } from "../../demo/places.ts";
import { kindTag } from "../../demo/world/cell.ts";
import { corpusCells } from "../../demo/world/pinned.ts";
import type { Cell } from "../../demo/world/grid.ts";
import { kindsToRead, nameSearchWords, searchWords, type SearchWords } from "../../demo/world/holds.ts";
import { DemoWorld, type CellSummary } from "../../demo/world/world.ts";
import type { Place } from "../../places/place.ts";
import { Lru } from "../../platform/lru.ts";
import { eachInTurns, TimeSlice } from "../../platform/concurrency.ts";
import { PlaceIndex } from "./place-index.ts";

/** What a search needs of a place: its category group, the words its text must have. */
export interface Need {
  category?: string;
  /** for each word, the strings any one of which will do (matcher.ts requiredText) */
  words?: readonly (readonly string[])[];
  /** words every place read must be able to hold in its name (a first, narrow pass; sources may ignore) */
  names?: readonly string[];
}

/** A part of the places a search reads: one index (a registry), or one cell's slices (the demo world). */
export interface Shelf {
  /** metres from the search centre to the nearest place the shelf can hold */
  distance: number;
  /** the shelf's places that can be accepted, inside the circle, with their distances */
  places(): Iterable<{ place: Place; distance: number | null }>;
}

export interface PlaceSource {
  readonly dataSource: "embedded-demo" | "embedded-registry";
  /**
   * The shelves a search around `center` reads, nearest first; a shelf is built when it is asked for,
   * and between two the source pauses on `turns` (a shelf of the demo world builds its cell's slices).
   */
  near(center: LatLng, radius: number, need: Need, turns?: TimeSlice): AsyncIterable<Shelf>;
  /** What a search without a centre reads. */
  everywhere(need: Need, turns?: TimeSlice): AsyncIterable<Shelf>;
  /** The places other features read whole: the registry, or a pinned set of the demo world's cells. */
  pinned(set?: PinnedSet): readonly Place[];
  /** Builds before a server reports ready what a first search would otherwise build. */
  prepare(): Promise<void>;
  /** What a search waits for before it reads (the registry's text index, built in slices). */
  ready(): Promise<void>;
}

export class RegistrySource implements PlaceSource {
  readonly dataSource = "embedded-registry" as const;
  private readonly index: PlaceIndex;

  constructor(places: Iterable<Place>) {
    this.index = new PlaceIndex(places);
  }

  /** The places that can be accepted, from the text index and the category's list. */
  private only(need: Need): readonly Place[] | undefined {
    const byText = this.index.candidates(need.words ?? []);
    if (byText) return need.category ? byText.filter((p) => p.categoryCode === need.category) : byText;
    return need.category ? this.index.inCategory(need.category) : undefined;
  }

  async *near(center: LatLng, radius: number, need: Need): AsyncIterable<Shelf> {
    yield { distance: 0, places: () => this.index.within(center, radius, this.only(need)) };
  }

  async *everywhere(need: Need): AsyncIterable<Shelf> {
    const only = this.only(need) ?? this.index.all;
    yield { distance: 0, places: () => only.map((place) => ({ place, distance: null })) };
  }

  pinned(): readonly Place[] {
    return this.index.all;
  }

  prepare(): Promise<void> {
    return this.index.prepareText();
  }

  ready(): Promise<void> {
    return this.index.prepareText();
  }
}

/** Places of built slices kept (~1.2 KB each with their text): ~60 MB, ~50 dense cells whole. */
export const CACHED_PLACES = 50_000;
/**
 * Places one search reads at most (by the cells' summaries, nearest cells first, counting the slices it
 * reads): a search whose kind is rarer than that answers with what it found within them.
 */
export const READ_BUDGET = 12_000;

export class WorldSource implements PlaceSource {
  readonly dataSource = "embedded-demo" as const;
  private readonly slices = new Lru<string, readonly Place[]>(CACHED_PLACES, Date.now, (p) => p.length);
  private readonly pinnedByKind = new Map<string, Map<string, Place[]>>();

  constructor(readonly world = new DemoWorld()) {}

  /** A slice of a cell (a kind's places, or its real ones), from the cache or built now. */
  private slice(s: CellSummary, kind: WorldKind | "real"): readonly Place[] {
    // a pinned cell built whole (before the server listened) holds its slices already
    const pinnedSlices = this.pinnedSlices(s);
    if (pinnedSlices) return pinnedSlices.get(kind === "real" ? "r" : kindTag(kind.name)) ?? [];
    const key = `${s.key}|${kind === "real" ? kind : kind.name}`;
    let places = this.slices.get(key);
    if (!places) {
      places = kind === "real" ? this.world.real(s.cell) : this.world.slice(s.cell, kind);
      this.slices.set(key, places);
    }
    return places;
  }

  /** Every place of a cell, read through the cache (the slices already built are not built again). */
  cellPlaces(cell: Cell): Place[] {
    const s = this.world.summary(cell);
    return this.slicesFor(s, {}).flat();
  }

  /** A pinned cell's places by kind (by their ids' kind tag), when the cell is built. */
  private pinnedSlices(s: CellSummary): Map<string, Place[]> | undefined {
    const whole = pinnedCellIfBuilt(this.world.seed, s.cell);
    if (!whole) return undefined;
    let byKind = this.pinnedByKind.get(s.key);
    if (!byKind) {
      byKind = new Map();
      for (const p of whole) {
        const tag = p.id.split("-")[3]!;
        const list = byKind.get(tag);
        if (list) list.push(p);
        else byKind.set(tag, [p]);
      }
      this.pinnedByKind.set(s.key, byKind);
    }
    return byKind;
  }

  /** Places of slices kept now (for the benchmarks' heap figures). */
  get cachedPlaces(): number {
    return this.slices.weight;
  }

  /** The slices of a cell a search reads. */
  private slicesFor(s: CellSummary, plan: Plan): (readonly Place[])[] {
    return this.kindsFor(s, plan).map((kind) => this.slice(s, kind));
  }

  /** What a search reads of a cell: the kinds that can hold its words, of its category (or its real places). */
  private kindsFor(s: CellSummary, plan: Plan): (WorldKind | "real")[] {
    if (!s.total && !s.realCodes.size) return []; // the sea, the hills: nothing to read, no words to weigh
    let read = plan.words ? kindsToRead(plan.words, s.words, s.counts) : "all";
    if (plan.names) {
      const named = kindsToRead(plan.names, s.words, s.counts);
      if (named !== "all") read = read === "all" ? named : read.filter((k) => named.includes(k));
    }
    const kinds = read === "all" ? worldKinds() : read.map((k) => worldKinds()[k]!);
    const out: (WorldKind | "real")[] = [];
    const realCan = read === "all" && (!plan.category || s.realCodes.has(plan.category));
    if (realCan && s.realCodes.size) out.push("real");
    for (const k of kinds)
      if (s.counts[k.index]! > 0 && (!plan.category || k.code === plan.category)) out.push(k);
    return out;
  }

  /** The slices of a cell a search reads, built (or taken from the cache) one a piece. */
  private async slicesInTurns(s: CellSummary, plan: Plan, turns: TimeSlice) {
    const out: (readonly Place[])[] = [];
    for (const kind of this.kindsFor(s, plan)) {
      await turns.pause();
      out.push(this.slice(s, kind));
    }
    return out;
  }

  async *near(center: LatLng, radius: number, need: Need, turns = new TimeSlice()): AsyncIterable<Shelf> {
    const plan = planFor(need);
    let read = 0;
    for (const { cell, distance } of this.world.cellsNear(center, radius)) {
      if (read >= READ_BUDGET) return;
      await turns.pause(); // a cell's summary may be built now, then its slices, one a piece
      const s = this.world.summary(cell);
      if (plan.category && !s.codes.has(plan.category)) continue;
      const slices = await this.slicesInTurns(s, plan, turns);
      if (!slices.length) continue;
      read += slices.reduce((n, x) => n + x.length, 0);
      yield { distance, places: () => inCircle(slices, center, radius) };
    }
  }

  async *everywhere(need: Need, turns = new TimeSlice()): AsyncIterable<Shelf> {
    const plan = planFor(need);
    for (const cell of corpusCells()) {
      await turns.pause();
      const slices = await this.slicesInTurns(this.world.summary(cell), plan, turns);
      yield { distance: 0, places: () => slices.flat().map((place) => ({ place, distance: null })) };
    }
  }

  pinned(set: PinnedSet = "corpus"): readonly Place[] {
    return pinnedDemoPlaces(this.world.seed, set);
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }

  async prepare(): Promise<void> {
    // the tables every cell reads (anchors, kinds, words, administrative areas), then the pinned cells
    // the corpus and the simulation read whole, a cell a piece
    searchWords([["카페"]]);
    await eachInTurns(corpusCells(), (cell) => {
      this.world.summary(cell);
      pinnedCell(this.world.seed, cell);
    });
    pinnedDemoPlaces(this.world.seed);
  }
}

/** What a search reads: its words read against the kinds once, its category. */
interface Plan {
  words?: SearchWords;
  /** the words names must hold (the narrow pass) */
  names?: SearchWords;
  category?: string;
}

const planFor = (need: Need): Plan => ({
  words: need.words?.length ? searchWords(need.words) : undefined,
  names: need.names?.length ? nameSearchWords(need.names) : undefined,
  category: need.category,
});

function* inCircle(slices: readonly (readonly Place[])[], center: LatLng, radius: number) {
  const dLat = radius / 111_000;
  const dLng = radius / (111_000 * Math.max(0.1, Math.cos((center.lat * Math.PI) / 180)));
  for (const list of slices)
    for (const place of list) {
      if (Math.abs(place.lat - center.lat) > dLat || Math.abs(place.lng - center.lng) > dLng) continue;
      const distance = haversine(center, place);
      if (distance <= radius) yield { place, distance };
    }
}
