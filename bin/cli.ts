// The command line: `dongne plan "…"`, `dongne search "…" [--format geojson]`,
// `dongne import-stores <registry.csv> [--sigungu 마포구] [--dong 망원] [--category 음식]`.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { startLocal } from "../functions/api/local.ts";
import { ConfigError, loadConfig, type Config } from "../shared/platform/config.ts";
import { REGISTRY_FILE } from "../shared/providers/embedded/index.ts";
import { importRegistry, REGISTRY_SOURCE } from "../shared/providers/embedded/registry-import.ts";
import { toGeoJson } from "../shared/place-search/geojson.ts";
import { reportHtml } from "../shared/simulation/report-html.ts";
import { ResumeRequest, SimulationRequest } from "../shared/simulation/schemas.ts";
import type { SpendEstimate } from "../shared/simulation/spend.ts";
import { NEWS_USAGE, newsCommand } from "../shared/news/cli.ts";
import { embeddedPlaces } from "../shared/providers/exec-deps.ts";
import { NaverLocal } from "../shared/providers/naver-local.ts";
import {
  askCommand,
  collectCommand,
  conversationCommand,
  demoCommand,
  ingestFileCommand,
  statusCommand,
} from "../shared/restaurant-qa/cli.ts";
import { qaRuntime } from "../shared/restaurant-qa/wiring.ts";
import { experimentCommand } from "./experiment.ts";
import { simulateExport } from "./simulate-export.ts";
import { remoteIngest, smokeCommand } from "./operator.ts";
import { DongneError } from "../shared/platform/errors.ts";

