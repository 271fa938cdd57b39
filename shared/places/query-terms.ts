// Matches lexicon, mood, review and pet terms against the parts of a query no location claimed.
import { z } from "zod";
import {
  CONTEXT,
  LEXICON,
  MOODS,
  PET_TERMS,
  REVIEW_TERMS,
  type ContextEntry,
  type LexEntry,
} from "./lexicon.ts";
import { isKnownWord } from "../korean/segment.ts";
import { KIND_PHRASES, KIND_WORDS, kindOfWord, WISH_TERMS, type Kind } from "./kinds.ts";
import type { Wish } from "./wishes-data.ts";
import { particleVariants, TRAILERS, type Token } from "../korean/text.ts";

interface Term<T> {
  /** lowercase text; whole-word terms match a token (after particles), others a substring */
  text: string;
  whole: boolean;
  pattern?: RegExp;
  value: T;
}

/** Terms grouped for fast matching: substrings by first character, whole words by text. */
interface TermSet<T> {
  /** substring terms by their first two characters (one for a one-character term), each list longest first */
  byStart: Map<string, Term<T>[]>;
  exact: Map<string, Term<T>>;
  patterns: Term<T>[];
  /** names of dishes and places: inside a longer word they count only as its head */
  headFinal: boolean;
  /** a term of this set never wins over a longer kind that contains it (포장 in 포장마차) */
  yieldsToKinds?: boolean;
}

function compile<T>(
  groups: { terms: string[]; value: T }[],
  headFinal = false,
  yieldsToKinds = false,
): TermSet<T> {
  const set: TermSet<T> = {
    byStart: new Map(),
    exact: new Map(),
    patterns: [],
    headFinal,
    yieldsToKinds,
  };
  for (const { terms, value } of groups) {
    for (const raw of terms) {
      const whole = raw.startsWith("=");
      const text = (whole ? raw.slice(1) : raw).toLowerCase();
      const term: Term<T> = { text, whole, value };
      if (!whole) {
        const first = text.slice(0, 2);
        const list = set.byStart.get(first) ?? [];
        list.push(term);
        set.byStart.set(first, list);
      } else if (/[?*+]/.test(text)) {
        set.patterns.push({ ...term, pattern: new RegExp(`^(?:${text})$`, "i") });
      } else if (!set.exact.has(text)) {
        set.exact.set(text, term);
      }
    }
  }
  for (const list of set.byStart.values()) list.sort((a, b) => b.text.length - a.text.length);
  return set;
}

const LEX_TERMS = compile(
  LEXICON.map((entry) => ({ terms: entry.terms, value: entry })),
  true,
);
const MOOD_TERMS = compile(
  MOODS.map((m) => ({ terms: m.terms, value: m })),
  false,
  true,
);
const REVIEW = compile(
  REVIEW_TERMS.map((r) => ({ terms: r.terms, value: r.keyword })),
  false,
  true,
);
const PETS = compile([{ terms: PET_TERMS, value: true }], false, true);
const CONTEXT_TERMS = compile(CONTEXT.map((c) => ({ terms: c.terms, value: c })));
// the vocabulary of kinds: a one-syllable word (회, 죽) only as a whole word; inside a word a kind
// counts as its head, as the lexicon's do
const KIND_TERMS = compile(
  [...KIND_PHRASES, ...KIND_WORDS].map(({ word, kind }) => ({
    terms: [word.length < 2 ? `=${word}` : word],
    value: kind,
  })),
  true,
);
const WISH_SET = compile(
  WISH_TERMS.map(({ term, wish }) => ({ terms: [term], value: wish })),
  false,
  true,
);

const NONE: readonly never[] = [];

/**
 * The substring terms that may start at `at`, longest first: those keyed by the two characters there,
 * then those of one character. Keying by two characters keeps each list short.
 */
function startingAt<T>(set: TermSet<T>, text: string, at: number): readonly Term<T>[] {
  const two = set.byStart.get(text.slice(at, at + 2)) ?? NONE;
  const one = set.byStart.get(text.charAt(at)) ?? NONE;
  return one.length ? [...two, ...one] : two;
}

