// Query rewrite (002 §3.2, §4): natural language → the structured query. Rules first, reusing the
// place-search translator's pieces — its tokenizer, the gazetteer (via findLocations) and the food
// lexicon — with the canonical vocabulary for convenience / atmosphere / occasion, a price reader,
// and restaurant names recognised from the titles in the index. Words the rules cannot explain
// lower the confidence; below CONFIDENCE_FOR_RULES (llm/fallback.ts) the LLM rewrites (when there is
// one), with the same schema, and its output is canonicalised; if it fails, the rules answer and say so.
import type { Deadline } from "../platform/deadline.ts";
import type { LlmPort, TokenUsage } from "../llm/port.ts";
import { askUnlessSure, CONFIDENCE_FOR_RULES } from "../llm/fallback.ts";
import { findLocations } from "../places/query-locations.ts";
import {
  isLexiconWord,
  matchKinds,
  matchLexicon,
  matchWishes,
  QueryText,
  UNREAD_CONFIDENCE_CAP,
} from "../places/query-terms.ts";
import { isHangul, particleVariants, tokenize, type Token } from "../korean/text.ts";
import { canonicalCuisine } from "./food.ts";
import type { StepEngine } from "./state.ts";
import { compact, StructuredQuery, type QueryLocation } from "./structured-query.ts";
import { ATMOSPHERE, BROADER_CONVENIENCE, CONVENIENCE, findMentions, OCCASION } from "./vocabulary.ts";
import { normalizeName } from "../korean/normalize.ts";
import { repairQuery } from "../places/query-repair.ts";
import { josa } from "es-hangul";
import { isQuestionWord, looksPredicate } from "../korean/word-class.ts";
import { askedCount } from "./follow-up.ts";
import { readHours } from "./hours.ts";
import { isNarrower, kindOfWord } from "../places/kinds.ts";
import { llmFallbackWarnings } from "./warnings.ts";

/**
 * Venue words whose food is what a menu filter looks for (고깃집 → 고기, found in "한식>육류,고기"); 술집
 * is a node of the vocabulary of kinds ("음식점 > 술집"), so it filters by its kind like any other.
 */
const VENUE_FOOD: Record<string, string | null> = {
  고깃집: "고기",
  고기집: "고기",
  횟집: "회",
  와인바: "와인",
  칵테일바: "칵테일",
  빵집: "빵",
  술집: "술집",
  음식점: null,
};

/** Words that carry no condition of their own (requests, connectives, "place"). */
const FILLER = new Set(
  `근처 주변 인근 부근 근방 추천 추천해 추천해줘 추천해주세요 추천좀 알려줘 알려주세요 찾아줘 찾아주세요 어디 어디야 어디가
   있는 있어 있나 있나요 있을까 있을까요 있는지 좋은 괜찮은 맛있는 유명한 곳 곳이 집 데 가게 하기 할 수 되는 가능한 가능 좋을 먹기 먹을
   먹으러 가기 갈 갈만한 장소 외식 분위기 같은 요 돼 돼요 되요 되나 되나요 나요 해줘 줘 줄 맛집 식당 밥집 메뉴 수제 오늘 지금 이번
   주말 저녁 좀 정말 진짜 제일 가장 요즘 핫한 인기 위한 위해 할만한 하는 한 곳은 곳이요 데가 거 것 나 도 만 중 위 앞 싶어 싶은
   알려 궁금해 궁금 되는지 되는곳 어때 어때요 어떤가요 어떰 느낌 레스토랑 음식 요리 또는 혹은 아니면 or
   다른 딴 딴데 나머지 정확히 전화번호 전화 번호 연락처 평점 리뷰 후기 별점 평 영업시간 주소 위치 가격 가격대
   메뉴판 거리 그럼 그냥 너무 비싸다 비싸네 비싸요 다시 새로`.split(/\s+/),
);
const VERBISH =
  /(하기|하는|할|한|된|될|되는|되나요|돼|돼요|나요|까요|세요|줘|요|고|서|은|는|인|적인|스러운)$/;

