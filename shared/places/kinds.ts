// Reading the vocabulary of kinds (kinds-data.ts): a word to its node, a node's path from the root in
// Kakao's format ("음식점 > 한식 > 육류,고기 > 삼겹살") and its ancestors, whether one kind is narrower than
// another, a broad node's children (capped, for a provider that searches by words), and the kinds a
// text names (a restaurant's category and menus, indexed with every ancestor). Wishes (wishes-data.ts)
// are read here too: an occasion, a weather or an activity word and the kinds it asks for.
import type { KakaoCategoryCode } from "./categories.ts";
import { KIND_TREE, type KindNode } from "./kinds-data.ts";
import { WISHES, type Wish } from "./wishes-data.ts";

export interface Kind {
  name: string;
  /** names from the root down to this node */
  path: readonly string[];
  /** the node's Kakao category_group_code, or its nearest ancestor's */
  code?: KakaoCategoryCode;
  en?: string;
  children: readonly string[];
  /** every word the node is known by (its name, the parts of a comma name, its synonyms) */
  words: readonly string[];
  /** the node above it */
  parent?: string;
  /** the parts of a comma name that are two kinds ("족발,보쌈"; kinds-data.ts `distinctParts`) */
  distinctParts?: readonly string[];
  catchAll?: true;
  alsoUnder?: readonly string[];
}

const fold = (w: string) => w.normalize("NFC").toLowerCase().replace(/\s+/g, "");

const BY_NAME = new Map<string, Kind>();
const BY_WORD = new Map<string, Kind>();
const commaParts: [string[], Kind][] = [];

(function index(nodes: readonly KindNode[], parent: Kind | undefined) {
  for (const n of nodes) {
    // "육류,고기", "곱창,막창": each part is a word for the node too
    const parts = n.name.includes(",") ? n.name.split(",").filter((p) => p.length >= 2) : [];
    const words = [...new Set([n.name, ...parts, ...(n.synonyms ?? [])])];
    const kind: Kind = {
      name: n.name,
      path: [...(parent?.path ?? []), n.name],
      code: n.code ?? parent?.code,
      en: n.en,
      children: (n.children ?? []).map((c) => c.name),
      words,
      ...(parent ? { parent: parent.name } : {}),
      ...(n.distinctParts ? { distinctParts: parts } : {}),
      ...(n.catchAll ? { catchAll: true as const } : {}),
      ...(n.alsoUnder ? { alsoUnder: n.alsoUnder } : {}),
    };
    BY_NAME.set(n.name, kind);
    for (const w of words) if (!parts.includes(w) && !BY_WORD.has(fold(w))) BY_WORD.set(fold(w), kind);
    commaParts.push([parts, kind]);
    index(n.children ?? [], kind);
  }
})(KIND_TREE, undefined);
// a part of a comma name ("돈까스" of "돈까스,우동") names its node only where no node is named so
for (const [parts, kind] of commaParts)
  for (const p of parts) if (!BY_WORD.has(fold(p))) BY_WORD.set(fold(p), kind);

/** The node a word names (its name, a part of its comma name, or a synonym), if any. */
export const kindOfWord = (word: string): Kind | undefined => BY_WORD.get(fold(word));

export const kindNamed = (name: string): Kind | undefined => BY_NAME.get(name);

/** "음식점 > 한식 > 육류,고기 > 삼겹살" */
export const pathOf = (k: Kind): string => k.path.join(" > ");

/** The node and every node above it. */
export const selfAndAncestors = (k: Kind): string[] => [...k.path];

/** True when `a` lies under `b` in the tree (한정식 under 한식; 평양냉면 under 냉면). */
export const isNarrower = (a: Kind, b: Kind): boolean =>
  a.path.length > b.path.length && b.path.every((n, i) => a.path[i] === n);

/**
 * A broad node's children, as the words a keyword search sends (at most `cap`, so provider calls and
 * workflow state stay bounded); a node without children gives none.
 */
