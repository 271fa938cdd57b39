// 003's generate_response (the seed's "예정", implemented): the loaded documents (load-documents.ts)
// answered in Korean with a citation per document, listing what could not be loaded. The LLM answers
// from the loaded context only; a number in its answer that the context does not hold fails validation
// (retried once with the offending numbers), then the offline answer (offline-answer.ts) is used.
import { z } from "zod";
import { askUnlessSure } from "../llm/fallback.ts";
import type { LlmPort, TokenUsage } from "../llm/port.ts";
import { Deadline } from "../platform/deadline.ts";
import type { ContextDoc } from "./load-documents.ts";
import { leadSentence, offlineAnswer } from "./offline-answer.ts";
import { SearchState, type StepUsage } from "./schemas.ts";
import { NO_COMPANY_NOTE, isLeadingNote, isReadingNote } from "./search-publications.ts";
import { questionTopic } from "./question-form.ts";
import { inlineReading } from "./companies.ts";
import { isEmptyList } from "./select.ts";
import { llmFallbackNotice, llmFallbackWarning, llmUsageOf } from "./usage.ts";

export const SNIPPET_NOTE =
  "※ 뉴스는 네이버 검색이 주는 기사 요약문만 확인했습니다. 기사 전문은 링크에서 확인하세요.";
export const SYNTHETIC_NOTE =
  "※ 합성 데이터: 이 결과의 뉴스·공시 내용은 실제 회사 이름과 고유번호 위에 지어낸 견본 자료이며 실제 공시나 기사가 아닙니다.";

/** The context the LLM reads (and the numbers it may use): each document with its number. */
export function renderContext(docs: readonly ContextDoc[]): string {
  return docs
    .map(
      (d) =>
        `[${d.n}] (${{ news: "뉴스", regular: "정기보고서", revision: "정정보고서" }[d.type]}) ${d.header}\n${d.body}`,
    )
    .join("\n\n");
}

// ---- the numbers check ----

const NUMBER = /\d[\d,]*(?:\.\d+)?/g;
const canonicalNumber = (s: string) => s.replace(/,/g, "").replace(/^0+(?=\d)/, "");

/** Citation markers ([1], [2, 3]) are references, not figures. */
const stripMarkers = (text: string) => text.replace(/\[\d+(?:\s*,\s*\d+)*\]/g, " ");

export function numbersIn(text: string): string[] {
  return [...stripMarkers(text).matchAll(NUMBER)].map((m) => canonicalNumber(m[0]));
}

/** The numbers of `answer` that appear nowhere in `context` (or the question). */
export function unsupportedNumbers(answer: string, context: string): string[] {
  const allowed = new Set(numbersIn(context));
  return [...new Set(numbersIn(answer).filter((n) => !allowed.has(n)))];
}

export const citedMarkers = (text: string) =>
  [...text.matchAll(/\[(\d+(?:\s*,\s*\d+)*)\]/g)].flatMap((m) =>
    (m[1] ?? "").split(",").map((s) => Number(s.trim())),
  );

// ---- the LLM answer ----

export const GENERATE_SYSTEM_PROMPT = `당신은 한국 기업의 공시와 뉴스를 근거로 질문에 답하는 애널리스트입니다.
- 아래 '불러온 자료'에 있는 내용만 사용해 한국어로 답하세요.
- 숫자는 자료에 적힌 그대로 옮기세요. 단위 변환, 계산, 반올림을 하지 말고, 자료에 없는 숫자는 쓰지 마세요.
- 문장마다 근거가 된 자료 번호를 [1]처럼 붙이고, cited에 사용한 자료 번호를 모두 적으세요.
- 뉴스는 네이버 검색 API의 요약문(snippet)뿐입니다. 뉴스에 근거한 내용은 "뉴스 요약에 따르면"처럼 밝히세요.
- 자료에 답이 없으면 없다고 말하세요.`;

export const Answer = z.object({ answer: z.string().min(1), cited: z.array(z.number().int()) });

