// The command line (`npx dongne …`). Every command that asks the product goes through the API client
// (api-client.ts): to the server given by --api (or DONGNE_API_URL), else to a dongne server found on
// PORT, else to the same app in this process (--local, or DONGNE_CLI_MODE=local, forces that). Results
// for people go to stdout (tables, answers, figures; --json gives the raw response), progress and
// warnings to stderr; an error is one Korean line on stderr and exit code 1 (usage mistakes: 2).
import { withJosa } from "../shared/korean/josa.ts";
import { createInterface } from "node:readline";
import { dirname, join } from "node:path";
import { accessSync, constants, renameSync, rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig, type Config } from "../shared/platform/config.ts";
import { REGISTRY_FILE } from "../shared/providers/embedded/index.ts";
import { importRegistry, REGISTRY_SOURCE } from "../shared/providers/embedded/registry-import.ts";
import type { AgentResponse } from "../shared/places/place.ts";
import { ResumeRequest, SimulationRequest } from "../shared/simulation/schemas.ts";
import type { SpendEstimate } from "../shared/simulation/spend.ts";
import type { SimulationReport } from "../shared/simulation/report.ts";
import { NEWS_USAGE, newsCommand } from "../shared/news/cli.ts";
import type { NewsSearchResponse } from "../shared/news/schemas.ts";
import { embeddedPlaces } from "../shared/providers/exec-deps.ts";
import { NaverLocal } from "../shared/providers/naver-local.ts";
import {
  askCommand,
  collectCommand,
  conversationCommand,
  demoCommand,
  statusCommand,
  type Ask,
} from "../shared/restaurant-qa/cli.ts";
import type { AskResponse } from "../shared/restaurant-qa/state.ts";
import { ApiFailure, findLocalServer, httpClient, inProcessClient, type ApiClient } from "./api-client.ts";
import {
  CliError,
  fileProblem,
  processIo,
  UsageError,
  writeFileWhole,
  writeRunFiles,
  type CliIo,
} from "./cli-io.ts";
import { placesText, simulationText } from "./cli-render.ts";
import { experimentCommand } from "./experiment.ts";
import { ingestFile, smokeCommand } from "./operator.ts";
import { simulateExport } from "./simulate-export.ts";
import { statusText } from "./status.ts";

const USAGE = `사용법: dongne <명령> [인자]

서버 (모든 명령 공통):
  --api URL [--key KEY]               그 서버(배포한 스택의 ApiUrl, 또는 로컬 서버)의 클라이언트로 실행
                                      (DONGNE_API_URL, DONGNE_API_KEY로도 지정). 지정하지 않으면 PORT에서
                                      실행 중인 dongne 서버를 찾아 쓰고, 없으면 이 프로세스에서 실행합니다
  --local                             서버가 있어도 이 프로세스에서 따로 실행 (DONGNE_CLI_MODE=local)
  --json                              사람이 읽는 출력 대신 API의 응답 그대로(JSON)

명령:
  status                              어떤 출처가 실제이고 어떤 것이 가상 데이터인지
  plan "<검색어>"                     검색어를 해석한 MapSearch 계획 (JSON)
  search "<검색어>" [--format geojson] 장소 검색: 이름, 분류, 거리, 주소의 표
  ask "<질문>" [--conversation ID]    식당 질문 (시드 002): 답과 출처 식당 이름
  ask                                 대화: 한 줄에 질문 하나, 이어지는 질문은 앞의 답을 이어 받습니다
  restaurants collect "<검색어>" [--out FILE] [--expand]
                                      네이버 지역 검색의 이름과 주소를 수집 형식 JSONL로
  restaurants ingest <FILE.jsonl>     수집 형식 문서를 색인에 넣기 (거부된 줄은 줄 번호로)
  restaurants demo [--out FILE]       가상 데모 말뭉치를 수집 형식 JSONL로
  restaurants status                  식당 색인 (AWS에서는 OpenSearch 도메인도)
  news "<질문>" [--preference news|publications|both]
                                      회사 뉴스와 OpenDART 공시 (시드 003): 요약과 답
  simulate [--days 1] [--seed 42] [--agents 160] [--max-llm 10] [--start-date YYYY-MM-DD] [--record]
           [--budget USD] [--resume ID [--budget USD]] [--replay ID] [--out reports]
                                      망원동 시뮬레이션 (시드 004): 진행 막대, 결과 수치, report.json과
                                      report.html. --record는 LLM 호출을 기록하고 --replay는 기록한
                                      실행을 다시 돌립니다 (키 없이)
  simulate export ID [--kind decisions|visits] [--format jsonl|csv] [--out FILE]
                                      원자료: 에이전트 턴 또는 가게 방문 하나가 한 줄
  experiment --scenario FILE.json --seeds 1,2,3 [--days 1] [--agents N] [--start-date YYYY-MM-DD] [--out reports]
                                      시나리오와 기준선을 시드마다 실행: experiment.json과 report.html
  import-stores <file.csv> [--sigungu 마포구] [--dong 망원] [--category 음식]
                                      상가업소 자료(${REGISTRY_SOURCE})를
                                      DATA_DIR/${REGISTRY_FILE}로 가져오기 (데모 장소를 대신합니다)
  smoke --api URL [--key KEY] [--no-simulation]
                                      배포한 스택의 워크플로마다 요청 하나, 답의 모양을 확인
`;

