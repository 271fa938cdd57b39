// Company names typed with a slip ("삼성젼자", "셀트리은", "카카오뱅그"): each listed name compared with
// the typed word as jamo (es-hangul's disassemble, the jamo distance of shared/korean/fuzzy.ts, where a
// tense/plain or aspirated/plain swap costs half). A word is read as a name only when it is close enough
// for its length (THRESHOLDS) and one company is closer than every other; two equally close are asked
// about, never guessed. Also the short forms that fold the next syllable's first consonant into a
// syllable's final ("엔솔" of 에너지솔루션: 에 + ㄴ of 너).
import { disassemble } from "es-hangul";
import { jamoDistance } from "../korean/fuzzy.ts";

/**
 * The largest jamo distance a word may have from a name, by the name's length in jamo: one slip in a
 * name of seven to eleven jamo (three or four syllables), two in a longer one; shorter names (two
 * syllables, or 카카오) are too short to tell a slip from another word.
 */
const THRESHOLDS: [minJamo: number, max: number][] = [
  [12, 2],
  [7, 1],
];

export function typoAllowance(name: string): number {
  const n = disassemble(name).length;
  return THRESHOLDS.find(([min]) => n >= min)?.[1] ?? 0;
}

export interface TypoMatch<T> {
  /** the closest names' records (one: read as it; several equally close: asked about) */
  best: T[];
  distance: number;
}

/**
 * The names closest to `word` within their allowance, or undefined. `names` are upper-cased like the
 * index's keys; the same record under several names counts once.
 */
export function closestByJamo<T>(
  word: string,
  names: readonly { name: string; jamo: string; record: T }[],
): TypoMatch<T> | undefined {
  const typed = disassemble(word.toUpperCase());
  if (typed.length < 7) return undefined;
  let best: T[] = [];
  let distance = Infinity;
  for (const n of names) {
    const max = Math.min(typoAllowance(n.name), distance);
    if (!max || Math.abs(n.jamo.length - typed.length) > max) continue;
    const d = jamoDistance(typed, n.jamo, max);
    if (d === 0 || d > max) continue;
    if (d < distance) {
      distance = d;
      best = [n.record];
    } else if (d === distance && !best.includes(n.record)) best.push(n.record);
  }
  return best.length ? { best, distance } : undefined;
}

export const jamoOf = (name: string) => disassemble(name);

// ---- syllables folded into the one before ("엔솔": 에 + ㄴ of 너) ----

const FIRST = 0xac00;
const LAST = 0xd7a3;
/** An initial consonant's index (ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ) → the same consonant as a final's index; -1 where none can end a syllable. */
const INITIAL_AS_FINAL = [1, 2, 4, 7, -1, 8, 16, 17, -1, 19, 20, 21, 22, -1, 23, 24, 25, 26, 27];

/** The syllable `s` with the first consonant of `next` as its final (에, 너 → 엔); undefined when `s` has a final already or the consonant cannot be one. */
export function foldNext(s: string, next: string): string | undefined {
  const a = s.charCodeAt(0);
  const b = next.charCodeAt(0);
  if (a < FIRST || a > LAST || b < FIRST || b > LAST || (a - FIRST) % 28 !== 0) return undefined;
  const fin = INITIAL_AS_FINAL[Math.floor((b - FIRST) / 588)] ?? -1;
  return fin < 0 ? undefined : String.fromCharCode(a + fin);
}

/**
 * Where a short form's syllable `ch` is found in `full` from `at`: the index after the syllable(s) it
 * stands for (one syllable as it is, or one with the next one's first consonant folded in), or -1.
 */
export function syllableAt(ch: string, full: string, at: number): number {
  for (let k = at; k < full.length; k++) {
    if (full[k] === ch) return k + 1;
    if (k + 1 < full.length && foldNext(full[k]!, full[k + 1]!) === ch) return k + 2;
  }
  return -1;
}
