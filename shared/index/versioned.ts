// The restaurant index as a deploy makes it: a concrete index named after its definition's hash
// (`restaurants-<12 hex>`) behind the alias the product reads and writes (`restaurants`). A deploy
// whose definition is unchanged changes nothing (replicas alone are a settings update); a changed
// definition (a field added by a later issue, another analyzer) gets a new index, the documents are
// copied into it (_reindex), checked by count, and the alias moves to it in one atomic _aliases call.
// What cannot be copied is refused with a sentence, the alias left where it was:
//   - another embedder or dimension (vectors of two models are not comparable: re-ingest instead);
//   - documents the new mapping rejects (a field removed under `dynamic: strict`).
// An index named like the alias (made by a version before aliases, on its first ingest) is copied the
// same way and removed in the call that adds the alias, so readers never see a gap.
import { createHash } from "node:crypto";
import { DongneError } from "../platform/errors.ts";
import type { IndexDefinition, IndexMeta } from "./port.ts";

/** One request to the cluster: what the OpenSearch client's transport does, and a fake in tests. */
export type ClusterRequest = (req: {
  method: "GET" | "HEAD" | "PUT" | "POST" | "DELETE";
  path: string;
  body?: unknown;
  querystring?: Record<string, string>;
}) => Promise<{ status: number; body: unknown }>;

export interface VersionedIndexOptions {
  alias: string;
  definition: IndexDefinition;
  meta: IndexMeta;
  /** replicas of the concrete index: at most data nodes − 1 (a replica needs a node of its own) */
  replicas: number;
  /** how long the copy may take before the deploy gives up (the alias stays on the old index) */
  reindexTimeoutMs?: number;
  pollMs?: number;
}

export interface VersionedIndexResult {
  index: string;
  action: "created" | "unchanged" | "replicas-updated" | "reindexed";
  /** the index the alias pointed at before, when it moved */
  previous?: string;
  copied?: number;
  /** indexes of this alias older than the previous one, removed */
  removed: string[];
}

/** The deploy-time index setup cannot go on (an alias on a non-index, a copy that failed): the operator's to fix. */
export class IndexSetupError extends DongneError {
  constructor(message: string) {
    super("internal", message);
  }
}

/** The definition's fingerprint: settings (less the replicas, which change in place), mappings, meta. */
export function definitionHash(definition: IndexDefinition, meta: IndexMeta): string {
  const settings = structuredClone(definition.settings) as { index?: Record<string, unknown> };
  if (settings.index) delete settings.index.number_of_replicas;
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash("sha256")
    .update(JSON.stringify(canonical({ settings, mappings: definition.mappings, meta })))
    .digest("hex")
    .slice(0, 12);
}

export const versionedName = (alias: string, hash: string) => `${alias}-${hash}`;

const enc = encodeURIComponent;

async function ok(
  request: ClusterRequest,
  req: Parameters<ClusterRequest>[0],
  what: string,
  accept: number[] = [200],
): Promise<{ status: number; body: unknown }> {
  const r = await request(req);
  if (!accept.includes(r.status))
    throw new IndexSetupError(
      `OpenSearch refused to ${what} (HTTP ${r.status}): ${JSON.stringify(r.body).slice(0, 500)}`,
    );
  return r;
}

/** The concrete index an alias points at (null when no alias of that name exists). */
async function aliasTarget(request: ClusterRequest, alias: string): Promise<string | null> {
  const r = await ok(
    request,
    { method: "GET", path: `/_alias/${enc(alias)}` },
    `read alias ${alias}`,
    [200, 404],
  );
  if (r.status === 404) return null;
  const names = Object.keys(r.body as Record<string, unknown>);
  if (names.length !== 1)
    throw new IndexSetupError(
      `alias ${alias} points at ${names.length} indexes (${names.join(", ")}): expected one`,
    );
  return names[0]!;
}

const exists = async (request: ClusterRequest, index: string) =>
  (await ok(request, { method: "HEAD", path: `/${enc(index)}` }, `look for ${index}`, [200, 404])).status ===
  200;

async function metaOf(request: ClusterRequest, index: string): Promise<IndexMeta | undefined> {
  const r = await ok(request, { method: "GET", path: `/${enc(index)}/_mapping` }, `read ${index}'s mapping`);
  const [m] = Object.values(r.body as Record<string, { mappings?: { _meta?: IndexMeta } }>);
  return m?.mappings?._meta;
}

async function countOf(request: ClusterRequest, index: string): Promise<number> {
  await ok(request, { method: "POST", path: `/${enc(index)}/_refresh` }, `refresh ${index}`);
  const r = await ok(request, { method: "GET", path: `/${enc(index)}/_count` }, `count ${index}`);
  return (r.body as { count: number }).count;
}

async function replicasOf(request: ClusterRequest, index: string): Promise<number> {
  const r = await ok(
    request,
    { method: "GET", path: `/${enc(index)}/_settings` },
    `read ${index}'s settings`,
  );
  const [s] = Object.values(
    r.body as Record<string, { settings?: { index?: { number_of_replicas?: string } } }>,
  );
  return Number(s?.settings?.index?.number_of_replicas ?? NaN);
}