/** The options every command takes: which server, and raw output. */
interface Globals {
  api?: string;
  key?: string;
  local: boolean;
  json: boolean;
}

/** Takes --api, --key, --local and --json out of the arguments, wherever they are. */
function takeGlobals(argv: string[]): { globals: Globals; args: string[] } {
  const globals: Globals = { local: false, json: false };
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [name, inline] =
      a.startsWith("--") && a.includes("=")
        ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]
        : [a, undefined];
    if (name === "--api" || name === "--key") {
      const value = inline ?? argv[++i];
      if (!value) throw new UsageError(`${name} 뒤에 값이 필요합니다`);
      globals[name === "--api" ? "api" : "key"] = value;
    } else if (a === "--local") globals.local = true;
    else if (a === "--json") globals.json = true;
    else args.push(a);
  }
  return { globals, args };
}

interface Ctx {
  config: Config;
  globals: Globals;
  io: CliIo;
  /** a line for people, on stderr: progress, warnings, notices */
  say: (line: string) => void;
  /** the result, on stdout */
  print: (text: string) => void;
}

/** A command's context over `io`: its configuration from io.env, its globals, print and say. */
function contextOf(io: CliIo, globals: Globals, config = () => loadConfig(io.env)): Ctx {
  return {
    config: config(),
    globals,
    io,
    say: (line) => void io.stderr.write(`${line}\n`),
    print: (text) => void io.stdout.write(text.endsWith("\n") ? text : `${text}\n`),
  };
}

/**
 * The client a command asks: --api (or DONGNE_API_URL); else a dongne server on PORT, said in one line;
 * else this process (`store: "memory"` for commands that keep no state).
 */
async function connect(ctx: Ctx, opts: { store?: "memory" } = {}): Promise<ApiClient> {
  const { config, globals, say } = ctx;
  const key = globals.key ?? config.client.apiKey;
  const api = apiOf(ctx);
  if (api) return httpClient({ api, key });
  if (!globals.local && config.client.mode === "auto") {
    const found = await findLocalServer(config);
    if (found) {
      say(`실행 중인 dongne 서버 ${found}에 요청합니다 (따로 실행하려면 --local)`);
      return httpClient({ api: found, key });
    }
  }
  return inProcessClient(config, { ...opts, notice: say });
}

/** --api, else DONGNE_API_URL unless in-process runs are forced (DONGNE_CLI_MODE=local: the tests). */
const apiOf = ({ config, globals }: Ctx) =>
  globals.api ?? (config.client.mode === "local" ? undefined : config.client.apiUrl);

