// News & disclosures benchmark (seed 003). Fake Naver and OpenDART servers answer after a fixed latency
// (on their own thread) and a fake Anthropic Messages API after another, through the real adapters.
// For each question, in one run:
//  - each step timed alone on a cold cache: SearchNews, SearchPublications, SelectDocuments,
//    GenerateResponse; the ideal is max(news, publications) + select + generate (the branches in
//    parallel, nothing else in the way), and the whole flow's wall time (again cold) against it, twice:
//    in-process (runNewsSearch: the steps called one after another, the branches a Promise.all) and
//    through the real state machine (the API's NewsService → the local Workflows port → the Express
//    definition in aws-local-stepfunctions, each Task in its Lambda envelope: JSON in and out, the
//    step's schemas, the 256 KB check; the branches a Parallel with its Choice states), the same deps;
//  - OpenDART calls of the question cold and warm (the same question again: the cache answers);
//  - LLM calls and tokens (the fake reports 1 token per 2 prompt characters, a rough figure for
//    Korean text; real counts differ).
import { startLocal } from "../functions/api/local.ts";
import { loadConfig } from "../shared/platform/config.ts";
import { AnthropicLlm } from "../shared/llm/anthropic.ts";
import { OpenDartCompanyDirectory } from "../shared/news/company-directory.ts";
import type { NewsDeps } from "../shared/news/wiring.ts";
import { createNewsDeps } from "../shared/news/wiring.ts";
import { MemoryReportStore } from "../shared/news/report-store.ts";
import { SearchedList } from "../shared/news/schemas.ts";
import {
  analyzeQueryStep,
  formatResultsStep,
  generateResponseStep,
  searchNewsStep,
  searchPublicationsStep,
  selectDocumentsStep,
} from "../shared/news/steps.ts";
import { runNewsSearch } from "../shared/news/pipeline.ts";
import { fromKst } from "../shared/platform/time.ts";
import { startFakeAnthropic } from "../test/helpers/fake-anthropic.ts";
import { FAKE_NAVER } from "../test/helpers/fake-naver.ts";
import { FAKE_DART_KEY } from "../test/helpers/fake-opendart.ts";
import { startFakeNewsProviders } from "./fake-news-providers.ts";
import { newsConfig, NewsEnvSchema } from "../shared/news/config.ts";

const LATENCY = { naver: 80, dart: 50, llm: 400 };
const QUESTIONS = [
  "삼성전자 배당",
  "SK하이닉스 2025년 2분기 매출",
  "LG 임원 현황",
  "네이버 직원 평균 연봉",
  "현대차와 기아 작년 실적",
  "카카오 최신 뉴스",
];
const NOW = fromKst(2025, 11, 20, 10);

interface Row {
  query: string;
  news: number;
  publications: number;
  select: number;
  generate: number;
  ideal: number;
  wall: number;
  ratio: number;
  /** the state machine's wall time (local runner), cold */
  machine: number;
  machineRatio: number;
  dartCold: number;
  dartWarm: number;
  llmCalls: number;
  llmTokens: number;
  engine: string;
}

/** The fake model: a selection taken from the prompt's own list (valid), and an answer with no figures. */
function modelReply(req: { messages: { content: unknown }[] }) {
  const content = req.messages[0]?.content;
  const prompt = typeof content === "string" ? content : JSON.stringify(content ?? "");
  const tokens = { inputTokens: Math.ceil(prompt.length / 2), outputTokens: 150 };
  const listed = /검색된 문서 목록:\n([\s\S]*)\n\n위 문서들/.exec(prompt)?.[1];
  if (!listed)
    return { text: JSON.stringify({ answer: "불러온 자료를 정리했습니다 [1].", cited: [1] }), ...tokens };
  const list = SearchedList.parse(JSON.parse(listed));
  const keys = (k: string[]) => (k.includes("api_02") ? ["api_02", "accounts"] : ["accounts"]);
  return {
    text: JSON.stringify({
      news: list.news.slice(0, 2).map((n, i) => ({
        title: n.title,
        date: n.date,
        link: n.link,
        reason: "관련 뉴스",
        priority: 6 + i,
      })),
      regular: list.regular.slice(0, 4).map((r, i) => ({
        company_name: r.company_name,
        year: r.year,
        quarter: r.quarter,
        filename: r.filename,
        api_keys_to_check: keys(r.api_keys),
        reason: "정기보고서",
        priority: 1 + i,
      })),
      revision: list.revision
        .slice(0, 1)
        .map((v) => ({ basic_info: v.basic_info, reason: "정정", priority: 5 })),
      selection_summary: "",
    }),
    ...tokens,
  };
}

