// The page for people (web/), served by the API's own app: GET / is the page, GET /assets/{name} its
// scripts, styles and images. They are the files web/build.ts wrote — under web/dist in the source tree,
// under web/ beside the bundle in the API Lambda (infra/node-function.ts copies them) — kept in
// memory, sent gzipped to browsers that take it (each file has its .gz beside it).
import { existsSync, readFileSync, statSync } from "node:fs";
import type { Context } from "hono";
import { ApiError } from "./errors.ts";

/** Beside the Lambda bundle first, then the source tree's build. */
const BUNDLED = new URL("./web/", import.meta.url);
const SOURCE_TREE = new URL("../../web/dist/", import.meta.url);
const ROOTS = [BUNDLED, SOURCE_TREE];

/**
 * The page draws everything with its own script and styles; map tiles are the one thing it loads from
 * elsewhere, from whatever tile server the settings name. Nothing it shows (shop names, news, comments)
 * can run as script: it is inserted as text, and this policy forbids inline script and style anyway.
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: https: http:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join("; ");

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  png: "image/png",
  svg: "image/svg+xml",
};

interface File {
  body: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer> | null;
  type: string;
  /** when the file was read; only the source tree's files are looked at again (0 for the others) */
  mtimeMs: number;
}

const files = new Map<string, File>();

/** The build's root, looked for until one is found (a page built after the server started is served). */
let root: URL | undefined;

/**
 * A built file by its path under the build's root; null when the page is not built or has no such
 * file. Kept in memory; in the source tree until the file changes (`npm start` rebuilds web/dist while
 * the local server runs), beside the bundle for good (a Lambda's files never change).
 */
function read(path: string): File | null {
  root ??= ROOTS.find((r) => existsSync(new URL("index.html", r)));
  if (!root) return null;
  const known = files.get(path);
  const rebuilt = root === SOURCE_TREE;
  if (known && !rebuilt) return known;
  const url = new URL(path, root);
  let mtimeMs = 0;
  if (rebuilt) {
    const stat = statSync(url, { throwIfNoEntry: false });
    if (!stat?.isFile()) return null;
    if (known?.mtimeMs === stat.mtimeMs) return known;
    mtimeMs = stat.mtimeMs;
  }
  let body: Buffer;
  try {
    body = readFileSync(url);
  } catch {
    return null; // no such file (or a directory)
  }
  const gz = new URL(`${path}.gz`, root);
  const file = {
    body: new Uint8Array(body),
    gzip: existsSync(gz) ? new Uint8Array(readFileSync(gz)) : null,
    type: TYPES[path.split(".").at(-1) ?? ""] ?? "application/octet-stream",
    mtimeMs,
  };
  files.set(path, file);
  return file;
}

function send(c: Context, f: File, headers: Record<string, string>): Response {
  const gzip = f.gzip !== null && /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
  return c.body(gzip ? f.gzip! : f.body, 200, {
    "content-type": f.type,
    "x-content-type-options": "nosniff",
    ...(f.gzip ? { vary: "accept-encoding" } : {}),
    ...(gzip ? { "content-encoding": "gzip" } : {}),
    ...headers,
  });
}

export function webPage(c: Context): Response {
  const page = read("index.html");
  if (!page)
    return c.html(
      '<!doctype html><html lang="ko"><meta charset="utf-8"><title>dongne</title><p>페이지가 아직 빌드되지 않았습니다: <code>npm run build:web</code>을 실행하세요. (The page is not built: run <code>npm run build:web</code>.) The API answers under <a href="openapi.json">/openapi.json</a>.</p></html>',
      503,
      // every 503 says when to look again (a build takes about a minute)
      { "retry-after": "60" },
    );
  // the page names its assets by content hash: it must be asked for afresh, they can be kept for a year
  return send(c, page, {
    "cache-control": "no-cache",
    "content-security-policy": CSP,
    "referrer-policy": "strict-origin-when-cross-origin",
  });
}

export function webAsset(c: Context, name: string): Response {
  const f = read(`assets/${name}`);
  if (!f) throw new ApiError("not_found", "not_found", `${name} 파일은 없습니다`);
  return send(c, f, { "cache-control": "public, max-age=31536000, immutable" });
}
