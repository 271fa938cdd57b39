// The OpenAPI document passes Redocly CLI's recommended rules with no error and no warning, run as a
// person would run it (the CLI on the document written to a file), without the network. Cost: one
// Redocly CLI process (~3 s of CPU on a quiet machine).
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { API_VERSION, openApiDocument } from "../../functions/api/openapi.ts";
import { ROUTES } from "../../functions/api/routes/index.ts";
import pkg from "../../package.json" with { type: "json" };

const run = promisify(execFile);
const REDOCLY = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");
const dir = mkdtempSync(join(tmpdir(), "dongne-openapi-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Lint {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}

/** Redocly's verdict on a document: its recommended rules, in an empty folder (no redocly.yaml). */
async function lint(doc: object, name: string): Promise<Lint> {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(doc));
  const { stdout } = await run(
    process.execPath,
    [REDOCLY, "lint", "--extends=recommended", "--format=json", file],
    {
      cwd: dir,
      // no usage data sent, no update check: the test runs offline
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      maxBuffer: 16 * 1024 * 1024,
    },
  ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? "" })); // exit 1 when it finds errors
  return JSON.parse(stdout) as Lint;
}

const summary = (l: Lint) => l.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);

describe("the OpenAPI document under Redocly's recommended rules", () => {
  it("has no error and no warning", async () => {
    const result = await lint(openApiDocument(ROUTES), "openapi.json");
    expect(summary(result)).toEqual([]);
    expect(result.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it("finds the problems the issue reported, when they are put back (the check can fail)", async () => {
    const doc = structuredClone(openApiDocument(ROUTES)) as {
      servers?: unknown;
      info: { license?: unknown };
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    delete doc.servers;
    delete doc.info.license;
    const health = doc.paths["/health"]!.get!.responses;
    for (const status of Object.keys(health)) if (status.startsWith("4")) delete health[status];
    const rules = (await lint(doc, "broken.json")).problems.map((p) => p.ruleId).sort();
    expect(rules).toEqual(["info-license", "no-empty-servers", "operation-4xx-response"]);
  });

  it("says the version package.json says", () => {
    expect(API_VERSION).toBe(pkg.version);
    expect((openApiDocument(ROUTES) as { info: { version: string } }).info.version).toBe(pkg.version);
  });
});
