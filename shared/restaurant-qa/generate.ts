// Generation (002 §3.6). With a model: Claude answers in Korean from the relevant documents (or the
// web results) and cites them ([place_id] or [URL]); an answer that cites anything outside its
// context, or asserts an asked condition its cited document does not support ("주차 가능 [n]" for a
// document without parking), is discarded for the extractive one. Offline: an extractive answer
// built only from the documents — the menu items that match with their prices, and for each asked
// condition what the document says (가능 / 안 됩니다 with the review sentence that says so / 정보
// 없음). Nothing is stated that the context does not contain; opening hours are not in the crawl and
// the answer says so; dated promotions are not presented as current.
import { z } from "zod";
import type { Deadline } from "../platform/deadline.ts";
import { noUsage, type LlmPort, type TokenUsage } from "../llm/port.ts";
import { askUnlessSure, type LlmOutcome } from "../llm/fallback.ts";
import { foodTerms } from "./query-builder.ts";
import { readFollowUp } from "./rewrite.ts";
import type { ContextDocument, QaState, StepEngine } from "./state.ts";
import type { StructuredQuery } from "./structured-query.ts";
import { attributesLine } from "./summary.ts";
import { findMentions, type VocabField } from "./vocabulary.ts";
import type { WebResult } from "./web-search.ts";

export const LlmAnswer = z.object({
  answer: z.string().min(1).max(3000),
  citations: z.array(z.string()).max(10),
});

const HOURS = /영업\s?시간|몇\s?시|언제까지|문\s?(여|열|닫)|오픈\s?시간|마감|브레이크\s?타임|휴무/;
const won = (n: number) => `${n.toLocaleString("en-US")}원`;

export const GENERATE_SYSTEM = `너는 식당 질의응답 도우미다. 주어진 자료만으로 한국어로 간결하게 답한다.
- 자료에 없는 사실은 말하지 않는다. 모르면 "자료에 정보가 없습니다"라고 한다.
- 식당을 말할 때마다 [place_id]로 출처를 붙인다. 웹 자료는 [URL]로 붙인다.
- 영업시간은 수집 자료에 없다: 물으면 없다고 답한다.
- 날짜가 지난 행사·할인은 현재 진행 중이라고 말하지 않는다(자료의 수집일 기준).
- 데모(합성) 자료면 그렇다고 밝힌다.`;

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?~])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A review sentence that says the value holds (positive) or does not (negative). */
function evidence(
  d: ContextDocument,
  field: VocabField,
  value: string,
  negated: boolean,
): string | undefined {
  for (const r of d.reviews)
    for (const s of sentences(r))
      if (findMentions(s, [field]).some((m) => m.value === value && m.negated === negated)) return s;
  return undefined;
}

function conditionLine(d: ContextDocument, field: VocabField, value: string): string {
  const listed = (d[field as "convenience" | "atmosphere" | "occasion"] ?? []).includes(value);
  // atmosphere and occasion are described, not marked 가능 (issue 25)
  if (field !== "convenience") {
    const s = evidence(d, field, value, false);
    if (listed) return `${value}: ${s ? `리뷰에서 “${s}”` : "소개·리뷰에서 그렇게 묘사됩니다"}`;
    return `${value}: 정보 없음 (수집한 자료에 그런 묘사가 없습니다)`;
  }
  if (listed) {
    const s = evidence(d, field, value, false);
    return `${value}: 가능${s ? ` — “${s}”` : ""}`;
  }
  const denied = evidence(d, field, value, true);
  if (denied) return `${value}: 안 됩니다 — “${denied}”`;
  return `${value}: 정보 없음 (수집한 자료에 언급이 없습니다)`;
}

/**
 * A question about a named restaurant the index does not hold ("진대감 망원점 주차 돼?"): the asked
 * conditions are answered all the same — as unknown, and why.
 */
function unfoundNameLine(q: StructuredQuery, docs: readonly ContextDocument[]): string[] {
  const names = (q.location ?? []).filter((l) => l.relation === "exact").map((l) => l.name);
  const asked = askedConditions(q).map(([, v]) => v);
  if (!names.length || !asked.length) return [];
  const held = (n: string) => docs.some((d) => d.title.replace(/\s+/g, "").includes(n.replace(/\s+/g, "")));
  const missing = names.filter((n) => !held(n));
  return missing.length
    ? [`‘${missing.join("’, ‘")}’의 자료가 없어 ${asked.join("·")} 여부는 정보 없음입니다.`]
    : [];
}

