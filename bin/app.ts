// The CDK app: `npm run synth` / `cdk deploy`. cdk-nag's AwsSolutions checks run on every synth.
// Where it deploys is an explicit choice: `-c region=…` / `-c account=…` (or DONGNE_REGION /
// DONGNE_ACCOUNT), else Seoul (ap-northeast-2) — never the CLI's default region, which is us-east-1
// on a fresh machine. The account defaults to the CLI's credentials. `-c profile=production` chooses the
// production sizing and protections (infra/profile.ts), which also needs -c alarmEmail and
// -c accountConcurrency.
import { App, Validations } from "aws-cdk-lib";
import { AwsSolutionsChecks } from "cdk-nag";
import { DongneStack } from "../infra/stack.ts";
import { ProfileError, resolveProfile } from "../infra/profile.ts";

const app = new App();
const ctx = (key: string) => app.node.tryGetContext(key) as string | undefined;
const region = ctx("region") ?? process.env.DONGNE_REGION ?? "ap-northeast-2";
const account = ctx("account") ?? process.env.DONGNE_ACCOUNT ?? process.env.CDK_DEFAULT_ACCOUNT;
const budget = ctx("llmDailyBudgetUsd");
try {
  new DongneStack(app, "Dongne", {
    env: { account, region },
    llmDailyBudgetUsd: budget ? Number(budget) : undefined,
    alarmEmail: ctx("alarmEmail"),
    // -c profile=production (dev by default): infra/profile.ts
    profile: resolveProfile((key) => app.node.tryGetContext(key)),
  });
} catch (err) {
  // a sentence that says what to pass, not a stack trace
  if (!(err instanceof ProfileError)) throw err;
  console.error(`dongne: ${err.message}`);
  process.exit(1);
}
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
