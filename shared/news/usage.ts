// Each step records what it spent under its own name in state.usage (the Parallel branches write
// different names, so merging them loses nothing); the response's meta is their sum.
import { LlmOutputError, type LlmUnavailableError, type TokenUsage } from "../llm/port.ts";
import { StepUsage, type NewsMeta, type SearchState } from "./schemas.ts";

export const STEP = {
  analyze: "AnalyzeQuery",
  news: "SearchNews",
  publications: "SearchPublications",
  format: "FormatResults",
  select: "SelectDocuments",
  generate: "GenerateResponse",
} as const;

/** A step's LLM calls and tokens (input and output) as its usage counts them. */
export const llmUsageOf = (usage: TokenUsage) => ({
  llmCalls: usage.calls,
  llmTokens: usage.inputTokens + usage.outputTokens,
});

export function withUsage(state: SearchState, step: string, usage: Partial<StepUsage>): SearchState {
  return { ...state, usage: { ...state.usage, [step]: StepUsage.parse(usage) } };
}

/**
 * meta.warnings' word on sample data (the README promises one), worded as place search words its own:
 * what is synthetic and which key makes it live. Only the sources the question searched are named.
 */
export function syntheticWarning(which: { news: boolean; disclosures: boolean }): string {
  const what = [which.news && "뉴스", which.disclosures && "공시"].filter(Boolean).join("와 ");
  const keys = [
    which.news && "NAVER_CLIENT_ID/NAVER_CLIENT_SECRET",
    which.disclosures && "OPENDART_API_KEY",
  ].filter(Boolean);
  return `${what}는 내장 합성 데이터입니다: 실제 회사명과 코드에 지어낸 내용을 붙인 견본이며, 항목마다 합성 표시(\`synthetic: true\`)가 붙어 있습니다. 실제 자료를 보려면 ${keys.join(", ")}를 설정하세요(\`NEWS_PROVIDER=auto\`).`;
}

/**
 * The warning of a step whose model fell back to the rules: why (its answers failed their checks, or it
 * could not be reached, its error quoted) and what answered instead.
 */
export function llmFallbackWarning(
  step: string,
  failure: LlmOutputError | LlmUnavailableError,
  whyInvalid: string,
  instead: string,
): string {
  if (failure instanceof LlmOutputError) return `${step}: ${whyInvalid} ${instead}.`;
  return `${step}: LLM을 쓸 수 없어 ${instead} (오류: ${failure.message}).`;
}

export function metaOf(state: SearchState, now = Date.now()): NewsMeta {
  const steps = Object.values(state.usage);
  const sum = (f: (u: StepUsage) => number) => steps.reduce((s, u) => s + f(u), 0);
  const engines = steps.map((u) => u.engine).filter(Boolean);
  const synthetic = steps.some((u) => u.synthetic);
  const news = state.usage[STEP.news]?.synthetic === true;
  const disclosures = state.usage[STEP.publications]?.synthetic === true;
  const warnings = [...new Set(steps.flatMap((u) => u.warnings))];
  // a synthetic answer whose search steps say nothing (a state built elsewhere) still gets the warning
  if (synthetic)
    warnings.unshift(
      syntheticWarning(news || disclosures ? { news, disclosures } : { news: true, disclosures: true }),
    );
  return {
    llmCalls: sum((u) => u.llmCalls),
    llmTokens: sum((u) => u.llmTokens),
    engine: engines.includes("offline-fallback")
      ? "offline-fallback"
      : engines.includes("llm")
        ? "llm"
        : "offline",
    warnings,
    synthetic,
    durationMs: state.startedAt ? Math.max(0, now - state.startedAt) : sum((u) => u.ms),
    dartCalls: sum((u) => u.dartCalls),
    cacheHits: sum((u) => u.cacheHits),
    naverCalls: sum((u) => u.naverCalls),
  };
}