/** A branch after a restaurant's name: " 망원점", " 본점", " 강남역점". */
const BRANCH = /^\s([가-힣A-Za-z0-9]{0,10}(?:점|지점))(?=\s|$|[?!.,]|[이은는을도])/;

/** "거기 주차돼?": a follow-up about the previous answer's restaurants. */
const REFERENCE =
  /(^|\s)(거기|거긴|그곳|그 곳|그집|그 집|그 가게|그 식당|여기|저기|그 중|그중|첫 번째|두 번째|세 번째)/;

export interface TitleDictionary {
  /** normalised title or title part → the title as indexed */
  lookup(normalised: string): string | undefined;
}

/** Titles as crawled ("마미손빈대떡,생선구이,오리구이") are a name and what it sells: each part is a name. */
export function titleDictionary(titles: readonly string[]): TitleDictionary {
  const map = new Map<string, string>();
  for (const t of titles) {
    for (const part of [t, ...t.split(",")]) {
      const key = normalizeName(part);
      if (key.length >= 2 && !map.has(key)) map.set(key, t);
    }
  }
  return { lookup: (k) => map.get(k) };
}

export interface RulesRewrite {
  structured: StructuredQuery;
  confidence: number;
  /** words no rule explained (sent to the LLM, or taken as a restaurant name) */
  unexplained: string[];
  /** the question points back at the previous answer ("거기", "그 집") */
  reference: boolean;
  /** what the repair read otherwise ("부대찌게" → 부대찌개), each "from → to" */
  corrections: { from: string; to: string }[];
}

interface Span {
  start: number;
  end: number;
}

/** A word the rules already understand: a filler, or nothing but dishes and conditions (삼겹살집, 주차되는). */
function explained(word: string): boolean {
  return particleVariants(word).some(({ stem }) => {
    if (FILLER.has(stem)) return true;
    const q = new QueryText(stem, tokenize(stem));
    for (const m of findMentions(stem)) q.claim(m.start, m.end);
    matchLexicon(q);
    // "마미손빈대떡" keeps 마미손 after the dish is taken out: a name of its own
    return q.leftovers().join("").length < 2;
  });
}

/** Restaurant names from the index: the longest run of tokens whose normalised text is a title (part). */
function findTitles(tokens: Token[], dict: TitleDictionary | undefined): (QueryLocation & Span)[] {
  if (!dict) return [];
  const out: (QueryLocation & Span)[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (let width = Math.min(6, tokens.length - i); width >= 1; width--) {
      const group = tokens.slice(i, i + width);
      const last = group.at(-1)!;
      const hit = particleVariants(last.text).find(({ stem }) => {
        const words = [...group.slice(0, -1).map((t) => t.text), stem];
        const key = normalizeName(words.join(""));
        // "홍대 마라탕" may be some shop's name, but a name made only of a place and a dish says
        // nothing a search would not: only names with a word of their own count
        return key.length >= 2 && dict.lookup(key) && words.some((w) => !explained(w) && !isPlaceWord(w));
      });
      if (hit) {
        const end = last.end - hit.particle.length;
        out.push({
          name: tokens
            .slice(i, i + width)
            .map((t) => t.text)
            .join(" ")
            .slice(0, end - group[0]!.start),
          relation: "exact",
          start: group[0]!.start,
          end,
        });
        i += width - 1;
        break;
      }
    }
  }
  return out;
}

function isPlaceWord(w: string): boolean {
  return findLocations([{ text: w, start: 0, end: w.length }], isLexiconWord).length > 0;
}

const PRICE =
  /(?:(\d+(?:\.\d+)?)\s*만\s*(?:(\d)\s*천)?|(\d{1,3}(?:,\d{3})+|\d{4,})|(만))\s*원?\s*(대|이하|이내|미만|아래|까지|이상|넘는|부터)?/u;