function menuLine(d: ContextDocument, q: StructuredQuery): string | undefined {
  const terms = foodTerms(q).map((t) => t.replace(/\s+/g, ""));
  const priced = (m: ContextDocument["menus"][number]) =>
    `${m.name}${m.price !== null ? ` ${won(m.price)}` : ""}`;
  let items = terms.length
    ? d.menus.filter((m) => terms.some((t) => m.name.replace(/\s+/g, "").includes(t)))
    : [];
  if (q.price) {
    const { min = 0, max = Number.POSITIVE_INFINITY } = q.price;
    const inRange = d.menus.filter((m) => m.price !== null && m.price >= min && m.price <= max);
    items = items.length ? items.filter((m) => inRange.includes(m)) : inRange;
  }
  if (!items.length) items = d.menus.slice(0, 3);
  return items.length ? `메뉴: ${items.slice(0, 5).map(priced).join(", ")}` : undefined;
}

/** The asked convenience, atmosphere and occasion values, in that order, each with its field. */
function askedConditions(q: StructuredQuery): [VocabField, string][] {
  return (["convenience", "atmosphere", "occasion"] as const).flatMap((field) =>
    (q[field] ?? []).map((value): [VocabField, string] => [field, value]),
  );
}

function docBlock(d: ContextDocument, q: StructuredQuery, askedAbout: boolean): string {
  const where = `${d.roadAddress || d.address}${d.distance !== undefined ? `, 약 ${d.distance}m` : ""}`;
  const lines = [`[${d.place_id}] ${d.title} (${where})`];
  const menu = menuLine(d, q);
  if (menu) lines.push(menu);
  const asked = askedConditions(q);
  for (const [field, value] of asked) lines.push(conditionLine(d, field, value));
  if (askedAbout && !asked.length) {
    if (d.convenience.length) lines.push(`편의: ${d.convenience.join(", ")}`);
    if (d.atmosphere.length) lines.push(`분위기: ${d.atmosphere.join(", ")}`);
  }
  return lines.join("\n");
}

function footer(docs: readonly ContextDocument[]): string[] {
  const out: string[] = [];
  const dates = [...new Set(docs.map((d) => d.collected_at))];
  if (dates.length) out.push(`(정보 수집일: ${dates.join(", ")} — 이후 바뀌었을 수 있습니다)`);
  if (docs.some((d) => d.synthetic))
    out.push("※ 데모용으로 생성한 합성(synthetic) 식당 자료입니다. 실제 가게가 아닙니다.");
  return out;
}

export interface Answer {
  answer: string;
  citations: string[];
}

