// Each step records what it spent under its own name in state.usage (the Parallel branches write
// different names, so merging them loses nothing); the response's meta is their sum.
import { LlmOutputError, type LlmUnavailableError, type TokenUsage } from "../llm/port.ts";
import { StepUsage, type NewsMeta, type Notice, type SearchState } from "./schemas.ts";

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
 * meta.warnings' word on sample data (the README promises one): what is synthetic and what makes it
 * live, in words; the settings themselves are its notice's (syntheticNotice).
 */
export function syntheticWarning(which: { news: boolean; disclosures: boolean }): string {
  const what = [which.news && "뉴스", which.disclosures && "공시"].filter(Boolean).join("와 ");
  const keys = [which.news && "네이버 검색 키", which.disclosures && "OpenDART 키"].filter(Boolean);
  return `${what}는 내장 합성 데이터입니다: 실제 회사 이름과 고유번호에 지어낸 내용을 붙인 견본입니다. 실제 자료를 보려면 ${keys.join("와 ")}를 설정하세요.`;
}

/** The synthetic warning's code and the settings that make each source live. */
export function syntheticNotice(which: { news: boolean; disclosures: boolean }): Notice {
  return {
    code: "synthetic_data",
    settings: [
      ...(which.news ? ["NAVER_CLIENT_ID", "NAVER_CLIENT_SECRET"] : []),
      ...(which.disclosures ? ["OPENDART_API_KEY"] : []),
      "NEWS_PROVIDER",
    ],
  };
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
  return `${step}: LLM을 쓸 수 없어 ${instead}.`;
}

/** The fallback's code, with the model's own error (its words are not for people). */
export const llmFallbackNotice = (failure: LlmOutputError | LlmUnavailableError): Notice => ({
  code: failure instanceof LlmOutputError ? "llm_output_invalid" : "llm_unavailable",
  detail: failure.message,
});

export function metaOf(state: SearchState, now = Date.now()): NewsMeta {
  const steps = Object.values(state.usage);
  const sum = (f: (u: StepUsage) => number) => steps.reduce((s, u) => s + f(u), 0);
  const engines = steps.map((u) => u.engine).filter(Boolean);
  const synthetic = steps.some((u) => u.synthetic);
  const news = state.usage[STEP.news]?.synthetic === true;
  const disclosures = state.usage[STEP.publications]?.synthetic === true;
  const warnings = [...new Set(steps.flatMap((u) => u.warnings))];
  const notices = steps
    .flatMap((u) => u.notices)
    .filter((n, i, all) => all.findIndex((m) => JSON.stringify(m) === JSON.stringify(n)) === i);
  // a synthetic answer whose search steps say nothing (a state built elsewhere) still gets the warning
  if (synthetic) {
    const which = news || disclosures ? { news, disclosures } : { news: true, disclosures: true };
    warnings.unshift(syntheticWarning(which));
    notices.unshift(syntheticNotice(which));
  }
  return {
    llmCalls: sum((u) => u.llmCalls),
    llmTokens: sum((u) => u.llmTokens),
    engine: engines.includes("offline-fallback")
      ? "offline-fallback"
      : engines.includes("llm")
        ? "llm"
        : "offline",
    warnings,
    notices,
    synthetic,
    durationMs: state.startedAt ? Math.max(0, now - state.startedAt) : sum((u) => u.ms),
    dartCalls: sum((u) => u.dartCalls),
    cacheHits: sum((u) => u.cacheHits),
    naverCalls: sum((u) => u.naverCalls),
  };
}
