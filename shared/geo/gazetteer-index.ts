// The gazetteer's index: what a place name stands for, the names by priority (a higher one wins a
// name), and the Latin spellings of Korean names, added when a Latin name is first looked up.
import { romanize } from "es-hangul";
import { z } from "zod";
import { normalizeName } from "../korean/normalize.ts";
import { TimeSlice } from "../platform/concurrency.ts";

/** What a place name stands for (the translator's location kinds: 001's location types and ours). */
export const LocationKind = z.enum([
  "station",
  "dong",
  "gu",
  "city",
  "province",
  "landmark",
  "foreign",
  "unresolved",
]);
export type LocationKind = z.infer<typeof LocationKind>;

export interface GazetteerEntry {
  name: string;
  query: string;
  kind: LocationKind;
  lat: number;
  lng: number;
  country: string;
  en?: string;
  /** city of a foreign district or landmark */
  city?: string;
  /** gu of a Seoul station or dong, when known */
  gu?: string;
  /** from the nationwide tables (outside the Seoul area the demo places and reverse geocoding cover) */
  national?: true;
}

export const PRIORITY = { region: 5, station: 4, landmark: 3, gu: 2, dong: 1, bare: 0 } as const;

export class Gazetteer {
  private readonly index = new Map<string, { entry: GazetteerEntry; priority: number }>();
  /** names several places share (중앙동, 중앙공원): known names, answered only with their region */
  readonly shared = new Set<string>();
  readonly entries: GazetteerEntry[] = [];

  private readonly seen = new Set<GazetteerEntry>();

  /** first words of the names written in several words ("여의도 한강공원", "대구 교대역"): only these start one */
  readonly firstWords = new Set<string>();

  add(keys: string[], entry: GazetteerEntry, priority: number): void {
    for (const key of keys) {
      const space = key.trim().indexOf(" ");
      if (space > 0) this.firstWords.add(normalizeName(key.trim().slice(0, space)));
    }
    if (!this.seen.has(entry)) {
      this.seen.add(entry);
      this.entries.push(entry);
    }
    for (const key of keys) {
      const k = normalizeName(key);
      if (!k) continue;
      const prev = this.index.get(k);
      if (!prev || prev.priority < priority) this.index.set(k, { entry, priority });
    }
  }

  /** Names for a place listed under another name (범어동 for 범어1동): looked up, never listed in `entries`. */
  alias(keys: string[], entry: GazetteerEntry, priority: number): void {
    this.seen.add(entry);
    this.add(keys, entry, priority);
  }

  /**
   * Short forms made of a name's first syllables (구디 for 구로디지털단지): looked up as a whole word only,
   * never offered to the segmenter or the typo index (keys()), where two syllables would split other words.
   */
  private readonly abbreviations = new Map<string, GazetteerEntry>();

  addAbbreviation(key: string, entry: GazetteerEntry): void {
    const k = normalizeName(key);
    if (k && !this.index.has(k)) this.abbreviations.set(k, entry);
  }

  lookup(term: string): GazetteerEntry | undefined {
    const key = normalizeName(term);
    const hit = this.index.get(key)?.entry ?? this.abbreviations.get(key);
    if (hit || !/[a-z]/.test(key) || !this.romanPending.length) return hit;
    this.addRomanAliases(); // the first Latin name that misses: romanize once, then look again
    return this.index.get(key)?.entry;
  }

  /** Korean names whose romanized forms (신촌 → sinchon) are added on first need: romanizing costs ~150 ms. */
  private readonly romanPending: { base: string; entry: GazetteerEntry; priority: number }[] = [];

  addRomanLater(base: string, entry: GazetteerEntry, priority: number): void {
    this.romanPending.push({ base, entry, priority });
  }

  /**
   * Adds the romanized names now, a few at a time, pausing on `turns` when its slice is spent: a server
   * warming up keeps answering, and no first Latin name costs a search the whole romanization.
   */
  async prepareRoman(turns = new TimeSlice()): Promise<void> {
    while (this.romanPending.length) {
      await turns.pause();
      this.addRomanAliases(this.romanPending.splice(0, 64));
    }
  }

