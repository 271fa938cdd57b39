// Building blocks every feature construct uses: one Lambda per declared step (its settings, its
// tables and the keys secret granted exactly as declared), and a state machine from a definition in
// infra/workflows with logging chosen per machine and invoke rights on exactly its steps.
import { ArnFormat, CfnElement, Duration, RemovalPolicy, Stack } from "aws-cdk-lib";
import { AttributeType, BillingMode, Table, type ITable } from "aws-cdk-lib/aws-dynamodb";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import type { ISecret } from "aws-cdk-lib/aws-secretsmanager";
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from "aws-cdk-lib/aws-stepfunctions";
import { Construct } from "constructs";
import { Rule } from "aws-cdk-lib/aws-events";
import { LambdaFunction } from "aws-cdk-lib/aws-events-targets";
import { entryPath, type StepSpec } from "../../shared/workflows/step.ts";
import { MACHINES } from "../../shared/runtime/machines.ts";
import type { MachineDef, MachineName } from "../../shared/workflows/machines.ts";
import type { Runtime } from "../../shared/runtime/port.ts";
import { acknowledgeNag, shownAccount, shownRegion } from "../nag.ts";
import type { EnvName } from "../../shared/platform/config-schema.ts";
import { DongneFunction, type LambdaEnv } from "../node-function.ts";

/** The tables a step may name in its `lambda.tables`, and the variable each is passed in. */
export interface FeatureTables {
  simulation?: ITable;
  news?: ITable;
  qa?: ITable;
  /** the account-wide LLM semaphore and the callers' daily LLM allowances */
  llm?: ITable;
}
const TABLE_ENV: Record<keyof FeatureTables, EnvName> = {
  simulation: "SIM_TABLE",
  news: "NEWS_CACHE_TABLE",
  qa: "QA_TABLE",
  llm: "LLM_LEASE_TABLE",
};

/** What every step Lambda is given: the keys secret and the tables. */
export interface StepEnvironment {
  keys: ISecret;
  tables: FeatureTables;
  /** LLM calls in flight at once across the account's deployment (the semaphore's slots) */
  llmMaxConcurrency: number;
}

/** Builds the Lambda of each step, once (a step shared by two machines has one function). */
export class StepFunctions extends Construct {
  private readonly byState = new Map<string, DongneFunction>();

  constructor(
    scope: Construct,
    id: string,
    private readonly env: StepEnvironment,
  ) {
    super(scope, id);
  }

  fn(spec: StepSpec): DongneFunction {
    let fn = this.byState.get(spec.state);
    if (fn) return fn;
    const environment: LambdaEnv = {};
    if (spec.lambda.keys) environment.SECRETS_ARN = this.env.keys.secretArn;
    for (const name of Object.keys(spec.lambda.tables ?? {})) {
      const table = this.env.tables[name as keyof FeatureTables];
      if (!table)
        throw new Error(`step ${spec.state} needs the ${name} table, which this stack has not made`);
      environment[TABLE_ENV[name as keyof FeatureTables]] = table.tableName;
    }
    fn = new DongneFunction(this, `${spec.state}Function`, {
      entry: entryPath(spec),
      description: spec.description,
      timeout: Duration.seconds(spec.lambda.timeoutSeconds),
      memorySize: spec.lambda.memoryMb,
      environment,
    });
    if (spec.lambda.keys) {
      this.env.keys.grantRead(fn);
      this.gateLlm(fn);
    }
    for (const [name, access] of Object.entries(spec.lambda.tables ?? {})) {
      const table = this.env.tables[name as keyof FeatureTables]!;
      if (access === "read") table.grantReadData(fn);
      else table.grantReadWriteData(fn);
    }
    this.byState.set(spec.state, fn);
    return fn;
  }

  /**
   * A function that may call the LLM (it reads the keys) takes a lease of the account-wide limit for
   * each call: the semaphore's table and its size.
   */
  gateLlm(fn: DongneFunction): void {
    const table = this.env.tables.llm;
    if (!table) return;
    fn.addEnvironment("LLM_LEASE_TABLE", table.tableName);
    fn.addEnvironment("LLM_MAX_CONCURRENCY", String(this.env.llmMaxConcurrency));
    table.grantReadWriteData(fn);
  }

  /** A table the steps are given (a construct that makes a function of its own needs it too). */
  table(name: keyof FeatureTables): ITable {
    const table = this.env.tables[name];
    if (!table) throw new Error(`the ${name} table is not part of this stack`);
    return table;
  }

  all(): DongneFunction[] {
    return [...this.byState.values()];
  }
}

export interface MachineLogging {
  level: LogLevel;
  includeExecutionData: boolean;
}

/**
 * A state machine from its definition. Logging is per machine: full execution data costs more than the
 * executions themselves for the Express searches, so errors only by default (README: the cost).
 */
