// `dongne simulate export`, run as a user runs it: a simulation run by the CLI into a data directory on
// disk, then exported from it to a file, page after page.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { EXPORT_COLUMNS } from "../../shared/simulation/export.ts";

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), "dongne-export-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const dongne = (...args: string[]) =>
  run("node", ["bin/dongne.mjs", ...args], {
    env: { ...process.env, LOG_LEVEL: "SILENT", DATA_DIR: dataDir, SIM_STORE: "disk" },
  });

describe("dongne simulate export", () => {
  it("writes a run's visits as CSV and its decisions as JSON Lines to files", async () => {
    const sim = await dongne("simulate", "--days", "1", "--agents", "12", "--seed", "5", "--out", dataDir);
    const id = /시뮬레이션 (\S+)/.exec(sim.stderr)![1]!;
    // the figures for people on stdout, the report's files after them
    expect(sim.stdout).toMatch(new RegExp(`^시뮬레이션 ${id}: 완료$`, "m"));
    expect(sim.stdout).toMatch(/^ {2}결정 +[\d,]+건 — 방문 [\d,]+, 집에 머묾 [\d,]+, LLM 실패 0$/m);
    const record = JSON.parse(readFileSync(join(dataDir, id, "report.json"), "utf8"));

    const csvFile = join(dataDir, "visits.csv");
    await dongne("simulate", "export", id, "--kind", "visits", "--format", "csv", "--out", csvFile);
    const csv = readFileSync(csvFile, "utf8");
    expect(csv.split("\r\n")[0]).toBe(EXPORT_COLUMNS.visits.join(","));
    const visits = Object.values(record.ratingDistribution as Record<string, number>);
    expect(csv.split("\r\n").filter((l) => /^[RP]\d/.test(l))).toHaveLength(visits.reduce((a, b) => a + b));

    const jsonlFile = join(dataDir, "decisions.jsonl");
    await dongne("simulate", "export", id, "--out", jsonlFile);
    const lines = readFileSync(jsonlFile, "utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(record.decisions.agentTurns);
    expect(JSON.parse(lines[0]!).result.steps.step1).toBeDefined();
  }, 120_000);

  it("exits 1 for an unknown simulation and 2 for a bad flag", async () => {
    await expect(dongne("simulate", "export", "sim-nope")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("시뮬레이션 sim-nope가 이 컴퓨터의 저장소(DATA_DIR)에 없습니다"),
    });
    await expect(dongne("simulate", "export", "sim-nope", "--kind", "people")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--kind"),
    });
  }, 60_000);
});
