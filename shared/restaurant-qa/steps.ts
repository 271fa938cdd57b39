// The QA workflow's steps, each a plain function of the JSON state (state.ts) and what it needs:
// Rewrite → Retrieve → Grade → Choice($.needsWeb) → WebSearch → Generate. Step Functions runs each
// as a Lambda; the pipeline (pipeline.ts) runs them in order in process. Every step parses its input
// with the state schema and returns the whole state, so any step can be re-run from a saved state.
import { Deadline } from "../platform/deadline.ts";
import type { Embedder } from "../embed/port.ts";
import type { SearchIndex } from "../index/port.ts";
import { addUsage, noUsage, type LlmPort, type TokenUsage } from "../llm/port.ts";
import type { GeocodeDeps } from "./geocode.ts";
import { generateAnswer } from "./generate.ts";
import { gradeDocuments } from "./grade.ts";
import type { ConversationMemory, ConversationTurn } from "./memory.ts";
import { fitStructuredQuery, type StructuredQuery } from "./structured-query.ts";

import { fitContextDocuments, INDEX_EMPTY_ANSWER, retrieve } from "./retrieve.ts";
import { readFollowUp, type FollowUpReading } from "./follow-up.ts";
import { canonicalCuisine } from "./food.ts";
import { cheapestOfKinds } from "./focused-answer.ts";
import { rewriteQuery, titleDictionary, type TitleDictionary } from "./rewrite.ts";
import { MAX_STATE_DOCUMENTS, QaState, type ContextDocument, type QaStateInput } from "./state.ts";
import type { WebSearchPort } from "./web-search.ts";
import type { QaSettings } from "./config.ts";
import { NO_EARLIER_ANSWER, NO_WEB_SEARCH, webSearchFailed } from "./warnings.ts";

/** Titles for exact-name recognition, read from the index and kept for a while. */
export class TitleCache {
  private cached: { at: number; dict: TitleDictionary } | undefined;
  constructor(
    private readonly index: () => SearchIndex,
    private readonly ttlMs = 5 * 60_000,
  ) {}
  async get(): Promise<TitleDictionary> {
    if (!this.cached || Date.now() - this.cached.at > this.ttlMs) {
      const titles = (await this.index().meta()) ? await this.index().distinctValues("title.raw") : [];
      this.cached = { at: Date.now(), dict: titleDictionary(titles) };
    }
    return this.cached.dict;
  }
  invalidate(): void {
    this.cached = undefined;
  }
}

export interface QaDeps {
  index: SearchIndex;
  embedder: Embedder;
  llm?: LlmPort;
  geocode: GeocodeDeps;
  web?: WebSearchPort;
  memory?: ConversationMemory;
  titles: TitleCache;
  settings: QaSettings;
}

function withUsage(state: QaState, usage: TokenUsage, warnings: string[]): QaState["meta"] {
  const total = addUsage(
    {
      calls: state.meta.llmCalls,
      inputTokens: state.meta.llmTokens.input,
      outputTokens: state.meta.llmTokens.output,
    },
    usage,
  );
  return {
    ...state.meta,
    llmCalls: total.calls,
    llmTokens: { input: total.inputTokens, output: total.outputTokens },
    warnings: [...state.meta.warnings, ...warnings],
  };
}

