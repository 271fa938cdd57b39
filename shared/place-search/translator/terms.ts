// Matches lexicon, mood, review and pet terms against the parts of a query no location claimed.
import { LEXICON, MOODS, PET_TERMS, REVIEW_TERMS, type LexEntry } from "../lexicon.ts";
import { particleVariants, type Token } from "./text.ts";

interface Term<T> {
  /** lowercase text; whole-word terms match a token (after particles), others a substring */
  text: string;
  whole: boolean;
  pattern?: RegExp;
  value: T;
}

function compile<T>(terms: string[], value: T): Term<T>[] {
  return terms.map((raw) => {
    const whole = raw.startsWith("=");
    const text = (whole ? raw.slice(1) : raw).toLowerCase();
    const regexy = /[?*+]/.test(text);
    return { text, whole, value, pattern: regexy ? new RegExp(`^(?:${text})$`, "i") : undefined };
  });
}

const byLength = <T>(a: Term<T>, b: Term<T>) => b.text.length - a.text.length;

const LEX_TERMS = LEXICON.flatMap((entry) => compile(entry.terms, entry)).sort(byLength);
const MOOD_TERMS = MOODS.flatMap((m) => compile(m.terms, m)).sort(byLength);
const REVIEW = REVIEW_TERMS.flatMap((r) => compile(r.terms, r.keyword)).sort(byLength);
const PETS = compile(PET_TERMS, true).sort(byLength);

export interface Match<T> {
  value: T;
  surface: string;
  start: number;
  end: number;
}

/** A query with some character ranges already used up (by locations or earlier matches). */
export class QueryText {
  private readonly used: boolean[];
  readonly lower: string;

  constructor(
    readonly text: string,
    readonly tokens: Token[],
  ) {
    this.lower = text.toLowerCase();
    this.used = new Array(text.length).fill(false);
  }

  claim(start: number, end: number): void {
    for (let i = start; i < end; i++) this.used[i] = true;
  }

  isFree(start: number, end: number): boolean {
    for (let i = start; i < end; i++) if (this.used[i]) return false;
    return true;
  }

  /** Finds non-overlapping matches of the terms, longest first, and claims them. */
  match<T>(terms: Term<T>[]): Match<T>[] {
    const out: Match<T>[] = [];
    for (const term of terms) {
      if (term.whole) {
        for (const tok of this.tokens) {
          if (!this.isFree(tok.start, tok.end)) continue;
          const variants = particleVariants(tok.text.toLowerCase());
          const hit = variants.find(({ stem }) =>
            term.pattern ? term.pattern.test(stem) : stem === term.text,
          );
          if (hit) {
            const end = tok.start + hit.stem.length;
            out.push({
              value: term.value,
              surface: tok.text.slice(0, hit.stem.length),
              start: tok.start,
              end,
            });
            this.claim(tok.start, tok.end);
          }
        }
        continue;
      }
      let from = 0;
      for (let at = this.lower.indexOf(term.text, from); at >= 0; at = this.lower.indexOf(term.text, from)) {
        const end = at + term.text.length;
        if (this.isFree(at, end)) {
          out.push({ value: term.value, surface: this.text.slice(at, end), start: at, end });
          this.claim(at, end);
        }
        from = end;
      }
    }
    return out.sort((a, b) => a.start - b.start);
  }

  /** Tokens, or the parts of tokens, that nothing has claimed. */
  leftovers(): string[] {
    const out: string[] = [];
    for (const tok of this.tokens) {
      let piece = "";
      for (let i = tok.start; i < tok.end; i++) {
        if (!this.used[i]) piece += this.text[i];
        else if (piece) {
          out.push(piece);
          piece = "";
        }
      }
      if (piece) out.push(piece);
    }
    return out;
  }
}

export const matchLexicon = (q: QueryText): Match<LexEntry>[] => q.match(LEX_TERMS);
export const matchMoods = (q: QueryText) => q.match(MOOD_TERMS);
export const matchReview = (q: QueryText) => q.match(REVIEW);
export const matchPets = (q: QueryText) => q.match(PETS);

/** True when a word is, or contains, a food/place/activity term (so it isn't read as a place). */
export function isLexiconWord(word: string): boolean {
  const w = word.toLowerCase();
  return LEX_TERMS.some((t) =>
    t.whole ? (t.pattern ? t.pattern.test(w) : w === t.text) : w.includes(t.text),
  );
}
