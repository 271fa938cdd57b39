// The local simulation store on disk: state survives a restart, a second process on the same
// directory falls back to memory instead of crashing, and a simulation cut off by a stop resumes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LocalSimulations } from "../../functions/simulation/local.ts";
import { loadConfig } from "../../shared/config.ts";
import { localSimulationRuntime } from "../../shared/simulation/local-setup.ts";
import { startLocalDynamo } from "../../shared/store/dynamo.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const dataDir = () => {
  const d = mkdtempSync(join(tmpdir(), "dongne-store-"));
  dirs.push(d);
  return d;
};
const onDisk = (dir: string) =>
  localSimulationRuntime(loadConfig({ DATA_DIR: dir }), { llm: null, backoffUnitMs: 1 });

describe("the simulation store on disk", () => {
  it("keeps a finished simulation across a restart", async () => {
    const dir = dataDir();
    const first = await onDisk(dir);
    expect(first.dynamo.persistent).toBe(true);
    const meta = await new LocalSimulations(first.runtime).run("kept", { days: 1, seed: 4, agents: 30 });
    const visits = await first.runtime.deps.repo.visits("kept");
    await first.dynamo.close();

    const second = await onDisk(dir);
    try {
      expect(await second.runtime.deps.repo.get("kept")).toEqual(meta);
      expect(await second.runtime.deps.repo.visits("kept")).toEqual(visits);
    } finally {
      await second.dynamo.close();
    }
  });

  it("a second process on the same directory says so and keeps its state in memory", async () => {
    const dir = join(dataDir(), "dynamodb");
    const holder = await startLocalDynamo({ path: dir });
    const busy: string[] = [];
    const other = await startLocalDynamo({ path: dir, onDiskBusy: (p) => busy.push(p) });
    expect([holder.persistent, other.persistent]).toEqual([true, false]);
    expect(busy).toEqual([dir]);
    await other.close();
    await holder.close();
  });

  it("a simulation cut off by a stop resumes when the next process starts", async () => {
    const dir = dataDir();
    const before = await onDisk(dir);
    // initialised and one slot run, then the process stops (status still running)
    await before.runtime.initialise({ simulationId: "cut", days: 1, seed: 9, agents: 30 });
    await before.dynamo.close();

    const after = await onDisk(dir);
    try {
      const sims = new LocalSimulations(after.runtime);
      expect(await sims.resumeUnfinished()).toEqual(["cut"]);
      await sims.settled("cut");
      const meta = (await after.runtime.deps.repo.get("cut"))!;
      expect(meta.status).toBe("completed");
      expect(meta.completedSlots).toHaveLength(4);
      expect(await sims.resumeUnfinished()).toEqual([]);
    } finally {
      await after.dynamo.close();
    }
  });
});
