// A fake Bedrock runtime on loopback. The SDK's bedrock-runtime client speaks HTTP/2 (its default
// handler), so this is a cleartext HTTP/2 server (h2c, prior knowledge). Each InvokeModel request is
// recorded and answered by a handler: an embedding, an AWS error (x-amzn-errortype), or a hang.
import { createServer, type IncomingHttpHeaders } from "node:http2";
import type { AddressInfo } from "node:net";

export interface BedrockRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export type BedrockReply = { json: unknown } | { status: number; errorType: string } | { hang: true };

export interface FakeBedrock {
  url: string;
  requests: BedrockRequest[];
  maxInFlight(): number;
  close(): Promise<void>;
}

export async function startFakeBedrock(
  answer: (r: BedrockRequest, nth: number) => BedrockReply,
  /**
   * together: the first replies wait until that many requests are in flight at once (a gate, not a
   * timer a busy machine outruns), then every reply goes at once
   */
  opts: { together?: number } = {},
): Promise<FakeBedrock> {
  const requests: BedrockRequest[] = [];
  let inFlight = 0;
  let peak = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  if (!opts.together) open();
  const server = createServer();
  server.on("stream", (stream, headers) => {
    let raw = "";
    stream.on("data", (c: Buffer) => (raw += c.toString()));
    stream.on("end", async () => {
      const r: BedrockRequest = {
        path: String(headers[":path"]),
        headers,
        body: raw ? JSON.parse(raw) : undefined,
      };
      requests.push(r);
      const reply = answer(r, requests.length - 1);
      if ("hang" in reply) return;
      inFlight++;
      peak = Math.max(peak, inFlight);
      if (inFlight >= (opts.together ?? 0)) open();
      await gate;
      inFlight--;
      if (stream.destroyed) return;
      if ("status" in reply) {
        stream.respond({
          ":status": reply.status,
          "content-type": "application/json",
          "x-amzn-errortype": `${reply.errorType}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
        });
        stream.end(JSON.stringify({ message: `fake ${reply.errorType}` }));
        return;
      }
      stream.respond({ ":status": 200, "content-type": "application/json" });
      stream.end(JSON.stringify(reply.json));
    });
    stream.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    maxInFlight: () => peak,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
