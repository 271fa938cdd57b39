// The command line: `dongne plan "강남역 근처 카페"` prints the plan as JSON.
import { ConfigError, loadConfig } from "../shared/config.ts";
import { createLlm } from "../shared/llm/index.ts";
import { localServices } from "../functions/api/local.ts";

const USAGE = `usage: dongne <command> [args]

commands:
  plan "<query>"     translate a natural-language query and print the MapSearch plan (JSON)
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "-h") {
    process.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  const config = loadConfig();
  const services = localServices({ llm: createLlm(config) });
  if (command === "plan") {
    const query = rest.join(" ").trim();
    if (!query) {
      process.stderr.write('plan needs a query, e.g. dongne plan "강남역 근처 카페"\n');
      return 2;
    }
    process.stdout.write(JSON.stringify(await services.planSearch(query), null, 2) + "\n");
    return 0;
  }
  process.stderr.write(`unknown command "${command}"\n\n${USAGE}`);
  return 2;
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