export async function benchNews() {
  const fakes = await startFakeNewsProviders({ naver: LATENCY.naver, dart: LATENCY.dart }, NOW.getTime());
  const anthropic = await startFakeAnthropic((req) => modelReply(req), { latencyMs: LATENCY.llm });
  const llm = new AnthropicLlm({
    apiKey: "bench",
    baseURL: anthropic.baseURL,
    models: { fast: "claude-haiku-5-5", smart: "claude-sonnet-5-5" },
    timeoutMs: 10_000,
  });
  const env = NewsEnvSchema.parse({
    OPENDART_API_KEY: FAKE_DART_KEY,
    OPENDART_BASE_URL: `${fakes.dartUrl}/api`,
  });
  const base = createNewsDeps(newsConfig(env, { ...FAKE_NAVER, baseUrl: fakes.naverUrl }), {
    llm,
    now: () => NOW,
  });
  // the corpCode list is downloaded once a day (then read from the cache table), not per question:
  // load it before measuring
  const companies = new OpenDartCompanyDirectory(base.dart, () => NOW);
  await companies.index({ apiCalls: 0 });
  const fresh = (): NewsDeps => ({ ...base, companies, store: new MemoryReportStore() });
  const time = async <T>(f: () => Promise<T>) => {
    const t0 = performance.now();
    const value = await f();
    return { value, ms: performance.now() - t0 };
  };
  await runNewsSearch({ query: QUESTIONS[0] }, fresh()); // warm-up: connections, JIT

  // the product on one machine (dynalite in memory, the workflows in-process) with the bench's deps as
  // the news steps' wiring: each question swaps in a fresh (cold) report cache
  const machineDeps: NewsDeps = fresh();
  const world = await startLocal(loadConfig({ SIM_STORE: "memory", LLM_MODE: "offline" }), {
    llm: null,
    services: { "news.deps": machineDeps },
  });
  const viaMachine = (query: string) => world.context.services.news.search({ query });
  await viaMachine(QUESTIONS[0]!); // warm-up: the definition's first run, the handlers' imports

  console.log(
    `\n### News & disclosures, latency per call: Naver ${LATENCY.naver} ms, OpenDART ${LATENCY.dart} ms, LLM ${LATENCY.llm} ms\n`,
  );
  console.log(
    "| question | news | publications | select | generate | ideal | wall in-process | in-process / ideal | wall state machine | state machine / ideal | OpenDART calls cold / warm | LLM calls | LLM tokens |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  const rows: Row[] = [];
  for (const query of QUESTIONS) {
    const deps = fresh();
    const analyzed = await analyzeQueryStep({ query }, deps);
    const news = await time(() => searchNewsStep(analyzed, deps));
    const pubs = await time(() => searchPublicationsStep(analyzed, deps));
    const formatted = await formatResultsStep([news.value, pubs.value]);
    const select = await time(() => selectDocumentsStep(formatted, deps));
    const generate = await time(() => generateResponseStep(select.value, deps));
    const ideal = Math.max(news.ms, pubs.ms) + select.ms + generate.ms;

    const flowDeps = fresh();
    const wall = await time(() => runNewsSearch({ query }, flowDeps));
    const warm = await runNewsSearch({ query }, flowDeps);
    machineDeps.store = new MemoryReportStore();
    const machine = await time(() => viaMachine(query));
    if (machine.value.meta.dartCalls !== wall.value.meta.dartCalls)
      throw new Error(
        `${query}: the state machine made ${machine.value.meta.dartCalls} OpenDART calls, in-process ${wall.value.meta.dartCalls}`,
      );
    const m = wall.value.meta;
    const row: Row = {
      query,
      news: news.ms,
      publications: pubs.ms,
      select: select.ms,
      generate: generate.ms,
      ideal,
      wall: wall.ms,
      ratio: wall.ms / ideal,
      machine: machine.ms,
      machineRatio: machine.ms / ideal,
      dartCold: m.dartCalls,
      dartWarm: warm.meta.dartCalls,
      llmCalls: m.llmCalls,
      llmTokens: m.llmTokens,
      engine: m.engine,
    };
    rows.push(row);
    const f = (x: number) => `${x.toFixed(0)} ms`;
    console.log(
      `| ${query} | ${f(row.news)} | ${f(row.publications)} | ${f(row.select)} | ${f(row.generate)} | ${f(ideal)} | ${f(row.wall)} | ${row.ratio.toFixed(2)} | ${f(row.machine)} | ${row.machineRatio.toFixed(2)} | ${row.dartCold} / ${row.dartWarm} | ${row.llmCalls} | ${row.llmTokens} |`,
    );
  }
  const mean = (f: (r: Row) => number) => rows.reduce((s, r) => s + f(r), 0) / rows.length;
  console.log(
    `\nmean wall / ideal: state machine ${mean((r) => r.machineRatio).toFixed(2)} (${Math.min(...rows.map((r) => r.machineRatio)).toFixed(2)}–${Math.max(...rows.map((r) => r.machineRatio)).toFixed(2)}), in-process ${mean((r) => r.ratio).toFixed(2)} (target ≤ 1.2); OpenDART calls per question cold ${mean((r) => r.dartCold).toFixed(1)} (max ${Math.max(...rows.map((r) => r.dartCold))}, budget ${base.settings.dartCallBudget}), warm ${mean((r) => r.dartWarm).toFixed(1)}; LLM ${mean((r) => r.llmCalls).toFixed(1)} calls and ${mean((r) => r.llmTokens).toFixed(0)} tokens per question; engines: ${[...new Set(rows.map((r) => r.engine))].join(", ")}`,
  );
  // the same questions with the offline engines (no LLM): the selection asks only for the keys the words name
  const offline: number[] = [];
  for (const query of QUESTIONS) {
    const deps = { ...fresh(), llm: undefined };
    offline.push((await runNewsSearch({ query }, deps)).meta.dartCalls);
  }
  console.log(
    `offline engines: OpenDART calls per question cold ${(offline.reduce((a, b) => a + b, 0) / offline.length).toFixed(1)} (${offline.join(", ")})`,
  );
  await world.close();
  await anthropic.close();
  await fakes.close();
  return rows;
}
