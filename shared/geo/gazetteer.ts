// Place names → kind and coordinates, from the vendored datasets and the known-places tables, for the
// whole country. Bare names that mean several things resolve by priority: a named region (서울, 제주도)
// beats a station, a station beats a gu or dong (001 geocodes "강남" as 강남역: a gu name without 구 is
// the street/station, "강남구" is the district). A name that several cities share (중앙동, 중구, 교대역)
// answers bare for Seoul's, and for the others only with its region ("대구 교대역", "부산 중구").
// Built on first use from its tables (gazetteer-tables.ts) into its index (gazetteer-index.ts).
import { normalizeName } from "../korean/normalize.ts";
import { Gazetteer, type GazetteerEntry } from "./gazetteer-index.ts";
import { build } from "./gazetteer-tables.ts";

export { LocationKind, type GazetteerEntry } from "./gazetteer-index.ts";

let instance: Gazetteer | undefined;
function gazetteer(): Gazetteer {
  instance ??= build();
  return instance;
}

export function lookupPlace(term: string): GazetteerEntry | undefined {
  return gazetteer().lookup(term);
}

/** Adds the romanized names (sinchon for 신촌) now, in bounded turns, before a first Latin name needs them. */
export function prepareRomanNames(): Promise<void> {
  return gazetteer().prepareRoman();
}

/** A station by a loose romanization of its name ("Samsung" → 삼성역); only for a word written before "station". */
export function lookupRomanizedStation(term: string): GazetteerEntry | undefined {
  return gazetteer().lookupLoose(term);
}

/** True when some name of several words starts with this word: only then is a longer span worth a look. */
export function startsPlaceName(word: string): boolean {
  return gazetteer().startsName(word);
}

/** True for a real place name, also one several cities share and that answers only with its region. */
export function isPlaceName(term: string): boolean {
  const g = gazetteer();
  return g.has(term) || g.shared.has(normalizeName(term));
}

export function allGazetteerEntries(): readonly GazetteerEntry[] {
  return gazetteer().entries;
}

/** Every lookup key (normalized) and what it names. */
export function gazetteerKeys(): IterableIterator<[string, GazetteerEntry]> {
  return gazetteer().keys();
}
