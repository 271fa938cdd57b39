// The news steps' bodies (seed 003), one per Task state of workflow/definition.ts, each reading the
// state and writing its own fields and usage: AnalyzeQuery, SearchNews ∥ SearchPublications,
// FormatResults, SelectDocuments, GenerateResponse. What each does lives in the module named for it
// (search-news, search-publications, format, select, generate); workflow/ declares them as Lambdas.
import { mapLimit } from "../platform/concurrency.ts";
import { Deadline } from "../platform/deadline.ts";
import { isLlmFailure, LlmOutputError } from "../llm/port.ts";
import { embeddedCompanies } from "./companies.ts";
import { DartSession, basicInfo } from "./dart-access.ts";
import { mergeBranches, renderSummary, searchedListOf } from "./format.ts";
import {
  GENERATE_SYSTEM_PROMPT,
  answerSchema,
  citedMarkers,
  endNotes,
  leadSentence,
  loadDocuments,
  numbersIn,
  offlineAnswer,
  renderContext,
} from "./generate.ts";
import { DEFAULT_API_KEYS, analyzeQueryText, futurePeriodNote, futurePeriods } from "./query.ts";
import {
  SearchState,
  type PublicationResults,
  type RevisionDocument,
  type SearchStateInput,
} from "./schemas.ts";
import { cleanAndMerge, groupQuery, naverErrorMessage } from "./search-news.ts";
import {
  NO_COMPANY_NOTE,
  UNKNOWN_COMPANY,
  emptyResults,
  regularReports,
  revisionCandidates,
  unknownCompanyNote,
} from "./search-publications.ts";
import {
  SELECT_RULES,
  SELECT_SYSTEM_PROMPT,
  canonical,
  isEmptyList,
  offlineSelection,
  selectForAsked,
  selectUserPrompt,
  selectionProblems,
  selectionSummary,
} from "./select.ts";
import { SelectedDocuments } from "./schemas.ts";
import { STEP, withUsage } from "./usage.ts";
import type { NewsDeps } from "./wiring.ts";

/** 003's analyze_query: the preference defaults to "both" and the error lists start empty; here it also
 * reads the query once (periods, report keys, "latest") for both branches and stamps the start time. */
export async function analyzeQueryStep(
  input: SearchStateInput,
  deps: Pick<NewsDeps, "now">,
): Promise<SearchState> {
  const state = SearchState.parse(input);
  const now = deps.now();
  return withUsage(
    {
      ...state,
      news_errors: [],
      pub_errors: [],
      query_analysis: analyzeQueryText(state.query, now),
      startedAt: state.startedAt ?? now.getTime(),
    },
    STEP.analyze,
    {},
  );
}

export async function searchNewsStep(input: SearchStateInput, deps: NewsDeps): Promise<SearchState> {
  const state = SearchState.parse(input);
  if (state.search_preference === "publications")
    return withUsage({ ...state, news_results: null, news_errors: [] }, STEP.news, { skipped: true });
  const started = performance.now();
  const analysis = state.query_analysis ?? analyzeQueryText(state.query, deps.now());
  const sort = analysis.latest ? "date" : "sim";
  const counter = { apiCalls: 0 };
  const usage = () => ({
    naverCalls: counter.apiCalls,
    synthetic: deps.news.synthetic,
    ms: performance.now() - started,
  });
  try {
    const res = await deps.news.search(
      counter,
      { query: await groupQuery(state.query), display: deps.settings.newsDisplay, sort },
      Deadline.from(state.deadlineAt),
    );
    const items = cleanAndMerge(res.items);
    return withUsage(
      {
        ...state,
        news_results: {
          lastBuildDate: res.lastBuildDate,
          total: res.total,
          start: res.start,
          display: res.display,
          items,
          sort,
        },
        news_errors: [],
      },
      STEP.news,
      usage(),
    );
  } catch (err) {
    // 003: the error goes to news_errors and the workflow goes on
    return withUsage(
      { ...state, news_results: null, news_errors: [naverErrorMessage(err)] },
      STEP.news,
      usage(),
    );
  }
}

