// A fake OpenSearch on loopback: index creation with a mapping, _mapping, NDJSON _bulk with
// per-item results, _search (answered by running the body through the local engine, so the DSL the
// adapter sends is executed), _mget, _count and composite aggregations over a keyword field. Every
// request is recorded (with its SigV4 headers); `fault` injects 429s, 5xx, per-item errors or hangs.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { LocalSearchIndex } from "../../shared/index/local-engine.ts";
import type { IndexDefinition, IndexMeta } from "../../shared/index/port.ts";

export interface OsRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  raw: string;
  body: any;
}

export type Fault =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { hang: true }
  | { itemErrors: Record<string, { status: number; type: string; reason: string }> }
  | undefined;

export interface FakeOpenSearch {
  url: string;
  requests: OsRequest[];
  indices: Map<
    string,
    { definition: IndexDefinition & { mappings: { _meta?: IndexMeta } }; engine: LocalSearchIndex }
  >;
  close(): Promise<void>;
}

export async function startFakeOpenSearch(
  fault: (r: OsRequest, nth: number) => Fault = () => undefined,
): Promise<FakeOpenSearch> {
  const requests: OsRequest[] = [];
  const indices: FakeOpenSearch["indices"] = new Map();
  const seen = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://x");
      let body: any;
      try {
        body = raw && !url.pathname.endsWith("/_bulk") ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
      const r: OsRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        raw,
        body,
      };
      requests.push(r);
      const key = `${r.method} ${r.path}`;
      const nth = seen.get(key) ?? 0;
      seen.set(key, nth + 1);
      const send = (status: number, json: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(json));
      const f = fault(r, nth);
      if (f && "hang" in f) return;
      if (f && "status" in f) return send(f.status, f.json, f.headers);
      const itemErrors = f && "itemErrors" in f ? f.itemErrors : {};
      const [, name, op] = /^\/([^/_][^/]*)?\/?(_\w+)?$/.exec(r.path) ?? [];
      const notFound = () =>
        send(404, {
          error: { type: "index_not_found_exception", reason: `no such index [${name}]` },
          status: 404,
        });
      try {
        if (r.method === "PUT" && name && !op) {
          if (indices.has(name))
            return send(400, {
              error: { type: "resource_already_exists_exception", reason: "exists" },
              status: 400,
            });
          const dim = body.mappings.properties.embedding.dimension;
          const engine = new LocalSearchIndex(name, body);
          await engine.ensureIndex(
            body.mappings._meta ?? { embedder: "?", dimension: dim, schema_version: 0 },
          );
          indices.set(name, { definition: body, engine });
          return send(200, { acknowledged: true, index: name });
        }
        if (op === "_bulk") {
          const lines = raw
            .split("\n")
            .filter(Boolean)
            .map((l) => JSON.parse(l));
          const items: {
            index: { _index: string; _id: string; status: number; result?: string; error?: object };
          }[] = [];
          for (let i = 0; i < lines.length; i += 2) {
            // POST /<index>/_bulk: an action line without _index writes to the path's index
            const _id: string = lines[i].index._id;
            const _index: string = lines[i].index._index ?? name;
            const injected = itemErrors[_id];
            if (injected) {
              items.push({
                index: {
                  _index,
                  _id,
                  status: injected.status,
                  error: { type: injected.type, reason: injected.reason },
                },
              });
              continue;
            }
            const ix = indices.get(_index);
            if (!ix) {
              items.push({
                index: {
                  _index,
                  _id,
                  status: 404,
                  error: { type: "index_not_found_exception", reason: "no such index" },
                },
              });
              continue;
            }
            const [result] = await ix.engine.bulkIndex([{ id: _id, doc: lines[i + 1] }]);
            items.push({
              index: {
                _index,
                _id,
                status: result!.status,
                ...(result!.error ? { error: result!.error } : { result: result!.result }),
              },
            });
          }
          return send(200, { took: 1, errors: items.some((x) => x.index.error), items });
        }
        const ix = name ? indices.get(name) : undefined;
        if (!ix) return notFound();
        if (op === "_mapping") return send(200, { [name!]: { mappings: ix.definition.mappings } });
        if (op === "_count") return send(200, { count: await ix.engine.count() });
        if (op === "_mget") {
          const include = r.query.get("_source_includes")?.split(",");
          const got = await ix.engine.mget<Record<string, unknown>>(body.ids, include);
          return send(200, {
            docs: body.ids.map((id: string) =>
              got.has(id) ? { _id: id, found: true, _source: got.get(id) } : { _id: id, found: false },
            ),
          });
        }
        if (op === "_search") {
          if (body.aggs) {
            const field = body.aggs.v.composite.sources[0].v.terms.field;
            const all = (await ix.engine.distinctValues(field)).sort();
            const after = body.aggs.v.composite.after?.v;
            const page = all
              .filter((v) => after === undefined || v > after)
              .slice(0, body.aggs.v.composite.size);
            return send(200, {
              hits: { total: { value: 0 }, hits: [] },
              aggregations: {
                v: {
                  buckets: page.map((v) => ({ key: { v }, doc_count: 1 })),
                  ...(page.length ? { after_key: { v: page.at(-1) } } : {}),
                },
              },
            });
          }
          const found = await ix.engine.search(body);
          return send(200, {
            took: 1,
            hits: {
              total: { value: found.total, relation: "eq" },
              hits: found.hits.map((h) => ({ _index: name, _id: h.id, _score: h.score, _source: h.source })),
            },
          });
        }
        return send(400, {
          error: { type: "illegal_argument_exception", reason: `fake does not know ${key}` },
        });
      } catch (err) {
        return send(400, { error: { type: "parsing_exception", reason: (err as Error).message } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    indices,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