// long: the rules' reading, the LLM's when unsure, and a follow-up's restaurants, in that order (to be split)
/** Rewrite: the structured query (rules, then the LLM when unsure), and a follow-up's restaurants. */
export async function rewriteStep(
  input: QaStateInput,
  deps: Pick<QaDeps, "llm" | "memory" | "titles">,
): Promise<QaState> {
  const state = QaState.parse(input);
  const deadline = Deadline.from(state.deadlineAt);
  // the referring words ("그 중에", "거기", "두 번째 집") are read first and never as places
  const ref = readFollowUp(state.query);
  const refers = Boolean(ref.pick || ref.same || ref.place);
  const last = state.conversationId && deps.memory ? await deps.memory.last(state.conversationId) : null;
  const empty = (t: string) => !t.replace(/[?!.\s]|은|는|이|가|요/g, "");
  // "첫번째는?" right after "2번째꺼 주차돼?": the question it leaves unsaid is the earlier one's
  const elided =
    ref.pick && !ref.exclude && !ref.cheaper && empty(ref.rest) && last?.query
      ? readFollowUp(last.query).rest
      : undefined;
  const text = elided ?? (refers && !empty(ref.rest) ? ref.rest : refers ? "" : state.query);
  const r = text
    ? await rewriteQuery(text, {
        titles: await deps.titles.get(),
        llm: deps.llm,
        deadline,
        askedAt: state.meta.startedAt,
      })
    : {
        structured: {},
        reference: true,
        warnings: [],
        usage: noUsage(),
        engine: "rules" as const,
        unexplained: [],
      };
  let sq: StructuredQuery = r.structured;
  // "근처에 버블티 파는 곳도": after 그 근처/근처에, a word read as a restaurant's name is what is looked for
  if (ref.place && sq.location?.length && sq.location.every((l) => l.relation === "exact"))
    sq = { ...sq, location: [], menu: [...(sq.menu ?? []), ...sq.location.map((l) => l.name)] };
  const reference = r.reference || refers;
  const noKind = !sq.cuisine?.length && !sq.menu?.length;
  const bare = !sq.location?.length && noKind;
  const conditionsOnly = Boolean(
    sq.convenience?.length || sq.atmosphere?.length || sq.occasion?.length || sq.price || ref.cheaper,
  );
  const listed = Boolean(last?.place_ids.length);
  // "첫번째 거 말고 다른 데", "더 싼 데는?": a new search in the same place for the same kinds, leaving
  // out the one named, or cheaper than it (than the list's middle price when none is named)
  // "다른 데는?", "딴 데 없어?": a new search there for the same kinds, leaving out every place shown
  // (the one named, when one is: "그거 말고 다른 데"); "나머지 중에" stays inside the earlier list
  const excluded =
    !listed || ref.remaining
      ? []
      : ref.exclude
        ? [pickedId(ref, last!)].flatMap((id) => id ?? [])
        : ref.others && !ref.pick && !ref.same
          ? last!.place_ids
          : [];
  const cheaperThan = listed && ref.cheaper && !sq.price ? referencePrice(ref, last!) : undefined;
  const searchAgain = Boolean(excluded.length || cheaperThan !== undefined);
  if (cheaperThan !== undefined) sq = { ...sq, price: { max: cheaperThan - 1 } };
  // "그 근처에 카페도", "카페도 있어?": a new search that keeps the earlier location
  const keepPlace =
    last?.location?.length &&
    !sq.location?.length &&
    (searchAgain ||
      (!ref.pick &&
        !ref.same &&
        (ref.place ||
          !bare ||
          // "10만원 이하로는?", "주차 되는 데로 다시 찾아줘": a price, or a search asked again, is a
          // new search there (a bare condition about the list, "주차 돼?", asks about its places)
          Boolean(sq.price) ||
          (conditionsOnly && AGAIN.test(state.query)) ||
          Boolean(sq.convenience?.length && !last.place_ids.length))));
  if (keepPlace) sq = { ...sq, location: last.location };
  // a follow-up adding only a condition or a price keeps the earlier kinds too ("그 동네에 주차되는 데는?")
  if (keepPlace && noKind && (conditionsOnly || searchAgain) && last.kinds?.length)
    sq = withKinds(sq, last.kinds);
  // "합정 쪽에도 있어?", "홍대도?": the same kinds asked in another place
  if (!keepPlace && noKind && !conditionsOnly && sq.location?.length && last?.kinds?.length)
    if (ALSO_THERE.test(text) && sq.location.every((l) => l.relation === "nearby"))
      sq = withKinds(sq, last.kinds);
  // a question pointing back at an answer that found nothing: said so, with no search
  const pointsBack = Boolean(ref.pick || ref.same || (bare && !ref.place && (reference || !text)));
  const afterEmpty = last && !listed && pointsBack && bare && !keepPlace;
  // "두 번째 집 메뉴", "제일 싼 데", "거기 주차돼?", or a bare question right after an answer
  const followUp: QaState["followUp"] =
    last && listed && ref.remaining && last.place_ids.length > 1 && !searchAgain
      ? remainingOf(ref, last, text)
      : !keepPlace && last && listed && (ref.pick || ref.same || (!ref.place && (reference || bare)))
        ? {
            place_ids: last.place_ids,
            ...(ref.pick
              ? { pick: ref.pick }
              : ref.same || last.focus || last.place_ids.length === 1
                ? { focus: last.focus ?? last.place_ids[0] }
                : {}),
            ...(last.origin ? { origin: last.origin } : {}),
            ...(last.location ? { location: last.location } : {}),
            ...(last.kinds ? { kinds: last.kinds } : {}),
            ...(last.distances ? { distances: last.distances } : {}),
            ...(elided ? { ask: elided } : {}),
          }
        : afterEmpty
          ? { place_ids: [], priorQuery: last.query }
          : undefined;
  const warnings = [...r.warnings];
  // a first question that still names what to search is read as a search, without a word on it
  if (reference && !followUp && !keepPlace && bare) warnings.push(NO_EARLIER_ANSWER);
  // more places, menus or conditions than the structured query holds: cut, with a warning each
  const fitted = fitStructuredQuery(
    followUp?.location && !sq.location?.length ? { ...sq, location: followUp.location } : sq,
  );
  warnings.push(...fitted.warnings);
  const meta = withUsage(state, r.usage, warnings);
  return {
    ...state,
    structured_query: fitted.query,
    ...(followUp ? { followUp } : {}),
    ...(excluded.length ? { exclude: excluded } : {}),
    meta: {
      ...meta,
      startedAt: meta.startedAt ?? Date.now(),
      engines: { ...meta.engines, rewrite: r.engine },
      unread: r.engine === "llm" ? [] : r.unexplained,
    },
  };
}