/** The offline answer: only what the documents (or web results) contain. */
export function extractiveAnswer(
  state: Pick<QaState, "query" | "structured_query" | "retrieval">,
  route: "index" | "web" | "none",
  docs: readonly ContextDocument[],
  web: readonly WebResult[],
  webConfigured: boolean,
): Answer {
  const q = state.structured_query ?? {};
  const hours = HOURS.test(state.query)
    ? ["영업시간은 수집한 자료(네이버 지도 크롤)에 없습니다: 방문 전에 확인하세요."]
    : [];
  if (route === "web") {
    const lines = web
      .slice(0, 5)
      .map((w, i) => `${i + 1}. ${w.title} — ${w.content.slice(0, 160).replace(/\s+/g, " ")} [${w.url}]`);
    return {
      answer: [
        ...unfoundNameLine(q, []),
        "색인된 식당 중 조건에 맞는 곳이 없어 웹 검색 결과로 답합니다(출처: 웹).",
        ...lines,
        ...hours,
      ].join("\n"),
      citations: web.slice(0, 5).map((w) => w.url),
    };
  }
  if (route === "index") {
    const askedAbout = state.retrieval?.mode === "exact" || state.retrieval?.mode === "followup";
    // "제일 싼 칼국수": a superlative over what was found leads with the one it picks
    const pick = readFollowUp(state.query).pick;
    if (!askedAbout && pick && pick.by !== "position") {
      const f = implicitFocus(state, docs);
      if (f) return f;
    }
    const shown = docs.slice(0, askedAbout ? 5 : 3);
    // the count agrees with what is shown, and the first sentence names them
    const names = shown.map((d) => `${d.title} [${d.place_id}]`).join(", ");
    const head = askedAbout
      ? "문의하신 식당 정보입니다."
      : docs.length > shown.length
        ? `조건에 맞는 식당 ${docs.length}곳 중 상위 ${shown.length}곳은 ${names}입니다.`
        : `조건에 맞는 식당 ${shown.length}곳은 ${names}입니다.`;
    return {
      answer: [head, ...shown.map((d) => docBlock(d, q, askedAbout)), ...hours, ...footer(shown)].join(
        "\n\n",
      ),
      citations: shown.map((d) => d.place_id),
    };
  }
  const near = docs.slice(0, 3);
  const lines = [
    ...unfoundNameLine(q, docs),
    "조건을 모두 만족하는 식당을 찾지 못했습니다.",
    webConfigured
      ? "웹 검색에서도 결과가 없었습니다."
      : "웹 검색이 설정되어 있지 않아 웹에서 찾아보지 못했습니다(TAVILY_API_KEY).",
    ...(near.length
      ? [
          "가장 가까운 후보입니다(조건을 다 만족하지는 않습니다):",
          ...near.map((d) => `[${d.place_id}] ${d.title} — ${d.reason ?? "조건 불충족"}`),
        ]
      : []),
    ...hours,
    ...footer(near),
  ];
  return { answer: lines.join("\n"), citations: near.map((d) => d.place_id) };
}

// ---- follow-ups about one earlier restaurant (issue 25): the first sentence names it and answers

/** 이/가, 은/는, 을/를 after a word, by its last syllable's final consonant. */
function josa(word: string, withFinal: string, without: string): string {
  const c = word.trim().slice(-1).charCodeAt(0);
  if (c >= 0xac00 && c <= 0xd7a3) return (c - 0xac00) % 28 ? withFinal : without;
  return /[0-9LMNRlmnr]$/.test(word.trim()) ? withFinal : without;
}

const ASK_DISTANCE = /걸려|걸리|거리|멀어|멀리|몇\s?분|가까/;
const ASK_PRICE = /가격|얼마|가격대|비싸|비싼|싸요|저렴/;
const ASK_MENU = /메뉴|뭐\s?(팔|있|먹|해)|안주|대표|시그니처|음식/;
const ASK_ADDRESS = /어디|주소|위치|어딨/;
const POSITIVE = /맛있|맛집|좋아|좋았|좋은|추천|최고|친절|훌륭|만족|또 ?(가|올|방문)|재방문/;

