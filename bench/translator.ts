// Translator accuracy on the evaluation set (test/fixtures/eval/translator-eval.jsonl), per class: the
// share of queries whose plan shows every expected field, with anchors geocoded offline.
import { readFileSync } from "node:fs";
import { AnthropicLlm } from "../shared/llm/anthropic.ts";
import type { LlmPort } from "../shared/llm/port.ts";
import { planStep, translateStep } from "../shared/place-search/steps.ts";
import type { TranslatorResult } from "../shared/place-search/schemas.ts";
import { CONFIDENCE_FOR_RULES } from "../shared/llm/fallback.ts";
import { translateWithRules } from "../shared/place-search/translator/rules.ts";
import { embeddedGeocode } from "../shared/providers/embedded/index.ts";
import { scoreTranslatorPlan, type TranslatorEvalCase } from "../test/helpers/eval-score.ts";
import { startFakeAnthropic } from "../test/helpers/fake-anthropic.ts";
import { distinctQueries } from "./query-mix.ts";

export function loadTranslatorCases(file = "translator-eval.jsonl"): TranslatorEvalCase[] {
  return readFileSync(new URL(`../test/fixtures/eval/${file}`, import.meta.url), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as TranslatorEvalCase);
}

export interface CaseOutcome {
  c: TranslatorEvalCase;
  why: string[];
  engine: string;
  confidence: number;
}

export async function runTranslatorCases(cases: TranslatorEvalCase[], llm?: LlmPort): Promise<CaseOutcome[]> {
  const out: CaseOutcome[] = [];
  for (const c of cases) {
    let why: string[];
    let engine = "error";
    let confidence = 0;
    try {
      const state = await translateStep(c.query, llm);
      engine = state.meta.engine;
      confidence = state.meta.confidence;
      why = scoreTranslatorPlan(planStep(state), c.expect, embeddedGeocode);
    } catch (err) {
      why = [`error: ${(err as Error).message}`];
    }
    out.push({ c, why, engine, confidence });
  }
  return out;
}

export interface ClassScore {
  cls: string;
  passed: number;
  total: number;
}

export function byClass(outcomes: CaseOutcome[]): ClassScore[] {
  const m = new Map<string, ClassScore>();
  for (const o of outcomes) {
    const s = m.get(o.c.class) ?? { cls: o.c.class, passed: 0, total: 0 };
    s.total++;
    if (!o.why.length) s.passed++;
    m.set(o.c.class, s);
  }
  const all = [...m.values()];
  all.push({
    cls: "all",
    passed: all.reduce((n, s) => n + s.passed, 0),
    total: all.reduce((n, s) => n + s.total, 0),
  });
  return all;
}

const CODES = /^[A-Z]{2}\d$/;

/**
 * What a competent model answers for a case: the translator_result its expected fields describe. The
 * fake Messages API answers with it, so the LLM path is measured end to end (SDK, schema, retry, plan)
 * with a model that reads the query right; a real model's accuracy is not measured here.
 */
export function competentAnswer(c: TranslatorEvalCase): TranslatorResult {
  const e = c.expect;
  const abroad = e.provider === "google";
  const route = e.strategy === "route";
  const words = [...(e.kwAll ?? []), ...(e.kw ?? []).filter((k) => !CODES.test(k)).slice(0, 1)];
  const trip = e.strategy === "multi_point";
  const days = e.days ?? (trip ? 1 : null);
  const cond = e.cond;
  return {
    search_keywords: words.length ? [...new Set(words)] : trip ? [] : ["맛집"],
    category_codes: (e.kw ?? []).filter((k) => CODES.test(k)) as TranslatorResult["category_codes"],
    review_check_keywords: e.review ?? [],
    distanceMode: e.strategy as TranslatorResult["distanceMode"],
    distanceThreshold: e.threshold ? e.threshold[0] : null,
    travelMode: (e.travelMode as TranslatorResult["travelMode"]) ?? null,
    requires_distance_filter: e.strategy === "point_travel",
    radius: null,
    provider: e.provider as TranslatorResult["provider"],
    tags: { pets: false, activities: [] },
    locations: (e.anchors ?? []).map((alts, i) => ({
      name: alts[0],
      query: alts[0],
      role: route ? (i === 0 ? "origin" : "destination") : "center",
      kind: abroad ? "foreign" : "landmark",
      country: abroad ? "ZZ" : "KR",
    })),
    days,
    nights: days === null ? null : days - 1,
    trip_roles: [],
    english_keywords: words,
    ...(cond
      ? {
          conditions: {
            open_at: cond.open
              ? {
                  kind: cond.open,
                  ...(cond.weekday !== undefined ? { weekday: cond.weekday } : {}),
                  ...(cond.holiday ? { holiday: true } : {}),
                  ...(cond.dayOffset !== undefined ? { day_offset: cond.dayOffset } : {}),
                  ...(cond.time ? { time: cond.time } : {}),
                }
              : null,
            sort_by: cond.sort ?? null,
            max_price: cond.priceMax ?? null,
            exclude: cond.exclude ?? [],
          },
        }
      : {}),
  };
}

