// A fake Anthropic Messages API on loopback: answers POST /v1/messages from a script of replies and
// records what the SDK sent. Replies: JSON text, an HTTP error with Anthropic's error body, or a hang.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeReply =
  | { text: string; inputTokens?: number; outputTokens?: number }
  | { status: number; errorType: string; retryAfter?: number }
  | { hang: true };

export interface FakeAnthropic {
  baseURL: string;
  requests: {
    model: string;
    messages: { role: string; content: unknown }[];
    output_config?: unknown;
    system?: unknown;
  }[];
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => resolve(data));
  });

/** `script` is consumed in order (the last reply repeats), or a function answers each request. */
export async function startFakeAnthropic(
  script: FakeReply[] | ((req: FakeAnthropic["requests"][number], n: number) => FakeReply),
  opts: { latencyMs?: number } = {},
): Promise<FakeAnthropic & { maxInFlight: () => number }> {
  let inFlight = 0;
  let peak = 0;
  const requests: FakeAnthropic["requests"] = [];
  let i = 0;
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.method !== "POST" || req.url !== "/v1/messages") {
      res.writeHead(404).end();
      return;
    }
    const parsed = JSON.parse(body);
    requests.push(parsed);
    const n = i++;
    // a scripted list repeats its last reply (tests script at least one)
    const reply = typeof script === "function" ? script(parsed, n) : script[Math.min(n, script.length - 1)]!;
    inFlight++;
    peak = Math.max(peak, inFlight);
    res.on("close", () => inFlight--);
    if (opts.latencyMs) await new Promise((r) => setTimeout(r, opts.latencyMs));
    if ("hang" in reply) return; // never answers: the client's timeout must fire
    if ("status" in reply) {
      res.writeHead(reply.status, {
        "content-type": "application/json",
        ...(reply.retryAfter !== undefined ? { "retry-after": String(reply.retryAfter) } : {}),
      });
      res.end(
        JSON.stringify({
          type: "error",
          error: { type: reply.errorType, message: `fake ${reply.errorType}` },
        }),
      );
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        id: `msg_fake_${i}`,
        type: "message",
        role: "assistant",
        model: parsed.model,
        content: [{ type: "text", text: reply.text }],
        stop_reason: "end_turn",
        stop_sequence: null,
        usage: { input_tokens: reply.inputTokens ?? 100, output_tokens: reply.outputTokens ?? 50 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    maxInFlight: () => peak,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
