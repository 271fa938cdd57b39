// `cdk synth` for real, offline: esbuild bundles every function, cdk-nag runs, and a bundled Lambda
// (with its datasets copied beside it) answers when invoked; every bundle loads.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const out = mkdtempSync(join(tmpdir(), "dongne-synth-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("cdk synth", () => {
  it("synthesizes offline with bundled assets and no cdk-nag errors", async () => {
    execFileSync("npx", ["cdk", "synth", "--quiet", "--output", out], { stdio: "pipe", timeout: 240_000 });
    const template = JSON.parse(readFileSync(join(out, "Dongne.template.json"), "utf8"));
    const fns = Object.values(template.Resources as Record<string, any>).filter(
      (r) => r.Type === "AWS::Lambda::Function",
    );
    expect(fns).toHaveLength(13);

    const assets = readdirSync(out).filter((d) => d.startsWith("asset."));
    expect(assets.length).toBeGreaterThanOrEqual(13);
    for (const a of assets)
      expect(readdirSync(join(out, a))).toEqual(
        expect.arrayContaining(["index.mjs", "seoul_metro_stations.csv"]),
      );

    // every bundle loads outside the project (module top level runs): nothing needed only locally is
    // reached for at import time
    for (const a of assets) {
      const mod = await import(join(out, a, "index.mjs"));
      expect(typeof mod.handler, a).toBe("function");
    }

    const translate = fns.find((f) => /Translator/.test(f.Properties.Description));
    const asset = join(out, `asset.${translate.Metadata["aws:asset:path"].replace(/^asset\./, "")}`);
    const mod = await import(join(asset, "index.mjs"));
    const state = await mod.handler({ query: "강남역 근처 카페" });
    expect(state.translator_result.locations[0].query).toBe("강남역");
  }, 300_000);
});