/** Particles that join or list nouns ("우동이나 국밥", "카페랑 술집"): a term before one is whole. */
const CONJUNCTIONS = new Set([
  "이나",
  "나",
  "이랑",
  "랑",
  "하고",
  "이든",
  "든",
  "이며",
  "며",
  "만",
  "이요",
  "요",
  "도",
]);

/** Global copies of the patterns `take` is given (regex literals are the same object on every call). */
const GLOBAL = new WeakMap<RegExp, RegExp>();

/**
 * What a span of the query was read as: a place, a kind of place, a condition, a wish (an occasion,
 * the weather, an activity: it gives kinds), the caller's own position, a reference to an earlier
 * answer, a measure (distance, time, count), a detail asked about a place, or a closed-list filler. A
 * content word nothing read is "unread"; every word of a query gets one of these (reading()).
 */
export const READ_ROLES = [
  "place",
  "kind",
  "condition",
  "wish",
  "caller",
  "reference",
  "measure",
  "detail",
  "filler",
  "unread",
] as const;
export type ReadRole = (typeof READ_ROLES)[number];

/**
 * A reading with a word nothing read (or a guess several words fit) is never sure: both engines keep its
 * confidence at most this, below their LLM threshold (0.7), so a model reads it where there is one.
 */
export const UNREAD_CONFIDENCE_CAP = 0.6;

export const ReadSpan = z.object({ text: z.string(), role: z.enum(READ_ROLES) });
export type ReadSpan = z.infer<typeof ReadSpan>;

export interface Match<T> {
  value: T;
  surface: string;
  start: number;
  end: number;
}

/** A query with some character ranges already used up (by locations or earlier matches). */
export class QueryText {
  private readonly used: boolean[];
  private readonly roles: (ReadRole | undefined)[];
  private readonly variants: (readonly { stem: string; particle: string }[])[];
  readonly lower: string;

  constructor(
    readonly text: string,
    readonly tokens: Token[],
  ) {
    this.lower = text.toLowerCase();
    this.used = new Array<boolean>(text.length).fill(false);
    this.roles = new Array<ReadRole | undefined>(text.length).fill(undefined);
    this.variants = tokens.map((t) => particleVariants(t.text.toLowerCase()));
  }

  /** Claims every match of a pattern and returns the matches (conditions: 24시, 평점 높은, 만원 이하). */
  take(re: RegExp, role: ReadRole = "condition"): RegExpExecArray[] {
    const out: RegExpExecArray[] = [];
    let g = GLOBAL.get(re);
    if (!g) {
      g = re.flags.includes("g") ? re : new RegExp(re.source, `${re.flags}g`);
      GLOBAL.set(re, g);
    }
    g.lastIndex = 0;
    for (let m = g.exec(this.text); m; m = g.exec(this.text)) {
      if (!m[0]) {
        g.lastIndex++;
        continue;
      }
      if (!this.isFree(m.index, m.index + m[0].length)) continue;
      this.claim(m.index, m.index + m[0].length, role);
      out.push(m);
    }
    return out;
  }

  /** Marks a span as read, as `role` (a span read twice keeps its first reading). */
  claim(start: number, end: number, role: ReadRole = "condition"): void {
    for (let i = start; i < end; i++) {
      this.used[i] = true;
      this.roles[i] ??= role;
    }
  }

  /** Gives a read span another role ("회사" found as a place, then read as the caller's own position). */
  relabel(start: number, end: number, role: ReadRole): void {
    for (let i = start; i < end; i++) if (this.used[i]) this.roles[i] = role;
  }

  isFree(start: number, end: number): boolean {
    for (let i = start; i < end; i++) if (this.used[i]) return false;
    return true;
  }

