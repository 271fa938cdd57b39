// `dongne experiment --scenario FILE.json --seeds 1,2,3 --days 7 [--agents N] [--start-date D] [--out DIR]`:
// both arms of every seed run on this machine (the local workflow runner runs them together), then
// experiment.json, report.html and a summary of the differences.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startLocal } from "../functions/api/local.ts";
import type { Config } from "../shared/platform/config.ts";
import { experimentHtml, experimentSummary } from "../shared/simulation/experiment-report.ts";
import { ExperimentRequest } from "../shared/simulation/experiment-schemas.ts";
import { ScenarioError } from "../shared/simulation/scenario.ts";
import { SimulationConflict } from "../shared/simulation/api.ts";

export const EXPERIMENT_USAGE =
  "usage: dongne experiment --scenario FILE.json --seeds 1,2,3 --days 7 [--agents N] [--start-date YYYY-MM-DD] [--out reports]";

const FLAGS: Record<string, string> = { startDate: "start-date", "baseline.days": "days" };

export async function experimentCommand(config: Config, args: string[]): Promise<number> {
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
  if (!values.scenario || !values.seeds) {
    process.stderr.write(`${EXPERIMENT_USAGE}\n`);
    return 2;
  }
  const fail = (field: string, reason: string) => {
    process.stderr.write(`${FLAGS[field] ? `--${FLAGS[field]}` : field}: ${reason}\n`);
    return 2;
  };
  let scenario: unknown;
  try {
    scenario = JSON.parse(readFileSync(values.scenario, "utf8"));
  } catch (err) {
    return fail("--scenario", (err as Error).message);
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
    return fail(issue.path.join("."), issue.message);
  }
  const world = await startLocal(config);
  const experiments = world.context.services.experiments;
  try {
    let id: string;
    try {
      id = (await experiments.start(parsed.data, "cli")).id;
    } catch (err) {
      if (err instanceof ScenarioError) return fail(err.field, err.message);
      if (err instanceof SimulationConflict) return fail("quota", err.message);
      throw err;
    }
    process.stderr.write(`experiment ${id}\n`);
    const draw = async () => {
      const e = await experiments.status(id).catch(() => null);
      if (!e) return;
      const done = e.arms.reduce((n, a) => n + a.completedSlots, 0);
      const total = e.arms.reduce((n, a) => n + a.totalSlots, 0);
      process.stderr.write(`\r${e.arms.length} simulations: ${done}/${total} slots `);
    };
    const bar = setInterval(() => void draw(), 500);
    try {
      await world.workflows.settled();
    } finally {
      clearInterval(bar);
    }
    const e = (await experiments.status(id))!;
    const dir = join(values.out, id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "experiment.json"), JSON.stringify(e, null, 2));
    writeFileSync(join(dir, "report.html"), experimentHtml(e));
    process.stderr.write(`\n${e.status}\n${experimentSummary(e)}\n`);
    process.stdout.write(`${join(dir, "experiment.json")}\n${join(dir, "report.html")}\n`);
    return e.status === "completed" ? 0 : 1;
  } finally {
    await world.close();
  }
}