/** "합정 쪽에도 있어?", "홍대도?", "신촌에는 없어?": a place asked with 도/에는 after a search */
const ALSO_THERE = /(?:에도|쪽도|도|에는|쪽은)\s*(?:있|없|괜찮|[?]|$)/;

/** "다시 찾아줘", "다시 알려줘": the search asked again, with what the question adds */
const AGAIN = /다시\s*(?:찾|검색|알려|골라|추천)/;

/** "골라줘", "하나만", "추천해줘": the question asks for one to be chosen */
const CHOOSE = /골라|고르|하나만|한\s*곳만|한\s*군데만|추천|어디가\s*(?:나|좋|괜찮)|뭐가\s*(?:나|좋|괜찮)/;

/**
 * "맨 위에 거 말고 나머지 중에서 골라줘", "나머지는 어때?": the earlier list without the one left out
 * (or singled out, else its first), as a follow-up on those places; asked to choose, the best rated.
 */
function remainingOf(
  ref: FollowUpReading,
  last: ConversationTurn,
  text: string,
): NonNullable<QaState["followUp"]> {
  const out = ref.exclude || ref.pick || ref.same ? pickedId(ref, last) : (last.focus ?? last.place_ids[0]);
  const rest = last.place_ids.filter((id) => id !== out);
  return {
    place_ids: rest,
    ...(CHOOSE.test(text) && rest.length > 1 ? { pick: { by: "best_rated" as const } } : {}),
    ...(last.origin ? { origin: last.origin } : {}),
    ...(last.location ? { location: last.location } : {}),
    ...(last.kinds ? { kinds: last.kinds } : {}),
    ...(last.distances ? { distances: last.distances } : {}),
  };
}

/** The restaurant a follow-up names: its position, else the one singled out, else the first. */
function pickedId(ref: FollowUpReading, last: ConversationTurn): string | undefined {
  if (ref.pick?.by === "position") {
    const n = ref.pick.n === "last" ? last.place_ids.length : ref.pick.n;
    return last.place_ids[n - 1];
  }
  return last.focus ?? last.place_ids[0];
}

/** The price "더 싼" is below: the named restaurant's, else the middle of the earlier list's. */
function referencePrice(ref: FollowUpReading, last: ConversationTurn): number | undefined {
  const prices = new Map(last.prices ?? []);
  if (ref.pick || ref.same) {
    const id = pickedId(ref, last);
    return id !== undefined ? prices.get(id) : undefined;
  }
  const all = last.place_ids.flatMap((id) => {
    const p = prices.get(id);
    return p !== undefined ? [p] : [];
  });
  return all.length ? all.sort((a, b) => a - b)[Math.floor((all.length - 1) / 2)] : undefined;
}

