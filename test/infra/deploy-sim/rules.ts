// The services' documented rules that decide whether a create succeeds, whether its rollback finishes,
// and whether the next deploy of the same template can succeed. Each rule says what it requires, where
// AWS says so (read for this table; paraphrased, not quoted), and checks one resource in one phase:
//
//   create    a precondition of creating the resource, checked against what surely exists by then:
//             the resources it waits for (TemplateGraph.ancestors), nothing CloudFormation happens to
//             have finished earlier
//   rollback  why deleting a resource the failed create made fails (the stack ends ROLLBACK_FAILED)
//   retry     why creating a resource fails again because of what the first attempt left behind
import { literal, shown, type CfnResource, type TemplateGraph } from "./template.ts";

export interface Source {
  url: string;
  /** what the page says, in our words */
  says: string;
}

/** The account the simulated deploy runs in. */
export interface Environment {
  /** the Region's Lambda concurrency quota ("Concurrent executions"); 1000 by default, 10 in some new accounts */
  accountConcurrency: number;
  /** minutes between a rollback's end and the retry (the time to read the error and deploy again) */
  retryAfterMinutes: number;
}

export const DEFAULT_ENVIRONMENT: Environment = { accountConcurrency: 1000, retryAfterMinutes: 10 };

interface Rule {
  id: string;
  service: string;
  /** what the rule requires, in one sentence */
  requires: string;
  sources: Source[];
}

export interface CreateRule extends Rule {
  phase: "create";
  types: string[];
  /** why creating `id` fails, or undefined */
  check(id: string, graph: TemplateGraph, env: Environment): string | undefined;
}

/** What the rollback walk knows when it deletes a resource. */
export interface RollbackState {
  /** what the failed create made (a protection switched on by a call stays on after its resource goes) */
  made: ReadonlySet<string>;
  /** buckets something the create ran (a custom resource's functions) may have written to */
  written: ReadonlySet<string>;
}

export interface RollbackRule extends Rule {
  phase: "rollback";
  types: string[];
  /** why deleting `id` fails, or undefined */
  check(id: string, graph: TemplateGraph, state: RollbackState): string | undefined;
}

/** A name the failed attempt left taken: by a resource kept, or by one deleted that holds its name a while. */
export interface TakenName {
  type: string;
  name: string;
  /** the resource of the first attempt */
  by: string;
  /** minutes the name stays taken after the rollback (Infinity: while the resource is kept) */
  forMinutes: number;
  why: string;
}

export interface RetryRule extends Rule {
  phase: "retry";
  /** why creating `id` again fails, or undefined */
  check(id: string, graph: TemplateGraph, taken: readonly TakenName[], env: Environment): string | undefined;
}

export type ServiceRule = CreateRule | RollbackRule | RetryRule;

const props = (r: CfnResource) => r.Properties ?? {};

/** The property that names a resource of each type (absent: CloudFormation generates a unique name). */
export const NAME_PROPERTY: Record<string, string> = {
  "AWS::SecretsManager::Secret": "Name",
  "AWS::StepFunctions::StateMachine": "StateMachineName",
  "AWS::Logs::LogGroup": "LogGroupName",
  "AWS::Logs::ResourcePolicy": "PolicyName",
  "AWS::CloudWatch::Dashboard": "DashboardName",
  "AWS::CloudWatch::Alarm": "AlarmName",
  "AWS::DynamoDB::Table": "TableName",
  "AWS::S3::Bucket": "BucketName",
  "AWS::OpenSearchService::Domain": "DomainName",
  "AWS::Lambda::Function": "FunctionName",
  "AWS::IAM::Role": "RoleName",
  "AWS::SNS::Topic": "TopicName",
};

/** The fixed name a resource is given in the template, as text (a Ref to the stack name shows as <Ref:AWS::StackName>). */
export function fixedName(r: CfnResource): string | undefined {
  const prop = NAME_PROPERTY[r.Type];
  const value = prop ? props(r)[prop] : undefined;
  return value === undefined ? undefined : shown(value);
}

/** Lambda keeps this many of a Region's concurrent executions unreserved. */
export const UNRESERVED_MINIMUM = 100;

