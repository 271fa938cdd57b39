// The command line, run as a user runs it (npx dongne …).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const dongne = (...args: string[]) =>
  run("node", ["bin/dongne.mjs", ...args], { env: { ...process.env, LOG_LEVEL: "SILENT" } });

describe("dongne CLI", () => {
  it("plan prints the checked plan as JSON", async () => {
    const { stdout } = await dongne("plan", "강남역 근처 카페");
    const plan = JSON.parse(stdout);
    expect(plan.strategy_type).toBe("radius");
    expect(plan.search_plan[0]).toMatchObject({ action: "geocode", params: { query: "강남역" } });
  });

  it("exits 2 with usage on an unknown command or a missing query", async () => {
    await expect(dongne("fly")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("알 수 없는 명령"),
    });
    await expect(dongne("plan")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("검색어가 필요합니다"),
    });
  });

  it("stops with the variable's name on bad configuration", async () => {
    await expect(
      run("node", ["bin/dongne.mjs", "plan", "카페"], { env: { ...process.env, LLM_MODE: "psychic" } }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("LLM_MODE") });
  });
});