/** "2만원 이하" → {max: 20000}; "1만원대" → {min: 10000, max: 19999}; "만원 이하" → {max: 10000}. */
function readPrice(q: string): { price: { min?: number; max?: number }; span: Span } | undefined {
  const m = PRICE.exec(q);
  if (!m || !m[5]) return undefined;
  const amount = m[4]
    ? 10_000
    : m[3]
      ? Number(m[3].replace(/,/g, ""))
      : Number(m[1]) * 10_000 + Number(m[2] ?? 0) * 1000;
  const span = { start: m.index, end: m.index + m[0].length };
  switch (m[5]) {
    case "대": {
      const step = amount >= 10_000 ? 10_000 : 1000;
      return { price: { min: amount, max: amount + step - 1 }, span };
    }
    case "이상":
    case "넘는":
    case "부터":
      return { price: { min: amount }, span };
    case "미만":
      return { price: { max: amount - 1 }, span };
    default:
      return { price: { max: amount }, span };
  }
}

/** What the passes of the rules read so far: the query's text with what is claimed, and the fields. */
interface Reading {
  query: string;
  q: QueryText;
  located: (QueryLocation & Span)[];
  conditions: { convenience: string[]; atmosphere: string[]; occasion: string[] };
  cuisine: string[];
  menu: string[];
  unexplained: string[];
}

/** `askedAt` (ms) is when the question was asked: "지금 여는" asks for that hour. */
export function rewriteWithRules(raw: string, titles?: TitleDictionary, askedAt?: number): RulesRewrite {
  // the same repair as place search: spacing, typos, initials, romanized words
  const repaired = repairQuery(raw);
  const query = repaired.text;
  const corrections = repaired.corrections.map(({ from, to }) => ({ from, to }));
  const tokens = tokenize(query);
  const r: Reading = {
    query,
    q: new QueryText(query, tokens),
    located: [],
    conditions: { convenience: [], atmosphere: [], occasion: [] },
    cuisine: [],
    menu: [],
    unexplained: [],
  };
  readNames(r, tokens, titles);
  readPlaces(r, tokens);
  const price = readPrice(query);
  if (price) r.q.claim(price.span.start, price.span.end);
  // opening hours before the vocabulary, whose 24시간/늦게까지 are features that filter nothing
  // (a restaurant's name already read keeps its words: "새벽 뼈해장국" is a name, not an hour)
  const read = readHours(query, askedAt);
  const hours = read?.spans.every((s) => r.q.isFree(s.start, s.end)) ? read : undefined;
  for (const s of hours?.spans ?? []) r.q.claim(s.start, s.end);
  readConditions(r);
  readWishes(r);
  readFood(r);
  dropModifiedKinds(r);
  readKinds(r);
  askedForDrinks(r);
  readLeftovers(r);
  const reference = REFERENCE.test(` ${query}`);
  const { named, unread } = takeName(r, reference);
  const structured = compact({
    location: r.located.sort((a, b) => a.start - b.start).map(({ name, relation }) => ({ name, relation })),
    cuisine: r.cuisine,
    menu: r.menu,
    convenience: r.conditions.convenience as StructuredQuery["convenience"],
    atmosphere: r.conditions.atmosphere as StructuredQuery["atmosphere"],
    occasion: r.conditions.occasion as StructuredQuery["occasion"],
    price: price?.price,
    hours: hours?.ask,
  });
  let confidence = 1;
  if (named || unread.size) confidence -= 0.35;
  // a word nothing read leaves the query unsure (the LLM reads it, when there is one)
  if (unread.size) confidence = Math.min(confidence, UNREAD_CONFIDENCE_CAP);
  if (!Object.keys(structured).length && !reference) confidence -= 0.4;
  // every correction is a guess: named, and paid for
  confidence -= 0.15 * corrections.length;
  return { structured, confidence, unexplained: [...unread], reference, corrections };
}

/** 1. Restaurant names from the index, longest first (before places: "… 망원 한강공원점" is a name). */
function readNames(r: Reading, tokens: Token[], titles: TitleDictionary | undefined): void {
  for (const t of findTitles(tokens, titles)) {
    r.located.push(t);
    r.q.claim(t.start, t.end);
  }
}

