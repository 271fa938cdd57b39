// Follow-ups about one earlier restaurant (issue 25) — "두 번째 집 메뉴", "제일 싼 데", "거기 주차돼?" — and
// questions that single one out without a conversation ("제일 싼 칼국수", "진대감 주차되나요?"): the
// first sentence names it and states the asked fact; its details follow.
import { askedConditions, docBlock, evidence, footer, HOURS, won, type Answer } from "./answer-lines.ts";
import { foodTerms } from "./query-builder.ts";
import { readFollowUp } from "./follow-up.ts";
import type { ContextDocument, QaState } from "./state.ts";
import type { StructuredQuery } from "./structured-query.ts";
import type { VocabField } from "./vocabulary.ts";

/** 이/가, 은/는, 을/를 after a word, by its last syllable's final consonant. */
function josa(word: string, withFinal: string, without: string): string {
  const c = word.trim().slice(-1).charCodeAt(0);
  if (c >= 0xac00 && c <= 0xd7a3) return (c - 0xac00) % 28 ? withFinal : without;
  return /[0-9LMNRlmnr]$/.test(word.trim()) ? withFinal : without;
}

const ASK_DISTANCE = /걸려|걸리|거리|멀어|멀리|몇\s?분|가까/;
const ASK_PRICE = /가격|얼마|가격대|비싸|비싼|싸요|저렴/;
const ASK_MENU =
  /메뉴|뭐\s?(?:가|를|을)?\s?(팔|있|먹|해|시키|시켜|맛있|유명)|뭘\s?(먹|시키|시켜)|안주|대표|시그니처|음식/;
const ASK_PHONE = /전화|번호|연락처/;
const ASK_REVIEW = /어때|어떰|어떤가|어떻|괜찮|리뷰|후기|평(?:이|은|가)?(?:\s|$|[?])|평점|별점|나아|낫/;
const ASK_ADDRESS = /어디|주소|위치|어딨/;
const POSITIVE = /맛있|맛집|좋아|좋았|좋은|추천|최고|친절|훌륭|만족|또 ?(가|올|방문)|재방문/;

/** A restaurant's cheapest priced item of the asked kinds (of any, when none is of them). */
export const cheapestOfKinds = (d: Pick<ContextDocument, "menus">, kinds: readonly string[]) => {
  const priced = d.menus.filter((m) => m.price !== null);
  const ofKind = priced.filter((m) =>
    kinds.some((k) => m.name.replace(/\s+/g, "").includes(k.replace(/\s+/g, ""))),
  );
  const pool = ofKind.length ? ofKind : priced;
  return pool.sort((a, b) => (a.price ?? 0) - (b.price ?? 0))[0];
};
const praise = (d: ContextDocument) => d.reviews.filter((r) => POSITIVE.test(r)).length;
const walk = (m: number) =>
  `약 ${m.toLocaleString("en-US")}m(걸어서 약 ${Math.max(1, Math.round(m / 67))}분)`;

export interface Focused extends Answer {
  focus?: string;
}

/**
 * A follow-up that singles out one earlier restaurant ("두 번째 집 메뉴", "제일 싼 데", "거기 주차돼?"):
 * the first sentence names it and states the asked fact; its details follow. Undefined when the
 * question is about all of them.
 */
export function focusedAnswer(
  state: Pick<QaState, "query" | "structured_query" | "followUp">,
  docs: readonly ContextDocument[],
): Focused | undefined {
  const fu = state.followUp;
  if (!fu || (!fu.pick && !fu.focus)) return undefined;
  const byId = new Map(docs.map((d) => [d.place_id, d]));
  const list = fu.place_ids.flatMap((id) => byId.get(id) ?? []);
  if (!list.length) return undefined;
  if (!fu.focus && fu.pick?.by === "position" && !positionOf(fu.pick, list))
    return {
      answer: `앞선 답에는 식당이 ${list.length}곳뿐입니다: ${list.map((d) => `${d.title} [${d.place_id}]`).join(", ")}.`,
      citations: list.map((d) => d.place_id),
    };
  const { target, lead } = fu.focus ? { target: byId.get(fu.focus), lead: "" } : picked(fu, list);
  if (!target) return undefined;
  const q = state.structured_query ?? {};
  const asked = fu.ask ?? state.query;
  let first = firstSentence(target, { query: asked, q, lead, pick: fu.pick, origin: fu.origin?.name });
  if (lead && !first.includes(lead)) first = first.replace(/\.$/, ` (${lead}).`);
  // "어느 쪽이 나아?": the others, by the same measure
  const others =
    fu.pick?.by === "best_rated" && list.length > 1
      ? [
          `비교한 식당: ${list.map((d) => `${d.title} [${d.place_id}] 칭찬하는 리뷰 ${praise(d)}건`).join(", ")}.`,
        ]
      : [];
  return {
    answer: [first, ...others, docBlock(target, q, true), ...footer([target])].join("\n\n"),
    citations: [target.place_id],
    focus: target.place_id,
  };
}

type FollowUp = NonNullable<QaState["followUp"]>;

/** The restaurant at a position of the earlier list (1-based, or the last); undefined when out of it. */
function positionOf(pick: { n: number | "last" }, list: readonly ContextDocument[]) {
  const n = pick.n === "last" ? list.length : pick.n;
  return n < 1 || n > list.length ? undefined : list[n - 1];
}

