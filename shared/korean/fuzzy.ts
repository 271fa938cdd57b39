// Typo-tolerant matching of place and food names: one jamo substituted, inserted or left out
// ("합점역" → 합정역, "서초녁" → 서초역, "떡뽁이" → 떡볶이, "커퓌" → 커피). Names are compared as jamo strings
// (es-hangul's disassemble); a deletion index (every name with one jamo dropped) finds the candidates at
// distance one without scanning the gazetteer. Only words nothing else recognised are looked up, so a
// correctly spelled name is never remapped.
import { disassemble } from "es-hangul";
import { allGazetteerEntries, type GazetteerEntry } from "../geo/gazetteer.ts";
import { LEXICON, type LexEntry } from "../places/lexicon.ts";

export interface Correction<T> {
  word: string;
  value: T;
}

/** Tense and plain consonants (떡뽁이/떡볶이, 파스따/파스타): a common slip, half a substitution. */
const PLAIN: Record<string, string> = {
  ㄲ: "ㄱ",
  ㄸ: "ㄷ",
  ㅃ: "ㅂ",
  ㅆ: "ㅅ",
  ㅉ: "ㅈ",
  ㅋ: "ㄱ",
  ㅌ: "ㄷ",
  ㅍ: "ㅂ",
  ㅊ: "ㅈ",
};
const plain = (jamo: string) => [...jamo].map((c) => PLAIN[c] ?? c).join("");
const subCost = (x: string, y: string) => (x === y ? 0 : (PLAIN[x] ?? x) === (PLAIN[y] ?? y) ? 0.5 : 1);

/** Jamo edit distance (a tense/plain or aspirated/plain swap costs half), stopping early above `max`. */
export function jamoDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // rows of b.length + 1 cells: every index below is in range
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(
        prev[j]! + 1,
        cur[j - 1]! + 1,
        prev[j - 1]! + subCost(a.charAt(i - 1), b.charAt(j - 1)),
      );
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

class TypoIndex<T> {
  private readonly byDeletion = new Map<string, { word: string; jamo: string; value: T; rank: number }[]>();

  constructor(words: Iterable<{ word: string; value: T; rank: number }>) {
    for (const w of words) {
      const jamo = disassemble(w.word);
      const item = { ...w, jamo };
      const key0 = plain(jamo);
      for (const key of new Set([key0, ...deletions(key0)])) {
        const list = this.byDeletion.get(key);
        if (list) list.push(item);
        else this.byDeletion.set(key, [item]);
      }
    }
  }

  /** The closest name at jamo distance one, the higher-ranked on a tie; none for a word too short to tell. */
  find(word: string): Correction<T> | undefined {
    const jamo = disassemble(word);
    if (jamo.length < 4) return undefined;
    let best: { word: string; value: T; rank: number } | undefined;
    const key0 = plain(jamo);
    for (const key of new Set([key0, ...deletions(key0)])) {
      for (const c of this.byDeletion.get(key) ?? []) {
        if (c.word === word || jamoDistance(jamo, c.jamo, 1) > 1) continue;
        if (!best || c.rank > best.rank) best = c;
      }
    }
    return best && { word: best.word, value: best.value };
  }
}

function deletions(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i++) out.push(s.slice(0, i) + s.slice(i + 1));
  return out;
}

const KIND_RANK: Partial<Record<GazetteerEntry["kind"], number>> = {
  station: 3,
  landmark: 2,
  dong: 1,
  gu: 1,
};

let places: TypoIndex<GazetteerEntry> | undefined;
let foods: TypoIndex<LexEntry> | undefined;

/** Korean places: station names (with and without 역), dongs, gu, landmarks. Built on first use. */
export function correctPlace(word: string): Correction<GazetteerEntry> | undefined {
  places ??= new TypoIndex(
    (function* () {
      for (const e of allGazetteerEntries()) {
        if (e.country !== "KR" || !/^[가-힣0-9]+$/.test(e.name) || e.name.length < 2) continue;
        const rank = (KIND_RANK[e.kind] ?? 0) - (e.national ? 0.5 : 0);
        yield { word: e.name, value: e, rank };
        if (e.kind === "station" && e.name.length >= 3)
          yield { word: e.name.slice(0, -1), value: e, rank: rank - 0.1 };
      }
    })(),
  );
  return places.find(word);
}

/** Food, drink and place words of the lexicon (Hangul terms of two syllables or more). */
export function correctFood(word: string): Correction<LexEntry> | undefined {
  foods ??= new TypoIndex(
    LEXICON.flatMap((entry) =>
      entry.terms
        .map((t) => t.replace(/^=/, ""))
        .filter((t) => /^[가-힣]{2,}$/.test(t))
        .map((t) => ({ word: t, value: entry, rank: t.length })),
    ),
  );
  return foods.find(word);
}