/** The translator with an LLM behind a fake Messages API that answers every case competently. */
async function withCompetentLlm<T>(
  cases: TranslatorEvalCase[],
  run: (llm: LlmPort) => Promise<T>,
): Promise<T> {
  const fake = await startFakeAnthropic((req) => {
    const text = JSON.stringify(req.messages);
    const c = cases.find((x) => text.includes(JSON.stringify(x.query).slice(1, -1)));
    return c ? { text: JSON.stringify(competentAnswer(c)) } : { status: 500, errorType: "api_error" };
  });
  try {
    const llm = new AnthropicLlm({
      apiKey: "sk-ant-bench",
      baseURL: fake.baseURL,
      models: { fast: "claude-haiku-5-5", smart: "claude-sonnet-5-5" },
      timeoutMs: 5000,
      maxRetries: 0,
    });
    return await run(llm);
  } finally {
    await fake.close();
  }
}

/** Of the plans the rules answer alone (confidence ≥ the LLM threshold), the share that is right. */
export function calibration(outcomes: CaseOutcome[]) {
  const confident = outcomes.filter((o) => o.confidence >= CONFIDENCE_FOR_RULES);
  const unsure = outcomes.filter((o) => o.confidence < CONFIDENCE_FOR_RULES);
  return {
    confident: confident.length,
    rightWhenConfident: confident.filter((o) => !o.why.length).length / Math.max(1, confident.length),
    unsure: unsure.length,
    rightWhenUnsure: unsure.filter((o) => !o.why.length).length / Math.max(1, unsure.length),
  };
}

/** The share of queries that would reach the LLM (rules confidence below the threshold). */
export function llmShare(queries: string[]): number {
  return (
    queries.filter((q) => translateWithRules(q).confidence < CONFIDENCE_FOR_RULES).length / queries.length
  );
}

const pct = (x: ClassScore) =>
  `${String(x.passed).padStart(3)}/${String(x.total).padEnd(3)} ${((100 * x.passed) / x.total).toFixed(0).padStart(3)} %`;

export async function benchTranslator() {
  console.log("## Translator accuracy on test/fixtures/eval/translator-eval.jsonl\n");
  const cases = loadTranslatorCases();
  const rules = await runTranslatorCases(cases);
  const withLlm = await withCompetentLlm(cases, (port) => runTranslatorCases(cases, port));
  const a = byClass(rules);
  const b = byClass(withLlm);
  // the second column is not an accuracy: the fake model answers from each case's expected fields, so it
  // checks the LLM path's plumbing (SDK, schema, retry, plan) only
  console.log(
    "class            rules alone      LLM plumbing (fake model answering from the expected fields)",
  );
  for (const s of a) {
    const llm = b.find((x) => x.cls === s.cls);
    console.log(`${s.cls.padEnd(16)} ${pct(s)}     ${llm ? pct(llm) : "–"}`);
  }
  const cal = calibration(rules);
  console.log(
    `\ncalibration (LLM threshold ${CONFIDENCE_FOR_RULES}): ${cal.confident} plans at or above it, ${(100 * cal.rightWhenConfident).toFixed(1)} % right; ${cal.unsure} below it (${(100 * cal.rightWhenUnsure).toFixed(0)} % right by the rules alone)`,
  );
  const hot = readFileSync(new URL("./queries.txt", import.meta.url), "utf8")
    .split("\n")
    .filter(Boolean);
  const mix = [...hot, ...distinctQueries(2000, 11), ...cases.map((c) => c.query)];
  const share = (qs: string[]) => `${(100 * llmShare(qs)).toFixed(1)} %`;
  console.log(
    `share reaching the LLM: ${share(cases.map((c) => c.query))} of the eval set, ${share(hot)} of the popular queries, ${share(mix)} of a mix of ${mix.length} (popular + 2000 generated + the eval set)`,
  );
  for (const file of [
    "translator-fresh.jsonl",
    "translator-fresh2.jsonl",
    "translator-fresh3.jsonl",
    "translator-fresh5.jsonl",
  ]) {
    const fresh = await runTranslatorCases(loadTranslatorCases(file));
    const c = calibration(fresh);
    const right = fresh.filter((o) => !o.why.length).length;
    console.log(
      `${file} (written after the changes): ${right}/${fresh.length} right; ${c.confident} at or above the threshold, ${(100 * c.rightWhenConfident).toFixed(1)} % of them right`,
    );
  }
  const generated = rules.filter((o) => o.c.generated);
  console.log(
    `generated cases (names and foods unknown when the set was made): ${generated.filter((o) => !o.why.length).length}/${generated.length} right by the rules alone`,
  );
  if (process.env.VERBOSE)
    for (const o of rules.filter((o) => o.why.length))
      console.log(`${o.c.id} ${o.c.query}: ${o.why.join("; ")}`);
  return { rules: a, llm: b, calibration: cal };
}