/** The restaurant a pick singles out of the earlier list, and what makes it the one (the lead). */
function picked(fu: FollowUp, list: readonly ContextDocument[]): { target?: ContextDocument; lead: string } {
  const pick = fu.pick;
  if (pick?.by === "position") return { target: positionOf(pick, list), lead: "" };
  if (pick?.by === "nearest") {
    const target = list.filter((d) => d.distance !== undefined).sort((a, b) => a.distance! - b.distance!)[0];
    const from = fu.origin?.name ? `${fu.origin.name}에서 ` : "";
    return { target, lead: target ? `${from}${walk(target.distance!)}로 가장 가깝습니다` : "" };
  }
  if (pick?.by === "cheapest") {
    const priced = list.flatMap((d) => {
      const m = cheapestOfKinds(d, fu.kinds ?? []);
      return m?.price != null ? [{ d, m, p: m.price }] : [];
    });
    const best = priced.sort((a, b) => a.p - b.p)[0];
    return best ? { target: best.d, lead: `${best.m.name} ${won(best.p)}으로 가장 쌉니다` } : { lead: "" };
  }
  if (pick?.by === "best_rated") {
    const target = [...list].sort((a, b) => praise(b) - praise(a))[0];
    if (target)
      return {
        target,
        lead: `리뷰 평이 가장 좋습니다(평점은 자료에 없어 칭찬하는 리뷰 ${praise(target)}건으로 판단했습니다)`,
      };
  }
  return { lead: "" };
}

/** The first sentence about the one restaurant: the asked conditions, else what the question asks. */
function firstSentence(
  target: ContextDocument,
  a: { query: string; q: StructuredQuery; lead: string; pick?: FollowUp["pick"]; origin?: string },
): string {
  const name = `${target.title} [${target.place_id}]`;
  const { query: rest, lead, pick } = a;
  const conditions = askedConditions(a.q);
  if (conditions.length)
    return `${name}${josa(target.title, "은", "는")} ${conditions.map(([f, v]) => conditionClause(target, f, v)).join(", ")}.`;
  if (HOURS.test(rest))
    return `${name}의 영업시간은 수집한 자료(네이버 지도 크롤)에 없습니다: 방문 전에 확인하세요.`;
  if (ASK_PHONE.test(rest))
    return `${name}의 전화번호는 수집한 자료(네이버 지도 크롤)에 없습니다: 지도 페이지에서 확인하세요.`;
  // "얼마나 걸려": the distance, not a price
  if (ASK_DISTANCE.test(rest) && !lead)
    return target.distance !== undefined
      ? `${name}${josa(target.title, "은", "는")} ${a.origin ? `${a.origin}에서 ` : ""}${walk(target.distance)} 거리입니다.`
      : `${name}까지의 거리는 자료에 정보 없음입니다: 주소는 ${target.roadAddress || target.address}입니다.`;
  if (ASK_MENU.test(rest) || (ASK_PRICE.test(rest) && !lead)) {
    const items = target.menus
      .slice(0, 4)
      .map((m) => `${m.name}${m.price !== null ? ` ${won(m.price)}` : ""}`);
    const what = ASK_MENU.test(rest) ? "메뉴는" : "가격은";
    return items.length
      ? `${name}의 ${what} ${items.join(", ")}입니다.`
      : `${name}의 메뉴는 자료에 정보 없음입니다.`;
  }
  if (ASK_ADDRESS.test(rest) && !lead)
    return `${name}${josa(target.title, "은", "는")} ${target.roadAddress || target.address}에 있습니다.`;
  if (lead) return `${name}${josa(target.title, "이", "가")} ${lead}.`;
  if (ASK_REVIEW.test(rest)) {
    const good = target.reviews.filter((r) => POSITIVE.test(r));
    const quote = (good[0] ?? target.reviews[0])?.replace(/\s+/g, " ").slice(0, 60);
    return quote
      ? `${name}의 리뷰 ${target.reviews.length}건 중 ${good.length}건이 칭찬하는 평입니다: ‘${quote}’.`
      : `${name}의 리뷰는 자료에 정보 없음입니다.`;
  }
  return `${pick?.by === "position" ? `${pick.n === "last" ? "마지막" : `${pick.n}번째`}는 ` : ""}${name}입니다.`;
}

/** One asked condition of the one restaurant, as a clause of the first sentence. */
function conditionClause(target: ContextDocument, field: VocabField, value: string): string {
  const listed = (target[field as "convenience" | "atmosphere" | "occasion"] ?? []).includes(value);
  if (field !== "convenience")
    return listed ? `‘${value}’ 분위기로 소개됩니다` : `‘${value}’에 대한 정보 없음입니다`;
  if (listed) return `${value} 가능합니다`;
  return evidence(target, field, value, true)
    ? `${value}${josa(value, "이", "가")} 안 됩니다`
    : `${value} 여부는 정보 없음입니다`;
}

/**
 * The restaurant a question singles out without a conversation: a superlative over what was found
 * ("제일 싼 칼국수"), or the one restaurant it names ("진대감 주차되나요?"). The focused answer then
 * leads, offline and as the check of the LLM's first sentence.
 */
export function implicitFocus(
  state: Pick<QaState, "query" | "structured_query" | "retrieval" | "followUp">,
  docs: readonly ContextDocument[],
): Focused | undefined {
  if (state.followUp) return focusedAnswer(state, docs);
  if (!docs.length) return undefined;
  const q = state.structured_query ?? {};
  const pick = readFollowUp(state.query).pick;
  if (state.retrieval?.mode !== "exact" && pick && pick.by !== "position")
    return focusedAnswer(
      {
        ...state,
        followUp: { place_ids: docs.map((d) => d.place_id).slice(0, 10), pick, kinds: foodTerms(q) },
      },
      docs.slice(0, 10),
    );
  if (state.retrieval?.mode === "exact" && docs.length >= 1)
    return focusedAnswer(
      { ...state, followUp: { place_ids: [docs[0]!.place_id], focus: docs[0]!.place_id } },
      docs,
    );
  return undefined;
}
