// The news steps' bodies (seed 003), one per Task state of workflow/definition.ts, each reading the
// state and writing its own fields and usage: AnalyzeQuery, SearchNews ∥ SearchPublications,
// FormatResults, SelectDocuments, GenerateResponse. What each does lives in the module named for it
// (search-news, search-publications, format, select, generate); workflow/ declares them as Lambdas.
import { askUnlessSure } from "../llm/fallback.ts";
import { Deadline } from "../platform/deadline.ts";
import { DartSession } from "./dart-access.ts";
import { mergeBranches, renderSummary, searchedListOf } from "./format.ts";
import { composeResponse, writeAnswer } from "./generate.ts";
import { loadDocuments } from "./load-documents.ts";
import { DEFAULT_API_KEYS, analyzeQueryText } from "./query.ts";
import { comparisonOf } from "./question-form.ts";
import { SearchState, type SearchStateInput, type SelectedDocuments, type StepUsage } from "./schemas.ts";
import { selectForAsked } from "./asked-selection.ts";
import { offlineSelection } from "./offline-selection.ts";
import { cleanAndMerge, naverErrorMessage, naverErrorNotice, newsQuery } from "./search-news.ts";
import { companiesNamed, emptyResults, filablePeriods, publicationsOf } from "./search-publications.ts";
import {
  SELECT_RULES,
  SELECT_SYSTEM_PROMPT,
  canonical,
  emptySelection,
  isEmptyList,
  selectUserPrompt,
  selectionSchema,
} from "./select.ts";
import { STEP, llmFallbackNotice, llmFallbackWarning, llmUsageOf, withUsage } from "./usage.ts";
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
      { query: await newsQuery(state.query), display: deps.settings.newsDisplay, sort },
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
    return withUsage({ ...state, news_results: null, news_errors: [naverErrorMessage(err)] }, STEP.news, {
      ...usage(),
      notices: [naverErrorNotice(err)],
    });
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
  const session = dartSession(deps, state);
  const notes: string[] = [];
  const periods = filablePeriods(analysis.periods, now, notes);
  const companies = await companiesNamed(session, deps.companies, state.query, notes);
  const keys = analysis.api_keys.length ? analysis.api_keys : DEFAULT_API_KEYS;
  const results = companies.length
    ? await publicationsOf(
        session,
        deps,
        companies,
        { periods, keys, now, compare: comparisonOf(state.query) },
        notes,
      )
    : emptyResults();
  return withUsage(
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
      notices: session.notices,
      synthetic: deps.dart.synthetic,
      ms: performance.now() - started,
    },
  );
}

/** The question's OpenDART session: its call budget (less what earlier steps spent), its deadline. */
function dartSession(deps: NewsDeps, state: SearchState, spent?: number): DartSession {
  return new DartSession(deps.dart, deps.store, {
    budget: deps.settings.dartCallBudget,
    spent,
    deadline: Deadline.from(state.deadlineAt),
    docMaxChars: deps.settings.docMaxChars,
    listTtlMinutes: deps.settings.listTtlMinutes,
    now: deps.now,
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
  const done = (selected_documents: SelectedDocuments, usage: Partial<StepUsage>) =>
    withUsage({ ...state, selected_documents }, STEP.select, { ...usage, ms: performance.now() - started });
  if (isEmptyList(list)) return done(emptySelection(), {});
  const periods = state.query_analysis?.periods ?? [];
  const offline = () => selectForAsked(offlineSelection(state.query, list), list, state.query, periods);
  // the list is part of the schema: a pick outside it fails validation, and the adapter retries with why
  const outcome = await askUnlessSure({ llm: deps.llm, rulesSure: false }, (llm) =>
    llm.structured({
      system: SELECT_SYSTEM_PROMPT + SELECT_RULES,
      prompt: selectUserPrompt(state.query, list),
      schema: selectionSchema(list),
      tier: "fast",
      maxTokens: 2048,
      deadline: Deadline.from(state.deadlineAt),
    }),
  );
  if (outcome.engine === "llm")
    return done(selectForAsked(canonical(outcome.value, list), list, state.query, periods), {
      engine: "llm",
      ...llmUsageOf(outcome.usage),
    });
  if (outcome.engine === "rules") return done(offline(), { engine: "offline" });
  return done(offline(), {
    engine: "offline-fallback",
    ...llmUsageOf(outcome.usage),
    warnings: [
      llmFallbackWarning(
        "문서 선택",
        outcome.failure,
        "LLM의 선택이 두 번 모두 검증을 통과하지 못해",
        "규칙에 따른 선택으로 대신했습니다",
      ),
    ],
    notices: [llmFallbackNotice(outcome.failure)],
  });
}

export async function generateResponseStep(input: SearchStateInput, deps: NewsDeps): Promise<SearchState> {
  const state = SearchState.parse(input);
  const started = performance.now();
  // the budget is the question's: what the search spent is spent
  const spent = Object.values(state.usage).reduce((n, u) => n + u.dartCalls, 0);
  const session = dartSession(deps, state, spent);
  const { docs, notLoaded } = await loadDocuments(state, deps, session);
  const synthetic = docs.some((d) => d.synthetic) || Object.values(state.usage).some((u) => u.synthetic);
  const written = await writeAnswer(state, docs, deps.llm);
  return withUsage(
    { ...state, ...composeResponse(state, docs, written, { notLoaded, synthetic }) },
    STEP.generate,
    {
      dartCalls: session.counter.apiCalls,
      cacheHits: session.cacheHits,
      synthetic,
      ...written.usage,
      warnings: [...session.errors, ...session.warnings, ...(written.usage.warnings ?? [])],
      notices: [...session.notices, ...(written.usage.notices ?? [])],
      ms: performance.now() - started,
    },
  );
}
