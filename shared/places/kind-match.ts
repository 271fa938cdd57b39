// Whether a place shown is of the kind asked for, by the vocabulary of kinds (kinds-data.ts), for every
// source alike (the embedded world, Kakao, Google, an imported registry): its category path is read as
// a node of the tree and its name as the kinds it names, head-final ("원조족발" names 족발, "와인바" a 바).
// A place matches when its category is the asked kind or narrower; where the category stops short of the
// kind (Kakao's tree ends at 냉면, a 의원 is any clinic, "족발,보쌈" holds two dishes) only when its name
// names the kind too. The letters of a name alone never make a match: "바람 족발" is no 바, "바다횟집" no
// 바. A place of the parent kind, or of a sibling among foods and drinks, is a near kind: offered apart,
// never as the asked one.
import { normalizeName } from "../korean/normalize.ts";
import { isNarrower, kindNamed, kindOfWord, type Kind } from "./kinds.ts";

/** A kind asked for, as a search keyword reads. */
export interface AskedKind {
  /** the keyword as searched */
  word: string;
  /** its node, where the vocabulary knows it */
  kind?: Kind;
  /** narrower than its node: one part of a comma kind ("족발" of "족발,보쌈"), or a compound ("차돌된장찌개") */
  narrowTo?: string;
}

export type Fit = "match" | "near" | "other";

/** How a place stands to the kinds asked: its fit, and its own kind where the vocabulary reads one. */
export interface PlaceFit {
  fit: Fit;
  kind?: string;
}

/** A place as the check reads it (seed 000's Place has these fields). */
export interface KindedPlace {
  displayName: string;
  categoryName: string;
}

const fold = (w: string) => normalizeName(w);
const parentOf = (k: Kind) => (k.parent ? kindNamed(k.parent) : undefined);
/** Words a search uses for "somewhere to eat": the whole food branch. */
const FOOD_WORDS = new Set(["맛집", "음식점", "식당", "밥집", "레스토랑", "먹을곳", "먹거리"]);
/** Words after a kind in a shop's name that say nothing more ("족발집", "순댓국 전문점", "치킨 본점"). */
const SHOP_SUFFIX = /(집|전문점|전문|하우스|가게|상회|식당|본점|본가|직영점|\d*호점|점)$/;

/** The node a keyword names, and how much narrower the keyword is than the node. */
export function askedKind(keyword: string): AskedKind {
  const w = fold(keyword);
  if (FOOD_WORDS.has(w)) return { word: keyword, kind: kindNamed("음식점") };
  const whole = kindOfWord(keyword);
  if (whole) {
    const bare = w.replace(SHOP_SUFFIX, "") || w;
    const part = whole.distinctParts?.find((p) => w === p || bare === p);
    // a node of distinct dishes ("매운탕,해물탕") holds others by name too (대구탕, 알탕): each is its own
    const other = !part && whole.distinctParts && bare !== fold(whole.name) ? bare : undefined;
    const narrowTo = part ?? other;
    return { word: keyword, kind: whole, ...(narrowTo ? { narrowTo } : {}) };
  }
  // "애견동반 카페": the last word that names a kind
  const words = keyword.trim().split(/\s+/);
  for (const x of [...words].reverse()) {
    const k = kindOfWord(x);
    if (k && words.length > 1) return { word: keyword, kind: k };
  }
  // "차돌된장찌개": a compound whose head is a kind, narrower than it
  for (let i = 1; i <= w.length - 2; i++) {
    const k = kindOfWord(w.slice(i));
    if (k) return { word: keyword, kind: k, narrowTo: w };
  }
  return { word: keyword };
}