export const childrenFor = (k: Kind, cap: number): string[] => k.children.slice(0, Math.max(0, cap));

/**
 * The Korean words of a node and of every node under it, nearest first, at most `cap`: what a filter on
 * a broad kind accepts ("고기" accepts a 한우 or 삼겹살 menu), bounded so the query stays small.
 */
export function narrowerWords(k: Kind, cap: number): string[] {
  const out: string[] = [];
  const queue: Kind[] = [k];
  while (queue.length && out.length < cap) {
    const node = queue.shift()!;
    // the node's own words; below it, each node by its name (and the parts of a comma name)
    const words = node === k ? node.words : node.name.split(",");
    for (const w of words) if (/^[가-힣]{2,}$/.test(w) && !out.includes(w)) out.push(w);
    for (const c of node.children) {
      const child = BY_NAME.get(c);
      if (child) queue.push(child);
    }
  }
  return out.slice(0, cap);
}

/**
 * The words of the tree written with a space ("hair salon", "convenience store", "중앙아시아 음식"), as
 * written (lowercase): KIND_WORDS keys words without spaces, which a text with spaces never holds.
 */
export const KIND_PHRASES: readonly { word: string; kind: Kind }[] = [...BY_NAME.values()].flatMap((k) =>
  k.words
    .filter((w) => /\s/.test(w.trim()))
    .map((w) => ({ word: w.normalize("NFC").toLowerCase().trim().replace(/\s+/g, " "), kind: k })),
);

/** Every word of the tree with its node, longest first (for matching inside a text). */
export const KIND_WORDS: readonly { word: string; kind: Kind }[] = [...BY_WORD.entries()]
  .map(([word, kind]) => ({ word, kind }))
  .sort((a, b) => b.word.length - a.word.length);

/**
 * The kinds a text names — a restaurant's category ("한식>육류,고기"), its menu names ("한우 등심") — with
 * every ancestor: what a document is indexed with, so a filter on 고기 finds a 한우 place and one on
 * 한정식 no 냉면 place. A word counts as the head of its word only (평양냉면 names 평양냉면, which lies
 * under 냉면; 냉면 alone does not name 평양냉면); one-syllable words only as a whole word.
 */
export function kindsInText(text: string): string[] {
  const out = new Set<string>();
  for (const piece of text
    .normalize("NFC")
    .toLowerCase()
    .split(/[\s>/·,()[\]]+/)) {
    if (!piece) continue;
    const whole = BY_WORD.get(piece);
    if (whole) {
      for (const n of whole.path) out.add(n);
      continue;
    }
    // the longest word the piece ends with (돼지국밥 → 국밥), looked up suffix by suffix
    for (let i = 1; i <= piece.length - 2; i++) {
      const kind = BY_WORD.get(piece.slice(i));
      if (!kind) continue;
      for (const n of kind.path) out.add(n);
      break;
    }
    // a word at the start names the piece's kind too when it is the kind itself (한우등심 is 한우's)
    for (let j = piece.length - 1; j >= 2; j--) {
      const kind = BY_WORD.get(piece.slice(0, j));
      if (!kind) continue;
      if (kind.path.length >= 3) for (const n of kind.path) out.add(n);
      break;
    }
  }
  return [...out];
}

// ---- wishes

export interface WishReading {
  wish: Wish;
  /** the wish's kinds as nodes of the tree (unknown names dropped) */
  kinds: Kind[];
}

/** Every wish term, longest first: the longer phrase is meant ("비 오는 날 먹" over "비 오는 날"). */
export const WISH_TERMS: readonly { term: string; wish: Wish }[] = WISHES.flatMap((wish) =>
  wish.terms.map((term) => ({ term: term.toLowerCase(), wish })),
).sort((a, b) => b.term.length - a.term.length);

export const readWish = (wish: Wish): WishReading => ({
  wish,
  kinds: wish.kinds.map((n) => BY_NAME.get(n)).filter((k): k is Kind => Boolean(k)),
});