  /**
   * Finds non-overlapping matches and claims them: substrings leftmost-longest first (커피숍 before
   * 커피), then whole words on tokens nothing has touched (회 the dish, not 회 in 회식). A term inside a
   * word counts only as its head: Korean compounds end with what they are (평양냉면 is a 냉면, 소금빵 a
   * 빵), so 타코야끼 is no 타코 and is searched as written.
   */
  match<T>(terms: TermSet<T>, role: ReadRole): Match<T>[] {
    const out: Match<T>[] = [];
    for (let at = 0; at < this.lower.length; at++) {
      if (this.used[at]) continue; // claimed by a place or an earlier match
      for (const term of startingAt(terms, this.lower, at)) {
        const end = at + term.text.length;
        if (
          this.lower.startsWith(term.text, at) &&
          this.isFree(at, end) &&
          (!terms.headFinal || this.headFinal(end)) &&
          (!terms.yieldsToKinds || !this.insideLongerKind(at, end))
        ) {
          out.push({ value: term.value, surface: this.text.slice(at, end), start: at, end });
          this.claim(at, end, role);
          at = end - 1;
          break;
        }
      }
    }
    this.tokens.forEach((tok, i) => {
      if (!this.isFree(tok.start, tok.end)) return;
      for (const { stem } of this.variants[i] ?? []) {
        const term = terms.exact.get(stem) ?? terms.patterns.find((t) => t.pattern!.test(stem));
        if (term) {
          out.push({
            value: term.value,
            surface: tok.text.slice(0, stem.length),
            start: tok.start,
            end: tok.start + stem.length,
          });
          this.claim(tok.start, tok.end, role);
          return;
        }
      }
    });
    return out.sort((a, b) => a.start - b.start);
  }

  /**
   * A match widened to the whole word it ends, when what stands before it in that word is free Hangul
   * nothing else explained ("돼지" of 돼지국밥): the compound is claimed with it.
   */
  compound<T>(m: Match<T>): Match<T> {
    const tok = this.tokens.find((t) => t.start < m.start && m.start < t.end);
    if (!tok || !this.isFree(tok.start, m.start) || !/^[가-힣]+$/.test(this.text.slice(tok.start, m.start)))
      return m;
    this.claim(tok.start, m.start, this.roles[m.start] ?? "kind");
    return { ...m, surface: this.text.slice(tok.start, m.end), start: tok.start };
  }

  /**
   * True when a kind of the lexicon longer than [start, end) covers it, free: the longest word wins
   * ("강남역포장마차" is a 포장마차, not 포장 to go and a 마차).
   */
  private insideLongerKind(start: number, end: number): boolean {
    // the lexicon's kinds and the tree's (키즈카페 over 키즈, 루프탑바 over 루프탑)
    for (const set of [LEX_TERMS, KIND_TERMS] as TermSet<unknown>[])
      for (let at = Math.max(0, start - 8); at <= start; at++)
        for (const t of startingAt(set, this.lower, at)) {
          const tEnd = at + t.text.length;
          if (
            tEnd >= end &&
            tEnd - at > end - start &&
            this.lower.startsWith(t.text, at) &&
            this.isFree(at, tEnd)
          )
            return true;
        }
    return false;
  }

  /** Matches of a substring term set over the text, claimed or not (only never inside a place). */
  peek<T>(terms: TermSet<T>, role: ReadRole): Match<T>[] {
    const out: Match<T>[] = [];
    for (let at = 0; at < this.lower.length; at++) {
      if (this.roles[at] === "place") continue;
      for (const term of startingAt(terms, this.lower, at)) {
        const end = at + term.text.length;
        if (!this.lower.startsWith(term.text, at)) continue;
        if (this.roles.slice(at, end).includes("place")) continue;
        if (terms.yieldsToKinds && this.insideLongerKind(at, end)) continue;
        out.push({ value: term.value, surface: this.text.slice(at, end), start: at, end });
        for (let i = at; i < end; i++) if (!this.used[i]) this.claim(i, i + 1, role);
        at = end - 1;
        break;
      }
    }
    return out;
  }