export function answerSchema(context: string, count: number) {
  return Answer.superRefine((a, ctx) => {
    const bad = unsupportedNumbers(a.answer, context);
    if (bad.length)
      ctx.addIssue({
        code: "custom",
        path: ["answer"],
        message: `these numbers are not in the loaded documents: ${bad.join(", ")} — copy figures exactly as the documents write them, and use no others`,
      });
    const refs = [...a.cited, ...citedMarkers(a.answer)].filter((n) => n < 1 || n > count);
    if (refs.length)
      ctx.addIssue({
        code: "custom",
        path: ["cited"],
        message: `no document numbered ${[...new Set(refs)].join(", ")} (1–${count})`,
      });
  });
}

function endNotes(
  docs: readonly ContextDoc[],
  cited: ReadonlySet<number>,
  notLoaded: string[],
  notes: string[],
  synthetic: boolean,
): string[] {
  const out: string[] = [];
  const used = docs.filter((d) => cited.has(d.n));
  const block = (head: string, lines: string[]) => [head, ...lines].join("\n");
  if (used.length)
    out.push(
      block(
        "출처",
        used.map((d) => `[${d.n}] ${d.title} — ${d.url}`),
      ),
    );
  if (used.some((d) => d.type === "news")) out.push(SNIPPET_NOTE);
  if (notLoaded.length)
    out.push(
      block(
        "불러오지 못한 자료",
        notLoaded.map((x) => `- ${x}`),
      ),
    );
  if (notes.length)
    out.push(
      block(
        "참고",
        notes.map((x) => `- ${x}`),
      ),
    );
  if (synthetic) out.push(SYNTHETIC_NOTE);
  return out;
}

/** The answer's body, the documents it cites and what writing it spent. */
export interface Written {
  body: string;
  cited: Set<number>;
  usage: Partial<StepUsage>;
}

/** No document loaded: why there is no answer. */
const nothingToAnswer = (state: SearchState): Written => ({
  body: isEmptyList(state.searched_list)
    ? `‘${state.query}’에 대해 찾은 뉴스나 공시가 없어 답변할 내용이 없습니다.`
    : "선택한 문서를 불러오지 못해 답변을 만들지 못했습니다.",
  cited: new Set(),
  usage: {},
});

/** The LLM's answer from the loaded documents only; without one, or when it fails, the offline answer. */
export async function writeAnswer(
  state: SearchState,
  docs: readonly ContextDoc[],
  llm: LlmPort | undefined,
): Promise<Written> {
  if (docs.length === 0) return nothingToAnswer(state);
  const company =
    state.selected_documents?.regular[0]?.company_name ??
    state.searched_list?.regular[0]?.company_name ??
    state.searched_list?.revision[0]?.basic_info.company ??
    state.publication_results?.companies[0]?.corp_name;
  const outcome = await askUnlessSure({ llm, rulesSure: false }, (model) => {
    const context = renderContext(docs);
    return model.structured({
      system: GENERATE_SYSTEM_PROMPT,
      prompt: `질문: ${state.query}\n\n불러온 자료:\n${context}`,
      schema: answerSchema(`${context}\n${state.query}`, docs.length),
      tier: "smart",
      maxTokens: 2048,
      deadline: Deadline.from(state.deadlineAt),
    });
  });
  if (outcome.engine === "llm")
    return ledByAskedFact(state.query, docs, company, outcome.value, outcome.usage);
  const offline = { body: offlineAnswer(state.query, docs, company), cited: new Set(docs.map((d) => d.n)) };
  if (outcome.engine === "rules") return { ...offline, usage: { engine: "offline" } };
  return {
    ...offline,
    usage: {
      engine: "offline-fallback",
      ...llmUsageOf(outcome.usage),
      warnings: [
        llmFallbackWarning(
          "답변 생성",
          outcome.failure,
          "LLM의 답변이 두 번 모두 검증(자료에 없는 숫자 등)을 통과하지 못해",
          "자료를 그대로 정리한 답변으로 대신했습니다",
        ),
      ],
      notices: [llmFallbackNotice(outcome.failure)],
    },
  };
}