export async function searchPublicationsStep(input: SearchStateInput, deps: NewsDeps): Promise<SearchState> {
  const state = SearchState.parse(input);
  const started = performance.now();
  if (state.search_preference === "news")
    return withUsage({ ...state, publication_results: null, pub_errors: [] }, STEP.publications, {
      skipped: true,
    });

  const now = deps.now();
  const analysis = state.query_analysis ?? analyzeQueryText(state.query, now);
  const session = new DartSession(deps.dart, deps.store, {
    budget: deps.settings.dartCallBudget,
    deadline: Deadline.from(state.deadlineAt),
    docMaxChars: deps.settings.docMaxChars,
    listTtlMinutes: deps.settings.listTtlMinutes,
    now: deps.now,
  });
  const notes: string[] = [];
  const finish = (results: PublicationResults): SearchState =>
    withUsage(
      {
        ...state,
        query_analysis: analysis,
        publication_results: results,
        pub_errors: session.errors,
        search_notes: [...state.search_notes, ...notes.filter((n) => !state.search_notes.includes(n))],
      },
      STEP.publications,
      {
        dartCalls: session.counter.apiCalls,
        cacheHits: session.cacheHits,
        warnings: session.warnings,
        synthetic: deps.dart.synthetic,
        ms: performance.now() - started,
      },
    );

  // a period after this year cannot be filed: a note, and no list.json call or "latest four" in its place
  const future = futurePeriods(analysis.periods, now);
  const named = analysis.periods.filter((p) => !future.includes(p));
  if (future.length) notes.push(futurePeriodNote(future));

  let index = await session.call("회사 목록(corpCode)", (c, d) => deps.companies.index(c, d));
  if (!index && deps.companies.source !== "embedded") {
    // OpenDART's list is a large download; without it the vendored table still names the big companies
    index = await embeddedCompanies.index();
    session.warnings.push("OpenDART 회사 목록을 받지 못해 내장 목록(KOSPI 200 등)으로 회사명을 찾았습니다.");
  }
  if (!index) return finish(emptyResults());
  const resolution = index.resolve(state.query);
  notes.push(...resolution.notes);
  if (resolution.companies.length === 0) {
    const unknown = index.unknownNames(state.query);
    notes.push(...unknown.map((u) => unknownCompanyNote(u.word, u.closest)));
    if (!resolution.notes.length && !unknown.length) notes.push(NO_COMPANY_NOTE);
    return finish(emptyResults());
  }

  const keys = analysis.api_keys.length ? analysis.api_keys : DEFAULT_API_KEYS;
  const perCompany = await mapLimit(resolution.companies, deps.settings.concurrency, async (company) => {
    const [regular, revisions] = await Promise.all([
      future.length && !named.length
        ? Promise.resolve([])
        : regularReports(session, deps, company, named, keys, notes),
      revisionCandidates(session, deps, company, now),
    ]);
    return { regular, revisions };
  });

  // the newest 정정 filings across the companies, each with its text's real length
  const candidates = perCompany
    .flatMap((c) => c.revisions)
    .sort((a, b) => b.rcept_dt.localeCompare(a.rcept_dt))
    .slice(0, deps.settings.maxRevisions);
  const docs = await mapLimit(candidates, deps.settings.concurrency, (c) => session.document(c.rcept_no));
  const revisions: RevisionDocument[] = candidates.flatMap((c, i) => {
    const doc = docs[i];
    return doc ? [{ basic_info: basicInfo(c), content_length: doc.content_length, index: 0 }] : [];
  });
  revisions.forEach((r, i) => (r.index = i));

  return finish({
    regular_results: { available_reports: perCompany.flatMap((c) => c.regular) },
    revision_results: { revision_documents: revisions },
    companies: resolution.companies,
  });
}

