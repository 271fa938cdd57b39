// The command line: `dongne plan "…"`, `dongne search "…" [--format geojson]`,
// `dongne import-stores <registry.csv> [--sigungu 마포구] [--dong 망원] [--category 음식]`.
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../shared/config.ts";
import { REGISTRY_FILE } from "../shared/providers/embedded/index.ts";
import { importRegistry, REGISTRY_SOURCE } from "../shared/providers/embedded/registry-import.ts";
import { toGeoJson } from "../shared/place-search/geojson.ts";
import { buildRuntime } from "../shared/runtime.ts";
import { localServices } from "../functions/api/local.ts";

const USAGE = `usage: dongne <command> [args]

commands:
  plan "<query>"                      translate a query and print the MapSearch plan (JSON)
  search "<query>" [--format geojson] plan and run the search, print the places (JSON or GeoJSON)
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
    options: { format: { type: "string", default: "json" }, sigungu: { type: "string" }, dong: { type: "string" }, category: { type: "string" } },
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
  if (command === "import-stores") {
    if (!text) {
      process.stderr.write("import-stores needs the registry CSV file\n");
      return 2;
    }
    const target = join(config.dataDir, REGISTRY_FILE);
    const report = await importRegistry(text, target, { sigungu: values.sigungu, dong: values.dong, category: values.category });
    process.stdout.write(JSON.stringify({ ...report, output: target }, null, 2) + "\n");
    return report.imported > 0 ? 0 : 1;
  }
  process.stderr.write(`unknown command "${command}"\n\n${USAGE}`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err instanceof ConfigError ? err.message : `error: ${err instanceof Error ? err.message : err}`}\n`);
    process.exit(1);
  },
);