/**
 * 2. Places to search around; then places joined by "or": "망원역이나 강남역", "홍대나 신촌" — the
 * translator's particles have no 이나/나, so a word that is a place once the particle is off is one more
 * place (several nearby places are a union of circles); 또는/혹은/or between them are fillers.
 */
function readPlaces(r: Reading, tokens: Token[]): void {
  const { q, located } = r;
  for (const f of findLocations(tokens, isLexiconWord)) {
    if (!q.isFree(f.start, f.start + f.name.length)) continue;
    located.push({ name: f.name, relation: "nearby", start: f.start, end: f.end });
    q.claim(f.start, f.end);
  }
  for (const t of tokens) {
    if (!q.isFree(t.start, t.end)) continue;
    for (const particle of ["이나", "나"]) {
      if (!t.text.endsWith(particle) || t.text.length - particle.length < 2) continue;
      const stem = t.text.slice(0, -particle.length);
      const end = t.start + stem.length;
      const [f] = findLocations([{ text: stem, start: t.start, end }], isLexiconWord);
      if (!f || f.start !== t.start || f.end !== end) continue;
      located.push({ name: f.name, relation: "nearby", start: t.start, end });
      q.claim(t.start, t.end);
      break;
    }
  }
}

/**
 * 4. Conditions from the vocabulary (a negated one is not asked for); features ("가성비", "웨이팅
 * 없는") are understood but are not fields of 002's structured query.
 */
function readConditions(r: Reading): void {
  for (const m of findMentions(r.query)) {
    if (!r.q.isFree(m.start, m.end)) continue;
    r.q.claim(m.start, m.end);
    // a narrower wording asks for the wider condition (발렛 → 주차); the answer says so
    const value = m.field === "convenience" ? (BROADER_CONVENIENCE[m.value] ?? m.value) : m.value;
    if (!m.negated && m.field !== "features" && !r.conditions[m.field].includes(value))
      r.conditions[m.field].push(value);
  }
}

/**
 * 4b. Wishes ("아이랑", "비 오는 날", "데이트 코스"): their occasion and atmosphere, as boosts (002 §6
 * treats occasion and atmosphere as boosts; only asked kinds and conditions filter). A wish the
 * vocabulary already read in its own words (회식) adds nothing beside it.
 */
function readWishes(r: Reading): void {
  const { conditions } = r;
  for (const m of matchWishes(r.q)) {
    const qa = m.value.qa ?? {};
    const values = [...(qa.occasion ?? []), ...(qa.atmosphere ?? [])];
    if (values.some((v) => conditions.occasion.includes(v) || conditions.atmosphere.includes(v))) continue;
    for (const o of qa.occasion ?? []) conditions.occasion.push(o);
    for (const a of qa.atmosphere ?? []) conditions.atmosphere.push(a);
  }
}

/**
 * 5. Food: cuisines and menus from the place-search lexicon. The compound is the dish (평양냉면 is a
 * 냉면 named more precisely), as in place search.
 */
function readFood(r: Reading): void {
  const { q } = r;
  for (const m of q.compounds(matchLexicon(q).map((x) => q.compound(x)))) {
    if (m.value.generic) continue;
    if (!["food", "drink", "cafe"].includes(m.value.kind)) {
      r.unexplained.push(m.surface);
      continue;
    }
    const words = m.value.keywords.length ? m.value.keywords : [m.surface];
    if (namesItsOwnKind(m.surface, words)) {
      r.menu.push(m.surface);
      continue;
    }
    for (const w of words) {
      const food = w in VENUE_FOOD ? VENUE_FOOD[w] : w;
      if (!food) continue;
      const c = canonicalCuisine(food);
      if (c) r.cuisine.push(c);
      else r.menu.push(food);
    }
  }
}

/**
 * The kind as the user named it, when the vocabulary of kinds knows it or it names a dish more
 * precisely than the lexicon's keyword: 한정식 stays 한정식 (not 한식), 이탈리안 (not 양식), 소고기 (not
 * 한우), 떡갈비 (not 갈비); a place word (맥주집) gives its dish; a synonym of the keyword's own kind
 * gives the keyword (돈까스 → 돈가스), another kind, itself.
 */
