// The local index's file as a journal (shared/index/local-engine.ts): a flush appends only what changed
// since the last one (documents written, documents removed), a reopened index holds exactly what the
// last one held, the file is compacted once it has grown past twice its documents, and a line cut off
// by a killed process (the last one) is skipped.
import { appendFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LocalSearchIndex } from "../../shared/index/local-engine.ts";
import type { IndexDefinition } from "../../shared/index/port.ts";

const DEF: IndexDefinition = {
  settings: {},
  mappings: {
    dynamic: "strict",
    properties: {
      title: { type: "text" },
      n: { type: "integer" },
      embedding: { type: "knn_vector", dimension: 2 },
    },
  },
} as unknown as IndexDefinition;
const META = { embedder: "test", dimension: 2, schema_version: 1 };

const lines = (file: string) => readFileSync(file, "utf8").split("\n").filter(Boolean);
const doc = (i: number) => ({ id: `d${i}`, doc: { title: `문서 ${i}`, n: i, embedding: [1, i] } });

async function fresh(file: string) {
  const ix = new LocalSearchIndex("t", DEF, { file });
  await ix.ensureIndex(META);
  return ix;
}

describe("the local index's file", () => {
  it("a flush appends what changed, not the whole index; reopening gives the same documents", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "dongne-journal-")), "ix.jsonl");
    const ix = await fresh(file);
    await ix.bulkIndex([doc(1), doc(2), doc(3)]);
    await ix.flush();
    expect(lines(file)).toHaveLength(4); // meta + 3
    await ix.bulkIndex([doc(4)]);
    await ix.flush();
    expect(lines(file)).toHaveLength(5); // one line more, not a rewrite
    await ix.bulkIndex([{ id: "d2", doc: { title: "바뀐 문서", n: 20, embedding: [0, 1] } }]);
    ix.removeWhere((s) => s.n === 3);
    await ix.flush();
    expect(lines(file)).toHaveLength(7); // d2 again, d3 deleted

    const again = new LocalSearchIndex("t", DEF, { file });
    expect(await again.meta()).toEqual(META);
    expect(await again.count()).toBe(3);
    const got = await again.mget<{ title: string }>(["d1", "d2", "d3", "d4"]);
    expect([...got.keys()].sort()).toEqual(["d1", "d2", "d4"]);
    expect(got.get("d2")!.title).toBe("바뀐 문서");
  });

  it("is compacted once it holds more than twice its documents (and a thousand lines)", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "dongne-journal-")), "ix.jsonl");
    const ix = await fresh(file);
    await ix.bulkIndex([doc(1)]);
    await ix.flush();
    for (let round = 0; round < 1100; round++) {
      await ix.bulkIndex([doc(1)]);
      await ix.flush();
    }
    expect(lines(file).length).toBeLessThan(1100);
    const again = new LocalSearchIndex("t", DEF, { file });
    expect(await again.count()).toBe(1);
  });

  it("skips a last line cut off by a killed process; a document removed before it was written leaves no line", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "dongne-journal-")), "ix.jsonl");
    const ix = await fresh(file);
    await ix.bulkIndex([doc(1), doc(2)]);
    await ix.flush();
    await ix.bulkIndex([doc(9)]);
    ix.removeWhere((s) => s.n === 9);
    await ix.flush();
    expect(lines(file)).toHaveLength(3);
    appendFileSync(file, '{"id":"d7","source":{"title":"잘린');
    const again = new LocalSearchIndex("t", DEF, { file });
    expect(await again.count()).toBe(2);
  });
});
