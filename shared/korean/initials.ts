// Words typed as their initial consonants (초성: "ㅁㄹㅌ" for 마라탕, "ㅍㄱ역" for 판교역), read against a
// vocabulary by the initials of each of its words. Two or more words may share initials ("ㄱㅂ": 국밥,
// 김밥, 갈비), and two consonants say little in Korean at all: the reading is then marked ambiguous, and
// the caller stays unsure of it.
import { getChoseong } from "es-hangul";

export interface InitialsWord {
  word: string;
  /** what the word is: a place is preferred where the query puts a place, a kind elsewhere */
  kind: "place" | "kind";
  /** 0 for the words people mean first (the capital's places); a higher rank counts only without them */
  rank?: number;
}

export interface InitialsReading {
  word: string;
  kind: InitialsWord["kind"];
  /** several words share these initials, or only two consonants were typed */
  ambiguous: boolean;
}

/** A run of initial consonants (compatibility jamo ㄱ–ㅎ), at least two. */
export const INITIALS = /^[ㄱ-ㅎ]{2,}$/;

export class InitialsReader {
  private readonly byInitials = new Map<string, InitialsWord[]>();

  constructor(words: Iterable<InitialsWord>) {
    const seen = new Set<string>();
    for (const w of words) {
      if (!/^[가-힣]{2,}$/.test(w.word) || seen.has(`${w.kind}:${w.word}`)) continue;
      seen.add(`${w.kind}:${w.word}`);
      const key = getChoseong(w.word);
      const list = this.byInitials.get(key) ?? [];
      list.push(w);
      this.byInitials.set(key, list);
    }
  }

  /** The word these initials stand for, preferring `prefer` (the first listed wins among equals). */
  read(initials: string, prefer: InitialsWord["kind"]): InitialsReading | undefined {
    const all = this.byInitials.get(initials) ?? [];
    const preferred = all.filter((w) => w.kind === prefer);
    const kinds = preferred.length ? preferred : all;
    const best = Math.min(...kinds.map((w) => w.rank ?? 0));
    const pool = kinds.filter((w) => (w.rank ?? 0) === best);
    const first = pool[0];
    if (!first) return undefined;
    return { word: first.word, kind: first.kind, ambiguous: pool.length > 1 || initials.length < 3 };
  }
}