function namesItsOwnKind(s: string, keywords: readonly string[]): boolean {
  const venue = /(집|전문점|가게)$/.test(s) || s in VENUE_FOOD;
  const own = kindOfWord(s);
  const precise = own
    ? own !== kindOfWord(keywords[0]!)
    : /^[가-힣]{3,}$/.test(s) && !keywords.some((k) => s.startsWith(k));
  return isHangul(s) && !venue && !canonicalCuisine(s) && precise;
}

/** "베트남 쌀국수", "이탈리안 파스타": a kind before a narrower kind of its own branch only modifies it. */
function dropModifiedKinds({ menu }: Reading): void {
  for (const broad of [...menu]) {
    const b = kindOfWord(broad);
    if (b && menu.some((x) => x !== broad && kindOfWord(x) && isNarrower(kindOfWord(x)!, b)))
      menu.splice(menu.indexOf(broad), 1);
  }
}

/** 5b. Kinds the lexicon has no entry for, from the vocabulary of kinds (텐동, 닭한마리). */
function readKinds(r: Reading): void {
  for (const m of matchKinds(r.q)) {
    const food = m.value.path[0] === "음식점";
    if (!food) r.unexplained.push(m.surface);
    else r.menu.push(isHangul(m.surface) ? m.surface : m.value.name);
  }
}

/**
 * 5c. A drink-only ask ("한잔할 데", "술 한잔하기 좋은 곳"): the 술자리 occasion with no food named asks for
 * a place whose kind is drinking, the 술집 node of the vocabulary of kinds (its 호프, 와인바, 이자카야 …);
 * with a dish named ("삼겹살에 소주 한잔") the dish is the kind and the occasion stays a boost.
 */
function askedForDrinks(r: Reading): void {
  if (r.cuisine.length || r.menu.length || !r.conditions.occasion.includes("술자리")) return;
  r.menu.push("술집");
}

/** 6. What is left: fillers and endings, cuisines the lexicon has no entry for ("이탈리안", "동남아"), or words nobody explained. */
function readLeftovers(r: Reading): void {
  for (const piece of r.q.leftovers()) {
    const stem = particleVariants(piece).at(-1)!.stem;
    if (piece.length < 2 || FILLER.has(piece) || FILLER.has(stem) || /\d/.test(piece)) continue;
    if (VERBISH.test(piece) && piece.length <= 4) continue;
    // "어디야", "몇시", "열어", "먹을수": questions and predicates ask; they name nothing to search
    if (isQuestionWord(piece) || looksPredicate(piece)) continue;
    // "하나만", "두곳만": how many to show (the answer reads it), no condition
    if (askedCount(piece) !== undefined) continue;
    const c = canonicalCuisine(stem);
    if (c) r.cuisine.push(c);
    else r.unexplained.push(stem);
  }
}

/**
 * An unexplained word next to the conditions is most often a restaurant's name (002 example 3) — but
 * a query that names a dish is looking for restaurants, not asking about one. The name (with a branch
 * written after it) becomes an exact location; the words still unread are returned.
 */
function takeName(r: Reading, reference: boolean): { named: boolean; unread: Set<string> } {
  const { query, located } = r;
  const names = r.unexplained.filter(
    (w) => /^[가-힣A-Za-z0-9]{2,15}$/.test(w) && !reference && !r.cuisine.length && !r.menu.length,
  );
  const unread = new Set(r.unexplained.filter((w) => w.length >= 2));
  if (!names.length || located.some((l) => l.relation === "exact")) return { named: false, unread };
  let name = names[0]!;
  const at = query.indexOf(name);
  unread.delete(name);
  // "진대감 망원점": the branch written after the name is part of it, not a place to search around
  const branch = BRANCH.exec(query.slice(at + name.length));
  if (branch) {
    name = `${name} ${branch[1]}`;
    unread.delete(branch[1]!);
    for (let i = located.length - 1; i >= 0; i--)
      if (located[i]!.start >= at && located[i]!.end <= at + name.length) located.splice(i, 1);
  }
  located.push({ name, relation: "exact", start: at, end: at + name.length });
  return { named: true, unread };
}

