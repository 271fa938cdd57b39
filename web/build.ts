// Builds the page: esbuild bundles web/src (TypeScript, Leaflet from node_modules, the CSS) into hashed
// static files under web/dist, with a gzip copy of each beside it (what the server sends to browsers
// that take gzip) — no CDN at run time. `npm start` runs this first; CDK runs it into the API Lambda's
// bundle (infra/node-function.ts). Usage: tsx web/build.ts [outdir]
import { build } from "esbuild";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const WEB = fileURLToPath(new URL(".", import.meta.url));
export const DEFAULT_OUTDIR = join(WEB, "dist");

export interface BuiltFile {
  /** path under the output directory, as the page links it */
  path: string;
  bytes: number;
  gzipBytes: number;
}
export interface WebBuild {
  outdir: string;
  js: BuiltFile;
  css: BuiltFile;
  files: BuiltFile[];
}

export async function buildWeb(outdir = DEFAULT_OUTDIR): Promise<WebBuild> {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    entryPoints: { app: join(WEB, "src/main.ts") },
    outdir,
    bundle: true,
    minify: true,
    format: "esm",
    target: ["es2020", "chrome100", "firefox100", "safari15"],
    entryNames: "assets/[name]-[hash]",
    assetNames: "assets/[name]-[hash]",
    loader: { ".png": "file" },
    legalComments: "eof",
    metafile: true,
    logLevel: "warning",
  });
  const outputs = Object.keys(result.metafile.outputs).map((p) => relative(outdir, resolve(p)));
  const js = outputs.find((p) => p.endsWith(".js"));
  const css = outputs.find((p) => p.endsWith(".css"));
  if (!js || !css) throw new Error(`the build made no script or stylesheet: ${outputs.join(", ")}`);
  // relative links: the page works under an API Gateway stage or a custom domain's base path too
  const html = readFileSync(join(WEB, "index.html"), "utf8")
    .replace("{{app.js}}", js)
    .replace("{{app.css}}", css);
  writeFileSync(join(outdir, "index.html"), html);

  const files = [...outputs, "index.html"].map((path): BuiltFile => {
    const body = readFileSync(join(outdir, path));
    const gz = gzipSync(body, { level: 9 });
    // images are compressed already: only text gets a gzip copy
    if (!path.endsWith(".png")) writeFileSync(join(outdir, `${path}.gz`), gz);
    return { path, bytes: body.length, gzipBytes: gz.length };
  });
  const find = (p: string) => files.find((f) => f.path === p)!;
  return { outdir, js: find(js), css: find(css), files };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = await buildWeb(process.argv[2] ? resolve(process.argv[2]) : DEFAULT_OUTDIR);
  console.log(
    `web page built into ${out.outdir}: ${basename(out.js.path)} ${kb(out.js.bytes)} (gzip ${kb(out.js.gzipBytes)}), ${basename(out.css.path)} ${kb(out.css.bytes)} (gzip ${kb(out.css.gzipBytes)})`,
  );
}
