// Each Lambda's entry brings the adapters its handler uses and no more: a step that reads the keys
// (and so may be given an LLM key) enters through functions/lambda-llm.ts, which carries the LLM adapter;
// every other step through functions/lambda.ts, whose bundle has no Anthropic SDK. A keyed step on the
// light entry would silently run without its LLM, so the rule is checked both ways.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALL_STEPS } from "../../shared/runtime/machines.ts";
import { entryPath } from "../../shared/workflows/step.ts";

const source = (path: string) => readFileSync(path, "utf8");

describe("Lambda entries", () => {
  it.each(ALL_STEPS.map((s) => [s.state, s] as const))(
    "%s enters with exactly the LLM it may use",
    (_, spec) => {
      const text = source(entryPath(spec));
      if (spec.lambda.keys) {
        expect(text).toContain('from "../lambda-llm.ts"');
        expect(text).toMatch(/export const handler = lambdaHandlerWithLlm\(/);
      } else {
        expect(text).not.toContain("lambda-llm");
        expect(text).toMatch(/export const handler = lambdaHandler\(/);
      }
    },
  );

  it("the light entry and the runtime import no LLM adapter; the API's entry does", () => {
    for (const path of ["functions/lambda.ts", "shared/runtime/runtime.ts", "shared/runtime/secrets.ts"])
      expect(source(path)).not.toMatch(/import \{[^}]*\} from "[./]*(shared\/)?llm\/(index|anthropic)\.ts"/);
    // imported when a key is configured: the SDK is in the bundle, evaluated only with a key
    expect(source("functions/lambda-llm.ts")).toContain('import("../shared/llm/index.ts")');
    expect(source("functions/api/handler.ts")).toContain(
      'loadLlm: () => import("../../shared/llm/index.ts")',
    );
    // the authorizer loads its configuration alone: no runtime, no adapter
    expect(source("functions/api/authorizer.ts")).not.toContain("runtime/runtime.ts");
  });
});