export async function formatResultsStep(
  input: SearchStateInput | readonly SearchStateInput[],
): Promise<SearchState> {
  const state = Array.isArray(input) ? mergeBranches(input) : SearchState.parse(input);
  const list = searchedListOf(state);
  return withUsage(
    {
      ...state,
      searched_list: list,
      search_summary: renderSummary(state, list),
      news_results: null,
      publication_results: null,
    },
    STEP.format,
    {},
  );
}

export async function selectDocumentsStep(
  input: SearchStateInput,
  deps: Pick<NewsDeps, "llm">,
): Promise<SearchState> {
  const state = SearchState.parse(input);
  const started = performance.now();
  const list = state.searched_list ?? { news: [], regular: [], revision: [] };
  if (isEmptyList(list))
    return withUsage(
      {
        ...state,
        selected_documents: {
          news: [],
          regular: [],
          revision: [],
          selection_summary: selectionSummary(0, 0, 0),
        },
      },
      STEP.select,
      { ms: performance.now() - started },
    );
  const periods = state.query_analysis?.periods ?? [];
  const offline = () => selectForAsked(offlineSelection(state.query, list), list, state.query, periods);
  if (!deps.llm)
    return withUsage({ ...state, selected_documents: offline() }, STEP.select, {
      engine: "offline",
      ms: performance.now() - started,
    });

  // the list is part of the schema: a pick outside it fails validation, and the adapter retries with why
  const schema = SelectedDocuments.superRefine((sel, ctx) => {
    for (const message of selectionProblems(sel, list)) ctx.addIssue({ code: "custom", message });
  });
  try {
    const { value, usage } = await deps.llm.structured({
      system: SELECT_SYSTEM_PROMPT + SELECT_RULES,
      prompt: selectUserPrompt(state.query, list),
      schema,
      tier: "fast",
      maxTokens: 2048,
      deadline: Deadline.from(state.deadlineAt),
    });
    const chosen = selectForAsked(canonical(value, list), list, state.query, periods);
    return withUsage({ ...state, selected_documents: chosen }, STEP.select, {
      engine: "llm",
      llmCalls: usage.calls,
      llmTokens: usage.inputTokens + usage.outputTokens,
      ms: performance.now() - started,
    });
  } catch (err) {
    if (!isLlmFailure(err)) throw err;
    const why =
      err instanceof LlmOutputError
        ? "LLM의 선택이 두 번 모두 검증을 통과하지 못해"
        : `LLM을 쓸 수 없어(${err.message})`;
    return withUsage({ ...state, selected_documents: offline() }, STEP.select, {
      engine: "offline-fallback",
      llmCalls: err.usage.calls,
      llmTokens: err.usage.inputTokens + err.usage.outputTokens,
      warnings: [`문서 선택: ${why} 규칙 기반 선택으로 대신했습니다.`],
      ms: performance.now() - started,
    });
  }
}

