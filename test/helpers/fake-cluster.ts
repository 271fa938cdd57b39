// A small in-memory OpenSearch cluster answering the administrative APIs the deploy-time index setup
// sends (aliases, create, settings, mapping, _reindex as a task, _tasks, _count, _cat/indices, delete),
// with OpenSearch's status codes and response shapes, and `dynamic: strict` enforced on copies. Every
// request is recorded, so a test can say what the setup did and in which order.
import type { ClusterRequest } from "../../shared/index/versioned.ts";

interface FakeIndex {
  settings: { index?: Record<string, unknown> };
  mappings: { properties: Record<string, unknown>; dynamic?: unknown; _meta?: unknown };
  docs: Map<string, Record<string, unknown>>;
}

export class FakeCluster {
  readonly indices = new Map<string, FakeIndex>();
  readonly aliases = new Map<string, string>();
  readonly log: string[] = [];
  private tasks = new Map<string, unknown>();
  /** a task that never completes (a copy that outlasts the deploy) */
  stallReindex = false;

  private resolve(name: string): string | undefined {
    return this.aliases.get(name) ?? (this.indices.has(name) ? name : undefined);
  }

  addIndex(
    name: string,
    mappings: FakeIndex["mappings"],
    docs: Record<string, unknown>[] = [],
    replicas = 1,
  ) {
    this.indices.set(name, {
      settings: { index: { number_of_replicas: replicas } },
      mappings,
      docs: new Map(docs.map((d, i) => [typeof d.place_id === "string" ? d.place_id : String(i), d])),
    });
  }

  request: ClusterRequest = async ({ method, path, body }) => {
    this.log.push(`${method} ${path}`);
    const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
    const [first, second] = parts;
    const b = body as Record<string, any>;
    if (first === "_alias") {
      const idx = this.aliases.get(second!);
      return idx
        ? { status: 200, body: { [idx]: { aliases: { [second!]: {} } } } }
        : { status: 404, body: {} };
    }
    if (first === "_aliases") {
      // atomic: an index removed in the same call may give its name to the alias (OpenSearch's
      // documented way to replace an index with an alias)
      const actions = b.actions as Record<string, { index: string; alias?: string }>[];
      for (const a of actions) if (a.remove_index) this.indices.delete(a.remove_index.index);
      for (const a of actions) {
        if (a.add) {
          if (this.indices.has(a.add.alias!))
            return { status: 400, body: { error: { type: "invalid_alias_name_exception" } } };
          this.aliases.set(a.add.alias!, a.add.index);
        }
        if (a.remove) this.aliases.delete(a.remove.alias!);
      }
      return { status: 200, body: { acknowledged: true } };
    }
    if (first === "_reindex") {
      const source = this.indices.get(this.resolve(b.source.index)!)!;
      const dest = this.indices.get(b.dest.index)!;
      const failures: unknown[] = [];
      let created = 0;
      for (const [id, doc] of source.docs) {
        const unknown = Object.keys(doc).find((k) => !(k in dest.mappings.properties));
        if (unknown && dest.mappings.dynamic === "strict")
          failures.push({
            id,
            cause: {
              reason: `mapping set to strict, dynamic introduction of [${unknown}] within [_doc] is not allowed`,
            },
          });
        else if (!dest.docs.has(id)) {
          dest.docs.set(id, doc);
          created++;
        }
      }
      const task = `node:${this.tasks.size + 1}`;
      this.tasks.set(task, { completed: !this.stallReindex, response: { created, failures } });
      return { status: 200, body: { task } };
    }
    if (first === "_tasks") return { status: 200, body: this.tasks.get(second!) };
    if (first === "_cat") {
      const prefix = parts[2]!.replace(/\*$/, "");
      return {
        status: 200,
        body: [...this.indices.keys()].filter((n) => n.startsWith(prefix)).map((index) => ({ index })),
      };
    }
    const name = this.resolve(first!);
    if (method === "HEAD") return { status: name ? 200 : 404, body: "" };
    if (method === "PUT" && !second) {
      if (this.indices.has(first!) || this.aliases.has(first!))
        return { status: 400, body: { error: { type: "resource_already_exists_exception" } } };
      this.indices.set(first!, { settings: b.settings, mappings: b.mappings, docs: new Map() });
      return { status: 200, body: { acknowledged: true } };
    }
    if (!name) return { status: 404, body: { error: { type: "index_not_found_exception" } } };
    const idx = this.indices.get(name)!;
    if (method === "DELETE") {
      this.indices.delete(name);
      return { status: 200, body: { acknowledged: true } };
    }
    if (second === "_mapping") return { status: 200, body: { [name]: { mappings: idx.mappings } } };
    if (second === "_settings" && method === "GET")
      return {
        status: 200,
        body: {
          [name]: {
            settings: { index: { number_of_replicas: String(idx.settings.index?.number_of_replicas) } },
          },
        },
      };
    if (second === "_settings") {
      idx.settings.index = { ...idx.settings.index, ...b.index };
      return { status: 200, body: { acknowledged: true } };
    }
    if (second === "_refresh") return { status: 200, body: {} };
    if (second === "_count") {
      // a term query on one field (the setup counts synthetic documents), or every document
      const term = Object.entries((b?.query?.term ?? {}) as Record<string, unknown>);
      const matches = [...idx.docs.values()].filter((d) => term.every(([k, v]) => d[k] === v));
      return { status: 200, body: { count: matches.length } };
    }
    return { status: 400, body: { error: { type: "unsupported", reason: `${method} ${path}` } } };
  };
}