async function withClient<T>(ctx: Ctx, opts: { store?: "memory" }, run: (c: ApiClient) => Promise<T>) {
  const c = await connect(ctx, opts);
  try {
    return await run(c);
  } finally {
    await c.close();
  }
}

/**
 * `dongne ARGV…` over `io` (the process's streams and environment unless a test gives its own): the
 * exit code, with an error said in one Korean line on io.stderr (2 for a usage mistake, else 1).
 */
export async function runCli(argv: string[], io: CliIo = processIo()): Promise<number> {
  try {
    return await main(argv, io);
  } catch (err) {
    io.stderr.write(`${oneLine(err).replace(/\s*\n\s*/g, " ")}\n`);
    return err instanceof UsageError || (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS") ? 2 : 1;
  }
}

async function main(argv: string[], io: CliIo): Promise<number> {
  const { globals, args } = takeGlobals(argv);
  const [command, ...rest] = args;
  if (!command || command === "--help" || command === "-h" || command === "help") {
    io.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  if (command === "smoke") return smokeCli(io, globals, rest);
  const ctx = contextOf(io, globals);
  switch (command) {
    case "status":
      return status(ctx);
    case "plan":
    case "search":
      return search(ctx, command, rest);
    case "ask":
      return ask(ctx, rest);
    case "restaurants":
      return restaurants(ctx, rest);
    case "news":
      return news(ctx, rest);
    case "simulate":
      return rest[0] === "export"
        ? withClient(ctx, {}, (c) => simulateExport(c, rest.slice(1), io))
        : simulate(ctx, rest);
    case "experiment":
      return experimentCommand(() => connect(ctx), rest, { json: ctx.globals.json }, io);
    case "import-stores":
      return importStores(ctx, rest);
    default:
      throw new UsageError(`알 수 없는 명령 "${command}"입니다. dongne --help로 명령을 보세요`);
  }
}

async function status(ctx: Ctx): Promise<number> {
  const api = apiOf(ctx);
  const local = ctx.globals.local || ctx.config.client.mode === "local";
  const server = api ?? (local ? undefined : await findLocalServer(ctx.config));
  ctx.print(statusText(ctx.config, server ?? null));
  return 0;
}

async function search(ctx: Ctx, command: "plan" | "search", args: string[]): Promise<number> {
  const { print, say } = ctx;
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { format: { type: "string", default: "json" } },
  });
  const query = positionals.join(" ").trim();
  if (!query)
    throw new UsageError(`${command}에는 검색어가 필요합니다. 예: dongne ${command} "강남역 근처 카페"`);
  if (!["json", "geojson"].includes(values.format))
    throw new UsageError("--format은 json 또는 geojson입니다");
  return withClient(ctx, { store: "memory" }, async (c) => {
    if (command === "plan") {
      print(JSON.stringify(await c.ok("POST", "/v1/search/plan", { query }), null, 2));
      return 0;
    }
    const geojson = values.format === "geojson";
    const r = await c.ok<AgentResponse>("POST", `/v1/search${geojson ? "?format=geojson" : ""}`, { query });
    if (geojson || ctx.globals.json) print(JSON.stringify(r, null, 2));
    else {
      print(placesText(r));
      for (const w of r.meta.warnings) say(`경고: ${w}`);
    }
    return 0;
  });
}

const askThrough =
  (c: ApiClient): Ask =>
  (request) =>
    c.ok<AskResponse>("POST", "/v1/restaurants/ask", request);

const stdoutLines = ({ print, say }: Ctx) => ({ log: (line: string) => print(line), warn: say });

async function ask(ctx: Ctx, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { conversation: { type: "string" } },
  });
  const query = positionals.join(" ").trim();
  return withClient(ctx, { store: "memory" }, async (c) => {
    if (query) {
      await askCommand(
        { query, json: ctx.globals.json, conversationId: values.conversation },
        askThrough(c),
        stdoutLines(ctx),
      );
      return 0;
    }
    // no question: a conversation, one question a line (from the terminal or a pipe)
    const { stdin, stdout } = ctx.io;
    const lines = createInterface({ input: stdin, terminal: false });
    const prompt = stdin.isTTY ? (p: string) => void stdout.write(p) : undefined;
    await conversationCommand(
      lines,
      askThrough(c),
      { ...stdoutLines(ctx), prompt },
      { json: ctx.globals.json },
    );
    lines.close();
    return 0;
  });
}

