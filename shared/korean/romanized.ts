// Korean words typed in Latin letters ("hongdae jokbal", "jongno gukbap", "yanggochi") read back into
// Hangul against a vocabulary: each word of the vocabulary is romanized by the Revised Romanization
// (es-hangul), and both sides are folded the way people spell by ear — tense and plain consonants alike
// (kk/k/g, tt/t/d, pp/p/b, jj/ch/j), 어 and 우 alike (samgyupsal, samgyeopsal), 애 and 에 alike — so a
// word matches whichever of the usual spellings was typed. A long word may differ by one more letter.
import { romanize } from "es-hangul";

/** A romanized word as it is compared: lowercase letters, with the distinctions ears do not keep folded. */
export function foldRoman(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z]/g, "")
    .replace(/kk|gg|ck|k|q/g, "g")
    .replace(/tt|dd|t/g, "d")
    .replace(/pp|bb|p|f/g, "b")
    .replace(/ss/g, "s")
    .replace(/jj|tch|ch|j|z/g, "j")
    .replace(/eo|u|oo/g, "o")
    .replace(/ae/g, "e")
    .replace(/wo/g, "o")
    .replace(/r/g, "l")
    .replace(/(.)\1+/g, "$1");
}

function withinOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** The Hangul words of a vocabulary, found by their romanization. */
export class RomanizedReader {
  private readonly exact = new Map<string, string>();
  private readonly byFirst = new Map<string, [string, string][]>();

  constructor(words: Iterable<string>) {
    for (const word of words) {
      if (!/^[가-힣]{2,}$/.test(word)) continue;
      const key = foldRoman(romanize(word));
      if (key.length < 3) continue;
      // the longer word keeps a shared spelling (순대국 and 순댓국 alike fold to one key)
      const known = this.exact.get(key);
      if (!known || word.length > known.length) this.exact.set(key, word);
      const list = this.byFirst.get(key[0]!) ?? [];
      list.push([key, word]);
      this.byFirst.set(key[0]!, list);
    }
  }

  /** The Hangul word a Latin-letter word spells, if exactly one does. */
  read(latin: string): string | undefined {
    const key = foldRoman(latin);
    if (key.length < 3) return undefined;
    const hit = this.exact.get(key);
    if (hit) return hit;
    if (key.length < 8) return undefined;
    const near = new Set(
      (this.byFirst.get(key[0]!) ?? []).filter(([k]) => withinOne(k, key)).map(([, word]) => word),
    );
    return near.size === 1 ? [...near][0] : undefined;
  }
}
