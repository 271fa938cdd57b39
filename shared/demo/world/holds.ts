// Which kinds of a cell can hold a search's words, without building the cell. A place's text (what the
// matcher reads) is its name, path, group and tags; its parts are a kind's (the kind's words with their
// suffixes, path, group, tags: kindText) or the cell's other words (its areas' names, the stations and
// streets near it, its real places, the shared words names start with: cellWords). A word can be in a
// place only inside one part, or across two neighbouring parts (a name written without its space,
// "소담국밥"): so a cell can hold a word when a present kind's text has it, when its other words have it,
// or when one side of a two-part join is there. A word some other word of the cell can hold may be in
// a place of any kind; one only kinds can hold narrows the kinds read. A word spanning three parts
// (a whole part inside it) is not looked for, nor a single letter outside the kinds' words.
import { adminAreas, adminAreaOf, type AdminArea } from "../../geo/admin-areas.ts";
import { haversine } from "../../geo/haversine.ts";
import { normalizeName } from "../../korean/normalize.ts";
import { KAKAO_CATEGORIES } from "../../places/categories.ts";
import { Lru } from "../../platform/lru.ts";
import { anchorsReaching } from "./anchors.ts";
import { worldKinds, type WorldKind } from "./catalog.ts";
import { cellBounds, cellCenter, type Cell } from "./grid.ts";
import { dongStem, districtStem, INSTITUTION_WORDS, PREFIXES } from "./names.ts";
import type { RealPlace } from "./real-places.ts";
import { SPECIALITIES } from "./specialities.ts";

/** "|a|b|c|": a word's presence, start and end are one includes() each. */
const joinParts = (parts: readonly string[]) => `|${parts.map(normalizeName).filter(Boolean).join("|")}|`;

/** A kind's parts, as the search reads its places' text. */
function kindText(k: WorldKind): string {
  const local = SPECIALITIES.filter((s) => s.kind === k.name).flatMap((s) => s.words ?? []);
  const words = [...k.words, ...local];
  return joinParts([
    k.path,
    k.code ? KAKAO_CATEGORIES[k.code] : "",
    ...words,
    ...words.flatMap((w) => k.traits.suffixes.map((s) => w + s)),
    ...k.traits.tags,
  ]);
}

/** A kind's name parts alone: its words, with their suffixes (what a name holds besides an area's word). */
function kindNameText(k: WorldKind): string {
  const local = SPECIALITIES.filter((s) => s.kind === k.name).flatMap((s) => s.words ?? []);
  const words = [...k.words, ...local];
  return joinParts([...words, ...words.flatMap((w) => k.traits.suffixes.map((s) => w + s))]);
}

let kindTexts: string[] | undefined;
const texts = () => (kindTexts ??= worldKinds().map(kindText));
let nameTexts: string[] | undefined;
const names = () => (nameTexts ??= worldKinds().map(kindNameText));

/** Words every cell's names may hold: the shared first words, a branch's "점". */
const SHARED = [...PREFIXES, ...INSTITUTION_WORDS, "점", "지점", "호점", "본점"];

// ---- a cell's other words

let byBucket: Map<string, AdminArea[]> | undefined;
const BUCKET = 0.05;

function areasNear(center: { lat: number; lng: number }, radius: number): AdminArea[] {
  if (!byBucket) {
    byBucket = new Map();
    for (const a of adminAreas()) {
      const k = `${Math.floor(a.lat / BUCKET)}:${Math.floor(a.lng / BUCKET)}`;
      const list = byBucket.get(k);
      if (list) list.push(a);
      else byBucket.set(k, [a]);
    }
  }
  const span = Math.ceil(radius / 111_000 / BUCKET / Math.cos((center.lat * Math.PI) / 180));
  const out: AdminArea[] = [];
  const bi = Math.floor(center.lat / BUCKET);
  const bj = Math.floor(center.lng / BUCKET);
  for (let i = bi - span; i <= bi + span; i++)
    for (let j = bj - span; j <= bj + span; j++)
      for (const a of byBucket.get(`${i}:${j}`) ?? []) if (haversine(center, a) <= radius) out.push(a);
  return out;
}

/**
 * The words a cell's names may take besides its kinds' (names.ts): the stems of every dong and district
 * whose centroid can be the nearest to a point of the cell, the words of the stations, streets and
 * sights within a kilometre, its real places' names and paths, and the shared words. "|"-joined.
 */
