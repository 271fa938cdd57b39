// The news flow end to end against fake Naver and OpenDART servers, the report cache on dynalite and
// (for the LLM) the real Anthropic adapter on a fake Messages API: cold and warm questions, a failing
// branch, a skipped branch, a 정정 refreshing a cached period, and states that stay small while the
// data behind them is far over Step Functions' 256 KB.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AnthropicLlm } from "../../shared/llm/anthropic.ts";
import { createNewsDeps } from "../../shared/news/wiring.ts";
import { NewsSearchResponse, type SearchState } from "../../shared/news/schemas.ts";
import { reportKeyOf } from "../../shared/news/search-publications.ts";
import {
  analyzeQueryStep,
  formatResultsStep,
  generateResponseStep,
  searchNewsStep,
  searchPublicationsStep,
  selectDocumentsStep,
} from "../../shared/news/steps.ts";
import { renderNewsText } from "../../shared/news/api.ts";
import { runNewsSearch } from "../../shared/news/pipeline.ts";
import { syntheticWarning } from "../../shared/news/usage.ts";
import { fromKst } from "../../shared/platform/time.ts";
import { REPORT_API_KEYS, REPORT_APIS } from "../../shared/providers/opendart-apis.ts";
import {
  documentClient,
  dynamoClient,
  ensureTable,
  startLocalDynamo,
  type LocalDynamo,
} from "../../shared/store/dynamo.ts";
import { startFake, type FakeServer, type Recorded, type Reply } from "../helpers/fake-http.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../helpers/fake-anthropic.ts";
import { FAKE_NAVER, fakeNaver } from "../helpers/fake-naver.ts";
import { FAKE_DART_KEY, fakeOpenDart } from "../helpers/fake-opendart.ts";
import { scriptedLlm } from "../helpers/scripted-llm.ts";
import { newsConfig, NewsEnvSchema } from "../../shared/news/config.ts";

let local: LocalDynamo;
let tableNo = 0;
beforeAll(async () => {
  local = await startLocalDynamo();
});
afterAll(async () => {
  await local.close();
});

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

let clock = fromKst(2025, 11, 20, 10);
const now = () => clock;

type Route = (r: Recorded, n: number) => Reply | Promise<Reply>;

/** Fresh fakes and a fresh table: the deps production would build from this environment. */
async function setup(opts: { naver?: Route; dart?: Route; env?: Record<string, string> } = {}) {
  const naver = await startFake(opts.naver ?? fakeNaver({ now }));
  const dart = await startFake(opts.dart ?? fakeOpenDart({ now }));
  servers.push(naver, dart);
  const table = `news-flow-${++tableNo}`;
  const client = dynamoClient(local.endpoint);
  await ensureTable(client, table);
  const env = NewsEnvSchema.parse({
    OPENDART_API_KEY: FAKE_DART_KEY,
    OPENDART_BASE_URL: `${dart.url}/api`,
    NEWS_CACHE_TABLE: table,
    NEWS_HTTP_TIMEOUT_MS: "2000",
    ...opts.env,
  });
  const deps = createNewsDeps(newsConfig(env, { ...FAKE_NAVER, baseUrl: naver.url }), {
    documents: documentClient(local.endpoint),
    now,
  });
  return { naver, dart, deps };
}

const keyInfoCalls = (dart: FakeServer) =>
  dart.requests.filter((r) => !/(list|document|corpCode)\.(json|xml)$/.test(r.path));