  /**
   * Kinds written as one word are one kind, named by the whole word and read as its head ("순대국밥" is
   * a 국밥, "왕갈비통닭" a 통닭): adjacent matches inside a word merge into the last. A place ending
   * after the kind ("닭갈비골목", "곱창집") is read with it.
   */
  compounds<T>(matches: Match<T>[]): Match<T>[] {
    const out: Match<T>[] = [];
    for (const m of matches) {
      const prev = out.at(-1);
      const tok = this.tokens.find((t) => t.start <= m.start && m.end <= t.end);
      if (prev && tok && prev.end === m.start && prev.start >= tok.start)
        out[out.length - 1] = { ...m, surface: this.text.slice(prev.start, m.end), start: prev.start };
      else out.push(m);
      const rest = tok ? this.text.slice(m.end, tok.end) : "";
      if (tok && PLACE_TAIL.test(rest) && this.isFree(m.end, tok.end)) this.claim(m.end, tok.end, "kind");
    }
    return out;
  }

  /** True when what follows position `end` in its word is nothing, a particle, 집/전문점, or a known word. */
  private headFinal(end: number): boolean {
    if (!/[가-힣]/.test(this.text[end - 1] ?? "")) return true;
    const tok = this.tokens.find((t) => t.start < end && end <= t.end);
    if (!tok) return true;
    const rest = this.text.slice(end, tok.end);
    if (!rest || !/^[가-힣]/.test(rest)) return true;
    if (
      TRAILERS.includes(rest) ||
      CONJUNCTIONS.has(rest) ||
      /^(집|당|장|점|관|방|전문점|가게|골목|거리|맛집|전문|바|투어|카페)/.test(rest)
    )
      return true;
    return particleVariants(rest).some((v) => isKnownWord(v.stem));
  }

  /** The text with claimed characters blanked out (positions kept). */
  unclaimed(): string {
    let out = "";
    for (let i = 0; i < this.text.length; i++) out += this.used[i] ? " " : this.text[i];
    return out;
  }

  /** What nothing claimed, piece by piece, with where each piece sits in the text. */
  leftoverSpans(): { text: string; start: number; end: number }[] {
    const out: { text: string; start: number; end: number }[] = [];
    for (const tok of this.tokens) {
      let start = -1;
      for (let i = tok.start; i <= tok.end; i++) {
        const free = i < tok.end && !this.used[i];
        if (free && start < 0) start = i;
        if (!free && start >= 0) {
          out.push({ text: this.text.slice(start, i), start, end: i });
          start = -1;
        }
      }
    }
    return out;
  }

  leftovers(): string[] {
    return this.leftoverSpans().map((s) => s.text);
  }

  /**
   * Every word of the query with what it was read as, in order: read spans by their role, and what
   * nothing read as a filler (particles, endings, numbers, the closed list `isFiller` accepts) or
   * unread. Spaces between words are not spans.
   */
  reading(isFiller: (piece: string) => boolean): ReadSpan[] {
    const out: ReadSpan[] = [];
    for (const tok of this.tokens) {
      let i = tok.start;
      while (i < tok.end) {
        const role = this.used[i] ? this.roles[i] : undefined;
        let j = i + 1;
        while (j < tok.end && this.used[j] === this.used[i] && (this.used[j] ? this.roles[j] === role : true))
          j++;
        const text = this.text.slice(i, j);
        const r: ReadRole = role ?? (isFiller(text) ? "filler" : "unread");
        const prev = out.at(-1);
        // the rest of a word read in part is that word's ("키즈존", "고깃집을"): one span, as read
        if (r === "filler" && i > tok.start && prev && prev.role !== "filler" && prev.role !== "unread")
          prev.text += text;
        else out.push({ text, role: r });
        i = j;
      }
    }
    return out;
  }
}

export const matchLexicon = (q: QueryText): Match<LexEntry>[] => q.match(LEX_TERMS, "kind");
export const matchMoods = (q: QueryText) => q.match(MOOD_TERMS, "kind");
export const matchReview = (q: QueryText) => q.match(REVIEW, "condition");
export const matchPets = (q: QueryText) => q.match(PETS, "condition");
export const matchContext = (q: QueryText): Match<ContextEntry>[] => q.match(CONTEXT_TERMS, "wish");
/** Kinds of the vocabulary of kinds (kinds-data.ts) the lexicon did not read. */
export const matchKinds = (q: QueryText): Match<Kind>[] => q.match(KIND_TERMS, "kind");