/** Copies `source` into `target` as a task, waits for it, and checks that every document arrived. */
async function reindex(
  request: ClusterRequest,
  source: string,
  target: string,
  o: Required<Pick<VersionedIndexOptions, "reindexTimeoutMs" | "pollMs">>,
): Promise<number> {
  const started = await ok(
    request,
    {
      method: "POST",
      path: "/_reindex",
      querystring: { wait_for_completion: "false", refresh: "true" },
      body: { source: { index: source }, dest: { index: target, op_type: "create" }, conflicts: "proceed" },
    },
    `copy ${source} into ${target}`,
  );
  const task = (started.body as { task: string }).task;
  const until = Date.now() + o.reindexTimeoutMs;
  for (;;) {
    const r = await ok(request, { method: "GET", path: `/_tasks/${enc(task)}` }, `follow the copy (${task})`);
    const t = r.body as {
      completed: boolean;
      error?: { reason?: string };
      response?: { failures?: { cause?: { reason?: string }; id?: string }[]; created?: number };
    };
    if (t.completed) {
      if (t.error)
        throw new IndexSetupError(`copying ${source} into ${target} failed: ${t.error.reason ?? "unknown"}`);
      const failures = t.response?.failures ?? [];
      if (failures.length)
        throw new IndexSetupError(
          `${failures.length} documents of ${source} do not fit the new mapping of ${target} (first: ${failures[0]!.id ?? "?"}: ` +
            `${failures[0]!.cause?.reason ?? "unknown"}); the alias stays on ${source}. Fix the mapping, or re-ingest the ` +
            `crawl files into the new index`,
        );
      break;
    }
    if (Date.now() > until)
      throw new IndexSetupError(
        `copying ${source} into ${target} did not finish within ${Math.round(o.reindexTimeoutMs / 1000)} s (task ${task} goes on); ` +
          `the alias stays on ${source}: deploy again once the task has finished`,
      );
    await new Promise((res) => setTimeout(res, o.pollMs));
  }
  const [from, to] = [await countOf(request, source), await countOf(request, target)];
  if (to < from)
    throw new IndexSetupError(
      `${target} holds ${to} documents after the copy, ${source} ${from}: the alias stays on ${source}`,
    );
  return to;
}

/** The alias already points at this definition's index: only its replicas may need to change. */
async function keepIndex(
  request: ClusterRequest,
  target: string,
  replicas: number,
): Promise<VersionedIndexResult> {
  if ((await replicasOf(request, target)) === replicas)
    return { index: target, action: "unchanged", removed: [] };
  await ok(
    request,
    { method: "PUT", path: `/${enc(target)}/_settings`, body: { index: { number_of_replicas: replicas } } },
    `set ${target}'s replicas`,
  );
  return { index: target, action: "replicas-updated", removed: [] };
}

/** Vectors of two models are not comparable: an index built by another embedder is not copied. */
async function checkSameEmbedder(request: ClusterRequest, source: string, meta: IndexMeta): Promise<void> {
  const found = await metaOf(request, source);
  if (found && (found.embedder !== meta.embedder || found.dimension !== meta.dimension))
    throw new IndexSetupError(
      `${source} holds vectors of ${found.embedder} (${found.dimension} dimensions) and this deploy embeds with ` +
        `${meta.embedder} (${meta.dimension}): vectors of two models are not comparable, so they are not copied. ` +
        `Keep the embedder, or re-ingest the crawl files after deleting ${source}`,
    );
}

/** The alias's indexes older than the previous one (a rollback is one _aliases call): removed. */
async function removeOlder(
  request: ClusterRequest,
  alias: string,
  keep: readonly (string | null)[],
): Promise<string[]> {
  const removed: string[] = [];
  const all = await ok(
    request,
    { method: "GET", path: `/_cat/indices/${enc(alias)}-*`, querystring: { format: "json", h: "index" } },
    "list indexes",
    [200, 404],
  );
  for (const { index } of (all.status === 200 ? all.body : []) as { index: string }[]) {
    if (keep.includes(index) || !/^[a-z0-9_-]+-[0-9a-f]{12}$/.test(index)) continue;
    await ok(request, { method: "DELETE", path: `/${enc(index)}` }, `delete ${index}`, [200, 404]);
    removed.push(index);
  }
  return removed;
}

/** Makes the alias point at the index of this definition, creating and filling it when needed. */
export async function ensureVersionedIndex(
  request: ClusterRequest,
  o: VersionedIndexOptions,
): Promise<VersionedIndexResult> {
  const target = versionedName(o.alias, definitionHash(o.definition, o.meta));
  const current = await aliasTarget(request, o.alias);
  if (current === target) return keepIndex(request, target, o.replicas);

  // where documents are now: the alias's index, or an index named like the alias (before aliases)
  const legacy = !current && (await exists(request, o.alias)) ? o.alias : null;
  const source = current ?? legacy;
  if (source) await checkSameEmbedder(request, source, o.meta);

  if (!(await exists(request, target))) {
    const settings = structuredClone(o.definition.settings) as { index?: Record<string, unknown> };
    settings.index = { ...settings.index, number_of_replicas: o.replicas };
    await ok(
      request,
      {
        method: "PUT",
        path: `/${enc(target)}`,
        body: { settings, mappings: { ...o.definition.mappings, _meta: o.meta } },
      },
      `create ${target}`,
      [200, 201],
    );
  }

  if (!source) {
    await ok(
      request,
      { method: "POST", path: "/_aliases", body: { actions: [{ add: { index: target, alias: o.alias } }] } },
      `point ${o.alias} at ${target}`,
    );
    return { index: target, action: "created", removed: [] };
  }

  const copied = await reindex(request, source, target, {
    reindexTimeoutMs: o.reindexTimeoutMs ?? 10 * 60_000,
    pollMs: o.pollMs ?? 2000,
  });
  const actions = current
    ? [{ remove: { index: current, alias: o.alias } }, { add: { index: target, alias: o.alias } }]
    : [{ add: { index: target, alias: o.alias } }, { remove_index: { index: o.alias } }];
  await ok(request, { method: "POST", path: "/_aliases", body: { actions } }, `move ${o.alias} to ${target}`);
  const removed = await removeOlder(request, o.alias, [target, current]);
  return { index: target, action: "reindexed", previous: source, copied, removed };
}
