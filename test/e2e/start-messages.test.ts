// What a person sees when starting things locally: a taken port is said in one Korean line (no stack
// trace, exit 1), and the AWS SDK's Node-version warning is not printed by the local entry points
// (bin/quiet-aws-sdk.ts), while a process that does not import it (a Lambda) still gets it. Cost: one
// `npm start` that exits at its port (~2 s of CPU on a quiet machine: it loads the product, builds no
// world) and two bare Node processes that build an SDK client (~0.5 s each).
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { randomPort, startServe } from "../helpers/serve-process.ts";

const run = promisify(execFile);
const ROOT = new URL("../..", import.meta.url).pathname;
const WARNING = "NodeVersionSupportWarning";
/** the variable unset, as in a shell that never heard of it ("" counts as unset for the SDK) */
const UNSET = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "" };

describe("npm start on a taken port", () => {
  it("says so in one Korean line and exits 1", async () => {
    const port = randomPort();
    const taken: Server = await new Promise((resolve) => {
      const s = createServer().listen(port, "127.0.0.1", () => resolve(s));
    });
    try {
      const s = startServe({ PORT: String(port), HOST: "127.0.0.1", SIM_STORE: "memory", ...UNSET });
      expect(await s.exited).toBe(1);
      const lines = s.output().trim().split("\n");
      expect(lines).toEqual([
        expect.stringMatching(new RegExp(`^포트 ${port}을\\(를\\) 이미 다른 프로세스가`)),
      ]);
      expect(lines[0]).toContain(`PORT=${port + 1} npm start`);
    } finally {
      await new Promise((r) => taken.close(r));
    }
  });
});

describe("the AWS SDK's Node-version warning", () => {
  /** stderr of a process that builds a DynamoDB client, with `imports` loaded first */
  const stderrOf = async (imports: string[]) =>
    (
      await run(
        process.execPath,
        [
          ...imports.flatMap((i) => ["--import", i]),
          "--input-type=module",
          "-e",
          "import { DynamoDBClient } from '@aws-sdk/client-dynamodb'; new DynamoDBClient({ region: 'ap-northeast-2' });",
        ],
        { cwd: ROOT, env: { ...process.env, ...UNSET } },
      )
    ).stderr;

  it("is printed where nothing silences it (a Lambda's case), and not after bin/quiet-aws-sdk.ts", async () => {
    // Node 22 and later (Lambda's runtime) have nothing to warn about
    const old = Number(process.versions.node.split(".")[0]) < 22;
    expect((await stderrOf([])).includes(WARNING)).toBe(old);
    expect(await stderrOf(["tsx", "./bin/quiet-aws-sdk.ts"])).not.toContain(WARNING);
  });

  it("is silenced first thing by every local entry point, and by no Lambda", () => {
    const first = (file: string) =>
      readFileSync(new URL(file, `file://${ROOT}/`), "utf8")
        .split("\n")
        .find((l) => /^(import |await import\()/.test(l) && !l.includes("tsx/esm/api"));
    expect(first("bin/serve.ts")).toMatch(/quiet-aws-sdk/);
    expect(first("bin/dongne.mjs")).toMatch(/quiet-aws-sdk/);
    expect(first("bench/run.ts")).toMatch(/quiet-aws-sdk/);
    for (const handler of ["functions/api/handler.ts", "functions/api/app.ts", "functions/api/local.ts"])
      expect(readFileSync(new URL(handler, `file://${ROOT}/`), "utf8")).not.toContain("quiet-aws-sdk");
  });
});