/** The earlier kinds back in a structured query: canonical cuisines as cuisines, the rest as menus. */
function withKinds(sq: StructuredQuery, kinds: readonly string[]): StructuredQuery {
  const cuisine = kinds.filter((k) => canonicalCuisine(k) === k);
  const menu = kinds.filter((k) => canonicalCuisine(k) !== k);
  return {
    ...sq,
    ...(cuisine.length ? { cuisine } : {}),
    ...(menu.length ? { menu } : {}),
  };
}

/** Retrieve: exact title, follow-up, or filtered kNN (002 §6). */
export async function retrieveStep(
  input: QaStateInput,
  deps: Pick<QaDeps, "index" | "embedder" | "geocode" | "settings">,
): Promise<QaState> {
  const state = QaState.parse(input);
  const counter = { apiCalls: 0 };
  const found = await retrieve(
    state,
    { index: deps.index, embedder: deps.embedder, geocode: deps.geocode, settings: deps.settings },
    counter,
  );
  // at most 20 documents, and the state under Step Functions' 256 KB whatever they hold: what does not
  // fit is cut (the last menus, reviews), with a warning, never a failed workflow
  // "첫번째 거 말고": the restaurant left out is not found again
  const kept = state.exclude?.length
    ? found.documents.filter((d) => !state.exclude!.includes(d.place_id))
    : found.documents;
  const fitted = fitContextDocuments(kept.slice(0, MAX_STATE_DOCUMENTS));
  const r = { ...found, documents: fitted.documents };
  return {
    ...state,
    retrieval: {
      mode: r.mode,
      circles: r.circles,
      ...(r.widenedToM ? { widenedToM: r.widenedToM } : {}),
      ...(r.parentKind ? { parentKind: r.parentKind } : {}),
    },
    documents: r.documents,
    // nothing to grade or cite: the workflow ends here with a sentence on loading documents
    ...(r.empty ? { route: "index_empty" as const, answer: INDEX_EMPTY_ANSWER, citations: [] } : {}),
    meta: {
      ...state.meta,
      apiCalls: state.meta.apiCalls + counter.apiCalls,
      warnings: [
        ...state.meta.warnings,
        ...r.warnings,
        ...(found.documents.length > MAX_STATE_DOCUMENTS
          ? [
              `식당 문서는 ${MAX_STATE_DOCUMENTS}곳까지 다뤄 나머지 ${found.documents.length - MAX_STATE_DOCUMENTS}곳은 뺐어요`,
            ]
          : []),
        ...fitted.warnings,
      ],
    },
  };
}

const isAfterEmpty = (s: Pick<QaState, "followUp">) => Boolean(s.followUp && !s.followUp.place_ids.length);

/** Grade: relevant or not, with a reason each; `needsWeb` is the Choice state's input. */
export async function gradeStep(
  input: QaStateInput,
  deps: Pick<QaDeps, "llm" | "settings">,
): Promise<QaState> {
  const state = QaState.parse(input);
  const g = await gradeDocuments(state, {
    llm: deps.llm,
    threshold: deps.settings.relevanceThreshold,
    deadline: Deadline.from(state.deadlineAt),
  });
  const meta = withUsage(state, g.usage, g.warnings);
  return {
    ...state,
    documents: g.documents,
    // a follow-up to an answer that found nothing is answered so, not searched on the web
    needsWeb: !g.documents.some((d) => d.relevant) && !isAfterEmpty(state),
    meta: { ...meta, engines: { ...meta.engines, grade: g.engine } },
  };
}

/**
 * The definition's SearchOnly choice, as code for the pipeline: a search ends at Retrieve (its documents,
 * ungraded), and so does a question to an empty index (its answer says how to load documents).
 */
export function afterRetrieve(state: Pick<QaState, "mode" | "route">): "Retrieved" | "Grade" {
  return state.mode === "search" || state.route === "index_empty" ? "Retrieved" : "Grade";
}

/** The definition's NeedsWeb choice, as code for the pipeline: "WebSearch" when nothing is relevant. */
export function afterGrade(state: Pick<QaState, "needsWeb">): "WebSearch" | "Generate" {
  return state.needsWeb ? "WebSearch" : "Generate";
}

