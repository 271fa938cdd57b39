// The words nothing read: their stems and content, the keyword they make when nothing else names a
// kind, and which pieces carry nothing to read (particles, fillers, predicates).
import { josa } from "es-hangul";
import { isKnownWord } from "../../korean/segment.ts";
import { QueryText } from "../../places/query-terms.ts";
import { FILLER, particleVariants } from "../../korean/text.ts";

const VERB_FORM = /(하기|해서|하는|되는|했던|할까|인가|나요|까요|세요|줘|요|할|한|된|될)$/;

/**
 * A predicate: one of the everyday verb and adjective stems a search query uses (있다, 하다, 가다,
 * 먹다 …) with its endings ("어디있지", "갔던", "가볼만한", "먹을래"): what the user does, not what is
 * searched.
 */
const PREDICATE =
  /(?:[있없]|하|해|했|되|돼|됐|가|갔|갈|가볼|와|왔|올|먹|마시|놀|찾|싶|모시|데려|데리)(?:어|아|지|니|냐|까|래|죠|요|다|줘|자|게|고|며|면|서|는|은|을|던|기|나|네|만한|ㄹ까)+\??$/;

/**
 * What nothing claimed, without particles. A query ends with what it searches, not with a locative: the
 * last word keeps its 에 or 의 (휘낭시에); nor with a subject, which needs a predicate after it: the query's
 * very last word keeps its 이 (감자옹심이; "팀호완이 어때" is 팀호완).
 */
function leftoverStems(q: QueryText): string[] {
  const left = q.leftoverSpans();
  const end = q.text.replace(/[\s?!.]+$/, "").length;
  return left.map(({ text: w, end: e }, i) =>
    (i === left.length - 1 && /[에의]$/.test(w)) || (e === end && w.endsWith("이")) ? w : stemOf(w),
  );
}

const isContentWord = (w: string) => w.length >= 2 && !FILLER.has(w.toLowerCase()) && !/\d/.test(w);

/** The words nothing recognised, without particles, fillers, numbers or verb forms. */
function residualWords(q: QueryText): string[] {
  return leftoverStems(q).filter((w) => isContentWord(w) && !VERB_FORM.test(w));
}

/**
 * The content word of a piece nothing read: without its particle, and the noun of a verb form
 * ("낮술하기" → 낮술). The query's last word keeps a final 이 (감자옹심이) and 에/의 (휘낭시에).
 */
export function contentOf(piece: string): string {
  const stem = /[이에의]$/.test(piece) && piece.length >= 3 ? piece : stemOf(piece);
  const noun = VERB_FORM.test(stem) ? stem.replace(VERB_FORM, "") : stem;
  // "힙한", "핫한": a one-syllable stem keeps its ending, or the word would vanish
  return noun.length >= 2 ? noun : stem;
}

/** A piece that carries nothing to read: a particle or ending, a number, a known word, a closed-list filler. */
export const isFillerPiece = (piece: string): boolean => {
  const w = contentOf(piece);
  if (!isContentWord(w) || FILLER.has(piece) || isKnownWord(w)) return true;
  // a predicate alone, or after a filler ("어디있지"); after a noun ("크로플하기") the noun is the word
  const p = PREDICATE.exec(piece);
  if (!p) return false;
  const rest = piece.slice(0, p.index);
  return !rest || FILLER.has(rest) || !isContentWord(rest) || isKnownWord(rest);
};

/** 은/는 after a word, by its last syllable. */
export const topic = (w: string) => josa(w, "은/는").slice(w.length);

const stemOf = (w: string) =>
  particleVariants(w)
    .filter((v) => v.stem.length >= 2)
    .at(-1)?.stem ?? w;

/**
 * The unknown word that modifies a generic one ("크로플 맛집"): a single noun written right before it.
 * A clause before it ("연극 끝나고 밥 먹을 곳") says when, not what.
 */
export function modifierOf(q: QueryText, generic: { start: number }): string | undefined {
  const before = q.leftoverSpans().filter((s) => s.end <= generic.start);
  const last = before.at(-1);
  if (!last || q.text.slice(last.end, generic.start).trim()) return undefined;
  const word = stemOf(last.text);
  const clause = /(고|면서|면|서|러|려고|니까|는데)$/.test(word) || VERB_FORM.test(word);
  if (clause || !isContentWord(word)) return undefined;
  return word;
}

export function residualKeyword(q: QueryText): string[] {
  const words = residualWords(q);
  // the schema's 60 characters: a long run of unknown words is cut at a word boundary
  const joined = words.join(" ");
  const keyword =
    joined.length <= 60 ? joined : joined.slice(0, 60).replace(/\s+\S*$/, "") || joined.slice(0, 60);
  return keyword ? [keyword] : [];
}
