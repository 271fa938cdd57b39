// `dongne experiment --scenario FILE.json --seeds 1,2,3 --days 7 [--agents N] [--start-date D] [--out DIR]`:
// POST /v1/experiments through the CLI's client (a server, or this machine in this process, where the
// local workflow runner runs both arms of every seed together), followed until every arm ends; then
// experiment.json, report.html and a summary of the differences.
import { withJosa } from "../shared/korean/josa.ts";
import { koLabel } from "../shared/korean/labels.ts";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { experimentSummary } from "../shared/simulation/experiment-report.ts";
import type { ExperimentStatus } from "../shared/simulation/experiment.ts";
import { ExperimentRequest } from "../shared/simulation/experiment-schemas.ts";
import { ApiFailure, type ApiClient } from "./api-client.ts";
import { processIo, readInput, UsageError, writeRunFiles, type CliIo } from "./cli-io.ts";

export const EXPERIMENT_USAGE =
  "사용법: dongne experiment --scenario FILE.json --seeds 1,2,3 --days 7 [--agents N] [--start-date YYYY-MM-DD] [--out reports]";

const FLAGS: Record<string, string> = { startDate: "start-date", "baseline.days": "days" };

/** The request from the flags and the scenario file; a usage mistake throws a UsageError. */
function requestOf(args: string[]): { request: ExperimentRequest; out: string } {
  const { values } = parseArgs({
    args,
    options: {
      scenario: { type: "string" },
      seeds: { type: "string" },
      days: { type: "string", default: "1" },
      agents: { type: "string" },
      "start-date": { type: "string" },
      out: { type: "string", default: "reports" },
    },
  });
  if (!values.scenario || !values.seeds) throw new UsageError(EXPERIMENT_USAGE);
  let scenario: unknown;
  const text = readInput(values.scenario);
  try {
    scenario = JSON.parse(text);
  } catch (err) {
    throw new UsageError(
      `--scenario: ${withJosa(String(values.scenario), "은/는")} JSON이 아닙니다 (${(err as Error).message})`,
    );
  }
  const parsed = ExperimentRequest.safeParse({
    baseline: {
      days: Number(values.days),
      ...(values.agents !== undefined ? { agents: Number(values.agents) } : {}),
      ...(values["start-date"] !== undefined ? { startDate: values["start-date"] } : {}),
    },
    scenario,
    seeds: values.seeds.split(",").map(Number),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!; // a failed parse always carries an issue
    const field = issue.path.join(".");
    throw new UsageError(`${FLAGS[field] ? `--${FLAGS[field]}` : field}: ${issue.message}`);
  }
  return { request: parsed.data, out: values.out };
}

export async function experimentCommand(
  connect: () => Promise<ApiClient>,
  args: string[],
  opts: { json?: boolean } = {},
  { stdout, stderr }: CliIo = processIo(),
): Promise<number> {
  const { request, out } = requestOf(args);
  const c = await connect();
  try {
    let id: string;
    try {
      id = (await c.ok<{ id: string }>("POST", "/v1/experiments", request)).id;
    } catch (err) {
      // the scenario's own mistakes are the command line's (exit 2)
      if (err instanceof ApiFailure && err.status === 400) throw new UsageError(err.message);
      throw err;
    }
    stderr.write(`실험 ${id}\n`);
    const tty = stderr.isTTY;
    let e: ExperimentStatus;
    for (;;) {
      e = await c.ok<ExperimentStatus>("GET", `/v1/experiments/${id}`);
      const done = e.arms.reduce((n, a) => n + a.completedSlots, 0);
      const total = e.arms.reduce((n, a) => n + a.totalSlots, 0);
      if (tty) stderr.write(`\r시뮬레이션 ${e.arms.length}개: 슬롯 ${done}/${total} `);
      if (e.status !== "running") break;
      await new Promise((r) => setTimeout(r, c.server ? 1000 : 250));
    }
    if (tty) stderr.write("\n");
    const html = await (await c.request("GET", `/v1/experiments/${id}/report.html`)).text();
    const dir = join(out, id);
    await writeRunFiles(dir, "experiment.json", e, html);
    if (opts.json) stdout.write(JSON.stringify(e, null, 2) + "\n");
    else
      stdout.write(
        `실험 ${id}: ${koLabel("experimentStatus", e.status)}\n${experimentSummary(e)}\n${join(dir, "experiment.json")}\n${join(dir, "report.html")}\n`,
      );
    return e.status === "completed" ? 0 : 1;
  } finally {
    await c.close();
  }
}
