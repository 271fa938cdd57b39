// The local simulation store on disk: state survives a restart, a second process on the same
// directory falls back to memory instead of crashing, and a simulation cut off by a stop resumes.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startLocal } from "../../functions/api/local.ts";
import { loadConfig } from "../../shared/platform/config.ts";
import { simulationRepository, simulationWorld } from "../../shared/simulation/wiring.ts";
import { STORE_OPEN_FILES, startLocalDynamo } from "../../shared/store/dynamo.ts";
import { testExecDeps } from "../helpers/server.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const dataDir = () => {
  const d = mkdtempSync(join(tmpdir(), "dongne-store-"));
  dirs.push(d);
  return d;
};
const onDisk = (dir: string) =>
  startLocal(loadConfig({ DATA_DIR: dir, SIM_BACKOFF_UNIT_MS: "1" }), { llm: null, exec: testExecDeps });

describe("the simulation store on disk", () => {
  it("keeps a finished simulation across a restart", async () => {
    const dir = dataDir();
    const first = await onDisk(dir);
    expect(first.dynamo.persistent).toBe(true);
    const { id } = await first.context.services.simulations.start({ days: 1, seed: 4, agents: 30 });
    await first.workflows.settled();
    const meta = await simulationRepository(first.rt).runs.get(id);
    const visits = await simulationRepository(first.rt).visits.list(id);
    await first.close();

    const second = await onDisk(dir);
    try {
      expect(await simulationRepository(second.rt).runs.get(id)).toEqual(meta);
      expect(await simulationRepository(second.rt).visits.list(id)).toEqual(visits);
    } finally {
      await second.close();
    }
  });

  it("opens its LevelDB with at most STORE_OPEN_FILES table files open, from the first open on", async () => {
    // classic-level as dynalite loads it: every open of the store's directory, with what LevelDB is told
    const load = createRequire(createRequire(import.meta.url).resolve("dynalite"));
    const { ClassicLevel } = load("classic-level") as {
      ClassicLevel: { prototype: { _open(o: object): Promise<void>; location: string } };
    };
    const original = ClassicLevel.prototype._open;
    const opened: { location: string; maxOpenFiles?: number }[] = [];
    ClassicLevel.prototype._open = function (this: { location: string }, o: { maxOpenFiles?: number }) {
      opened.push({ location: this.location, maxOpenFiles: o.maxOpenFiles });
      return original.call(this, o);
    };
    const dir = join(dataDir(), "dynamodb");
    try {
      const store = await startLocalDynamo({ path: dir });
      await store.close();
    } finally {
      ClassicLevel.prototype._open = original;
    }
    const ours = opened.filter((o) => o.location === dir);
    // the check that no other process holds the directory, then dynalite's own store
    expect(ours.length).toBeGreaterThanOrEqual(2);
    expect(ours.map((o) => o.maxOpenFiles)).toEqual(ours.map(() => STORE_OPEN_FILES));
    expect(STORE_OPEN_FILES).toBeLessThanOrEqual(100);
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

  it("a simulation accepted but cut off by a stop resumes, with its parameters, when the next process starts", async () => {
    const dir = dataDir();
    const before = await onDisk(dir);
    // the record is written before the 202; the process stops before any step ran
    const world = simulationWorld(before.rt);
    await simulationRepository(before.rt).runs.create(
      "cut",
      world.paramsFor({ days: 1, seed: 9, agents: 30 }, "offline", 10),
      {
        owner: "cut-run1",
      },
    );
    await before.close();

    const after = await onDisk(dir);
    try {
      const sims = after.context.services.simulations;
      expect(await sims.resumeUnfinished()).toEqual(["cut"]);
      await after.workflows.settled();
      const meta = (await sims.status("cut"))!;
      expect(meta).toMatchObject({ status: "completed", days: 1, seed: 9, agents: 30, owner: "cut-run2" });
      expect(meta.completedSlots).toHaveLength(4);
      expect(await sims.resumeUnfinished()).toEqual([]);
    } finally {
      await after.close();
    }
  });
});