export const REWRITE_SYSTEM = `너는 식당 검색 질의를 구조화하는 도우미다. 질의에서 다음을 뽑아 JSON으로 답한다.
- location: [{name, relation}] 지역명은 relation "nearby", 특정 식당 이름은 "exact". 질의에 쓰인 그대로의 이름(조사 "이나/나" 제외). "망원역이나 강남역"처럼 여러 지역을 말하면 각각 넣는다.
- cuisine: 한식, 일식, 중식, 양식, 분식, 아시아음식, 퓨전요리 중에서.
- menu: 메뉴명(국밥, 치킨, 회, 돈가스, 파스타 …).
- convenience, atmosphere, occasion: 주어진 선택지에서만.
- price: 메뉴 1개 가격 조건(원), 질의가 말할 때만.
질의에 없는 조건은 넣지 않는다. 빈 필드는 생략한다.`;

export function rewritePrompt(query: string, draft: RulesRewrite): string {
  return [
    `질의: ${query}`,
    `규칙 기반 초안: ${JSON.stringify(draft.structured)}`,
    draft.unexplained.length ? `규칙이 해석하지 못한 말: ${draft.unexplained.join(", ")}` : "",
    `convenience 선택지: ${CONVENIENCE.join(", ")}`,
    `atmosphere 선택지: ${ATMOSPHERE.join(", ")}`,
    `occasion 선택지: ${OCCASION.join(", ")}`,
  ]
    .filter(Boolean)
    .join("\n");
}

/** What the rules read otherwise and what they could not read, as the answer says it. */
export function readingWarnings(r: RulesRewrite): string[] {
  return [
    ...r.corrections.map(({ from, to }) => `${from} → ${josa(to, "으로/로")} 찾았어요`),
    ...r.unexplained.map((w) => `‘${w}’${josa(w, "은/는").slice(w.length)} 이해하지 못해 빼고 찾았어요`),
  ];
}

export interface Rewrite extends RulesRewrite {
  engine: StepEngine;
  usage: TokenUsage;
  warnings: string[];
}

/** The LLM's answer, made canonical: cuisines by their canonical names, duplicates dropped. */
function canonicalise(sq: StructuredQuery): StructuredQuery {
  const cuisine: string[] = [];
  const menu = [...(sq.menu ?? [])];
  for (const c of sq.cuisine ?? []) {
    const canon = canonicalCuisine(c);
    if (canon) cuisine.push(canon);
    else menu.push(c);
  }
  return compact({ ...sq, cuisine, menu });
}

export async function rewriteQuery(
  query: string,
  opts: { titles?: TitleDictionary; llm?: LlmPort; deadline?: Deadline; askedAt?: number },
): Promise<Rewrite> {
  const rules = rewriteWithRules(query, opts.titles, opts.askedAt);
  const asked = await askUnlessSure(
    { llm: opts.llm, rulesSure: rules.confidence >= CONFIDENCE_FOR_RULES, deadline: opts.deadline },
    (llm) =>
      llm.structured({
        system: REWRITE_SYSTEM,
        prompt: rewritePrompt(query, rules),
        schema: StructuredQuery,
        tier: "fast",
        maxTokens: 400,
        deadline: opts.deadline,
      }),
  );
  const { engine, usage } = asked;
  if (asked.engine === "llm")
    return {
      ...rules,
      // the hours the rules read stand when the model gives none (its schema may be an older one)
      structured: canonicalise({
        ...(rules.structured.hours ? { hours: rules.structured.hours } : {}),
        ...asked.value,
      }),
      confidence: 0.9,
      engine,
      usage,
      warnings: [],
    };
  return {
    ...rules,
    engine,
    usage,
    warnings: [...readingWarnings(rules), ...llmFallbackWarnings("rewrite", asked)],
  };
}
