// The API construct alone: its Lambda stops before API Gateway's 29 s, so an overrun ends in the
// Lambda's own (logged, counted) error rather than API Gateway's bare 500, and the app's budget fits.
import { App, Stack } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { Secret } from "aws-cdk-lib/aws-secretsmanager";
import { HttpMethod } from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import { describe, expect, it } from "vitest";
import { API_GATEWAY_TIMEOUT_SECONDS, Api } from "../../infra/constructs/api.ts";
import { ConfigSchema } from "../../shared/platform/config-schema.ts";

describe("the API construct", () => {
  it("gives the API Lambda a timeout below API Gateway's and above the largest request budget", () => {
    // skip esbuild bundling in unit tests; `npm run synth` bundles for real
    const app = new App({ context: { "aws:cdk:bundling-stacks": [] } });
    const stack = new Stack(app, "ApiOnly", { env: { account: "123456789012", region: "ap-northeast-2" } });
    new Api(stack, "Api", new Secret(stack, "Keys"));
    const fns = Object.values(Template.fromStack(stack).findResources("AWS::Lambda::Function")) as {
      Properties: { Description?: string; Timeout: number };
    }[];
    const api = fns.find((f) => f.Properties.Description?.startsWith("HTTP API (Hono)"));
    expect(API_GATEWAY_TIMEOUT_SECONDS).toBe(29);
    expect(api?.Properties.Timeout).toBeLessThan(API_GATEWAY_TIMEOUT_SECONDS);
    const maxBudgetMs = ConfigSchema.shape.API_BUDGET_MS.unwrap().maxValue;
    expect(maxBudgetMs).toBe(28_000);
    expect(api!.Properties.Timeout * 1000).toBeGreaterThanOrEqual(maxBudgetMs!);
  });

  it("creates the stage after every route of its API, a route added later included (RouteSettings names them)", () => {
    const app = new App({ context: { "aws:cdk:bundling-stacks": [] } });
    const stack = new Stack(app, "ApiOnly", { env: { account: "123456789012", region: "ap-northeast-2" } });
    const api = new Api(stack, "Api", new Secret(stack, "Keys"));
    api.httpApi.addRoutes({
      path: "/later",
      methods: [HttpMethod.GET],
      integration: new HttpLambdaIntegration("Later", api.fn),
    });
    const t = Template.fromStack(stack);
    const routes = Object.entries(t.findResources("AWS::ApiGatewayV2::Route"));
    const [stage] = Object.values(t.findResources("AWS::ApiGatewayV2::Stage"));
    expect(routes.find(([, r]) => r.Properties.RouteKey === "GET /later")).toBeDefined();
    expect([...stage!.DependsOn].sort()).toEqual(expect.arrayContaining(routes.map(([id]) => id).sort()));
    for (const key of Object.keys(stage!.Properties.RouteSettings))
      expect(routes.some(([, r]) => r.Properties.RouteKey === key)).toBe(true);
  });
});