describe("the news flow, end to end", () => {
  it("answers a cold question from the providers and a warm one from the cache alone", async () => {
    clock = fromKst(2025, 11, 20, 10);
    const { deps, dart } = await setup();
    const cold = NewsSearchResponse.parse(await runNewsSearch({ query: "삼성전자 배당" }, deps));
    expect(cold.news_errors).toEqual([]);
    expect(cold.pub_errors).toEqual([]);
    expect(cold.searched_list?.regular.map((r) => `${r.year}Q${r.quarter}`)).toEqual([
      "2025Q3",
      "2025Q2",
      "2025Q1",
      "2024Q4",
    ]);
    expect(cold.selected_documents?.regular.every((r) => r.api_keys_to_check.join() === "api_02")).toBe(true);
    expect(cold.citations.map((c) => c.type)).toContain("regular");
    expect(cold.generated_response).toContain("배당에 관한 사항");
    expect(cold.news_results).toBeNull(); // dropped after FormatResults (003's memory note)
    expect(cold.meta).toMatchObject({ engine: "offline", synthetic: false, llmCalls: 0 });
    // corpCode + list (A) + list (recent) + api_02 × 4 periods + the 정정 documents
    expect(cold.meta.dartCalls).toBe(dart.requests.length);
    expect(cold.meta.dartCalls).toBeLessThanOrEqual(deps.settings.dartCallBudget);
    expect(keyInfoCalls(dart)).toHaveLength(4);

    const before = dart.requests.length;
    const warm = await runNewsSearch({ query: "삼성전자 배당" }, deps);
    expect(dart.requests.length - before).toBe(0);
    expect(warm.meta.dartCalls).toBe(0);
    expect(warm.meta.cacheHits).toBeGreaterThan(0);
    expect(warm.generated_response).toBe(cold.generated_response);
  });

  it("renders as text: 003's summary, then the answer", async () => {
    const { deps } = await setup();
    const text = renderNewsText(await runNewsSearch({ query: "LG 임원" }, deps));
    expect(text.startsWith("=== 검색 결과 요약: 'LG 임원' ===\n📰 뉴스:")).toBe(true);
    expect(text).toContain("■ 정기보고서");
  });

  it("the sample set says so everywhere (no keys at all)", async () => {
    const deps = createNewsDeps(newsConfig(NewsEnvSchema.parse({})), { now });
    const res = await runNewsSearch({ query: "삼성전자 배당" }, deps);
    expect(res.meta.synthetic).toBe(true);
    expect(res.searched_list?.news.every((n) => n.synthetic)).toBe(true);
    expect(renderNewsText(res)).toContain("합성 데이터");
    // README: synthetic data is said in meta.synthetic, a warning and a line of the text answer
    expect(res.meta.warnings).toContain(syntheticWarning({ news: true, disclosures: true }));
    // the sentence names the keys in words; the settings themselves are the notice's
    expect(res.meta.warnings.join("\n")).toMatch(
      /^뉴스와 공시는 내장 합성 데이터입니다: .*네이버 검색 키와 OpenDART 키를 설정하세요/m,
    );
    expect(res.meta.warnings.join("\n")).not.toMatch(/[A-Z]+_[A-Z_]+|`/);
    expect(res.meta.notices[0]).toEqual({
      code: "synthetic_data",
      settings: ["NAVER_CLIENT_ID", "NAVER_CLIENT_SECRET", "OPENDART_API_KEY", "NEWS_PROVIDER"],
    });
  });

  it("with only one source live, the synthetic warning names the other; live data has none", async () => {
    const naver = await startFake(fakeNaver({ now }));
    servers.push(naver);
    const halfLive = createNewsDeps(
      newsConfig(NewsEnvSchema.parse({}), { ...FAKE_NAVER, baseUrl: naver.url }),
      { now },
    );
    const res = await runNewsSearch({ query: "삼성전자 배당" }, halfLive);
    expect(res.meta.synthetic).toBe(true);
    expect(res.meta.warnings.filter((w) => /합성 데이터/.test(w))).toEqual([
      syntheticWarning({ news: false, disclosures: true }),
    ]);
    expect(syntheticWarning({ news: false, disclosures: true })).toMatch(
      /^공시는 내장 합성 데이터입니다: .*OpenDART 키를 설정하세요/,
    );
    expect(res.meta.notices.find((n) => n.code === "synthetic_data")?.settings).toEqual([
      "OPENDART_API_KEY",
      "NEWS_PROVIDER",
    ]);

    const { deps } = await setup();
    const live = await runNewsSearch({ query: "삼성전자 배당" }, deps);
    expect(live.meta.synthetic).toBe(false);
    expect(live.meta.warnings.join("\n")).not.toMatch(/합성 데이터/);
  });

  it("a failing news branch is an error line, and the publications still answer", async () => {
    const { deps, naver } = await setup({
      naver: () => ({ status: 500, json: { errorMessage: "System error", errorCode: "SE99" } }),
    });
    const res = await runNewsSearch({ query: "삼성전자 배당" }, deps);
    expect(naver.requests).toHaveLength(2); // 003's one retry
    expect(res.news_errors).toEqual(["네이버 뉴스: 서버가 오류로 답했습니다"]);
    expect(res.search_summary).toContain("⚠️ 에러 1건\n   - 네이버 뉴스: 서버가 오류로 답했습니다");
    expect(res.meta.notices).toContainEqual(
      expect.objectContaining({
        code: "naver_server",
        status: "500",
        detail: expect.stringContaining("SE99"),
      }),
    );
    expect(res.searched_list?.regular.length).toBe(4);
    expect(res.generated_response).toContain("배당에 관한 사항");
  });

  it("OpenDART's rate limit stops the publications branch; the news still answer", async () => {
    const base = fakeOpenDart({ now });
    const { deps, dart } = await setup({
      dart: (r, n) =>
        r.path.endsWith("list.json")
          ? { json: { status: "020", message: "요청 제한을 초과하였습니다." } }
          : base(r, n),
    });
    const res = await runNewsSearch({ query: "삼성전자 배당" }, deps);
    expect(res.pub_errors).toEqual([
      "OpenDART 하루 요청 한도를 넘어 오늘은 공시를 더 불러오지 않습니다 (공시 목록 삼성전자)",
    ]);
    expect(res.meta.notices).toContainEqual(
      expect.objectContaining({ code: "opendart_rate_limit", status: "020" }),
    );
    // the company's two list calls start together; once the 020 is back nothing else goes out
    expect(dart.requests.map((r) => r.path)).toEqual([
      "/api/corpCode.xml",
      "/api/list.json",
      "/api/list.json",
    ]);
    expect(res.searched_list?.news.length).toBeGreaterThan(0);
    expect(res.generated_response).toContain("■ 뉴스");
  });

  it("without OpenDART's company list the vendored table still names the company", async () => {
    const base = fakeOpenDart({ now });
    const { deps } = await setup({
      dart: (r, n) => (r.path.endsWith("corpCode.xml") ? { status: 503, raw: "" } : base(r, n)),
    });
    const res = await runNewsSearch({ query: "LG전자 배당" }, deps);
    expect(res.pub_errors).toEqual(["OpenDART: 서버가 오류로 답했습니다 (회사 목록)"]);
    expect(res.meta.warnings).toContain(
      "OpenDART 회사 목록을 받지 못해 내장 목록(KOSPI 200 등)으로 회사명을 찾았습니다.",
    );
    expect(res.searched_list?.regular[0]?.filename).toBe("066570_LG전자.json");
  });

  it("a branch not asked for is skipped, not run", async () => {
    const { deps, naver, dart } = await setup();
    const pubs = await runNewsSearch({ query: "삼성전자 배당", search_preference: "publications" }, deps);
    expect(naver.requests).toHaveLength(0);
    expect(pubs.search_summary).not.toContain("📰");
    const news = await runNewsSearch({ query: "SK하이닉스 배당", search_preference: "news" }, deps);
    expect(dart.requests.filter((r) => r.query.get("corp_code") === "00164779")).toHaveLength(0);
    expect(news.search_summary).not.toContain("📊");
  });

  it("a question naming no company searches no publications and says why, without an error", async () => {
    const { deps, dart } = await setup();
    const res = await runNewsSearch({ query: "요즘 배당 많이 주는 회사" }, deps);
    expect(res.pub_errors).toEqual([]);
    expect(res.search_notes).toEqual([
      "질문에 회사 이름이 없어 공시(정기보고서)는 검색하지 않았습니다: 어느 회사인지 알려 주세요.",
    ]);
    expect(dart.requests.filter((r) => r.path.endsWith("list.json"))).toHaveLength(0);
  });

  it("a newer 정정 of a cached period refreshes that period only", async () => {
    clock = fromKst(2025, 11, 20, 10);
    const base = fakeOpenDart({ now });
    let corrected = false;
    const { deps, dart } = await setup({
      dart: async (r, n) => {
        const reply = await base(r, n);
        if (
          corrected &&
          r.path.endsWith("list.json") &&
          r.query.get("pblntf_ty") === "A" &&
          "json" in reply
        ) {
          const body = reply.json as { list: Record<string, string>[] };
          const latest = body.list.find((i) => i.report_nm === "분기보고서 (2025.09)")!;
          body.list.unshift({
            ...latest,
            report_nm: "[기재정정]분기보고서 (2025.09)",
            rcept_no: "20251120990777",
            rcept_dt: "20251120",
          });
        }
        return reply;
      },
    });
    await runNewsSearch({ query: "삼성전자 배당" }, deps);
    corrected = true;
    clock = fromKst(2025, 11, 20, 12); // past the list's 60 minutes
    const before = dart.requests.length;
    await runNewsSearch({ query: "삼성전자 배당" }, deps);
    const refetched = dart.requests
      .slice(before)
      .filter((r) => !/(list|document|corpCode)\.(json|xml)$/.test(r.path));
    expect(
      refetched.map((r) => `${r.path}?${r.query.get("bsns_year")}/${r.query.get("reprt_code")}`),
    ).toEqual(["/api/alotMatter.json?2025/11014"]);
    const meta = await deps.store.getMeta(
      reportKeyOf("opendart", "00126380", { year: 2025, reprt_code: "11014" }),
    );
    expect(meta?.rcept_no).toBe("20251120990777");
    expect(meta?.api_status).toEqual({ api_02: "000" });
  });
});

describe("states between steps stay small; the data behind them does not", () => {
  it("a large company's reports (all 29 keys × 4 periods, one API over 400 KB) pass by reference", async () => {
    clock = fromKst(2025, 11, 20, 10);
    const base = fakeOpenDart({ now });
    const bigRow = (i: number) => ({
      rcept_no: "20251114990001",
      corp_cls: "Y",
      corp_code: "00120021",
      corp_name: "LG",
      nm: `임원${i}(합성)`,
      ofcps: "상무",
      rgist_exctv_at: "미등기",
      fte_at: "상근",
      chrg_job: "사업부문",
      main_career: "경력 ".repeat(60),
    });
    const endpoints = new Set(REPORT_APIS.map((a) => `/api/${a.endpoint}.json`));
    const { deps } = await setup({
      env: { NEWS_DART_CALL_BUDGET: "200" },
      dart: (r, n) =>
        endpoints.has(r.path)
          ? {
              json: {
                status: "000",
                message: "정상",
                list: Array.from({ length: r.path.endsWith("exctvSttus.json") ? 1500 : 40 }, (_, i) =>
                  bigRow(i),
                ),
              },
            }
          : base(r, n),
    });
    // the LLM picks every report with every key
    const everything = (s: SearchState) => ({
      news: [],
      regular: s.searched_list!.regular.map((r, i) => ({
        company_name: r.company_name,
        year: r.year,
        quarter: r.quarter,
        filename: r.filename,
        api_keys_to_check: [...REPORT_API_KEYS],
        reason: "전체",
        priority: i + 1,
      })),
      revision: [],
      selection_summary: "",
    });
    const sizes: Record<string, number> = {};
    const size = (name: string, s: unknown) => (sizes[name] = Buffer.byteLength(JSON.stringify(s)));

    // a question asking nothing in particular: the LLM's picks are kept whole (issue 25 keeps an
    // asked fact's selection to that fact's keys)
    const analyzed = await analyzeQueryStep({ query: "LG" }, deps);
    const branches = await Promise.all([
      searchNewsStep(analyzed, deps),
      searchPublicationsStep(analyzed, deps),
    ]);
    size("SearchNews", branches[0]);
    size("SearchPublications", branches[1]);
    size("Parallel", branches);
    const formatted = await formatResultsStep(branches);
    size("FormatResults", formatted);
    const selected = await selectDocumentsStep(formatted, {
      llm: scriptedLlm([() => everything(formatted)]),
    });
    size("SelectDocuments", selected);
    const done = await generateResponseStep(selected, deps);
    size("GenerateResponse", done);

    // the data the answer was written from, as stored
    let dataBytes = 0;
    for (const r of selected.selected_documents!.regular) {
      const key = reportKeyOf("opendart", "00120021", {
        year: r.year,
        reprt_code: (["11013", "11012", "11014", "11011"] as const)[r.quarter - 1]!,
      });
      const meta = (await deps.store.getMeta(key))!;
      for (const k of REPORT_API_KEYS)
        dataBytes += Buffer.byteLength(
          JSON.stringify((await deps.store.getApi(key, k, meta.rcept_no))?.rows ?? []),
        );
    }
    expect(selected.selected_documents?.regular).toHaveLength(4);
    expect(dataBytes).toBeGreaterThan(4 * 256 * 1024);
    for (const [step, bytes] of Object.entries(sizes)) expect(bytes, step).toBeLessThan(100 * 1024);
    expect(done.generated_response).toContain("| 임원11(합성) |");
    expect(done.generated_response).not.toContain("| 임원12(합성) |"); // a table shows 12 rows
    expect(done.usage.GenerateResponse?.dartCalls).toBeGreaterThan(100); // the selected keys, loaded for the answer
  });
});

describe("the LLM through the Anthropic adapter", () => {
  let fake: FakeAnthropic | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  it("invalid selections and ungrounded answers are retried once, then the offline engines answer, and meta says so", async () => {
    fake = await startFakeAnthropic((req) => {
      const prompt = JSON.stringify(req.messages);
      if (prompt.includes("검색된 문서 목록"))
        return {
          text: JSON.stringify({
            news: [{ title: "x", date: "x", link: "https://made.up/", reason: "r", priority: 1 }],
            regular: [],
            revision: [],
            selection_summary: "s",
          }),
          inputTokens: 1000,
          outputTokens: 100,
        };
      return {
        text: JSON.stringify({ answer: "주당 배당금은 123,456,789원입니다 [1].", cited: [1] }),
        inputTokens: 2000,
        outputTokens: 200,
      };
    });
    const llm = new AnthropicLlm({
      apiKey: "sk-ant-test",
      baseURL: fake.baseURL,
      models: { fast: "claude-haiku-5-5", smart: "claude-sonnet-5-5" },
      timeoutMs: 5000,
    });
    const { deps } = await setup();
    const res = await runNewsSearch({ query: "삼성전자 배당" }, { ...deps, llm });
    expect(fake.requests).toHaveLength(4);
    expect(fake.requests.map((r) => r.model)).toEqual([
      "claude-haiku-5-5",
      "claude-haiku-5-5",
      "claude-sonnet-5-5",
      "claude-sonnet-5-5",
    ]);
    expect(JSON.stringify(fake.requests[1]!.messages)).toContain("is not a link of the listed news");
    expect(JSON.stringify(fake.requests[3]!.messages)).toContain("123456789");
    expect(res.meta).toMatchObject({
      engine: "offline-fallback",
      llmCalls: 4,
      llmTokens: 2 * 1100 + 2 * 2200,
    });
    expect(res.meta.warnings.join("\n")).toMatch(/문서 선택: .*규칙에 따른 선택/);
    expect(res.meta.warnings.join("\n")).toMatch(/답변 생성: .*검증/);
    expect(res.generated_response).not.toContain("123,456,789");
  });
});