  private addRomanAliases(pending = this.romanPending.splice(0)): void {
    for (const { base, entry, priority } of pending) {
      const aliases = romanAliases(base, "station");
      this.add(aliases, entry, priority);
      if (entry.kind !== "station") continue;
      if (aliases[0]) this.addLoose(aliases[0], entry, priority);
      // the table's English name ("Hongik Univ.", "Gangnam-gu Office"): how signs and maps write it
      // (a table may write the apostrophe as a backtick or a curly quote: Sookmyung Women`s Univ.)
      const en = entry.en?.replace(/[`‘’]/g, "'");
      if (en && /^[A-Za-z][A-Za-z .'-]+$/.test(en)) {
        this.add(englishAliases(en), entry, priority);
        this.addLoose(en, entry, priority);
      }
    }
  }

  /** True when a name of several words starts with this word; Latin ones once the aliases are in. */
  startsName(word: string): boolean {
    const key = normalizeName(word);
    if (this.firstWords.has(key) || !/[a-z]/.test(key) || !this.romanPending.length)
      return this.firstWords.has(key);
    this.addRomanAliases();
    return this.firstWords.has(key);
  }

  /** Stations by a loose spelling of their romanized or English name (Samsung for 삼성, Shinchon for 신촌). */
  private readonly loose = new Map<string, { entry: GazetteerEntry; priority: number }>();

  addLoose(latin: string, entry: GazetteerEntry, priority: number): void {
    const key = looseLatin(latin);
    if (key.length < 4) return;
    const prev = this.loose.get(key);
    if (!prev || prev.priority < priority) this.loose.set(key, { entry, priority });
  }

  lookupLoose(term: string): GazetteerEntry | undefined {
    if (this.romanPending.length) this.addRomanAliases();
    return this.loose.get(looseLatin(term))?.entry;
  }

  has(term: string): boolean {
    const key = normalizeName(term);
    return this.index.has(key) || this.abbreviations.has(key);
  }

  /** Every key (normalized name) with its entry: the dictionary the segmenter and the typo index use. */
  keys(): IterableIterator<[string, GazetteerEntry]> {
    const it = this.index.entries();
    return (function* () {
      for (const [k, v] of it) yield [k, v.entry] as [string, GazetteerEntry];
    })();
  }
}

/**
 * A Latin spelling folded so the ways people romanize Korean meet (Revised Romanization, McCune–Reischauer,
 * English habits): eo/eu/oo → u, ae → e, sh → s, ch → j, voiceless → voiced, r → l, ㄴㄹ → l, ㅇㄹ and ㅇㄴ
 * alike (Jongro, Jongno), doubles once.
 * "Samseong" and "Samsung" are both "samsung"; "Sinchon" and "Shinchon" both "sinjon".
 */
export function looseLatin(s: string): string {
  return (
    s
      .toLowerCase()
      .replace(/\b(?:station|stn)\b/g, "")
      .replace(/[^a-z]/g, "")
      .replace(/sh/g, "s")
      .replace(/ch/g, "j")
      .replace(/eo|eu|oo/g, "u")
      .replace(/ae/g, "e")
      .replace(/k/g, "g")
      .replace(/p/g, "b")
      .replace(/t/g, "d")
      .replace(/r/g, "l")
      .replace(/nl|ln/g, "l")
      // ㄹ after ㅇ is said, and often written, as ㄴ (황리단 Hwangnidan, 종로 Jongno): one spelling
      .replace(/ngn/g, "ngl")
      .replace(/(.)\1+/g, "$1")
  );
}

/** English names as the station tables write them ("Hongik Univ."), with the abbreviation spelt out too. */
function englishAliases(en: string): string[] {
  // as people type them too: without the apostrophe (Womens), without the abbreviation's stop
  const plain = en.replace(/'/g, "");
  const names = [en, plain, ...[en, plain].map((n) => n.replace(/\bUniv\b\.?/i, "University"))];
  return [...new Set(names)].flatMap((n) => [n, `${n} station`]);
}

/** Revised Romanization aliases of a Korean name ("신촌" → sinchon, "sinchon station"); none for short ones. */
function romanAliases(base: string, suffix: string): string[] {
  const r = romanize(base).toLowerCase();
  return r.length > 3 ? [r, `${r} ${suffix}`] : [];
}

/** A vendored table's rows with the columns the gazetteer reads (a missing column fails loudly at load). */
