// The command line: `dongne plan "…"`, `dongne search "…" [--format geojson]`,
// `dongne import-stores <registry.csv> [--sigungu 마포구] [--dong 망원] [--category 음식]`.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig, type Config } from "../shared/config.ts";
import { LocalSimulations } from "../functions/simulation/local.ts";
import { reportHtml } from "../shared/simulation/report.ts";
import { localSimulationRuntime } from "../shared/simulation/local-setup.ts";
import { SimulationRequest } from "../shared/simulation/service.ts";
import { REGISTRY_FILE } from "../shared/providers/embedded/index.ts";
import { importRegistry, REGISTRY_SOURCE } from "../shared/providers/embedded/registry-import.ts";
import { toGeoJson } from "../shared/place-search/geojson.ts";
import { buildRuntime } from "../shared/runtime.ts";
import { localServices } from "../functions/api/local.ts";

const USAGE = `usage: dongne <command> [args]

commands:
  plan "<query>"                      translate a query and print the MapSearch plan (JSON)
  search "<query>" [--format geojson] plan and run the search, print the places (JSON or GeoJSON)
  simulate [--days 1] [--seed 42] [--agents 160] [--max-llm 10] [--resume ID] [--out reports]
                                      run the Mangwon-dong simulation (seed 004) with a progress bar and
                                      write report.json and report.html
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
  const config = loadConfig();
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      format: { type: "string", default: "json" },
      sigungu: { type: "string" },
      dong: { type: "string" },
      category: { type: "string" },
      days: { type: "string", default: "1" },
      seed: { type: "string", default: "42" },
      agents: { type: "string" },
      "max-llm": { type: "string" },
      resume: { type: "string" },
      out: { type: "string", default: "reports" },
    },
  });
  const text = positionals.join(" ").trim();
  if (command === "plan" || command === "search") {
    if (!text) {
      process.stderr.write(`${command} needs a query, e.g. dongne ${command} "강남역 근처 카페"\n`);
      return 2;
    }
    if (!["json", "geojson"].includes(values.format!)) {
      process.stderr.write("--format must be json or geojson\n");
      return 2;
    }
    const { llm, exec } = buildRuntime(config);
    const services = localServices({ llm, exec });
    const out = command === "plan" ? await services.planSearch(text) : await services.search(text);
    const shown = command === "search" && values.format === "geojson" ? toGeoJson(out as never) : out;
    process.stdout.write(JSON.stringify(shown, null, 2) + "\n");
    return 0;
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

async function simulate(config: Config, values: Record<string, string | undefined>): Promise<number> {
  const parsed = SimulationRequest.safeParse({
    days: Number(values.days),
    seed: Number(values.seed),
    agents: values.agents === undefined ? undefined : Number(values.agents),
    maxConcurrentLlmCalls: values["max-llm"] === undefined ? undefined : Number(values["max-llm"]),
  });
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    process.stderr.write(
      `--${String(i.path[0]).replace("maxConcurrentLlmCalls", "max-llm")}: ${i.message}\n`,
    );
    return 2;
  }
  const { runtime: sim, dynamo } = await localSimulationRuntime(config);
  const sims = new LocalSimulations(sim);
  const id = values.resume ?? `sim-${Date.now().toString(36)}`;
  const bar = setInterval(async () => {
    const meta = await sim.deps.repo.get(id);
    if (!meta) return;
    const done = meta.completedSlots.length;
    const width = 30;
    const filled = Math.round((width * done) / meta.totalSlots);
    process.stderr.write(
      `\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${meta.totalSlots} slots · ${meta.decisions.visits ?? 0} visits · ${meta.llmCalls} LLM calls `,
    );
  }, 250);
  try {
    const meta = await sims.run(id, parsed.data);
    clearInterval(bar);
    const report = (await sims.report(id))!;
    const dir = join(values.out!, id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "report.json"), JSON.stringify(report, null, 2));
    writeFileSync(join(dir, "report.html"), reportHtml(report));
    process.stderr.write(
      `\n${meta.status}: ${meta.completedSlots.length}/${meta.totalSlots} slots, ${report.decisions.visit} visits, stay_home ${report.decisions.stay_home}, llm_failed ${report.decisions.llm_failed}\n`,
    );
    process.stdout.write(`${join(dir, "report.json")}\n${join(dir, "report.html")}\n`);
    return meta.status === "completed" ? 0 : 1;
  } finally {
    clearInterval(bar);
    await dynamo.close();
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
