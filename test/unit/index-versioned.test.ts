// The restaurant index as a deploy makes it (shared/index/versioned.ts), against an in-memory cluster:
// created behind its alias; unchanged on a redeploy; replicas changed in place; a changed mapping gets a
// new index, a copy and an atomic alias swap; an index from before aliases is taken over without a gap;
// another embedder, documents the new mapping rejects, or a copy that outlasts the deploy are refused
// with a sentence and the alias stays where it was.
import { beforeEach, describe, expect, it } from "vitest";
import { restaurantIndexDefinition } from "../../shared/restaurant-qa/index-mapping.ts";
import {
  definitionHash,
  ensureVersionedIndex,
  IndexSetupError,
  versionedName,
} from "../../shared/index/versioned.ts";
import type { IndexDefinition, IndexMeta } from "../../shared/index/port.ts";
import { FakeCluster } from "../helpers/fake-cluster.ts";

const meta: IndexMeta = {
  embedder: "bedrock:amazon.titan-embed-text-v2:0",
  dimension: 512,
  schema_version: 1,
};
const definition = restaurantIndexDefinition(512, { replicas: 0 });
/** the same definition with one more field, as the next issues will add */
const withField = (d: IndexDefinition, field: string): IndexDefinition => ({
  ...d,
  mappings: { ...d.mappings, properties: { ...d.mappings.properties, [field]: { type: "keyword" } } },
});
const doc = (id: string, extra: Record<string, unknown> = {}) => ({
  place_id: id,
  title: `식당 ${id}`,
  ...extra,
});

let cluster: FakeCluster;
beforeEach(() => {
  cluster = new FakeCluster();
});
const setup = (d = definition, replicas = 0, m = meta) =>
  ensureVersionedIndex(cluster.request, {
    alias: "restaurants",
    definition: d,
    meta: m,
    replicas,
    pollMs: 1,
  });

describe("the deploy-time restaurant index", () => {
  it("is named by its definition's hash, which replicas do not change and a field does", () => {
    const h = definitionHash(definition, meta);
    expect(h).toMatch(/^[0-9a-f]{12}$/);
    expect(definitionHash(restaurantIndexDefinition(512, { replicas: 1 }), meta)).toBe(h);
    expect(definitionHash(withField(definition, "parking_lot"), meta)).not.toBe(h);
    expect(definitionHash(definition, { ...meta, schema_version: 2 })).not.toBe(h);
    expect(definitionHash(restaurantIndexDefinition(1024), meta)).not.toBe(h);
  });

  it("creates the index with the product's mapping and replicas behind the alias, then leaves it alone", async () => {
    const first = await setup();
    const name = versionedName("restaurants", definitionHash(definition, meta));
    expect(first).toEqual({ index: name, action: "created", removed: [] });
    expect(cluster.aliases.get("restaurants")).toBe(name);
    const created = cluster.indices.get(name)!;
    expect(created.settings.index).toMatchObject({ knn: true, number_of_replicas: 0 });
    expect(created.mappings._meta).toEqual(meta);
    expect(Object.keys(created.mappings.properties)).toEqual(Object.keys(definition.mappings.properties));
    cluster.log.length = 0;
    expect((await setup()).action).toBe("unchanged");
    expect(cluster.log.filter((l) => !l.startsWith("GET"))).toEqual([]);
  });

  it("changes replicas in place (a second node joined: one replica, a green cluster)", async () => {
    await setup();
    const r = await setup(definition, 1);
    expect(r.action).toBe("replicas-updated");
    expect(cluster.indices.get(r.index)!.settings.index!.number_of_replicas).toBe(1);
  });

  it("moves to a new index when the mapping changes: copied, counted, the alias swapped in one call", async () => {
    const before = await setup();
    cluster.indices.get(before.index)!.docs.set("1", doc("1"));
    cluster.indices.get(before.index)!.docs.set("2", doc("2"));
    const changed = withField(definition, "parking_lot");
    cluster.log.length = 0;
    const after = await setup(changed);
    expect(after).toMatchObject({ action: "reindexed", previous: before.index, copied: 2, removed: [] });
    expect(after.index).not.toBe(before.index);
    expect(cluster.aliases.get("restaurants")).toBe(after.index);
    expect([...cluster.indices.get(after.index)!.docs.keys()]).toEqual(["1", "2"]);
    // the previous index is kept for a rollback; the swap was a single _aliases call after the copy
    expect(cluster.indices.has(before.index)).toBe(true);
    const order = cluster.log.filter((l) => /_reindex|_aliases/.test(l));
    expect(order).toEqual(["POST /_reindex", "POST /_aliases"]);
    // a third definition removes the oldest, keeps the one it replaces
    const third = await setup(withField(changed, "valet"));
    expect(third.removed).toEqual([before.index]);
    expect(cluster.indices.has(after.index)).toBe(true);
  });

  it("takes over an index named like the alias (made by the first ingest before aliases) without a gap", async () => {
    cluster.addIndex("restaurants", { ...definition.mappings, _meta: meta }, [doc("a"), doc("b"), doc("c")]);
    const r = await setup();
    expect(r).toMatchObject({ action: "reindexed", previous: "restaurants", copied: 3 });
    expect(cluster.aliases.get("restaurants")).toBe(r.index);
    expect(cluster.indices.has("restaurants")).toBe(false);
  });

  it("refuses to copy vectors of another embedder, the alias left where it was", async () => {
    const before = await setup();
    const titan1024 = { ...meta, dimension: 1024 };
    await expect(setup(restaurantIndexDefinition(1024), 0, titan1024)).rejects.toThrow(
      /vectors of two models are not comparable/,
    );
    expect(cluster.aliases.get("restaurants")).toBe(before.index);
  });

  it("refuses a mapping its documents do not fit (a field removed under dynamic: strict)", async () => {
    const wider = withField(definition, "legacy_code");
    const before = await setup(wider);
    cluster.indices.get(before.index)!.docs.set("1", doc("1", { legacy_code: "x" }));
    const err = await setup(definition).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IndexSetupError);
    expect((err as Error).message).toMatch(
      /^1 documents of restaurants-\w+ do not fit the new mapping of restaurants-\w+ .*\[legacy_code\]/,
    );
    expect(cluster.aliases.get("restaurants")).toBe(before.index);
  });

  it("gives up on a copy that outlasts the deploy, saying the alias stays", async () => {
    const before = await setup();
    cluster.stallReindex = true;
    await expect(
      ensureVersionedIndex(cluster.request, {
        alias: "restaurants",
        definition: withField(definition, "x"),
        meta,
        replicas: 0,
        reindexTimeoutMs: 20,
        pollMs: 5,
      }),
    ).rejects.toThrow(/did not finish within .* the alias stays on/);
    expect(cluster.aliases.get("restaurants")).toBe(before.index);
  });
});