/** `restaurants collect|ingest|demo|status …` (seed 002). */
async function restaurants(ctx: Ctx, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { out: { type: "string" }, expand: { type: "boolean" } },
  });
  const { config, print, say } = ctx;
  const [sub = "", ...words] = positionals;
  const text = words.join(" ").trim();
  const progress = { log: say };
  switch (sub) {
    case "collect": {
      if (!text) throw new UsageError('restaurants collect에는 검색어가 필요합니다. 예: "망원동 맛집"');
      if (!config.providers.naver)
        throw new CliError(
          "네이버 지역 검색에서 모으려면 NAVER_CLIENT_ID와 NAVER_CLIENT_SECRET이 필요합니다",
        );
      const naver = new NaverLocal({ ...config.providers.naver, baseUrl: config.providers.baseUrls.naver });
      const body = await collectCommand({ query: text, expand: values.expand }, naver, progress);
      if (values.out) await writeFileWhole(values.out, body);
      else ctx.io.stdout.write(body);
      return 0;
    }
    case "ingest": {
      if (!text) throw new UsageError("restaurants ingest에는 JSON Lines 파일이 필요합니다");
      return withClient(ctx, { store: "memory" }, async (c) => {
        // --json: the totals alone on stdout, the lines for people on stderr
        const totals = await ingestFile(text, c, { log: ctx.globals.json ? say : print, warn: say });
        if (ctx.globals.json) print(JSON.stringify(totals, null, 2));
        return totals.rejected.length && !totals.indexed && !totals.updated && !totals.unchanged ? 1 : 0;
      });
    }
    case "demo": {
      const body = demoCommand(embeddedPlaces(config.dataDir).places, {}, progress);
      if (values.out) await writeFileWhole(values.out, body);
      else ctx.io.stdout.write(body);
      return 0;
    }
    case "status": {
      // the index itself, read in this process (no route answers it)
      const [{ startLocal }, { qaRuntime }] = await Promise.all([
        import("../functions/api/local.ts"),
        import("../shared/restaurant-qa/wiring.ts"),
      ]);
      const world = await startLocal({ ...config, simulation: { ...config.simulation, store: "memory" } });
      try {
        await statusCommand(config.qa, qaRuntime(world.rt), { log: print });
      } finally {
        await world.close();
      }
      return 0;
    }
    default:
      throw new UsageError(`알 수 없는 restaurants 명령 "${sub}"입니다 (collect, ingest, demo, status)`);
  }
}

async function news(ctx: Ctx, args: string[]): Promise<number> {
  return withClient(ctx, { store: "memory" }, async (c) => {
    try {
      ctx.io.stdout.write(
        await newsCommand([...args, ...(ctx.globals.json ? ["--json"] : [])], (request) =>
          c.ok<NewsSearchResponse>("POST", "/v1/news/search", request),
        ),
      );
      return 0;
    } catch (err) {
      if (err instanceof Error && err.message.includes(NEWS_USAGE)) throw new UsageError(err.message);
      throw err;
    }
  });
}

const FLAG_OF: Record<string, string> = { maxConcurrentLlmCalls: "max-llm", startDate: "start-date" };

interface SimulationState {
  status: string;
  completedSlots: string[];
  totalSlots: number;
  llmCalls: number;
  error?: string;
  decisions: Record<string, number>;
}

