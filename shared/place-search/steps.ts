// The two steps of the planning workflow, as plain functions the Lambdas and the local runner share:
// translate (query → translator_result) and plan (translator_result → checked MapSearch plan).
import { listWith } from "../korean/josa.ts";
import { z } from "zod";
import { Deadline } from "../platform/deadline.ts";
import { DongneError } from "../platform/errors.ts";
import type { LlmPort } from "../llm/port.ts";
import { checkPlan } from "./plan-check.ts";
import { fitToState } from "./plan-cost.ts";
import { planSearch } from "./planner.ts";
import { LatLngInput, PlanMeta, PlanResponse, TranslatorResult } from "./schemas.ts";
import { translate } from "./translator/index.ts";
import { MAX_TRIP_DAYS } from "./translator/rules.ts";
import { NO_LOCATION } from "./warnings.ts";

/** Workflow state after Translate: what Plan needs, and the running meta. */
export const TranslatedState = z.object({
  query: z.string(),
  translator_result: TranslatorResult,
  meta: z.object({
    engine: z.enum(["rules", "llm", "rules-fallback"]),
    confidence: z.number(),
    llmCalls: z.number().int(),
    llmTokens: z.object({ input: z.number().int(), output: z.number().int() }),
    warnings: z.array(z.string()),
    startedAt: z.number(),
    unread: PlanMeta.shape.unread,
    reading: PlanMeta.shape.reading,
  }),
  /** the request's time budget (epoch ms), passed on to the search */
  deadlineAt: z.number().optional(),
  /** the user's position the request carried ("near me") */
  user_location: LatLngInput.optional(),
});
export type TranslatedState = z.infer<typeof TranslatedState>;

/** The longest keyword a search sends. */
const MAX_KEYWORD_CHARS = 60;
/** The most keywords one multi_keyword_search (or a route's sample_and_search) takes (001). */
const MAX_SEARCH_QUERIES = 10;

/**
 * Keeps a translation — the rules' or the LLM's — inside what a plan can hold, saying so, instead of
 * failing the workflow: a trip longer than the rules plan is planned at that length, a keyword longer
 * than a search takes is cut.
 */
export function boundTranslation(result: TranslatorResult, warnings: string[]): TranslatorResult {
  const out = { ...result };
  if (out.days !== null && out.days > MAX_TRIP_DAYS) {
    warnings.push(
      `${out.days}일 여행은 ${MAX_TRIP_DAYS}일까지만 계획했어요: 나머지 일정은 나눠서 찾아 주세요`,
    );
    out.days = MAX_TRIP_DAYS;
  }
  if (out.nights !== null) out.nights = Math.max(0, Math.min(out.nights, (out.days ?? MAX_TRIP_DAYS) - 1));
  const cut = (k: string) => (k.length > MAX_KEYWORD_CHARS ? k.slice(0, MAX_KEYWORD_CHARS).trim() : k);
  if ([...out.search_keywords, ...out.english_keywords].some((k) => k.length > MAX_KEYWORD_CHARS))
    warnings.push(`${MAX_KEYWORD_CHARS}자가 넘는 키워드는 앞 ${MAX_KEYWORD_CHARS}자로 줄여 찾았어요`);
  // the translator may read up to 12 keywords (an LLM's reading), a search takes 10: the rest are said
  const keywords = [...new Set(out.search_keywords.map(cut).filter(Boolean))];
  if (keywords.length > MAX_SEARCH_QUERIES)
    warnings.push(
      `키워드는 한 번에 ${MAX_SEARCH_QUERIES}개까지 찾아요: ${listWith(keywords.slice(MAX_SEARCH_QUERIES), "은/는")} 빼고 찾았어요`,
    );
  out.search_keywords = keywords.slice(0, MAX_SEARCH_QUERIES);
  out.english_keywords = [...new Set(out.english_keywords.map(cut).filter(Boolean))].slice(0, 12);
  return out;
}

export async function translateStep(
  query: string,
  llm?: LlmPort,
  now = Date.now(),
  deadlineAt?: number,
  userLocation?: LatLngInput,
): Promise<TranslatedState> {
  const t = await translate(query, llm, Deadline.from(deadlineAt));
  const warnings = [...t.warnings];
  const bounded = boundTranslation(t.result, warnings);
  return {
    ...(deadlineAt ? { deadlineAt } : {}),
    ...(userLocation ? { user_location: userLocation } : {}),
    query,
    translator_result: bounded,
    meta: {
      engine: t.engine,
      confidence: t.confidence,
      llmCalls: t.usage.calls,
      llmTokens: { input: t.usage.inputTokens, output: t.usage.outputTokens },
      warnings,
      startedAt: now,
      unread: t.unread,
      ...(t.reading ? { reading: t.reading } : {}),
    },
  };
}

/** The planner wrote a plan its own check refuses: a fault of ours, not the query's. */
export class InvalidPlanError extends DongneError {
  constructor(readonly problems: { path: string; message: string }[]) {
    super("internal", `plan failed its check: ${problems.map((p) => `${p.path}: ${p.message}`).join("; ")}`);
  }
}

/** The plan, and the budget its search runs within. */
export type PlannedState = PlanResponse & { deadlineAt?: number };

export function planStep(state: TranslatedState, now = Date.now()): PlannedState {
  const { question, ...planned } = planSearch(state.translator_result, {
    query: state.query,
    userLocation: state.user_location,
  });
  const { startedAt, ...meta } = state.meta;
  // a question has no steps to check: the answer asks it and searches nothing
  // a plan whose worst case would pass the workflow's 256 KB state asks fewer places a search (issue 26)
  const fitted = question ? { plan: planned, size: null } : fitToState(planned);
  const checked = question ? { ok: true as const, plan: planned } : checkPlan(fitted.plan);
  if (!checked.ok) throw new InvalidPlanError(checked.problems);
  // "near me" words with a position: the warning that nothing limits the area no longer holds
  const warnings =
    state.user_location && !state.translator_result.locations.length
      ? meta.warnings.filter((w) => w !== NO_LOCATION)
      : [...meta.warnings];
  if (fitted.size !== null)
    warnings.push(
      `검색 결과가 한 번에 처리할 수 있는 크기를 넘지 않도록 검색어마다 최대 ${fitted.size}곳까지만 찾았습니다`,
    );
  return {
    ...(state.deadlineAt ? { deadlineAt: state.deadlineAt } : {}),
    ...(state.user_location ? { user_location: state.user_location } : {}),
    query: state.query,
    translator_result: state.translator_result,
    ...checked.plan,
    meta: {
      ...meta,
      warnings: question ? [...warnings.filter((w) => !w.startsWith("no location")), question] : warnings,
      ...(question ? { question } : {}),
      durationMs: Math.max(0, now - startedAt),
    },
  };
}