const PHRASE_TERMS = compile(
  KIND_PHRASES.map(({ word, kind }) => ({ terms: [word], value: kind })),
  true,
);

/**
 * Kinds written in two words, read before the lexicon's single words so the longest reading wins:
 * the tree's phrases ("craft beer", "hair salon", "휴대폰 매장"), and two words that joined are a kind
 * of the tree ("중앙아시아 음식", "디저트 카페": 중앙아시아음식, 디저트카페). The surface is the kind's
 * word without the space.
 */
export function matchKindPhrases(q: QueryText): Match<Kind>[] {
  const out = q.match(PHRASE_TERMS, "kind");
  const { tokens } = q;
  for (let i = 0; i + 1 < tokens.length; i++) {
    const [a, b] = [tokens[i]!, tokens[i + 1]!];
    if (!/^[가-힣]+$/.test(a.text) || !q.isFree(a.start, b.end)) continue;
    for (const { stem } of particleVariants(b.text)) {
      const kind = /^[가-힣]+$/.test(stem) ? kindOfWord(a.text + stem) : undefined;
      if (!kind) continue;
      q.claim(a.start, b.start + stem.length, "kind");
      out.push({ value: kind, surface: a.text + stem, start: a.start, end: b.start + stem.length });
      i++;
      break;
    }
  }
  return out.sort((x, y) => x.start - y.start);
}
/**
 * Occasions, weather and activities that ask for kinds of place (wishes-data.ts). A wish is read beside
 * what else its words say ("데이트" is also the review word 분위기): its text is read even where a
 * condition took it, only never inside a place; what no one took is claimed as the wish.
 */
export const matchWishes = (q: QueryText): Match<Wish>[] => q.peek(WISH_SET, "wish");

const LEX_TEXTS = new Set(
  LEXICON.flatMap((e) => [...e.terms, ...e.keywords].map((t) => t.replace(/^=/, "").toLowerCase())),
);

/** True when a word is itself a lexicon term or keyword (카페, 라멘), not a name that contains one. */
export const isLexiconTerm = (word: string): boolean => LEX_TEXTS.has(word.toLowerCase());

/** True when a word is, or contains, a food/place/activity term (so it isn't read as a place). */
const LEXICON_WORD = new Map<string, boolean>();

export function isLexiconWord(word: string): boolean {
  const known = LEXICON_WORD.get(word);
  if (known !== undefined) return known;
  if (LEXICON_WORD.size >= 20_000) LEXICON_WORD.clear();
  const answer = containsTerm(word);
  LEXICON_WORD.set(word, answer);
  return answer;
}

function containsTerm(word: string): boolean {
  const w = word.toLowerCase();
  if (LEX_TERMS.exact.has(w) || LEX_TERMS.patterns.some((t) => t.pattern!.test(w))) return true;
  for (let i = 0; i < w.length; i++) {
    for (const t of startingAt(LEX_TERMS, w, i)) if (w.startsWith(t.text, i)) return true;
  }
  return false;
}

/** What may follow a dish in the word that names its place (라멘집, 국밥전문점). */
const PLACE_TAIL = /^(?:집|당|장|점|관|방|전문점|가게|골목|거리|맛집|전문|바|투어|카페)$/;

/**
 * True when the word ends with a lexicon term, alone or before a place ending or a particle (돼지국밥,
 * 라멘집, 김밥을): a word the lexicon explains. "순두부찌게" holds 순두부 but does not end with it: a typo.
 */
export function endsWithLexiconTerm(word: string): boolean {
  const w = word.toLowerCase();
  for (let i = 0; i < w.length; i++) {
    for (const t of startingAt(LEX_TERMS, w, i)) {
      if (!w.startsWith(t.text, i)) continue;
      const rest = w.slice(i + t.text.length);
      if (!rest || PLACE_TAIL.test(rest) || TRAILERS.includes(rest)) return true;
    }
  }
  return LEX_TERMS.exact.has(w) || LEX_TERMS.patterns.some((t) => t.pattern!.test(w));
}
