// The deployed shape, for real and offline: `cdk synth` bundles every function with esbuild and runs
// cdk-nag; then, in plain Node outside the project and the test runner, every bundle loads and answers
// its sample event, and one place search and one simulation day run through the state machines as
// synthesized into the template, each Task calling its bundled handler (test/infra/deployed-shape.mjs).
// Cost: `cdk synth` with esbuild bundling (minutes of CPU) and a Node process over the bundles: why it
// runs in `npm run test:deploy`, not in the fast suite.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ALL_STEPS } from "../../shared/runtime/machines.ts";

const out = mkdtempSync(join(tmpdir(), "dongne-synth-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("the deployed shape", () => {
  it("synthesizes offline with bundled assets and no cdk-nag errors; the bundles run the workflows in plain Node", () => {
    execFileSync("npx", ["cdk", "synth", "--quiet", "--output", out], { stdio: "pipe", timeout: 300_000 });
    const template = JSON.parse(readFileSync(join(out, "Dongne.template.json"), "utf8"));
    type Fn = {
      Type: string;
      Properties: { Environment?: { Variables?: Record<string, string> } };
      Metadata: Record<string, string>;
    };
    // ours: every step, the API, its authorizer, the index setup and its isComplete (not the provider
    // framework's own functions)
    const fns = Object.values(template.Resources as Record<string, Fn>).filter(
      (r) => r.Type === "AWS::Lambda::Function" && r.Properties.Environment?.Variables?.METRICS === "on",
    );
    expect(fns).toHaveLength(ALL_STEPS.length + 4);
    for (const f of fns)
      expect(readdirSync(join(out, f.Metadata["aws:asset:path"]!))).toEqual(
        expect.arrayContaining(["index.mjs", "seoul_metro_stations.csv"]),
      );

    const result = join(out, "deployed-shape.json");
    execFileSync("node", [new URL("deployed-shape.mjs", import.meta.url).pathname, out, result], {
      cwd: tmpdir(), // nothing of the project's node_modules is reachable from the bundles
      stdio: "pipe",
      timeout: 300_000,
    });
    const shape = JSON.parse(readFileSync(result, "utf8"));
    expect(shape.functions).toBe(ALL_STEPS.length + 4);
    // every step whose input is a single event (the ingest job's are exercised by its own tests)
    expect(Object.keys(shape.events).length).toBeGreaterThanOrEqual(ALL_STEPS.length - 8);
    expect(shape.events.StepsTranslateFunction).toEqual(["meta", "query", "translator_result"]);
    expect(shape.events.ApiFunction).toEqual({ statusCode: 200 });
    expect(shape.events.ApiAuthorizerFunction).toEqual({ isAuthorized: false });
    expect(shape.page).toEqual({
      statusCode: 200,
      type: "text/html; charset=utf-8",
      korean: true,
      script: true,
    });
    expect(shape.workflows.search).toMatchObject({ strategy: "route" });
    expect(shape.workflows.search.places).toBeGreaterThan(0);
    expect(shape.workflows.news.answered).toBe(true);
    expect(shape.workflows.ingest).toEqual({ indexed: 3, rejected: 1 });
    expect(shape.workflows.qa.answered).toBe(true);
    expect(shape.workflows.simulation).toEqual({ simulationId: "deployed-day", status: "completed" });
  }, 600_000);
});
