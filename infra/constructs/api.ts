// The HTTP API: API Gateway (HTTP API) → the API Lambda (Hono), its routes taken from the app's route
// table (functions/api/routes/index.ts) with each route's throttle, and a Lambda authorizer checking API keys
// (held in their own secret) on every route that is not public. Why API keys and a Lambda authorizer:
// the callers are services and scripts, not end users with an identity provider (JWT would need one),
// and IAM would make every caller sign requests with AWS credentials; a key per caller, revocable by
// editing one secret, with per-caller limits in the app, fits an HTTPS API product.
import { Aspects, CfnOutput, Duration, RemovalPolicy, type IAspect } from "aws-cdk-lib";
import {
  CfnRoute,
  CfnStage,
  HttpApi,
  HttpMethod,
  LogGroupLogDestination,
  type HttpStage,
} from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from "aws-cdk-lib/aws-apigatewayv2-authorizers";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
// only the container for a custom format string; its REST field helpers are not used (see below)
import { AccessLogFormat } from "aws-cdk-lib/aws-apigateway";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import type { ISecret } from "aws-cdk-lib/aws-secretsmanager";
import { Construct } from "constructs";
import { API_KEY_HEADER } from "../../functions/api/auth.ts";
import { ROUTES } from "../../functions/api/routes/index.ts";
import { DEFAULT_API_BUDGET_MS } from "../../shared/platform/config-schema.ts";
import { API_KEYS_NAMES } from "../../shared/platform/config-api-keys.ts";
import { keysSecret } from "../secrets.ts";
import { acknowledgeNag } from "../nag.ts";
import { DongneFunction, PROJECT_ROOT } from "../node-function.ts";

/** API Gateway (HTTP API) ends a request at 29 s. */
export const API_GATEWAY_TIMEOUT_SECONDS = 29;
/**
 * The API Lambda stops a second before API Gateway gives up, so a request that overruns ends in the
 * Lambda's own error (logged, counted) rather than API Gateway's bare 500; the app's budget
 * (API_BUDGET_MS, at most 28 s) is within it.
 */
export const API_TIMEOUT_SECONDS = API_GATEWAY_TIMEOUT_SECONDS - 1;

/**
 * The stage's access-log line: JSON of HTTP API $context variables only. An HTTP API rejects a
 * variable it does not document (the REST helper AccessLogFormat.jsonWithStandardFields() writes
 * $context.resourcePath, which fails the stage update); test/infra/access-log.test.ts checks every
 * variable here against the documented list.
 */
export const ACCESS_LOG_FORMAT = JSON.stringify({
  requestId: "$context.requestId",
  extendedRequestId: "$context.extendedRequestId",
  ip: "$context.identity.sourceIp",
  userAgent: "$context.identity.userAgent",
  requestTime: "$context.requestTime",
  httpMethod: "$context.httpMethod",
  routeKey: "$context.routeKey",
  path: "$context.path",
  protocol: "$context.protocol",
  status: "$context.status",
  responseLength: "$context.responseLength",
  responseLatency: "$context.responseLatency",
  integrationStatus: "$context.integrationStatus",
  integrationLatency: "$context.integrationLatency",
  integrationError: "$context.integrationErrorMessage",
  authorizerError: "$context.authorizer.error",
  // the caller the API-key authorizer found (its context map): who made the request, never the key
  callerId: "$context.authorizer.callerId",
  error: "$context.error.message",
});

/** OpenAPI's {name+} is API Gateway's greedy {name+}; HTTP API calls the greedy one {proxy+}. */
const gatewayPath = (path: string) => path.replace(/\{\w+\+\}/, "{proxy+}");

export class Api extends Construct {
  readonly fn: DongneFunction;
  readonly authorizerFn: DongneFunction;
  readonly httpApi: HttpApi;
  readonly apiKeys: ISecret;

