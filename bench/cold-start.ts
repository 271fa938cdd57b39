// Cold starts and synth, before and after, in one run (`npm run bench -- cold-start`):
//   1. synthesizes the stack of the baseline (a commit, default the tree before issue 22, extracted with
//      git archive beside this checkout's node_modules) and of this checkout, timing each `cdk synth`;
//   2. for every Lambda of this checkout's template that the baseline also has (matched by logical
//      id), imports its bundle in plain Node, as Lambda loads it (with the NODE_OPTIONS its template
//      sets: the baseline's --enable-source-maps), once per fresh process, N times (default 10),
//      alternating baseline and current so both see the same machine;
//   3. prints, per function, the bundle and source-map sizes and the median import time of each, and
//      the ratio, then the totals and the targets (authorizer and Plan under 50 ms, none slower).
// Options: --baseline <commit|cdk.out dir>, --current <cdk.out dir> (skip that synth), --runs N,
// --only <logical-id prefix,…>, --markdown <file> (the table as Markdown, for the README).
// Lambda runs Node 22 on arm64; this measures Node on this machine: compare the ratios, not the ms.
import { execFileSync, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** The tree before issue 22 (layers, no deploy-time index, source maps on). */
export const BASELINE_COMMIT = "6b62b5e";

const ROOT = new URL("..", import.meta.url).pathname;

interface Fn {
  id: string;
  dir: string;
  nodeOptions?: string;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

function synth(cwd: string, out: string): number {
  const started = performance.now();
  execFileSync("npx", ["cdk", "synth", "--quiet", "--output", out], {
    cwd,
    stdio: "pipe",
    timeout: 600_000,
    env: { ...process.env, DONGNE_VERSION: "bench" },
  });
  return (performance.now() - started) / 1000;
}

/** The baseline's cdk.out: a directory given, or a commit synthesized from `git archive`. */
function baselineOut(spec: string, work: string): { out: string; synthSeconds?: number } {
  if (existsSync(join(spec, "manifest.json"))) return { out: spec };
  const src = join(work, "baseline-src");
  mkdirSync(src, { recursive: true });
  execFileSync("sh", ["-c", `git -C "${ROOT}" archive "${spec}" | tar -x -C "${src}"`]);
  symlinkSync(join(ROOT, "node_modules"), join(src, "node_modules"));
  const out = join(work, "baseline.out");
  return { out, synthSeconds: synth(src, out) };
}

function functionsOf(out: string): Map<string, Fn> {
  const template = JSON.parse(readFileSync(join(out, "Dongne.template.json"), "utf8")) as {
    Resources: Record<
      string,
      {
        Type: string;
        Metadata?: Record<string, string>;
        Properties: { Environment?: { Variables?: Record<string, string> } };
      }
    >;
  };
  const fns = new Map<string, Fn>();
  for (const [id, r] of Object.entries(template.Resources)) {
    const vars = r.Properties.Environment?.Variables;
    if (r.Type !== "AWS::Lambda::Function" || vars?.METRICS !== "on") continue;
    fns.set(id, { id, dir: join(out, r.Metadata!["aws:asset:path"]!), nodeOptions: vars.NODE_OPTIONS });
  }
  return fns;
}

const size = (path: string) => (existsSync(path) ? statSync(path).size : 0);

/** One fresh process importing the bundle; the import's own duration, in ms. */
function importOnce(fn: Fn): number {
  const script = `const t=performance.now();await import(${JSON.stringify(pathToFileURL(join(fn.dir, "index.mjs")).href)});process.stdout.write(String(performance.now()-t));`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: tmpdir(), // nothing of the project's node_modules is reachable, as in Lambda
    env: {
      PATH: process.env.PATH,
      AWS_REGION: "ap-northeast-2",
      LOG_LEVEL: "ERROR",
      METRICS: "on",
      ...(fn.nodeOptions ? { NODE_OPTIONS: fn.nodeOptions } : {}),
    },
    encoding: "utf8",
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`${fn.id}: ${r.stderr.slice(0, 500)}`);
  return Number(r.stdout);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const kb = (n: number) => (n ? `${(n / 1024).toFixed(0)}` : "–");
/** A short name: the logical id without its construct path and hash (StepsPlanFunctionEC3A586E → Plan). */
const short = (id: string) =>
  id
    .replace(/[0-9A-F]{8}$/, "")
    .replace(/^Steps/, "")
    .replace(/Function$/, "")
    .replace(/^ApiAuthorizer$/, "Authorizer") || id;

export async function benchColdStart(): Promise<void> {
  const runs = Number(arg("runs") ?? 10);
  const work = mkdtempSync(join(tmpdir(), "dongne-cold-"));
  const base = baselineOut(arg("baseline") ?? BASELINE_COMMIT, work);
  let currentOut = arg("current");
  let currentSynth: number | undefined;
  if (!currentOut) {
    currentOut = join(work, "current.out");
    currentSynth = synth(ROOT, currentOut);
  }
  const before = functionsOf(base.out);
  const after = functionsOf(currentOut);
  const only = arg("only")?.split(",");
  const ids = [...after.keys()].filter(
    (id) => before.has(id) && (!only || only.some((p) => id.startsWith(p))),
  );
  const rows: { name: string; b: number[]; a: number[]; sizes: number[] }[] = [];
  for (const id of ids) {
    const [b, a] = [before.get(id)!, after.get(id)!];
    const times = { b: [] as number[], a: [] as number[] };
    for (let i = 0; i < runs; i++) {
      times.b.push(importOnce(b));
      times.a.push(importOnce(a));
    }
    rows.push({
      name: short(id),
      ...times,
      sizes: [
        size(join(b.dir, "index.mjs")),
        size(join(b.dir, "index.mjs.map")),
        size(join(a.dir, "index.mjs")),
        size(join(a.dir, "index.mjs.map")),
      ],
    });
    process.stderr.write(`${short(id)} `);
  }
  process.stderr.write("\n");
  const lines = [
    `| function | bundle KB before → after | map KB before → after | import ms before → after (median of ${runs}) | after / before |`,
    "|---|---|---|---|---|",
    ...rows.map((r) => {
      const [mb, ma] = [median(r.b), median(r.a)];
      return `| ${r.name} | ${kb(r.sizes[0]!)} → ${kb(r.sizes[2]!)} | ${kb(r.sizes[1]!)} → ${kb(r.sizes[3]!)} | ${mb.toFixed(0)} → ${ma.toFixed(0)} | ${(ma / mb).toFixed(2)} |`;
    }),
  ];
  const ratios = rows.map((r) => median(r.a) / median(r.b));
  const slower = rows.filter((r) => median(r.a) > median(r.b)).map((r) => r.name);
  const target = (name: string) => {
    const r = rows.find((x) => x.name === name);
    return r ? `${name} ${median(r.a).toFixed(0)} ms (target < 50)` : `${name} not measured`;
  };
  const summary = [
    `cold import, ${rows.length} functions, ${runs} fresh processes each, alternating: median ratio after / before ${median(ratios).toFixed(2)} (range ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
    `${target("Authorizer")}; ${target("Plan")}; slower than before: ${slower.length ? slower.join(", ") : "none"}`,
    `cdk synth: baseline ${base.synthSeconds?.toFixed(1) ?? "(given)"} s, current ${currentSynth?.toFixed(1) ?? "(given)"} s`,
  ];
  console.log(["", "## Cold starts (bench/cold-start.ts)", ...lines, "", ...summary].join("\n"));
  const md = arg("markdown");
  if (md) writeFileSync(md, [...lines, "", ...summary].join("\n") + "\n");
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) await benchColdStart();