export async function generateResponseStep(input: SearchStateInput, deps: NewsDeps): Promise<SearchState> {
  const state = SearchState.parse(input);
  const started = performance.now();
  // the budget is the question's: what the search spent is spent
  const spent = Object.values(state.usage).reduce((n, u) => n + u.dartCalls, 0);
  const session = new DartSession(deps.dart, deps.store, {
    budget: deps.settings.dartCallBudget,
    spent,
    deadline: Deadline.from(state.deadlineAt),
    docMaxChars: deps.settings.docMaxChars,
    listTtlMinutes: deps.settings.listTtlMinutes,
    now: deps.now,
  });
  const { docs, notLoaded } = await loadDocuments(state, deps, session);
  const synthetic = docs.some((d) => d.synthetic) || Object.values(state.usage).some((u) => u.synthetic);
  const base = {
    dartCalls: session.counter.apiCalls,
    cacheHits: session.cacheHits,
    synthetic,
  };
  // an unknown company, or none named: said first, differently (issue 25)
  const status = state.search_notes.find((n) => UNKNOWN_COMPANY.test(n) || n === NO_COMPANY_NOTE);
  const notes = state.search_notes.filter((n) => n !== status);
  const finish = (body: string, cited: Set<number>, extra: Parameters<typeof withUsage>[2]) =>
    withUsage(
      {
        ...state,
        generated_response: [
          ...(status ? [status] : []),
          body,
          ...endNotes(docs, cited, notLoaded, notes, synthetic),
        ].join("\n\n"),
        citations: docs
          .filter((d) => cited.has(d.n))
          .map(({ type, id, title, url }) => ({ type, id, title, url })),
      },
      STEP.generate,
      {
        ...base,
        ...extra,
        warnings: [...session.errors, ...session.warnings, ...(extra.warnings ?? [])],
        ms: performance.now() - started,
      },
    );

  if (docs.length === 0) {
    const nothing = isEmptyList(state.searched_list)
      ? `‘${state.query}’에 대해 찾은 뉴스나 공시가 없어 답변할 내용이 없습니다.`
      : "선택한 문서를 불러오지 못해 답변을 만들지 못했습니다.";
    return finish(nothing, new Set(), {});
  }
  const all = new Set(docs.map((d) => d.n));
  const company =
    state.selected_documents?.regular[0]?.company_name ?? state.publication_results?.companies[0]?.corp_name;
  if (!deps.llm) return finish(offlineAnswer(state.query, docs, company), all, { engine: "offline" });

  const context = renderContext(docs);
  try {
    const { value, usage } = await deps.llm.structured({
      system: GENERATE_SYSTEM_PROMPT,
      prompt: `질문: ${state.query}\n\n불러온 자료:\n${context}`,
      schema: answerSchema(`${context}\n${state.query}`, docs.length),
      tier: "smart",
      maxTokens: 2048,
      deadline: Deadline.from(state.deadlineAt),
    });
    const cited = new Set([...value.cited, ...citedMarkers(value.answer)]);
    // the first sentence must hold the asked figure the rules can state: else the rules' sentence leads
    const lead = leadSentence(state.query, docs, company);
    const leadNumbers = lead
      ? numbersIn(lead).filter((n) => n.length >= 3 && n.length < 14 && !/^20\d\d$/.test(n))
      : [];
    const llmFirst = value.answer.split(/(?<=[.?!。])\s|\n/)[0] ?? "";
    const firstNumbers = numbersIn(llmFirst);
    if (lead && leadNumbers.length && !leadNumbers.some((n) => firstNumbers.includes(n)))
      return finish(`${lead}\n\n${value.answer}`, new Set([...cited, ...citedMarkers(lead)]), {
        engine: "llm",
        llmCalls: usage.calls,
        llmTokens: usage.inputTokens + usage.outputTokens,
        warnings: ["답변 생성: LLM 답변의 첫 문장에 질문한 값이 없어 규칙으로 찾은 문장을 앞에 두었습니다."],
      });
    return finish(value.answer, cited, {
      engine: "llm",
      llmCalls: usage.calls,
      llmTokens: usage.inputTokens + usage.outputTokens,
    });
  } catch (err) {
    if (!isLlmFailure(err)) throw err;
    const why =
      err instanceof LlmOutputError
        ? "LLM의 답변이 두 번 모두 검증(자료에 없는 숫자 등)을 통과하지 못해"
        : `LLM을 쓸 수 없어(${err.message})`;
    return finish(offlineAnswer(state.query, docs, company), all, {
      engine: "offline-fallback",
      llmCalls: err.usage.calls,
      llmTokens: err.usage.inputTokens + err.usage.outputTokens,
      warnings: [`답변 생성: ${why} 자료를 그대로 정리한 답변으로 대신했습니다.`],
    });
  }
}