const USAGE = `usage: dongne <command> [args]

commands:
  plan "<query>"                      translate a query and print the MapSearch plan (JSON)
  search "<query>" [--format geojson] plan and run the search, print the places (JSON or GeoJSON)
  ask "<질문>" [--json] [--conversation ID]
                                      a question about restaurants (seed 002): the answer, its documents
  ask                                 a conversation, one question a line: follow-ups ("그 중에 제일
                                      가까운 곳은?") refer to the last answer; "/새 대화" starts anew
  restaurants collect "<query>" [--out FILE] [--expand]
                                      names and addresses from Naver local search as crawl-format JSONL
  restaurants ingest <FILE.jsonl> [--api URL [--key KEY]]
                                      upsert crawl-format documents into the index (rejections by line);
                                      with --api, into a deployed stack through its HTTP API
  smoke --api URL [--key KEY] [--no-simulation]
                                      one request to each workflow of a deployed stack (or a local
                                      server), each answer checked against its documented shape
  restaurants demo [--out FILE]       the synthetic demo corpus as crawl-format JSONL
  restaurants status                  the index (and, in AWS, the OpenSearch domain)
  news "<질문>" [--preference news|publications|both] [--json]
                                      news and OpenDART disclosures about a company (seed 003): the
                                      search summary and the answer (or the JSON response)
  simulate [--days 1] [--seed 42] [--agents 160] [--max-llm 10] [--start-date YYYY-MM-DD] [--record]
           [--budget USD] [--resume ID [--budget USD]] [--replay ID] [--out reports]
                                      run the Mangwon-dong simulation (seed 004) with a progress bar and
                                      write report.json and report.html; --record keeps its LLM calls,
                                      --replay runs a recorded one again from them (no key needed)
  simulate export ID [--kind decisions|visits] [--format jsonl|csv] [--out FILE]
                                      the raw data: one row per agent turn or store visit
  experiment --scenario FILE.json --seeds 1,2,3 [--days 1] [--agents N] [--start-date YYYY-MM-DD] [--out reports]
                                      a scenario against its baseline, both run for every seed; writes
                                      experiment.json and report.html (differences with 95 % intervals)
  import-stores <file.csv> [--sigungu 마포구] [--dong 망원] [--category 음식]
                                      load the store registry (${REGISTRY_SOURCE})
                                      into DATA_DIR/${REGISTRY_FILE}; it then replaces the demo places
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "-h") {
    process.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  if (command === "smoke") return smokeCli(rest);
  if (command === "restaurants" && rest[0] === "ingest" && rest.includes("--api"))
    return remoteIngestCli(rest.slice(1));
  const config = loadConfig();
  if (command === "news") return news(config, rest);
  if (command === "restaurants" || command === "ask") return restaurants(config, command, rest);
  if (command === "experiment") return experimentCommand(config, rest);
  if (command === "simulate" && rest[0] === "export") return simulateExport(config, rest.slice(1));
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      format: { type: "string", default: "json" },
      sigungu: { type: "string" },
      dong: { type: "string" },
      category: { type: "string" },
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
  const text = positionals.join(" ").trim();
  if (command === "plan" || command === "search") {
    if (!text) {
      process.stderr.write(`${command} needs a query, e.g. dongne ${command} "강남역 근처 카페"\n`);
      return 2;
    }
    if (!["json", "geojson"].includes(values.format)) {
      process.stderr.write("--format must be json or geojson\n");
      return 2;
    }
    const world = await startLocal({ ...config, simulation: { ...config.simulation, store: "memory" } });
    try {
      const { placeSearch } = world.context.services;
      const out = command === "plan" ? await placeSearch.plan(text) : await placeSearch.search(text);
      const shown = command === "search" && values.format === "geojson" ? toGeoJson(out as never) : out;
      process.stdout.write(JSON.stringify(shown, null, 2) + "\n");
      return 0;
    } finally {
      await world.close();
    }
  }
  if (command === "simulate") return simulate(config, values);
  if (command === "import-stores") {
    if (!text) {
      process.stderr.write("import-stores needs the registry CSV file\n");
      return 2;
    }
    const target = join(config.dataDir, REGISTRY_FILE);
    const report = await importRegistry(text, target, {
      sigungu: values.sigungu,
      dong: values.dong,
      category: values.category,
    });
    process.stdout.write(JSON.stringify({ ...report, output: target }, null, 2) + "\n");
    return report.imported > 0 ? 0 : 1;
  }
  process.stderr.write(`unknown command "${command}"\n\n${USAGE}`);
  return 2;
}

/** `restaurants collect|ingest|demo|status …` and `ask "…"` (seed 002), on this machine's index. */
async function restaurants(config: Config, command: string, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      out: { type: "string" },
      expand: { type: "boolean" },
      json: { type: "boolean" },
      conversation: { type: "string" },
    },
  });
  const [sub = "", ...words] = command === "ask" ? ["ask", ...positionals] : positionals;
  const text = words.join(" ").trim();
  const world = await startLocal({ ...config, simulation: { ...config.simulation, store: "memory" } });
  const out = { log: (line: string) => void process.stderr.write(`${line}\n`) };
  const qa = qaRuntime(world.rt);
  try {
    switch (sub) {
      case "ask": {
        const stdout = { log: (line: string) => void process.stdout.write(`${line}\n`) };
        if (text) {
          await askCommand(
            { query: text, json: values.json, conversationId: values.conversation },
            qa,
            stdout,
          );
          return 0;
        }
        // no question: a conversation, one question a line (from the terminal or a pipe)
        const lines = createInterface({ input: process.stdin, terminal: false });
        const prompt = process.stdin.isTTY ? (p: string) => void process.stdout.write(p) : undefined;
        await conversationCommand(lines, qa, { ...stdout, prompt }, { json: values.json });
        lines.close();
        return 0;
      }
      case "collect": {
        if (!text) throw new UsageError('restaurants collect needs a query, e.g. "망원동 맛집"');
        const naver = config.providers.naver
          ? new NaverLocal({ ...config.providers.naver, baseUrl: config.providers.baseUrls.naver })
          : undefined;
        const body = await collectCommand(
          { query: text, out: values.out, expand: values.expand },
          naver,
          out,
        );
        if (!values.out) process.stdout.write(body);
        return 0;
      }
      case "ingest": {
        if (!text) throw new UsageError("restaurants ingest needs a JSON Lines file");
        const report = await ingestFileCommand(text, qa, out);
        return report.rejected.length && !report.indexed && !report.updated ? 1 : 0;
      }
      case "demo": {
        const body = demoCommand(embeddedPlaces(config.dataDir).places, { out: values.out }, out);
        if (!values.out) process.stdout.write(body);
        return 0;
      }
      case "status":
        await statusCommand(config.qa, qa, out);
        return 0;
      default:
        throw new UsageError(`unknown restaurants command "${sub}" (collect, ingest, demo, status)`);
    }
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 2;
  } finally {
    await world.close();
  }
}

class UsageError extends DongneError {
  constructor(message: string) {
    super("invalid", message);
  }
}

const stderr = { log: (line: string) => void process.stderr.write(`${line}\n`) };

/** `--key` or DONGNE_API_KEY: the key goes in x-api-key, never on the command line's output. */
const apiKey = (given: string | undefined) => given ?? process.env.DONGNE_API_KEY;

async function smokeCli(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { api: { type: "string" }, key: { type: "string" }, "no-simulation": { type: "boolean" } },
  });
  if (!values.api) {
    process.stderr.write("smoke needs --api URL (the ApiUrl output, or http://localhost:3000)\n");
    return 2;
  }
  return smokeCommand(
    { api: values.api, key: apiKey(values.key) },
    { simulation: !values["no-simulation"] },
    { log: (line) => void process.stdout.write(`${line}\n`) },
  );
}

async function remoteIngestCli(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { api: { type: "string" }, key: { type: "string" } },
  });
  if (!positionals[0] || !values.api) {
    process.stderr.write("restaurants ingest FILE.jsonl --api URL [--key KEY]\n");
    return 2;
  }
  const totals = await remoteIngest(positionals[0], { api: values.api, key: apiKey(values.key) }, stderr);
  return totals.rejected.length && !totals.indexed && !totals.updated ? 1 : 0;
}

async function news(config: Config, args: string[]): Promise<number> {
  const world = await startLocal({ ...config, simulation: { ...config.simulation, store: "memory" } });
  try {
    process.stdout.write(await newsCommand(args, (request) => world.context.services.news.search(request)));
    return 0;
  } catch (err) {
    if ((err as Error).message.includes(NEWS_USAGE)) {
      process.stderr.write(`${(err as Error).message}\n`);
      return 2;
    }
    throw err;
  } finally {
    await world.close();
  }
}

async function simulate(
  config: Config,
  values: Record<string, string | boolean | undefined>,
): Promise<number> {
  const budgetUsd = values.budget === undefined ? undefined : Number(values.budget);
  const budget = ResumeRequest.safeParse({ budgetUsd });
  if (!budget.success) {
    process.stderr.write(`--budget: ${budget.error.issues[0]!.message}\n`);
    return 2;
  }
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
    process.stderr.write(
      `--${String(i.path[0]).replace("maxConcurrentLlmCalls", "max-llm").replace("startDate", "start-date")}: ${i.message}\n`,
    );
    return 2;
  }
  const world = await startLocal(config);
  const sims = world.context.services.simulations;
  try {
    // a resumed or replayed simulation runs with the parameters it was started with, whatever the
    // flags say (a resume may take a new --budget)
    const started = values.resume
      ? await sims.resume(String(values.resume), { budgetUsd })
      : values.replay
        ? await sims.replay(String(values.replay), "cli")
        : await sims.start(parsed.data!, "cli");
    if (!started) {
      process.stderr.write(`no simulation ${values.resume ?? values.replay}\n`);
      return 2;
    }
    const id = started.id;
    const estimate = "estimate" in started ? (started.estimate as SpendEstimate) : undefined;
    if (estimate?.engine === "llm")
      process.stderr.write(
        `estimate: ~${estimate.calls} LLM calls, ~$${estimate.costUsd.toFixed(2)}${estimate.budgetUsd === null ? "" : ` (budget $${estimate.budgetUsd})`}\n`,
      );
    // the id comes first: a run stopped midway can be resumed with it
    process.stderr.write(`simulation ${id} (resume with: dongne simulate --resume ${id})\n`);
    const draw = async () => {
      const meta = await sims.status(id).catch(() => null);
      if (!meta) return;
      const done = meta.completedSlots.length;
      const width = 30;
      const filled = Math.round((width * done) / meta.totalSlots);
      process.stderr.write(
        `\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${meta.totalSlots} slots · ${meta.decisions.visits ?? 0} visits · ${meta.llmCalls} LLM calls `,
      );
    };
    const bar = setInterval(() => void draw(), 250);
    try {
      await world.workflows.settled();
    } finally {
      clearInterval(bar);
    }
    const meta = (await sims.status(id))!;
    const report = (await sims.report(id))!;
    const dir = join(String(values.out ?? "reports"), id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "report.json"), JSON.stringify(report, null, 2));
    writeFileSync(join(dir, "report.html"), reportHtml(report));
    process.stderr.write(
      `\n${meta.status}: ${meta.completedSlots.length}/${meta.totalSlots} slots, ${report.decisions.visit} visiting decisions, stay_home ${report.decisions.stay_home}, llm_failed ${report.decisions.llm_failed}${meta.error ? ` (${meta.error})` : ""}\n`,
    );
    process.stdout.write(`${join(dir, "report.json")}\n${join(dir, "report.html")}\n`);
    return meta.status === "completed" ? 0 : 1;
  } finally {
    await world.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(
      `${err instanceof ConfigError ? err.message : `error: ${err instanceof Error ? err.message : err}`}\n`,
    );
    process.exit(1);
  },
);
