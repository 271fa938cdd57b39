// One way to build every Lambda: Node 22 on arm64, ESM bundle by the local esbuild (no Docker), the
// vendored datasets copied next to the bundle (and, for the API, the built web page), a log group with
// a retention. No X-Ray tracing: nothing added subsegments to it (a trace showed one Lambda segment per
// invocation, which the Step Functions console's own timeline already gives), it costs $5 per million
// traces past the free tier, and Powertools Tracer would add the X-Ray SDK to every cold start (README:
// the cost table). No source maps unless asked (`-c sourceMaps=on`): `--enable-source-maps` parsed a
// 10–14 MB map at every cold start, for stack traces that only the logs read.
import { Duration, RemovalPolicy } from "aws-cdk-lib";
import { Architecture, Runtime, Tracing, type EnvironmentOptions } from "aws-cdk-lib/aws-lambda";
import { NodejsFunction, OutputFormat } from "aws-cdk-lib/aws-lambda-nodejs";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { Construct } from "constructs";
import { fileURLToPath } from "node:url";
import type { EnvName } from "../shared/platform/config-schema.ts";
import { productVersion } from "../shared/platform/version.ts";
import { acknowledgeNag } from "./nag.ts";

export const PROJECT_ROOT = fileURLToPath(new URL("..", import.meta.url));
const DATA_DIR = fileURLToPath(new URL("../shared/data", import.meta.url));
const PROMPTS_DIR = fileURLToPath(new URL("../shared/simulation/prompts", import.meta.url));
const TSX = fileURLToPath(new URL("../node_modules/.bin/tsx", import.meta.url));
const WEB_BUILD = fileURLToPath(new URL("../web/build.ts", import.meta.url));

const SPEND_SETTINGS: EnvName[] = [
  "LLM_PRICE_INPUT_PER_MTOK",
  "LLM_PRICE_OUTPUT_PER_MTOK",
  "SIM_MAX_BUDGET_USD",
];

/**
 * Variables a function is given: only names of the config schema, so a misspelt or removed variable
 * fails the type check (test/infra/stack.test.ts checks the synthesized template the same way).
 */
export type LambdaEnv = Partial<Record<EnvName, string>>;

export interface DongneFunctionProps {
  /** handler module: absolute, or relative to the project root (shared/place-search/workflow/plan.ts) */
  entry: string;
  description: string;
  memorySize?: number;
  timeout?: Duration;
  environment?: LambdaEnv;
  /** build the web page into the bundle's web/ (the API serves it: functions/api/web-page.ts) */
  webPage?: boolean;
}

export class DongneFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: DongneFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const sourceMaps = scope.node.tryGetContext("sourceMaps") === "on";
    super(scope, id, {
      entry: props.entry.startsWith("/") ? props.entry : `${PROJECT_ROOT}/${props.entry}`,
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: `${PROJECT_ROOT}/package-lock.json`,
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(30),
      tracing: Tracing.DISABLED,
      logGroup,
      environment: {
        // Node's own, not the product's
        ...(sourceMaps ? { NODE_OPTIONS: "--enable-source-maps" } : {}),
        ...({
          LOG_LEVEL: "INFO",
          METRICS: "on",
          // the commit being bundled, found here at synth (a bundle has no git): provenance records it
          DONGNE_VERSION: productVersion(process.env.DONGNE_VERSION),
          // the spend settings, where set at synth: the estimate (API) and the budget check (PrepareSlot)
          // must price alike
          ...Object.fromEntries(SPEND_SETTINGS.flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : []))),
          ...props.environment,
        } satisfies LambdaEnv),
      },
      bundling: {
        format: OutputFormat.ESM,
        target: "node22",
        sourceMap: sourceMaps,
        minify: true,
        // class names kept: an error's name (DongneError takes its class's) is the Error Step Functions
        // matches and shows, and what the logs say
        keepNames: true,
        mainFields: ["module", "main"],
        // ESM bundles of CommonJS dependencies still call require()
        banner: "import { createRequire as __cr } from 'module'; const require = __cr(import.meta.url);",
        // the AWS SDK is bundled too: the versions the code is tested with, not whatever the runtime ships
        externalModules: [],
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (_input: string, output: string) => [
            `cp ${DATA_DIR}/*.csv "${output}/"`,
            `mkdir -p "${output}/prompts" && cp ${PROMPTS_DIR}/*.txt "${output}/prompts/"`,
            // built at synth from the same sources as `npm start`'s, so a deploy never ships a stale page
            ...(props.webPage ? [`"${TSX}" "${WEB_BUILD}" "${output}/web"`] : []),
          ],
        },
      },
    });
    acknowledgeNag(
      this,
      {
        rule: "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]",
        reason: "AWSLambdaBasicExecutionRole grants only CloudWatch Logs writes, which every function needs.",
      },
      {
        rule: "AwsSolutions-L1",
        reason:
          "Pinned to nodejs22.x, the runtime the code and its dependencies are tested against; moving to 24 is a deliberate upgrade.",
      },
    );
  }

  /** Only variables of the config schema (a misspelt or removed one fails the type check). */
  override addEnvironment(key: EnvName, value: string, options?: EnvironmentOptions): this {
    return super.addEnvironment(key, value, options);
  }
}
