// A fake provider on loopback: each request is answered by a handler (or a scripted sequence), and
// recorded, so adapters are tested over real HTTP, including failures.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: any;
}

export type Reply =
  | { status?: number; json: unknown; headers?: Record<string, string> }
  | { status?: number; raw: string }
  | { status?: number; bytes: Uint8Array; contentType?: string }
  | { hang: true };

export interface FakeServer {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

export const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/providers/${name}`, import.meta.url), "utf8"));

/** `route` answers each request (or resolves to the answer); return an array to script successive replies to the same path. */
export async function startFake(
  route: (r: Recorded, nth: number) => Reply | Reply[] | Promise<Reply | Reply[]>,
  opts: { latencyMs?: number } = {},
): Promise<FakeServer> {
  const requests: Recorded[] = [];
  const seen = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://x");
      const rec: Recorded = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: data ? JSON.parse(data) : undefined,
      };
      requests.push(rec);
      const nth = seen.get(rec.path) ?? 0;
      seen.set(rec.path, nth + 1);
      const answer = await route(rec, nth);
      // a list repeats its last reply (tests give at least one)
      const reply = Array.isArray(answer) ? answer[Math.min(nth, answer.length - 1)]! : answer;
      if ("hang" in reply) return;
      setTimeout(() => send(reply), opts.latencyMs ?? 0);
    });
    const send = (reply: Exclude<Reply, { hang: true }>) => {
      if ("bytes" in reply) {
        res
          .writeHead(reply.status ?? 200, { "content-type": reply.contentType ?? "application/zip" })
          .end(Buffer.from(reply.bytes));
        return;
      }
      if ("raw" in reply) {
        res.writeHead(reply.status ?? 200, { "content-type": "application/json" }).end(reply.raw);
        return;
      }
      res
        .writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers })
        .end(JSON.stringify(reply.json));
    };
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