/** The reservations every function of the template asks for, in all. */
export const reservedTotal = (graph: TemplateGraph) =>
  graph
    .ofType("AWS::Lambda::Function")
    .reduce((n, id) => n + Number(props(graph.resource(id)).ReservedConcurrentExecutions ?? 0), 0);

// ─── create ────────────────────────────────────────────────────────────────────────────────────────

const stageRouteSettings: CreateRule = {
  id: "apigw-stage-route-settings",
  service: "API Gateway (HTTP API)",
  phase: "create",
  types: ["AWS::ApiGatewayV2::Stage"],
  requires: "every route key a stage's RouteSettings names is a route that exists when the stage is created",
  sources: [
    {
      url: "https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-properties-apigatewayv2-stage-routesettings.html",
      says: "RouteSettings is a map from route key to that route's settings (throttling among them) on the stage",
    },
    {
      url: "https://github.com/aws/serverless-application-model/issues/2479",
      says: "a stage created with RouteSettings before its routes fails: NotFoundException, Unable to find Route by key …; the fix is a DependsOn from the stage on each route",
    },
  ],
  check(id, graph) {
    const stage = props(graph.resource(id));
    const settings = Object.keys(stage.RouteSettings ?? {});
    const api = shown(stage.ApiId);
    const before = graph.ancestors(id);
    const missing = settings.filter(
      (key) =>
        !graph
          .ofType("AWS::ApiGatewayV2::Route")
          .some(
            (r) =>
              before.has(r) &&
              props(graph.resource(r)).RouteKey === key &&
              shown(props(graph.resource(r)).ApiId) === api,
          ),
    );
    return missing.length
      ? `names ${missing.length} of ${settings.length} routes it does not wait for (${missing.slice(0, 3).join(", ")}${missing.length > 3 ? ", …" : ""}): NotFoundException: Unable to find Route by key`
      : undefined;
  },
};

const domainLogPolicy: CreateRule = {
  id: "opensearch-log-resource-policy",
  service: "OpenSearch Service",
  phase: "create",
  types: ["AWS::OpenSearchService::Domain"],
  requires:
    "a domain that publishes logs is created after its log groups and a CloudWatch Logs resource policy letting es.amazonaws.com write to them",
  sources: [
    {
      url: "https://docs.aws.amazon.com/opensearch-service/latest/developerguide/createdomain-configure-slow-logs.html",
      says: "log publishing needs a CloudWatch Logs resource policy that lets the OpenSearch service principal create streams and put events in the group; without it the domain's configuration is refused",
    },
  ],
  check(id, graph) {
    const options = (props(graph.resource(id)).LogPublishingOptions ?? {}) as Record<
      string,
      { CloudWatchLogsLogGroupArn?: unknown; Enabled?: boolean }
    >;
    const before = graph.ancestors(id);
    const policies = graph
      .ofType("AWS::Logs::ResourcePolicy")
      .filter((p) => before.has(p))
      .map((p) => shown(props(graph.resource(p)).PolicyDocument));
    for (const [kind, o] of Object.entries(options)) {
      if (o.Enabled === false) continue;
      const arn = shown(o.CloudWatchLogsLogGroupArn);
      const group = /<GetAtt:([^.>]+)\./.exec(arn)?.[1];
      if (group && !before.has(group)) return `${kind}: its log group ${group} may not exist yet`;
      if (!policies.some((doc) => doc.includes("es.amazonaws.com") && doc.includes(arn)))
        return `${kind}: no resource policy it waits for lets es.amazonaws.com write to ${arn}`;
    }
    return undefined;
  },
};

