// `dongne simulate export`: a simulation run by the CLI into a data directory on disk, then exported from
// it to a file, page after page, each command with its own world over that directory (as separate
// processes would have: what the next one reads is what the last one left on disk). Cost: the commands
// run in the test's process (dongneInProcess); the run of 12 agents for a day in the file's hook is
// most of it (~3 s of CPU on a quiet machine).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_COLUMNS } from "../../shared/simulation/export.ts";
import { dongneInProcess } from "../helpers/cli.ts";

const dataDir = mkdtempSync(join(tmpdir(), "dongne-export-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const dongne = (...args: string[]) => dongneInProcess({ DATA_DIR: dataDir, SIM_STORE: "disk" }, ...args);

describe("dongne simulate export", () => {
  let id: string;
  let record: any;
  beforeAll(async () => {
    const sim = await dongne("simulate", "--days", "1", "--agents", "12", "--seed", "5", "--out", dataDir);
    expect(sim.code, sim.stderr).toBe(0);
    id = /시뮬레이션 (\S+)/.exec(sim.stderr)![1]!;
    // the figures for people on stdout, the report's files after them
    expect(sim.stdout).toMatch(new RegExp(`^시뮬레이션 ${id}: 완료$`, "m"));
    expect(sim.stdout).toMatch(/^ {2}결정 +[\d,]+건 — 방문 [\d,]+, 집에 머묾 [\d,]+, LLM 실패 0$/m);
    record = JSON.parse(readFileSync(join(dataDir, id, "report.json"), "utf8"));
  });

  it("writes a run's visits as CSV to a file", async () => {
    const csvFile = join(dataDir, "visits.csv");
    const r = await dongne("simulate", "export", id, "--kind", "visits", "--format", "csv", "--out", csvFile);
    expect(r.code, r.stderr).toBe(0);
    const csv = readFileSync(csvFile, "utf8");
    expect(csv.split("\r\n")[0]).toBe(EXPORT_COLUMNS.visits.join(","));
    const visits = Object.values(record.ratingDistribution as Record<string, number>);
    expect(csv.split("\r\n").filter((l) => /^[RP]\d/.test(l))).toHaveLength(visits.reduce((a, b) => a + b));
  });

  it("writes a run's decisions as JSON Lines to a file", async () => {
    const jsonlFile = join(dataDir, "decisions.jsonl");
    const r = await dongne("simulate", "export", id, "--out", jsonlFile);
    expect(r.code, r.stderr).toBe(0);
    const lines = readFileSync(jsonlFile, "utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(record.decisions.agentTurns);
    expect(JSON.parse(lines[0]!).result.steps.step1).toBeDefined();
  });

  it("exits 1 for an unknown simulation", async () => {
    expect(await dongne("simulate", "export", "sim-nope")).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("시뮬레이션 sim-nope가 이 컴퓨터의 저장소(DATA_DIR)에 없습니다"),
    });
  });

  it("exits 2 for a bad flag", async () => {
    expect(await dongne("simulate", "export", "sim-nope", "--kind", "people")).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--kind"),
    });
  });
});
