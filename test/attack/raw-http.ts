// Raw HTTP/1.1 on a socket, for what fetch will not send: any Host header, headers of any size, a body
// that trickles. Each answer is read whole (until the server closes or the body's length is in).
import { connect, type Socket } from "node:net";

export interface RawAnswer {
  /** 0 when the connection ended without a status line (a reset, a close) */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** the connection ended with an error (ECONNRESET, EPIPE) */
  error?: string;
}

/** Parses what a server sent on one connection: the first answer in it. */
export function parseAnswer(raw: string, error?: string): RawAnswer {
  const end = raw.indexOf("\r\n\r\n");
  if (end < 0) return { status: 0, headers: {}, body: "", error: error ?? "no answer" };
  const [statusLine, ...lines] = raw.slice(0, end).split("\r\n");
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const i = l.indexOf(":");
    if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
  }
  let body = raw.slice(end + 4);
  if (headers["transfer-encoding"] === "chunked") body = unchunk(body);
  return { status: Number(statusLine!.split(" ")[1] ?? 0), headers, body, ...(error ? { error } : {}) };
}

function unchunk(text: string): string {
  let out = "";
  let rest = text;
  for (;;) {
    const i = rest.indexOf("\r\n");
    if (i < 0) return out;
    const size = parseInt(rest.slice(0, i), 16);
    if (!size) return out;
    out += rest.slice(i + 2, i + 2 + size);
    rest = rest.slice(i + 2 + size + 2);
  }
}

/** Whether the answer on `raw` is complete (its declared length in, or a chunked body ended). */
function complete(raw: string): boolean {
  const end = raw.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const head = raw.slice(0, end).toLowerCase();
  const body = raw.slice(end + 4);
  const length = /content-length:\s*(\d+)/.exec(head)?.[1];
  if (length !== undefined) return Buffer.byteLength(body) >= Number(length);
  if (head.includes("transfer-encoding: chunked"))
    return body.includes("\r\n0\r\n\r\n") || body.startsWith("0\r\n\r\n");
  return false;
}

/** Sends `request` (bytes as they are) and resolves with the answer once it is whole or the connection ends. */
export function rawRequest(port: number, request: string | Buffer, host = "127.0.0.1"): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    let raw = "";
    let done = false;
    const finish = (error?: string) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve(parseAnswer(raw, raw ? undefined : error));
    };
    socket.on("data", (d: Buffer) => {
      raw += d.toString("utf8");
      if (complete(raw)) finish();
    });
    socket.on("error", (err: NodeJS.ErrnoException) => finish(err.code ?? err.message));
    socket.on("close", () => finish("closed"));
    socket.write(request);
  });
}

/** A GET with exactly these headers (Host among them, as given). */
export const rawGet = (port: number, path: string, headers: Record<string, string>) =>
  rawRequest(
    port,
    `GET ${path} HTTP/1.1\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join("")}Connection: close\r\n\r\n`,
  );

/**
 * A POST whose body of `body` arrives one byte every `everyMs`: the socket, and the answer (whenever
 * the server gives one) with how many bytes had been sent by then.
 */
export function tricklePost(
  port: number,
  path: string,
  body: string,
  everyMs: number,
): { socket: Socket; answer: Promise<RawAnswer & { sentBeforeAnswer: number; total: number }> } {
  const socket = connect(port, "127.0.0.1");
  let raw = "";
  let sent = 0;
  let sentAtAnswer = -1;
  const bytes = Buffer.from(body);
  const answer = new Promise<RawAnswer & { sentBeforeAnswer: number; total: number }>((resolve) => {
    let done = false;
    const finish = (error?: string) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      socket.destroy();
      resolve({
        ...parseAnswer(raw, raw ? undefined : error),
        sentBeforeAnswer: sentAtAnswer < 0 ? sent : sentAtAnswer,
        total: bytes.length,
      });
    };
    socket.on("data", (d: Buffer) => {
      if (sentAtAnswer < 0) sentAtAnswer = sent;
      raw += d.toString("utf8");
      if (complete(raw)) finish();
    });
    socket.on("error", (err: NodeJS.ErrnoException) => finish(err.code ?? err.message));
    socket.on("close", () => finish("closed"));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\n\r\n`,
    );
    const timer: NodeJS.Timeout = setInterval(() => {
      if (sent >= bytes.length || socket.destroyed) return clearInterval(timer);
      socket.write(bytes.subarray(sent, sent + 1));
      sent++;
    }, everyMs);
  });
  return { socket, answer };
}