/** The LLM's answer, whose first sentence must hold the asked figure the rules can state: else the rules' sentence leads. */
export function ledByAskedFact(
  query: string,
  docs: readonly ContextDoc[],
  company: string | undefined,
  value: z.infer<typeof Answer>,
  usage: TokenUsage,
): Written {
  const cited = new Set([...value.cited, ...citedMarkers(value.answer)]);
  const llm = { engine: "llm" as const, ...llmUsageOf(usage) };
  const lead = leadSentence(query, docs, company);
  const leadNumbers = lead
    ? numbersIn(lead).filter((n) => n.length >= 3 && n.length < 14 && !/^20\d\d$/.test(n))
    : [];
  const first = value.answer.split(/(?<=[.?!。])\s|\n/)[0] ?? "";
  const firstNumbers = numbersIn(first);
  // a yes-or-no lead needs the LLM's first sentence to say 예 or 아니요 too
  const yesNo =
    lead &&
    /^(?:합성 데이터 기준, )?(예|아니요),/.test(lead) &&
    !/^(?:합성 데이터 기준, )?(예|네|아니요|아니오)(?=[\s,.!]|$)/.test(first);
  const answered = !leadNumbers.length || leadNumbers.some((n) => firstNumbers.includes(n));
  if (!lead || (answered && !yesNo)) {
    // an answer resting on synthetic data says so in its first sentence
    const synthetic = docs.some((d) => d.synthetic) && !/합성/.test(first);
    return { body: synthetic ? `합성 데이터 기준, ${value.answer}` : value.answer, cited, usage: llm };
  }
  return {
    body: `${lead}\n\n${value.answer}`,
    cited: new Set([...cited, ...citedMarkers(lead)]),
    usage: {
      ...llm,
      warnings: ["답변 생성: LLM 답변의 첫 문장에 질문한 값이 없어 규칙으로 찾은 문장을 앞에 두었습니다."],
    },
  };
}

/**
 * The first paragraph with a reading said beside the company's first mention ("삼성전자(종목코드
 * 005930)의 …"); where the name is not in it, the reading opens it.
 */
function withReading(first: string, note: string): string {
  const r = inlineReading(note)!;
  const at = first.indexOf(r.name);
  if (at < 0 || first[at + r.name.length] === "(") return `${note.replace(/\.$/, "")}: ${first}`;
  return `${first.slice(0, at + r.name.length)}(${r.gloss})${first.slice(at + r.name.length)}`;
}

/** The body's first paragraph and the rest. */
const splitFirstLine = (body: string): string[] => {
  const at = body.indexOf("\n\n");
  return at < 0 ? [body] : [body.slice(0, at), body.slice(at + 2)];
};

/**
 * The response: an unknown, missing or unlisted company said first (a news question naming none keeps
 * its news first), else the answer's first
 * sentence followed by how the company was read (a group word, a short or English name, with the others
 * it could be); the rest of the answer; its end notes. With the citations of the documents used.
 */
export function composeResponse(
  state: SearchState,
  docs: readonly ContextDoc[],
  written: Written,
  missing: { notLoaded: string[]; synthetic: boolean },
): Pick<SearchState, "generated_response" | "citations"> {
  const leading = state.search_notes.find(isLeadingNote);
  // a news question that names no company ("반도체 뉴스") is answered by its news first
  const newsFirst =
    leading === NO_COMPANY_NOTE &&
    questionTopic(state.query) === "news" &&
    docs.some((d) => d.type === "news");
  const status = newsFirst ? undefined : leading;
  const readings = status
    ? []
    : state.search_notes.filter((n) => isReadingNote(n) || (newsFirst && n === leading));
  const notes = state.search_notes.filter((n) => n !== status && !readings.includes(n));
  const ends = endNotes(docs, written.cited, missing.notLoaded, notes, missing.synthetic);
  const [lead, ...rest] = status ? [written.body] : splitFirstLine(written.body);
  // a stock code or a name typed with a slip is said in the first sentence, beside the company's name
  const inline = readings.filter((n) => inlineReading(n));
  const first = inline.reduce((text, n) => withReading(text, n), lead ?? "");
  const said = readings.filter((n) => !inline.includes(n));
  const body =
    said.length || inline.length
      ? [first, ...(said.length ? [said.join(" ")] : []), ...rest].join("\n\n")
      : written.body;
  return {
    generated_response: [...(status ? [status] : []), body, ...ends].join("\n\n"),
    citations: docs
      .filter((d) => written.cited.has(d.n))
      .map(({ type, id, title, url }) => ({ type, id, title, url })),
  };
}