  constructor(scope: Construct, id: string, keys: ISecret) {
    super(scope, id);
    // a JSON object from the first deploy, never rewritten by a later one: ops add keys by editing it
    // (README: "Keys"; infra/secrets.ts)
    this.apiKeys = keysSecret(
      this,
      "ApiKeysSecret",
      "api-keys",
      API_KEYS_NAMES,
      'API keys of the dongne API: {"API_KEYS": "[{\\"id\\":…,\\"sha256\\":…,\\"scopes\\":[\\"read\\",\\"write\\"]}]"}',
    );
    this.fn = new DongneFunction(this, "Function", {
      entry: `${PROJECT_ROOT}/functions/api/handler.ts`,
      description: "HTTP API (Hono): validates requests, starts workflows; serves the web page",
      timeout: Duration.seconds(API_TIMEOUT_SECONDS),
      webPage: true,
      // the budget the synchronous machines' timeouts were cut to (SYNC_MACHINE_TIMEOUT_SECONDS)
      environment: { SECRETS_ARN: keys.secretArn, API_BUDGET_MS: String(DEFAULT_API_BUDGET_MS) },
    });
    // the engine of a simulation is decided here, and Google photo links are resolved server-side
    keys.grantRead(this.fn);

    const authorizerFn = (this.authorizerFn = new DongneFunction(this, "AuthorizerFunction", {
      entry: `${PROJECT_ROOT}/functions/api/authorizer.ts`,
      description: "HTTP API authorizer: the x-api-key header against the API keys secret",
      timeout: Duration.seconds(5),
      environment: { SECRETS_ARN: this.apiKeys.secretArn },
    }));
    this.apiKeys.grantRead(authorizerFn);
    const authorizer = new HttpLambdaAuthorizer("ApiKeyAuthorizer", authorizerFn, {
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      identitySource: [`$request.header.${API_KEY_HEADER}`],
      resultsCacheTtl: Duration.minutes(5),
    });

    const accessLogs = new LogGroup(this, "AccessLogs", {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.httpApi = new HttpApi(this, "HttpApi", {
      description: "dongne: Korean local search agents",
      createDefaultStage: false,
    });
    const stage = this.httpApi.addStage("DefaultStage", {
      stageName: "$default",
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(ACCESS_LOG_FORMAT),
      },
    });
    this.addRoutes(stage, authorizer);
    new CfnOutput(scope, "ApiUrl", { value: this.httpApi.apiEndpoint });
    new CfnOutput(scope, "ApiKeysSecretArn", { value: this.apiKeys.secretArn });

    acknowledgeNag(this.apiKeys, {
      rule: "AwsSolutions-SMG4",
      reason:
        "API keys are issued to callers by ops and rotated by editing the secret; no Lambda rotates them.",
    });
    const open = ROUTES.filter((x) => x.access === "public").map((x) => x.path);
    acknowledgeNag(this.httpApi, {
      rule: "AwsSolutions-APIG4",
      reason: `Only ${open.join(", ")} are public (liveness, the API's description, and the web page with its assets, which hold no data: the page's own requests carry a key); every other route has the API-key authorizer.`,
    });
  }

  /** Every route of the app's table, behind the authorizer unless public, each with its throttle. */
  private addRoutes(stage: HttpStage, authorizer: HttpLambdaAuthorizer): void {
    const integration = new HttpLambdaIntegration("Integration", this.fn);
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const r of ROUTES) {
      const path = gatewayPath(r.path);
      const method = r.method === "get" ? HttpMethod.GET : HttpMethod.POST;
      this.httpApi.addRoutes({
        path,
        methods: [method],
        integration,
        ...(r.access === "public" ? {} : { authorizer }),
      });
      routeSettings[`${method} ${path}`] = {
        ThrottlingRateLimit: r.throttle.rate,
        ThrottlingBurstLimit: r.throttle.burst,
      };
    }
    const cfnStage = stage.node.defaultChild as CfnStage;
    cfnStage.routeSettings = routeSettings;
    // A stage whose RouteSettings names a route that does not exist yet fails (NotFoundException:
    // Unable to find Route by key …), and every route waits for the API function, which waits for the
    // domain: without these edges CloudFormation creates the stage in the first minute. An aspect, so
    // a route added to this API later is waited for too.
    Aspects.of(this.httpApi).add(stageWaitsForRoutes(cfnStage));
  }
}

/** Makes the stage wait for every route of its API (test/infra/deploy-sim: apigw-stage-route-settings). */
export const stageWaitsForRoutes = (stage: CfnStage): IAspect => ({
  visit(node) {
    if (node instanceof CfnRoute) stage.addResourceDependency(node);
  },
});
