// An ingest job cut off with its process (npm start is its only worker), as the next start finds it:
// marked failed at once whatever its lease, its record saying how many of its documents were written
// (the finished batches' reports, and what the index holds of a batch cut off before its report); a
// report blob cut off mid-write counts as a batch not finished, never stops the start; a job of another
// kind is left alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { qaBlobs, qaJobs } from "../../shared/restaurant-qa/wiring.ts";
import { JobRepository } from "../../shared/store/jobs.ts";
import type { LocalWorld } from "../../functions/api/local.ts";
import { testWorld } from "../helpers/server.ts";
import { restaurantDoc } from "../helpers/restaurant-doc.ts";

let world: LocalWorld;
beforeAll(async () => {
  world = await testWorld({}, { QA_DEMO_CORPUS: "off" });
});
afterAll(() => world.close());

const record = (id: string) => restaurantDoc(id, { reviews: ["맛있어요."] });

const report = (written: number) =>
  JSON.stringify({
    indexed: written,
    updated: 0,
    unchanged: 0,
    rejected: [],
    written: Array.from({ length: written }, (_, i) => ({ index: i, place_id: `p-${i}`, result: "created" })),
    warnings: [],
    llmCalls: 0,
    llmTokens: { input: 0, output: 0 },
  });

describe("ingest jobs whose process died", () => {
  it("are failed at start-up with written of total; a torn report counts as unfinished; other kinds stay", async () => {
    const jobs = qaJobs(world.rt);
    const blobs = qaBlobs(world.rt);
    const id = JobRepository.newId();
    await jobs.create({ id, kind: "restaurant-ingest", createdBy: "local" }); // a fresh lease: ten minutes
    await jobs.update(id, "running", { total: 75, batchesTotal: 3 });
    await blobs.put(`jobs/${id}/batches/00000.report.json`, report(25));
    await blobs.put(`jobs/${id}/batches/00001.report.json`, report(25).slice(0, 40)); // cut off
    // batch 2 was written to the index, and the process killed before its report
    const third = Array.from({ length: 25 }, (_, i) => record(`held-${i}`));
    await blobs.put(`jobs/${id}/batches/00002.json`, JSON.stringify(third));
    await world.context.services.restaurants.ingest(third, "local");
    const other = JobRepository.newId();
    await jobs.create({ id: other, kind: "something-else" });

    const marked = await world.context.services.restaurants.failOrphanedIngestJobs();
    expect(marked).toEqual([id]);
    const job = (await world.context.services.restaurants.job(id))!;
    expect(job.status).toBe("failed");
    expect(job.error).toContain("75개 중 50개");
    expect(job.error).toMatch(/[가-힣]/);
    // 25 by batch 0's report, 25 the index holds of batch 2; batch 1's torn report counts nothing
    expect(job.result).toMatchObject({ writtenCount: 50, total: 75, batchesDone: 1, batchesTotal: 3 });
    expect((await jobs.get(other))!.status).toBe("pending");
  });
});