const cheapestItem = (d: ContextDocument, kinds: readonly string[]) => {
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
  let first = firstSentence(target, { query: state.query, q, lead, pick: fu.pick, origin: fu.origin?.name });
  if (lead && !first.includes(lead)) first = first.replace(/\.$/, ` (${lead}).`);
  return {
    answer: [first, docBlock(target, q, true), ...footer([target])].join("\n\n"),
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
      const m = cheapestItem(d, fu.kinds ?? []);
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
  if (ASK_DISTANCE.test(rest) && target.distance !== undefined && !lead)
    return `${name}${josa(target.title, "은", "는")} ${a.origin ? `${a.origin}에서 ` : ""}${walk(target.distance)} 거리입니다.`;
  if (lead) return `${name}${josa(target.title, "이", "가")} ${lead}.`;
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

function contextBlock(docs: readonly ContextDocument[], web: readonly WebResult[]): string {
  if (web.length) return web.map((w) => `[${w.url}] ${w.title}\n${w.content}`).join("\n\n");
  return docs
    .map((d) =>
      [
        `[${d.place_id}] ${d.title}${d.synthetic ? " (데모 합성 자료)" : ""} — ${d.roadAddress || d.address}${d.distance !== undefined ? `, ${d.distance}m` : ""}, 수집일 ${d.collected_at}`,
        `메뉴: ${d.menus.map((m) => `${m.name}${m.price !== null ? ` ${m.price}원` : m.price_text ? ` ${m.price_text}` : ""}`).join(", ") || "없음"}`,
        attributesLine(d),
        `소개: ${d.description.replace(/\s+/g, " ")}`,
        `리뷰: ${d.reviews.join(" / ")}`,
      ].join("\n"),
    )
    .join("\n\n");
}

/** Every [x] in the answer and every citation must name something in the context. */
function grounded(a: Answer, known: Set<string>): boolean {
  const cited = [...a.answer.matchAll(/\[([^\]\s]+)\]/g)].map((m) => m[1]!);
  return [...cited, ...a.citations].every((c) => known.has(c)) && a.citations.length > 0;
}

/** A clause ends at ",", ";", a contrast or a connective ("…하고 ", "…며 "). */
const CLAUSE = /[,;]|지만|는데|(?<=[가-힣])(?:고|며|서)\s/u;
/** "자료에 정보가 없습니다": saying the documents are silent is not denying the thing */
const SILENT = /정보|자료|확인/;

/**
 * What an answer asserts about the asked conditions (convenience, atmosphere, occasion) that its
 * cited documents do not say: "주차 가능 [n]" for a document without parking, or "주차 안 됩니다 [n]"
 * for one that has it. Each sentence belongs to the documents it cites (a sentence citing none, to
 * the ones cited last: a list under a heading); within a sentence citing several, a clause with its
 * own citation belongs to that one. A document supports a value when its extracted field lists it,
 * or a review or its description says so. Returns "value [place_id]" for each unsupported claim.
 */
export function unsupportedClaims(
  answer: string,
  q: StructuredQuery,
  docs: readonly ContextDocument[],
): string[] {
  const asked = new Map(askedConditions(q).map(([field, value]) => [`${field}:${value}`, field] as const));
  if (!asked.size) return [];
  const fields = [...new Set(asked.values())];
  const byId = new Map(docs.map((d) => [d.place_id, d]));
  const citedIn = (text: string) =>
    [...text.matchAll(/\[([^\]\s]+)\]/g)].map((m) => m[1]!).filter((id) => byId.has(id));
  const says = (d: ContextDocument, field: VocabField, value: string) =>
    (d[field as "convenience" | "atmosphere" | "occasion"] ?? []).includes(value) ||
    evidence(d, field, value, false) !== undefined ||
    sentences(d.description).some((s) =>
      findMentions(s, [field]).some((m) => m.value === value && !m.negated),
    );
  const out = new Set<string>();
  let last: string[] = [];
  for (const sentence of sentences(answer)) {
    const cited = citedIn(sentence);
    if (cited.length) last = cited;
    const owners = cited.length ? cited : last;
    if (!owners.length) continue;
    // a clause of nothing but citations ("주차 가능 [1], [2]") belongs to the clause before it
    const clauses: string[] = [];
    for (const c of sentence.split(CLAUSE)) {
      if (!c.trim()) continue;
      if (clauses.length && c.replace(/\[[^\]\s]+\]/g, "").replace(/[\s,.;:·와과및]/g, "") === "")
        clauses[clauses.length - 1] += `, ${c}`;
      else clauses.push(c);
    }
    for (const clause of clauses) {
      const own = citedIn(clause);
      for (const m of findMentions(clause, fields)) {
        if (!asked.has(`${m.field}:${m.value}`)) continue;
        if (m.negated && SILENT.test(clause)) continue;
        for (const id of own.length ? own : owners) {
          const d = byId.get(id)!;
          if (says(d, m.field, m.value) === m.negated)
            out.add(`${m.negated ? `${m.value} 안 됨` : m.value} [${id}]`);
        }
      }
    }
  }
  return [...out];
}

export interface Generated extends Answer {
  /** the restaurant a follow-up singled out */
  focus?: string;
  engine: StepEngine;
  usage: TokenUsage;
  warnings: string[];
}

/** A whole answer is a longer call than a reading: below this much time left the extractive one answers. */
const ANSWER_MIN_REMAINING_MS = 2000;