const unreservedMinimum: CreateRule = {
  id: "lambda-unreserved-minimum",
  service: "Lambda",
  phase: "create",
  types: ["AWS::Lambda::Function"],
  requires: `the template's reserved concurrency leaves at least ${UNRESERVED_MINIMUM} of the account's quota unreserved`,
  sources: [
    {
      url: "https://docs.aws.amazon.com/lambda/latest/dg/configuring-concurrency.html",
      says: "Lambda always keeps 100 units of the Region's concurrency unreserved for functions without a reservation; a reservation that would leave less is refused",
    },
    {
      url: "https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html",
      says: "the default quota is 1,000 concurrent executions per Region, and a new account may start lower",
    },
  ],
  check(id, graph, env) {
    if (props(graph.resource(id)).ReservedConcurrentExecutions === undefined) return undefined;
    const total = reservedTotal(graph);
    return env.accountConcurrency - total < UNRESERVED_MINIMUM
      ? `reserves ${total} in all, leaving ${env.accountConcurrency - total} of ${env.accountConcurrency} unreserved (minimum ${UNRESERVED_MINIMUM})`
      : undefined;
  },
};

const accountCheck: CreateRule = {
  id: "account-concurrency-check",
  service: "Lambda (the stack's own check)",
  phase: "create",
  types: ["Custom::AccountConcurrency"],
  requires: `the account's unreserved concurrency covers the stack's reservations plus Lambda's ${UNRESERVED_MINIMUM}: GetAccountSettings, read at deploy (functions/deploy/account-concurrency.ts)`,
  sources: [
    {
      url: "https://docs.aws.amazon.com/lambda/latest/api/API_GetAccountSettings.html",
      says: "AccountLimit gives the Region's ConcurrentExecutions and UnreservedConcurrentExecutions",
    },
  ],
  check(id, graph, env) {
    const required = Number(props(graph.resource(id)).Reserved ?? 0);
    return env.accountConcurrency - required < UNRESERVED_MINIMUM
      ? `the account's ${env.accountConcurrency} cannot hold ${required} reserved + ${UNRESERVED_MINIMUM}`
      : undefined;
  },
};

/** CloudFormation's limit on one custom resource operation (ServiceTimeout's default and maximum). */
export const CUSTOM_RESOURCE_LIMIT_S = 3600;

const fnTimeout = (graph: TemplateGraph, arn: unknown): number => {
  const fn = /<GetAtt:([^.>]+)\.Arn>/.exec(shown(arn))?.[1];
  return fn ? Number(props(graph.resource(fn)).Timeout ?? 3) : 0;
};

/**
 * The longest a custom resource can take: its function's timeout, or, behind CDK's provider framework,
 * the user onEvent's timeout plus the waiter's whole retry schedule with an isComplete call at each try.
 */
export function customResourceWorstSeconds(id: string, graph: TemplateGraph): number {
  const token = /<GetAtt:([^.>]+)\.Arn>/.exec(shown(props(graph.resource(id)).ServiceToken))?.[1];
  if (!token) return 0;
  const fn = props(graph.resource(token));
  const env = (fn.Environment as { Variables?: Record<string, unknown> })?.Variables ?? {};
  if (!env.USER_ON_EVENT_FUNCTION_ARN) return Number(fn.Timeout ?? 3);
  let total = fnTimeout(graph, env.USER_ON_EVENT_FUNCTION_ARN);
  const waiter = /<Ref:([^>]+)>/.exec(shown(env.WAITER_STATE_MACHINE_ARN))?.[1];
  if (waiter) {
    const definition = shown(props(graph.resource(waiter)).DefinitionString);
    const retry = /"IntervalSeconds":(\d+),"MaxAttempts":(\d+),"BackoffRate":([\d.]+)/.exec(definition);
    if (retry) {
      const [interval, attempts, rate] = [Number(retry[1]), Number(retry[2]), Number(retry[3])];
      for (let i = 0; i < attempts; i++) total += interval * rate ** i;
      total += (attempts + 1) * fnTimeout(graph, env.USER_IS_COMPLETE_FUNCTION_ARN);
    }
  }
  return total;
}