export function cellWords(cell: Cell, real: readonly RealPlace[]): string {
  const b = cellBounds(cell);
  const mid = cellCenter(cell);
  const corners = [mid, { lat: b.south, lng: b.west }, { lat: b.south, lng: b.east }];
  corners.push({ lat: b.north, lng: b.west }, { lat: b.north, lng: b.east });
  // a point's nearest centroid is no farther from the centre than a corner's nearest plus the half-diagonal
  const reach = Math.max(...corners.map((p) => haversine(p, adminAreaOf(p)))) + haversine(mid, corners[1]!);
  const areas = [...areasNear(mid, reach), ...corners.map((p) => adminAreaOf(p))];
  const dongs = areas.flatMap((a) => [dongStem(a.dong), districtStem(a.sigungu)]);
  const pad = 1000 / 111_000;
  const box = {
    south: b.south - pad,
    north: b.north + pad,
    west: b.west - pad * 1.3,
    east: b.east + pad * 1.3,
  };
  const landmarks = anchorsReaching(box).flatMap((a) => (a.layer === "residential" ? [] : [a.word]));
  const realText = real.flatMap((r) => [
    r.name,
    r.path,
    KAKAO_CATEGORIES[r.code as keyof typeof KAKAO_CATEGORIES] ?? "",
  ]);
  return joinParts([...new Set([...dongs, ...landmarks, ...realText, ...SHARED])]);
}

// ---- a search's words

interface Alt {
  text: string;
  /** kinds whose text has it whole */
  inKinds: number[];
  /** its splits in two: kinds with a part ending in the left side, and beginning with the right */
  splits: { left: string; right: string; ends: Set<number>; starts: Set<number> }[];
}

/** A search's words read against the kinds once (each word: its alternatives). */
export type SearchWords = Alt[][];

/** A search's words read against the kinds, kept: a plan's searches and a day's repeat the same words. */
const read = { all: new Lru<string, SearchWords>(2000), names: new Lru<string, SearchWords>(2000) };

export function searchWords(required: readonly (readonly string[])[]): SearchWords {
  return cachedRead(read.all, required, texts);
}

function cachedRead(
  cache: Lru<string, SearchWords>,
  required: readonly (readonly string[])[],
  t: () => string[],
): SearchWords {
  const key = required.map((alts) => alts.join("\u0001")).join("\u0002");
  let words = cache.get(key);
  if (!words) cache.set(key, (words = readWords(required, t())));
  return words;
}

function readWords(required: readonly (readonly string[])[], t: string[]): SearchWords {
  const kindsWith = (s: string) => new Set(t.flatMap((text, i) => (text.includes(s) ? [i] : [])));
  return required.map((alternatives) =>
    alternatives
      .map(normalizeName)
      .filter(Boolean)
      .map((text) => ({
        text,
        inKinds: [...kindsWith(text)],
        splits: Array.from({ length: text.length - 1 }, (_, k) => {
          const left = text.slice(0, k + 1);
          const right = text.slice(k + 1);
          return { left, right, ends: kindsWith(`${left}|`), starts: kindsWith(`|${right}`) };
        }),
      })),
  );
}

/** Present kinds among a list. */
const present = (counts: Uint16Array, kinds: Iterable<number>) => [...kinds].filter((k) => counts[k]! > 0);

/**
 * One alternative in a cell: whether the cell's other words can hold it, and which kinds can. A single
 * letter is looked for in kinds only: an area's name merely holding it (죽전 for 죽) makes no match of
 * the kind, as the letters of a name alone never make one.
 */
function altIn(a: Alt, words: string, counts: Uint16Array): { other: boolean; kinds: number[] } {
  const endsOther = (s: string) => words.includes(`${s}|`);
  const startsOther = (s: string) => words.includes(`|${s}`);
  const kinds = new Set(present(counts, a.inKinds));
  if (a.text.length < 2) return { other: false, kinds: [...kinds] };
  let other = words.includes(a.text);
  for (const s of a.splits) {
    const ends = present(counts, s.ends);
    const starts = present(counts, s.starts);
    if (endsOther(s.left) && (startsOther(s.right) || starts.length)) other = true;
    if (ends.length && startsOther(s.right)) other = true;
    for (const k of ends) if (s.starts.has(k)) kinds.add(k); // two parts of one kind's text
  }
  return { other, kinds: [...kinds] };
}

/**
 * The kinds of a cell a search reads: "all" (with its real places) when every word may be in the cell's
 * other words, else the present kinds that can hold every word the other words cannot (none: skip it).
 */
export function kindsToRead(words: SearchWords, cellText: string, counts: Uint16Array): "all" | number[] {
  let kept: Set<number> | undefined;
  for (const alts of words) {
    const found = alts.map((a) => altIn(a, cellText, counts));
    if (found.some((f) => f.other)) continue; // any kind's place may hold this word
    const any = new Set(found.flatMap((f) => f.kinds));
    kept = kept ? new Set([...kept].filter((k) => any.has(k))) : any;
  }
  return kept ? [...kept] : "all";
}

/**
 * The words a place's name must hold to score best, read against the kinds' name parts: a cell's
 * kinds whose names can hold them all (kindsToRead over names), for a search's first, narrow pass.
 */
export function nameSearchWords(words: readonly string[]): SearchWords {
  return cachedRead(
    read.names,
    words.map((w) => [w]),
    names,
  );
}
