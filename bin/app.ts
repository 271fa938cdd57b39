// The CDK app: `npm run synth` / `cdk deploy`. cdk-nag's AwsSolutions checks run on every synth.
import { App, Validations } from "aws-cdk-lib";
import { AwsSolutionsChecks } from "cdk-nag";
import { DongneStack } from "../infra/stack.ts";

const app = new App();
new DongneStack(app, "Dongne", {
  env: {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION ?? "ap-northeast-2",
  },
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