/** WebSearch: Tavily with the user's question; without a key, say that no web search is configured. */
export async function webSearchStep(input: QaStateInput, deps: Pick<QaDeps, "web">): Promise<QaState> {
  const state = QaState.parse(input);
  if (!deps.web)
    return {
      ...state,
      web_results: [],
      route: "none",
      meta: {
        ...state.meta,
        warnings: [...state.meta.warnings, NO_WEB_SEARCH],
      },
    };
  const counter = { apiCalls: 0 };
  const warnings: string[] = [];
  let results: QaState["web_results"] = [];
  try {
    results = await deps.web.search(counter, state.query, { deadline: Deadline.from(state.deadlineAt) });
  } catch (err) {
    warnings.push(webSearchFailed(err));
  }
  return {
    ...state,
    web_results: results,
    route: results.length ? "web" : "none",
    meta: {
      ...state.meta,
      apiCalls: state.meta.apiCalls + counter.apiCalls,
      warnings: [...state.meta.warnings, ...warnings],
    },
  };
}

/** Generate: the answer with citations; remembers the cited restaurants for follow-ups. */
export async function generateStep(
  input: QaStateInput,
  deps: Pick<QaDeps, "llm" | "memory" | "web">,
): Promise<QaState> {
  const state = QaState.parse(input);
  // the workflow ends at Retrieve for an empty index; a caller running the steps by hand gets its answer
  if (state.route === "index_empty") return state;
  const docs = state.documents ?? [];
  const relevant = docs.filter((d) => d.relevant);
  const route = state.route ?? (relevant.length ? "index" : "none");
  const context: ContextDocument[] = route === "index" ? relevant : route === "none" ? docs : [];
  const g = await generateAnswer(state, route, context, state.web_results ?? [], {
    llm: deps.llm,
    webConfigured: Boolean(deps.web),
    deadline: Deadline.from(state.deadlineAt),
  });
  if (state.conversationId && deps.memory && route !== "web") {
    const fu = state.followUp;
    const ids = new Set(docs.map((d) => d.place_id));
    const sq = state.structured_query ?? {};
    const circle = state.retrieval?.circles[0];
    // a follow-up keeps the base list and singles one out; a search replaces the list and its place
    await deps.memory.remember(
      state.conversationId,
      fu
        ? {
            place_ids: fu.place_ids,
            query: fu.priorQuery ?? state.query,
            at: Date.now(),
            ...(fu.location ? { location: fu.location } : {}),
            ...(fu.origin ? { origin: fu.origin } : {}),
            ...(fu.kinds ? { kinds: fu.kinds } : {}),
            ...((g.focus ?? fu.focus) ? { focus: g.focus ?? fu.focus } : {}),
          }
        : {
            // an answer that found nothing lists candidates that fail the conditions: no restaurant to
            // point back at (a parent kind offered in their place is one)
            place_ids:
              route === "none" && !state.retrieval?.parentKind
                ? []
                : g.citations.filter((c) => ids.has(c)).slice(0, 10),
            query: state.query,
            at: Date.now(),
            ...(sq.location?.length ? { location: sq.location } : {}),
            ...(circle ? { origin: { name: circle.name, lat: circle.lat, lon: circle.lon } } : {}),
            kinds: [...(sq.menu ?? []), ...(sq.cuisine ?? [])],
            prices: docs
              .flatMap((d): [string, number][] => {
                const p = cheapestOfKinds(d, [...(sq.menu ?? []), ...(sq.cuisine ?? [])])?.price;
                return typeof p === "number" && ids.has(d.place_id) ? [[d.place_id, p]] : [];
              })
              .slice(0, 20),
            distances: docs
              .flatMap((d): [string, number][] =>
                d.distance !== undefined ? [[d.place_id, d.distance]] : [],
              )
              .slice(0, 20),
          },
    );
  }
  const meta = withUsage(state, g.usage, g.warnings);
  return {
    ...state,
    route,
    answer: g.answer,
    citations: g.citations,
    meta: { ...meta, engines: { ...meta.engines, generate: g.engine } },
  };
}