export function stateMachine(
  scope: Construct,
  id: string,
  key: MachineName,
  steps: StepFunctions,
  machineArnOf: (key: string) => string,
  logging: MachineLogging = { level: LogLevel.ERROR, includeExecutionData: false },
  /**
   * a fixed name for a machine whose Distributed Map runs its items as child executions of itself: its
   * role may then start, follow and stop them, by ARNs built from the name (naming the machine's own
   * ARN in its role would be a CloudFormation cycle)
   */
  name?: string,
): StateMachine {
  const def: MachineDef<Runtime> = MACHINES[key];
  const functions = new Map(def.steps.map((s) => [s.state, steps.fn(s)]));
  const definition = def.definition((spec) => functions.get(spec.state)!.functionArn, machineArnOf);
  // Under /aws/vendedlogs/, as the Step Functions guide recommends: creating a logging machine adds its
  // group to the account's CloudWatch Logs resource policy, 5,120 characters shared by every stack,
  // unless the group is there. A fixed name is freed at once when a rollback deletes the group.
  const logs = new LogGroup(scope, `${id}Logs`, {
    logGroupName: `/aws/vendedlogs/states/${Stack.of(scope).stackName}/${scope.node.id}-${id}`,
    retention: RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  const machine = new StateMachine(scope, id, {
    stateMachineName: name,
    stateMachineType: def.type === "EXPRESS" ? StateMachineType.EXPRESS : StateMachineType.STANDARD,
    definitionBody: DefinitionBody.fromString(JSON.stringify(definition)),
    // the definition's own TimeoutSeconds is the execution timeout; CDK's is kept equal to it
    timeout: Duration.seconds((definition as { TimeoutSeconds: number }).TimeoutSeconds),
    // no X-Ray (infra/node-function.ts says why): the execution history and its log are the trace
    tracingEnabled: false,
    logs: { destination: logs, ...logging },
  });
  for (const fn of functions.values()) fn.grantInvoke(machine);
  if (name) startsItsOwnChildren(machine, name);
  if (def.onEnded) {
    // what no Catch of the machine sees (States.DataLimitExceeded, its own timeout, an abort): the
    // execution's end, from Step Functions' status-change events, goes to the step that records it
    new Rule(scope, `${id}Ended`, {
      description: `${key}: an execution that failed, timed out or was aborted`,
      eventPattern: {
        source: ["aws.states"],
        detailType: ["Step Functions Execution Status Change"],
        detail: { status: ["FAILED", "TIMED_OUT", "ABORTED"], stateMachineArn: [machine.stateMachineArn] },
      },
      targets: [
        new LambdaFunction(steps.fn(def.onEnded), { retryAttempts: 8, maxEventAge: Duration.hours(6) }),
      ],
    });
  }
  acknowledgeMachine(machine, logging, [...functions.values()]);
  return machine;
}

/** A machine whose Distributed Map runs its items as child executions of itself, by its fixed name. */
function startsItsOwnChildren(machine: StateMachine, name: string): void {
  const stack = Stack.of(machine);
  machine.addToRolePolicy(
    new PolicyStatement({
      actions: ["states:StartExecution"],
      resources: [statesArn(stack, "stateMachine", name)],
    }),
  );
  machine.addToRolePolicy(
    new PolicyStatement({
      actions: ["states:DescribeExecution", "states:StopExecution"],
      resources: [statesArn(stack, "execution", `${name}/*`), statesArn(stack, "execution", `${name}:*`)],
    }),
  );
  acknowledgeNag(
    machine,
    {
      rule: `AwsSolutions-IAM5[Resource::${executionArnShown(stack, `${name}/*`)}]`,
      reason: "DescribeExecution/StopExecution of the Distributed Map's child executions, named per Map Run.",
    },
    {
      rule: `AwsSolutions-IAM5[Resource::${executionArnShown(stack, `${name}:*`)}]`,
      reason: "DescribeExecution/StopExecution of this machine's executions, named per run.",
    },
  );
}

/** What cdk-nag finds in every machine, and why each is as it is. */
function acknowledgeMachine(
  machine: StateMachine,
  logging: MachineLogging,
  functions: DongneFunction[],
): void {
  const stack = Stack.of(machine);
  acknowledgeNag(
    machine,
    ...(logging.level === LogLevel.ALL
      ? []
      : [
          {
            rule: "AwsSolutions-SF1",
            reason:
              "Errors only, without execution data: logging every event with its data cost ~9× the executions themselves for a route search (README: Deploy). Ops can switch a machine to ALL.",
          },
        ]),
    {
      rule: "AwsSolutions-SF2",
      reason:
        "X-Ray is off on purpose: nothing adds subsegments, the execution history already shows each state's timing, and traces cost per request (README: the cost table).",
    },
    {
      rule: "AwsSolutions-IAM5[Resource::*]",
      reason:
        "The CloudWatch Logs delivery actions that Step Functions logging needs (logs:CreateLogDelivery, …) accept no resource ARN.",
    },
    ...functions.map((fn) => ({
      rule: `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(fn.node.defaultChild as CfnElement)}.Arn>:*]`,
      reason:
        "lambda:InvokeFunction on the function's own versions and aliases (name:*), which is how CDK grants invoke.",
    })),
  );
}

/** A Step Functions ARN in this stack (`arn:…:states:region:account:<resource>:<name>`). */
export const statesArn = (stack: Stack, resource: string, resourceName: string) =>
  stack.formatArn({ service: "states", resource, resourceName, arnFormat: ArnFormat.COLON_RESOURCE_NAME });

/** How cdk-nag shows an execution ARN of this stack in a finding's resource. */
export const executionArnShown = (stack: Stack, resourceName: string) =>
  `arn:<AWS::Partition>:states:${shownRegion(stack)}:${shownAccount(stack)}:execution:${resourceName}`;

/**
 * A pk/sk table whose items expire by TTL (`expiresAt`): a cache or short-lived records, so
 * destroyable and without point-in-time recovery — `reason` says why nothing in it is worth a restore.
 */
export function expiringTable(scope: Construct, id: string, reason: string): Table {
  const table = new Table(scope, id, {
    partitionKey: { name: "pk", type: AttributeType.STRING },
    sortKey: { name: "sk", type: AttributeType.STRING },
    billingMode: BillingMode.PAY_PER_REQUEST,
    timeToLiveAttribute: "expiresAt",
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: false },
    removalPolicy: RemovalPolicy.DESTROY,
  });
  acknowledgeNag(table, { rule: "AwsSolutions-DDB3", reason });
  return table;
}
