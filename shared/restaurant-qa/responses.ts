// The responses of POST /v1/restaurants/ask and /search from a QA state at its end (the API's and the
// pipeline's alike): the public documents, the answer and its citations, and what answered (meta).
import { AskResponse, SearchResponse, type ContextDocument, type QaState } from "./state.ts";
import type { QaDeps } from "./steps.ts";

function responseMeta(state: QaState, deps: Pick<QaDeps, "index" | "embedder">) {
  const engines = Object.values(state.meta.engines);
  const engine = engines.includes("rules-fallback")
    ? "llm+fallback"
    : engines.includes("llm")
      ? "llm"
      : "offline";
  return {
    llmCalls: state.meta.llmCalls,
    llmTokens: state.meta.llmTokens,
    engine,
    warnings: [...new Set(state.meta.warnings)],
    synthetic: (state.documents ?? []).some((d) => d.synthetic),
    durationMs: state.meta.startedAt ? Date.now() - state.meta.startedAt : 0,
    engines: state.meta.engines,
    apiCalls: state.meta.apiCalls,
    index: deps.index.engine,
    embedder: `${deps.embedder.name}/${deps.embedder.dimension}`,
    unread: state.meta.unread ?? [],
  };
}

const publicDoc = ({ similarity: _s, reviews: _r, description: _d, ...doc }: ContextDocument) => doc;

export function askResponse(state: QaState, deps: Pick<QaDeps, "index" | "embedder">): AskResponse {
  return AskResponse.parse({
    query: state.query,
    structured_query: state.structured_query ?? {},
    route: state.route ?? "none",
    documents: (state.documents ?? []).map(publicDoc),
    answer: state.answer ?? "",
    citations: state.citations ?? [],
    ...(state.web_results?.length ? { web_results: state.web_results } : {}),
    ...(state.conversationId ? { conversationId: state.conversationId } : {}),
    meta: responseMeta(state, deps),
  });
}

export function searchResponse(state: QaState, deps: Pick<QaDeps, "index" | "embedder">): SearchResponse {
  return SearchResponse.parse({
    query: state.query,
    structured_query: state.structured_query ?? {},
    documents: (state.documents ?? []).map(({ relevant: _r, reason: _why, ...d }) => publicDoc(d)),
    meta: responseMeta(state, deps),
  });
}