async function simulate(ctx: Ctx, args: string[]): Promise<number> {
  const { print, say } = ctx;
  const { values } = parseArgs({
    args,
    options: {
      days: { type: "string" },
      seed: { type: "string" },
      agents: { type: "string" },
      "max-llm": { type: "string" },
      "start-date": { type: "string" },
      resume: { type: "string" },
      replay: { type: "string" },
      record: { type: "boolean" },
      budget: { type: "string" },
      out: { type: "string", default: "reports" },
    },
  });
  const budgetUsd = values.budget === undefined ? undefined : Number(values.budget);
  const budget = ResumeRequest.safeParse({ budgetUsd });
  if (!budget.success) throw new UsageError(`--budget: ${budget.error.issues[0]!.message}`);
  const parsed = SimulationRequest.safeParse({
    days: Number(values.days ?? 1),
    seed: Number(values.seed ?? 42),
    agents: values.agents === undefined ? undefined : Number(values.agents),
    maxConcurrentLlmCalls: values["max-llm"] === undefined ? undefined : Number(values["max-llm"]),
    startDate: values["start-date"],
    record: values.record,
    budgetUsd,
  });
  if (!values.resume && !values.replay && !parsed.success) {
    const i = parsed.error.issues[0]!; // a failed parse always carries an issue
    const field = String(i.path[0]);
    throw new UsageError(`--${FLAG_OF[field] ?? field}: ${i.message}`);
  }
  const existing = values.resume ?? values.replay;
  return withClient(ctx, {}, async (c) => {
    // a resumed or replayed simulation runs with the parameters it was started with, whatever the flags
    // say (a resume may take a new --budget)
    let started: { id: string; estimate?: SpendEstimate };
    try {
      started = values.resume
        ? await c.ok("POST", `/v1/simulations/${encodeURIComponent(values.resume)}/resume`, { budgetUsd })
        : values.replay
          ? await c.ok("POST", "/v1/simulations", { replayOf: values.replay })
          : await c.ok("POST", "/v1/simulations", parsed.data);
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 404 && existing)
        throw new CliError(
          `시뮬레이션 ${withJosa(existing, "이/가")} ${c.server ? `서버 ${c.server}에` : "이 컴퓨터의 저장소(DATA_DIR)에"} 없습니다`,
        );
      throw err;
    }
    const { id, estimate } = started;
    if (estimate?.engine === "llm")
      say(
        `예상: LLM 호출 약 ${estimate.calls}회, 약 $${estimate.costUsd.toFixed(2)}${estimate.budgetUsd === null ? "" : ` (예산 $${estimate.budgetUsd})`}`,
      );
    // the id comes first: a run stopped midway can be resumed with it
    say(`시뮬레이션 ${id} (멈추면 이어서: dongne simulate --resume ${id})`);
    const meta = await followSimulation(c, id, ctx.io.stderr);
    const report = await c.ok<SimulationReport>("GET", `/v1/simulations/${id}/report`);
    const html = await (await c.request("GET", `/v1/simulations/${id}/report.html`)).text();
    const dir = join(values.out, id);
    await writeRunFiles(dir, "report.json", report, html);
    if (ctx.globals.json) print(JSON.stringify(report, null, 2));
    else {
      print(
        simulationText(id, {
          status: meta.status,
          completedSlots: meta.completedSlots.length,
          totalSlots: meta.totalSlots,
          agentTurns: report.decisions.agentTurns,
          visit: report.decisions.visit,
          stayHome: report.decisions.stay_home,
          llmFailed: report.decisions.llm_failed,
          llmCalls: meta.llmCalls,
          synthetic: report.simulation.synthetic,
          error: meta.error,
        }),
      );
      print(`${join(dir, "report.json")}\n${join(dir, "report.html")}`);
    }
    return meta.status === "completed" ? 0 : 1;
  });
}