const customResourceTime: CreateRule = {
  id: "custom-resource-time-limit",
  service: "CloudFormation",
  phase: "create",
  types: [],
  requires: `a custom resource answers within its ServiceTimeout (at most and by default ${CUSTOM_RESOURCE_LIMIT_S} s), however long its function and waiter may run`,
  sources: [
    {
      url: "https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-cloudformation-customresource.html",
      says: "ServiceTimeout is the most time a custom resource operation may take, an integer from 1 to 3600 seconds, 3600 if unset; past it the operation fails",
    },
    {
      url: "https://docs.aws.amazon.com/cdk/api/v2/docs/aws-cdk-lib.custom_resources-readme.html",
      says: "the provider framework calls onEvent once, then polls isComplete through a Step Functions waiter every queryInterval until totalTimeout",
    },
  ],
  check(id, graph) {
    const limit = Number(props(graph.resource(id)).ServiceTimeout ?? CUSTOM_RESOURCE_LIMIT_S);
    const worst = customResourceWorstSeconds(id, graph);
    return worst > limit
      ? `may run ${Math.round(worst / 60)} min, past its ${Math.round(limit / 60)}-minute limit`
      : undefined;
  },
};

const twoZonesEven: CreateRule = {
  id: "opensearch-two-zones-even-nodes",
  service: "OpenSearch Service",
  phase: "create",
  types: ["AWS::OpenSearchService::Domain"],
  requires: "a domain spread over two Availability Zones has an even number of data nodes",
  sources: [
    {
      url: "https://docs.aws.amazon.com/opensearch-service/latest/developerguide/managedomains-multiaz.html",
      says: "with zone awareness over two zones the data nodes are split evenly between them, so the instance count must be even (the domain's configuration is refused otherwise)",
    },
  ],
  check(id, graph) {
    const c = (props(graph.resource(id)).ClusterConfig ?? {}) as {
      ZoneAwarenessEnabled?: boolean;
      ZoneAwarenessConfig?: { AvailabilityZoneCount?: number };
      InstanceCount?: number;
    };
    if (!c.ZoneAwarenessEnabled || (c.ZoneAwarenessConfig?.AvailabilityZoneCount ?? 2) !== 2)
      return undefined;
    return (c.InstanceCount ?? 1) % 2 ? `${c.InstanceCount} data nodes over two zones` : undefined;
  },
};

const vendedLogs: CreateRule = {
  id: "stepfunctions-vendedlogs",
  service: "Step Functions",
  phase: "create",
  types: ["AWS::StepFunctions::StateMachine"],
  requires: "a state machine logs to a group named under /aws/vendedlogs/",
  sources: [
    {
      url: "https://docs.aws.amazon.com/step-functions/latest/dg/bp-cwl.html",
      says: "creating a logging state machine adds its log group to the account's CloudWatch Logs resource policy, limited to 5,120 characters; groups under /aws/vendedlogs/ avoid it, and the guide recommends that prefix",
    },
  ],
  check(id, graph) {
    const logging = shown(props(graph.resource(id)).LoggingConfiguration ?? "");
    const groups = [...logging.matchAll(/<GetAtt:([^.>]+)\.Arn>/g)].map((m) => m[1]!);
    const bad = groups.filter((g) => !(fixedName(graph.resource(g)) ?? "").startsWith("/aws/vendedlogs/"));
    return bad.length ? `logs to ${bad.join(", ")}, not under /aws/vendedlogs/` : undefined;
  },
};

// ─── rollback ──────────────────────────────────────────────────────────────────────────────────────

/** Whether something the create made switches deletion protection on for `id` (a custom resource's SDK call). */
function protectedByCall(id: string, graph: TemplateGraph, created: ReadonlySet<string>): string | undefined {
  return [...created].find((c) => {
    const r = graph.resource(c);
    if (!r.Type.startsWith("Custom::")) return false;
    const call = shown(props(r).Create ?? "") + shown(props(r).Update ?? "");
    return (
      /DeletionProtectionEnabled\\?":\s*true|deletionProtectionEnabled\\?":\s*true/.test(call) &&
      call.includes(`<Ref:${id}>`)
    );
  });
}

const dynamoProtection: RollbackRule = {
  id: "dynamodb-deletion-protection",
  service: "DynamoDB",
  phase: "rollback",
  types: ["AWS::DynamoDB::Table"],
  requires: "a table the rollback deletes is not deletion-protected",
  sources: [
    {
      url: "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/WorkingWithTables.Basics.html#WorkingWithTables.Basics.DeletionProtection",
      says: "a table with deletion protection on cannot be deleted (DeleteTable is refused) until the protection is turned off",
    },
  ],
  check(id, graph, state) {
    if (props(graph.resource(id)).DeletionProtectionEnabled === true)
      return "DeletionProtectionEnabled: true";
    const by = protectedByCall(id, graph, state.made);
    return by ? `protected by ${by}` : undefined;
  },
};

