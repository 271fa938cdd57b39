// Each step records what it spent under its own name in state.usage (the Parallel branches write
// different names, so merging them loses nothing); the response's meta is their sum.
import { StepUsage, type NewsMeta, type SearchState } from "./schemas.ts";

export const STEP = {
  analyze: "AnalyzeQuery",
  news: "SearchNews",
  publications: "SearchPublications",
  format: "FormatResults",
  select: "SelectDocuments",
  generate: "GenerateResponse",
} as const;

export function withUsage(state: SearchState, step: string, usage: Partial<StepUsage>): SearchState {
  return { ...state, usage: { ...state.usage, [step]: StepUsage.parse(usage) } };
}

export function metaOf(state: SearchState, now = Date.now()): NewsMeta {
  const steps = Object.values(state.usage);
  const sum = (f: (u: StepUsage) => number) => steps.reduce((s, u) => s + f(u), 0);
  const engines = steps.map((u) => u.engine).filter(Boolean);
  return {
    llmCalls: sum((u) => u.llmCalls),
    llmTokens: sum((u) => u.llmTokens),
    engine: engines.includes("offline-fallback")
      ? "offline-fallback"
      : engines.includes("llm")
        ? "llm"
        : "offline",
    warnings: [...new Set(steps.flatMap((u) => u.warnings))],
    synthetic: steps.some((u) => u.synthetic),
    durationMs: state.startedAt ? Math.max(0, now - state.startedAt) : sum((u) => u.ms),
    dartCalls: sum((u) => u.dartCalls),
    cacheHits: sum((u) => u.cacheHits),
    naverCalls: sum((u) => u.naverCalls),
  };
}