/** Polls the run until it stops, drawing a progress bar on a terminal. */
async function followSimulation(c: ApiClient, id: string, stderr: CliIo["stderr"]): Promise<SimulationState> {
  const tty = stderr.isTTY;
  for (;;) {
    const meta = await c.ok<SimulationState>("GET", `/v1/simulations/${id}`);
    const done = meta.completedSlots.length;
    if (tty) {
      const width = 30;
      const filled = Math.round((width * done) / Math.max(1, meta.totalSlots));
      stderr.write(
        `\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] 슬롯 ${done}/${meta.totalSlots} · 방문 ${meta.decisions.visits ?? meta.decisions.visit ?? 0} · LLM 호출 ${meta.llmCalls} `,
      );
    }
    if (meta.status !== "pending" && meta.status !== "running") {
      if (tty) stderr.write("\n");
      return meta;
    }
    await new Promise((r) => setTimeout(r, c.server ? 1000 : 200));
  }
}

async function importStores(ctx: Ctx, args: string[]): Promise<number> {
  const { print, say } = ctx;
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { sigungu: { type: "string" }, dong: { type: "string" }, category: { type: "string" } },
  });
  const csv = positionals.join(" ").trim();
  if (!csv) throw new UsageError("import-stores에는 상가업소 CSV 파일이 필요합니다");
  try {
    accessSync(csv, constants.R_OK);
  } catch (err) {
    throw fileProblem(csv, err);
  }
  const target = join(ctx.config.dataDir, REGISTRY_FILE);
  // written beside the target and renamed when whole: a failed or empty import leaves the places as they were
  const temp = join(dirname(target), `.${REGISTRY_FILE}.${process.pid}.tmp`);
  let report;
  try {
    report = await importRegistry(csv, temp, {
      sigungu: values.sigungu,
      dong: values.dong,
      category: values.category,
    });
  } catch (err) {
    rmSync(temp, { force: true });
    if ((err as { code?: string }).code) throw fileProblem(csv, err);
    throw new CliError(`${csv}: ${(err as Error).message}`);
  }
  if (!report.imported) {
    rmSync(temp, { force: true });
    throw new CliError(
      `${csv}에서 가져온 가게가 없습니다 (읽은 행 ${report.rowsRead}, 조건에 맞지 않음 ${report.filteredOut}, 좌표 없음 ${report.skippedNoCoordinates}): ${target}은 그대로입니다`,
    );
  }
  renameSync(temp, target);
  // a running server read its places when it started
  const server =
    ctx.globals.local || ctx.config.client.mode === "local" ? undefined : await findLocalServer(ctx.config);
  if (server) say(`실행 중인 서버 ${server}는 다시 시작해야 가져온 가게를 씁니다`);
  if (ctx.globals.json) print(JSON.stringify({ ...report, output: target }, null, 2));
  else
    print(
      `가게 ${report.imported}곳을 ${target}에 가져왔습니다 (읽은 행 ${report.rowsRead}, 조건에 맞지 않음 ${report.filteredOut}, 좌표 없음 ${report.skippedNoCoordinates}, 잘못된 행 ${report.skippedBadRow}, 인코딩 ${report.encoding}). 이제 데모 장소 대신 쓰입니다.`,
    );
  return 0;
}

async function smokeCli(io: CliIo, globals: Globals, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { "no-simulation": { type: "boolean" } } });
  const { config, print } = contextOf(io, globals);
  const api = globals.api ?? config.client.apiUrl;
  if (!api)
    throw new UsageError("smoke에는 --api URL이 필요합니다 (ApiUrl 출력, 또는 http://localhost:3000)");
  return smokeCommand(
    { api, key: globals.key ?? config.client.apiKey },
    { simulation: !values["no-simulation"] },
    { log: print },
  );
}

/** One line for a person: what went wrong, never a stack or a raw errno. */
function oneLine(err: unknown): string {
  if (err instanceof ConfigError)
    return `설정이 올바르지 않습니다: ${err.issues.map((i) => `${i.variable}: ${i.message}`).join("; ")}`;
  if (err instanceof ApiFailure || err instanceof CliError) return err.message;
  const code = (err as { code?: string; path?: string }).code;
  if (code?.startsWith("ERR_PARSE_ARGS")) return `옵션을 읽을 수 없습니다: ${(err as Error).message}`;
  const path = (err as { path?: string }).path;
  if (code && path) return fileProblem(path, err).message;
  return `오류: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`;
}