const logsProtection: RollbackRule = {
  id: "logs-deletion-protection",
  service: "CloudWatch Logs",
  phase: "rollback",
  types: ["AWS::Logs::LogGroup"],
  requires: "a log group the rollback deletes is not deletion-protected",
  sources: [
    {
      url: "https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/protecting-log-groups-from-deletion.html",
      says: "deleting a protected log group fails with a ValidationException until protection is disabled",
    },
  ],
  check(id, graph, state) {
    if (props(graph.resource(id)).DeletionProtectionEnabled === true)
      return "DeletionProtectionEnabled: true";
    const by = protectedByCall(id, graph, state.made);
    return by ? `protected by ${by}` : undefined;
  },
};

const bucketEmpty: RollbackRule = {
  id: "s3-bucket-empty",
  service: "S3",
  phase: "rollback",
  types: ["AWS::S3::Bucket"],
  requires:
    "a bucket the rollback deletes is empty: nothing the create ran wrote to it, or something the rollback deleted first emptied it",
  sources: [
    {
      url: "https://docs.aws.amazon.com/AmazonS3/latest/API/API_DeleteBucket.html",
      says: "all objects (and versions) must be deleted before the bucket itself can be",
    },
    {
      url: "https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-s3-bucket.html",
      says: "CloudFormation deletes only empty buckets; the deletion of a bucket with objects fails",
    },
  ],
  check(id, _graph, state) {
    return state.written.has(id)
      ? "written during the create (a custom resource's function may put objects in it) and not emptied first"
      : undefined;
  },
};

// ─── retry ─────────────────────────────────────────────────────────────────────────────────────────

const nameTaken: RetryRule = {
  id: "name-still-taken",
  service: "CloudFormation and every service with named resources",
  phase: "retry",
  requires:
    "a resource with a fixed name finds that name free: not held by a resource the failed attempt kept, nor by one whose service keeps a deleted name a while",
  sources: [
    {
      url: "https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-attribute-deletionpolicy.html",
      says: "Retain keeps a resource when its stack operation removes it, outside any stack; RetainExceptOnCreate keeps it except when the operation that created it is rolled back, which deletes it",
    },
    {
      url: "https://docs.aws.amazon.com/secretsmanager/latest/apireference/API_DeleteSecret.html",
      says: "a deleted secret is only scheduled for deletion, after a recovery window of 7 to 30 days (30 by default); creating a secret with its name meanwhile fails ('already scheduled for deletion'), and even a forced deletion finishes asynchronously",
    },
  ],
  check(id, graph, taken, env) {
    const r = graph.resource(id);
    const name = fixedName(r);
    const clash = name && taken.find((t) => t.type === r.Type && t.name === name);
    return clash && clash.forMinutes > env.retryAfterMinutes
      ? `its name ${name} is still taken: ${clash.why}`
      : undefined;
  },
};

export const RULES: readonly ServiceRule[] = [
  stageRouteSettings,
  domainLogPolicy,
  unreservedMinimum,
  accountCheck,
  customResourceTime,
  twoZonesEven,
  vendedLogs,
  dynamoProtection,
  logsProtection,
  bucketEmpty,
  nameTaken,
];

/** The rules of a phase that apply to a resource type (custom-resource-time-limit: every Custom:: type). */
export function rulesFor<P extends ServiceRule["phase"]>(
  phase: P,
  type: string,
): Extract<ServiceRule, { phase: P }>[] {
  return RULES.filter(
    (r): r is Extract<ServiceRule, { phase: P }> =>
      r.phase === phase &&
      (r.phase === "retry" ||
        r.types.includes(type) ||
        (r.id === "custom-resource-time-limit" &&
          (type.startsWith("Custom::") || type === "AWS::CloudFormation::CustomResource"))),
  );
}

/** Literal text of a property (for tests that read a name). */
export const propertyText = (r: CfnResource, name: string) => literal(props(r)[name]);