export async function generateAnswer(
  state: Pick<QaState, "query" | "structured_query" | "retrieval" | "followUp">,
  route: "index" | "web" | "none",
  docs: readonly ContextDocument[],
  web: readonly WebResult[],
  o: { llm?: LlmPort; webConfigured: boolean; deadline?: Deadline },
): Promise<Generated> {
  const focused = route === "index" ? implicitFocus(state, docs) : undefined;
  const fallback = (): Focused => focused ?? extractiveAnswer(state, route, docs, web, o.webConfigured);
  // nothing relevant and no web results: only the extractive answer says so without inventing
  const asked: LlmOutcome<Answer> =
    o.llm && route !== "none" && o.deadline?.expired(ANSWER_MIN_REMAINING_MS)
      ? { engine: "rules", usage: noUsage(), why: "no_time" }
      : await askUnlessSure({ llm: o.llm, rulesSure: route === "none", deadline: o.deadline }, (llm) =>
          llm.structured({
            system: GENERATE_SYSTEM,
            prompt: `질문: ${state.query}\n\n자료:\n${contextBlock(route === "web" ? [] : docs, route === "web" ? web : [])}`,
            schema: LlmAnswer,
            tier: "smart",
            maxTokens: 1200,
            deadline: o.deadline,
          }),
        );
  if (asked.engine === "llm")
    return checkedAnswer(asked.value, asked.usage, { state, route, docs, web, focused, fallback });
  const warnings =
    asked.engine === "rules-fallback"
      ? [`LLM answer unavailable (${asked.failure.message}); the extractive answer was used`]
      : asked.why === "no_time"
        ? ["no time left for the LLM answer: the extractive answer was used"]
        : [];
  return { ...fallback(), engine: asked.engine, usage: asked.usage, warnings };
}

/**
 * The LLM's answer, kept only when it cites nothing outside its context and asserts no asked condition
 * its cited documents do not support (else the extractive answer, saying why); a follow-up about one
 * restaurant whose first sentence does not name it gets the rules' sentence first.
 */
function checkedAnswer(
  a: Answer,
  usage: TokenUsage,
  c: {
    state: Pick<QaState, "query" | "structured_query">;
    route: "index" | "web" | "none";
    docs: readonly ContextDocument[];
    web: readonly WebResult[];
    focused: Focused | undefined;
    fallback: () => Focused;
  },
): Generated {
  const { route, docs, focused } = c;
  const rejected = (warning: string): Generated => ({
    ...c.fallback(),
    engine: "rules-fallback",
    usage,
    warnings: [warning],
  });
  const known = new Set([...docs.map((d) => d.place_id), ...c.web.map((w) => w.url)]);
  if (!grounded(a, known))
    return rejected("the LLM answer cited sources outside its context: the extractive answer was used");
  // every asked condition the answer asserts for a cited document must be in that document
  const unsupported =
    route === "index" ? unsupportedClaims(a.answer, c.state.structured_query ?? {}, docs) : [];
  if (unsupported.length)
    return rejected(
      `the LLM answer asserted what its documents do not say (${unsupported.slice(0, 3).join(", ")}): the extractive answer was used`,
    );
  const webNote = route === "web" && !a.answer.includes("웹") ? "\n\n(출처: 웹 검색)" : "";
  // a follow-up about one restaurant: the LLM's first sentence must name it, else the rules' sentence leads
  const target = focused?.focus ? docs.find((d) => d.place_id === focused.focus) : undefined;
  const llmFirst = a.answer.split(/(?<=[.?!。])\s|\n/)[0] ?? "";
  if (focused && target && !llmFirst.includes(target.title) && !llmFirst.includes(`[${target.place_id}]`))
    return {
      answer: `${focused.answer.split("\n\n")[0]}\n\n${a.answer}`,
      citations: [...new Set([target.place_id, ...a.citations])],
      focus: target.place_id,
      engine: "llm",
      usage,
      warnings: [
        "the LLM's first sentence did not name the restaurant asked about: the rules' sentence leads",
      ],
    };
  return {
    ...(focused?.focus ? { focus: focused.focus } : {}),
    answer: a.answer + webNote,
    citations: a.citations,
    engine: "llm",
    usage,
    warnings: [],
  };
}