/** Google's types ("ramen_restaurant") as words of the tree ("ramen restaurant", then "ramen"). */
function segmentKind(segment: string): Kind | undefined {
  const s = segment.trim();
  if (!s) return undefined;
  const named = kindNamed(s) ?? kindOfWord(s);
  if (named) return named;
  if (/[가-힣]/.test(s)) return registryKind(s);
  if (!s.includes("_")) return undefined;
  const spaced = s.replace(/_/g, " ");
  return kindOfWord(spaced) ?? kindOfWord(spaced.replace(/ (restaurant|store|shop|bar|house)$/, ""));
}

/**
 * A category of the store registry (소상공인 상권정보: "족발/보쌈", "냉면/밀면", "국/탕/찌개류", "내과·소아과
 * 의원", "곱창 전골/구이") as one node: each part read by its first word the tree knows, and the parts
 * joined at the node they share (족발,보쌈; 냉면 over 밀면; 병원 over 내과 and 소아청소년과). A part the
 * tree cannot read makes the category wider than the parts it can: their node's parent.
 */
function registryKind(segment: string): Kind | undefined {
  const parts = segment
    .split(/[/·]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const read: Kind[] = [];
  let unread = 0;
  for (const part of parts) {
    const words = part.split(/\s+/);
    const k =
      kindOfWord(part) ??
      words.map((w) => kindOfWord(w) ?? kindOfWord(w.replace(/(류|전문|전문점)$/, ""))).find(Boolean);
    if (k) read.push(k);
    else unread++;
  }
  if (!read.length) return undefined;
  // the longest path all parts start with
  let n = read[0]!.path.length;
  for (const k of read)
    while (n > 0 && k.path.slice(0, n).join(">") !== read[0]!.path.slice(0, n).join(">")) n--;
  const shared = n ? kindNamed(read[0]!.path[n - 1]!) : undefined;
  return shared && unread ? (parentOf(shared) ?? shared) : shared;
}

/** The deepest node of the tree a category path names ("음식점 > 카페 > 커피전문점 > 스타벅스" → 커피전문점). */
export function categoryKind(categoryName: string): Kind | undefined {
  return readCategory(categoryName).kind;
}

/** The deepest node a category path names, and whether the path went on below it in words the tree lacks. */
function readCategory(categoryName: string): { kind?: Kind; unreadBelow: boolean } {
  const segments = categoryName.split(/\s*>\s*/).filter((x) => x.trim());
  // Kakao writes the narrowest last; Google's types come narrowest first (000: types.join(" > "))
  if (!/[가-힣]/.test(categoryName)) segments.reverse();
  for (let i = segments.length - 1; i >= 0; i--) {
    const k = segmentKind(segments[i]!);
    if (k) return { kind: k, unreadBelow: i < segments.length - 1 };
  }
  return { unreadBelow: segments.length > 0 };
}

const NAME_WORDS = new Map<Kind, string[]>();
/** Every word of a kind and of the kinds under it: a name that says any of them names the kind. */
function wordsOf(k: Kind): string[] {
  let out = NAME_WORDS.get(k);
  if (!out) {
    const all = new Set<string>();
    const queue: Kind[] = [k];
    while (queue.length) {
      const node = queue.shift()!;
      for (const w of [...node.words, ...node.name.split(",")]) if (w) all.add(fold(w));
      for (const c of node.children) {
        const child = kindNamed(c);
        if (child) queue.push(child);
      }
    }
    out = [...all].filter(Boolean);
    NAME_WORDS.set(k, out);
  }
  return out;
}

/** A name's words: split at spaces and marks, each without the shop word after it. */
const tokensOf = (name: string) =>
  name
    .normalize("NFC")
    .toLowerCase()
    .split(/[\s·,()[\]/&+'’"-]+/)
    .filter(Boolean);

/**
 * The name names one of the words, head-final: a word of the name that is it, ends with it ("원조족발",
 * "와인바" for 바), or starts with it before a shop word or another kind ("족발집", "족발보쌈",
 * "치과의원"); `loose`, where the category already holds the kind's family, before any word ("떡볶이나라").
 * A one-syllable word (바, 펍, 회) only as a whole word or after another kind's word.
 */
export function nameNames(name: string, words: readonly string[], loose = false): boolean {
  for (const raw of tokensOf(name)) {
    const t = raw.replace(SHOP_SUFFIX, "") || raw;
    for (const w of words) {
      if (!w || (t !== w && raw !== w && !t.includes(w))) continue;
      if (t === w || raw === w) return true;
      if (/^[a-z]/.test(w)) continue; // a Latin word only as a whole word
      const before = t.slice(0, t.lastIndexOf(w));
      const after = t.slice(t.indexOf(w) + w.length);
      if (w.length === 1) {
        if (t.endsWith(w) && kindOfWord(before)) return true;
        continue;
      }
      if (t.endsWith(w)) return true;
      // "떡볶이나라", "족발야시장": where the category already says the place is of the kind's family
      if (t.startsWith(w) && (after === "" || loose || kindOfWord(after) !== undefined)) return true;
    }
  }
  return false;
}

/** Foods and drinks: there a sibling kind is a near one (막국수 beside 냉면 is not; 보쌈 beside 족발 is). */
const FOOD_CODES = new Set(["FD6", "CE7"]);

/** The place's kind is close to the asked one: its parent, or a sibling among foods and drinks. */
function close(c: Kind, k: Kind): boolean {
  if (c === parentOf(k) || k.alsoUnder?.includes(c.name)) return true;
  return c.parent !== undefined && c.parent === k.parent && FOOD_CODES.has(k.code ?? "");
}

/** Where the place's category stops short of the kind: its name must say the rest. */
function stopsShort(c: Kind, k: Kind): boolean {
  if (isNarrower(k, c) || k.alsoUnder?.includes(c.name)) return true;
  const above = c.catchAll ? parentOf(c) : undefined;
  return above !== undefined && isNarrower(k, above);
}

function fitOne(p: KindedPlace, a: AskedKind, c: Kind | undefined): Fit {
  if (!a.kind) return wordFit(p, a.word);
  const k = a.kind;
  const words = a.narrowTo ? [fold(a.narrowTo)] : wordsOf(k);
  const named = nameNames(p.displayName, words);
  if (!c) return named ? "match" : "other";
  if (c === k || isNarrower(c, k)) return !a.narrowTo || named ? "match" : "near";
  if (stopsShort(c, k))
    return nameNames(p.displayName, words, true) ? "match" : close(c, k) ? "near" : "other";
  return close(c, k) ? "near" : "other";
}

/** A word the vocabulary does not know: in the category path, or a word of the name (not a letter of one). */
function wordFit(p: KindedPlace, word: string): Fit {
  const w = fold(word);
  if (!w) return "other";
  if (fold(p.categoryName).includes(w)) return "match";
  const parts = word.trim().split(/\s+/).map(fold);
  if (parts.every((x) => nameNames(p.displayName, [x]) || (x.length >= 2 && fold(p.displayName).includes(x))))
    return "match";
  return "other";
}

const RANK: Record<Fit, number> = { match: 2, near: 1, other: 0 };

/** The best fit of a place to any of the kinds asked. */
export function fitOf(p: KindedPlace, asked: readonly AskedKind[]): PlaceFit {
  const { kind: c, unreadBelow } = readCategory(p.categoryName);
  let best: Fit = "other";
  for (const a of asked) {
    // a path the tree reads only at its root ("스포츠,레저 > 오락시설") says nothing of a kind in another
    // branch: the name decides there, as for a category the tree cannot read at all
    const rootOnly =
      c && unreadBelow && c.path.length === 1 && a.kind && a.kind !== c && !isNarrower(a.kind, c);
    const f = fitOne(p, a, rootOnly ? undefined : c);
    if (RANK[f] > RANK[best]) best = f;
    if (best === "match") break;
  }
  return { fit: best, ...(c ? { kind: c.name } : {}) };
}
