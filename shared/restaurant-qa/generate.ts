// Generation (002 §3.6). With a model: Claude answers in Korean from the relevant documents (or the
// web results) and cites them ([place_id] or [URL]); an answer that cites anything outside its
// context, or asserts an asked condition its cited document does not support ("주차 가능 [n]" for a
// document without parking), is discarded for the extractive one. Offline: an extractive answer
// built only from the documents (the lines of answer-lines.ts), led by the focused sentence when the
// question singles out one restaurant (focused-answer.ts). Nothing is stated that the context does
// not contain; opening hours are not in the crawl and the answer says so; dated promotions are not
// presented as current.
import { josa } from "es-hangul";
import { z } from "zod";
import type { Deadline } from "../platform/deadline.ts";
import { noUsage, type LlmPort, type TokenUsage } from "../llm/port.ts";
import { askUnlessSure, type LlmOutcome } from "../llm/fallback.ts";
import {
  askedConditions,
  docBlock,
  evidence,
  footer,
  HOURS,
  sentences,
  unfoundNameLine,
  type Answer,
} from "./answer-lines.ts";
import { implicitFocus, type Focused } from "./focused-answer.ts";
import { askedCount, readFollowUp } from "./follow-up.ts";
import type { ContextDocument, QaState, StepEngine } from "./state.ts";
import type { StructuredQuery } from "./structured-query.ts";
import { attributesLine } from "./summary.ts";
import { BROADER_CONVENIENCE, findMentions, type VocabField } from "./vocabulary.ts";
import type { WebResult } from "./web-search.ts";
import { hoursPhrase } from "./hours.ts";
import {
  CITED_OUTSIDE_CONTEXT,
  FIRST_SENTENCE_UNNAMED,
  llmFallbackWarnings,
  unsupportedClaims as unsupportedClaimsWarning,
} from "./warnings.ts";

export const LlmAnswer = z.object({
  answer: z.string().min(1).max(3000),
  citations: z.array(z.string()).max(10),
});

export const GENERATE_SYSTEM = `너는 식당 질의응답 도우미다. 주어진 자료만으로 한국어로 간결하게 답한다.
- 자료에 없는 사실은 말하지 않는다. 모르면 "자료에 정보가 없습니다"라고 한다.
- 식당을 말할 때마다 [place_id]로 출처를 붙인다. 웹 자료는 [URL]로 붙인다.
- 영업시간은 수집 자료에 없다: 물으면 없다고 답한다.
- 날짜가 지난 행사·할인은 현재 진행 중이라고 말하지 않는다(자료의 수집일 기준).
- 데모(합성) 자료면 그렇다고 밝힌다.`;

/** A kind as a kind of shop: 평양냉면 → 평양냉면집, 일식 → 일식집 (a word already a shop stays). */
const shopWord = (kind: string) => (/(집|당|점|바|카페|식당)$/.test(kind) ? kind : `${kind}집`);

/** "발렛 되는": the narrower wording was searched as the wider condition, said before the answer's list. */
function widenedConditions(query: string): string {
  const widened = [
    ...new Set(
      findMentions(query).flatMap((m) =>
        m.field === "convenience" && !m.negated && BROADER_CONVENIENCE[m.value]
          ? [
              `${m.value} 여부는 자료에 따로 적혀 있지 않아 ${BROADER_CONVENIENCE[m.value]} 가능한 곳으로 찾았고, `,
            ]
          : [],
      ),
    ),
  ];
  return widened.join("");
}

/** A follow-up to an answer that found no restaurant: there is none to point at; a new search is offered. */
export function afterEmptyAnswer(priorQuery: string | undefined): Answer {
  const asked = priorQuery ? `‘${priorQuery.slice(0, 60)}’에 대한 ` : "";
  return {
    answer: [
      `${asked}앞선 답에서 찾은 식당이 없어 가리키는 식당이 없습니다.`,
      "지역을 넓히거나 음식 종류·조건을 바꿔 다시 찾아 드릴까요? 예를 들어 동네 이름과 먹고 싶은 음식을 함께 적어 주세요.",
    ].join("\n\n"),
    citations: [],
  };
}

// long: the offline answer's sentences in the order a person reads them (to be split by question form)
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
    // "한 곳만", "두 군데만": as many as asked
    const shown = docs.slice(0, askedAbout ? 5 : Math.min(3, askedCount(state.query) ?? 3));
    // the count agrees with what is shown, and the first sentence names them
    const names = shown.map((d) => `${d.title} [${d.place_id}]`).join(", ");
    const found = askedAbout
      ? "문의하신 식당 정보입니다."
      : docs.length > shown.length
        ? `조건에 맞는 식당 ${docs.length}곳 중 상위 ${shown.length}곳은 ${names}입니다.`
        : `조건에 맞는 식당 ${shown.length}곳은 ${names}입니다.`;
    const head = askedAbout ? found : `${widenedConditions(state.query)}${found}`;
    return {
      answer: [head, ...shown.map((d) => docBlock(d, q, askedAbout)), ...hours, ...footer(shown)].join(
        "\n\n",
      ),
      citations: shown.map((d) => d.place_id),
    };
  }
  const near = docs.slice(0, 3);
  // nothing of the asked kind, nor on the web: its parent kind, offered apart and said so first
  const parent = state.retrieval?.parentKind;
  if (parent && near.length) {
    const asked = shopWord(parent.asked);
    const offered = shopWord(parent.parent);
    return {
      answer: [
        `${asked}${josa(asked, "은/는").slice(asked.length)} 없어 ${offered}${josa(offered, "을/를").slice(offered.length)} 보여드립니다: ${near.map((d) => `${d.title} [${d.place_id}]`).join(", ")}.`,
        webConfigured
          ? `웹 검색에서도 ${asked}${josa(asked, "은/는").slice(asked.length)} 찾지 못했습니다.`
          : "웹 검색이 설정되어 있지 않아 웹에서 찾아보지 못했습니다.",
        ...near.map((d) => docBlock(d, q, false)),
        ...hours,
        ...footer(near),
      ].join("\n\n"),
      citations: near.map((d) => d.place_id),
    };
  }
  const lines = [
    ...unfoundNameLine(q, docs),
    // an hours ask is said by itself: opening hours are what documents say least often
    q.hours
      ? `${hoursPhrase(q.hours)} 식당을 찾지 못했습니다(영업시간은 리뷰와 소개에 적힌 것만 압니다).`
      : "조건을 모두 만족하는 식당을 찾지 못했습니다.",
    webConfigured
      ? "웹 검색에서도 결과가 없었습니다."
      : "웹 검색이 설정되어 있지 않아 웹에서 찾아보지 못했습니다.",
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
  // a follow-up to an answer that found nothing: said so, with an offer to search again, and no restaurant
  if (state.followUp && !state.followUp.place_ids.length)
    return {
      ...afterEmptyAnswer(state.followUp.priorQuery),
      engine: "rules",
      usage: noUsage(),
      warnings: [],
    };
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
  const warnings = llmFallbackWarnings("answer", asked);
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
  if (!grounded(a, known)) return rejected(CITED_OUTSIDE_CONTEXT);
  // every asked condition the answer asserts for a cited document must be in that document
  const unsupported =
    route === "index" ? unsupportedClaims(a.answer, c.state.structured_query ?? {}, docs) : [];
  if (unsupported.length) return rejected(unsupportedClaimsWarning(unsupported.slice(0, 3)));
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
      warnings: [FIRST_SENTENCE_UNNAMED],
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
