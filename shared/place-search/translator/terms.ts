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

/** Terms grouped for fast matching: substrings by first character, whole words by text. */
interface TermSet<T> {
  byFirstChar: Map<string, Term<T>[]>; // each list longest first
  exact: Map<string, Term<T>>;
  patterns: Term<T>[];
}

function compile<T>(groups: { terms: string[]; value: T }[]): TermSet<T> {
  const set: TermSet<T> = { byFirstChar: new Map(), exact: new Map(), patterns: [] };
  for (const { terms, value } of groups) {
    for (const raw of terms) {
      const whole = raw.startsWith("=");
      const text = (whole ? raw.slice(1) : raw).toLowerCase();
      const term: Term<T> = { text, whole, value };
      if (!whole) {
        const list = set.byFirstChar.get(text[0]) ?? [];
        list.push(term);
        set.byFirstChar.set(text[0], list);
      } else if (/[?*+]/.test(text)) {
        set.patterns.push({ ...term, pattern: new RegExp(`^(?:${text})$`, "i") });
      } else if (!set.exact.has(text)) {
        set.exact.set(text, term);
      }
    }
  }
  for (const list of set.byFirstChar.values()) list.sort((a, b) => b.text.length - a.text.length);
  return set;
}

const LEX_TERMS = compile(LEXICON.map((entry) => ({ terms: entry.terms, value: entry })));
const MOOD_TERMS = compile(MOODS.map((m) => ({ terms: m.terms, value: m })));
const REVIEW = compile(REVIEW_TERMS.map((r) => ({ terms: r.terms, value: r.keyword })));
const PETS = compile([{ terms: PET_TERMS, value: true }]);

export interface Match<T> {
  value: T;
  surface: string;
  start: number;
  end: number;
}

/** A query with some character ranges already used up (by locations or earlier matches). */
export class QueryText {
  private readonly used: boolean[];
  private readonly variants: { stem: string; particle: string }[][];
  readonly lower: string;

  constructor(
    readonly text: string,
    readonly tokens: Token[],
  ) {
    this.lower = text.toLowerCase();
    this.used = new Array(text.length).fill(false);
    this.variants = tokens.map((t) => particleVariants(t.text.toLowerCase()));
  }

  claim(start: number, end: number): void {
    for (let i = start; i < end; i++) this.used[i] = true;
  }

  isFree(start: number, end: number): boolean {
    for (let i = start; i < end; i++) if (this.used[i]) return false;
    return true;
  }

  /**
   * Finds non-overlapping matches and claims them: substrings leftmost-longest first (커피숍 before
   * 커피), then whole words on tokens nothing has touched (회 the dish, not 회 in 회식).
   */
  match<T>(terms: TermSet<T>): Match<T>[] {
    const out: Match<T>[] = [];
    for (let at = 0; at < this.lower.length; at++) {
      for (const term of terms.byFirstChar.get(this.lower[at]) ?? []) {
        const end = at + term.text.length;
        if (this.lower.startsWith(term.text, at) && this.isFree(at, end)) {
          out.push({ value: term.value, surface: this.text.slice(at, end), start: at, end });
          this.claim(at, end);
          at = end - 1;
          break;
        }
      }
    }
    this.tokens.forEach((tok, i) => {
      if (!this.isFree(tok.start, tok.end)) return;
      for (const { stem } of this.variants[i]) {
        const term = terms.exact.get(stem) ?? terms.patterns.find((t) => t.pattern!.test(stem));
        if (term) {
          out.push({
            value: term.value,
            surface: tok.text.slice(0, stem.length),
            start: tok.start,
            end: tok.start + stem.length,
          });
          this.claim(tok.start, tok.end);
          return;
        }
      }
    });
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
  if (LEX_TERMS.exact.has(w) || LEX_TERMS.patterns.some((t) => t.pattern!.test(w))) return true;
  for (let i = 0; i < w.length; i++) {
    for (const t of LEX_TERMS.byFirstChar.get(w[i]) ?? []) if (w.startsWith(t.text, i)) return true;
  }
  return false;
}
