// The neighbourhood simulation (seed 004): its DynamoDB table, the Standard parent workflow over the
// slots and the Standard child per slot, whose Distributed Map runs each agent as a Standard child
// execution of its own (so no history nears 25,000 events, and up to 100 agents run at once).
import { ArnFormat, CfnElement, RemovalPolicy, Stack } from "aws-cdk-lib";
import { AttributeType, BillingMode, Table } from "aws-cdk-lib/aws-dynamodb";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import type { StateMachine } from "aws-cdk-lib/aws-stepfunctions";
import { Construct } from "constructs";
import { acknowledgeNag, shownAccount, shownRegion } from "../nag.ts";
import type { DongneFunction } from "../node-function.ts";
import { stateMachine, statesArn, type StepFunctions } from "./workflows.ts";
import { STATE_MACHINE_ARN_VARIABLES } from "../../shared/platform/config-schema.ts";

/** The table every simulation lives in (pk/sk; quota items expire by TTL). */
export function simulationTable(scope: Construct): Table {
  return new Table(scope, "SimulationTable", {
    partitionKey: { name: "pk", type: AttributeType.STRING },
    sortKey: { name: "sk", type: AttributeType.STRING },
    billingMode: BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    timeToLiveAttribute: "expiresAt",
    // kept when the stack is deleted; deleted when the create that made it fails, so a retry starts clean
    removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
  });
}

export class Simulation extends Construct {
  readonly workflow: StateMachine;
  readonly slotWorkflow: StateMachine;

  constructor(
    scope: Construct,
    id: string,
    steps: StepFunctions,
    private readonly table: Table,
  ) {
    super(scope, id);
    const stack = Stack.of(this);
    const noNested = () => {
      throw new Error("the slot workflow starts no nested workflow");
    };
    // A fixed name: the slot machine's role must name the machine itself (its Distributed Map starts
    // child executions of it), and an ARN from the name keeps the role's policy from referring to the
    // machine that depends on it (a CloudFormation cycle).
    const slotName = `${stack.stackName}-SimulationSlot`;
    this.slotWorkflow = stateMachine(
      this,
      "SlotWorkflow",
      "simulationSlot",
      steps,
      noNested,
      undefined,
      slotName,
    );
    // the Distributed Map (Agents) runs each agent as a child execution of this machine (its fixed name)
    this.workflow = stateMachine(this, "Workflow", "simulation", steps, (key) => {
      if (key !== "simulationSlot") throw new Error(`no nested workflow ${key}`);
      return this.slotWorkflow.stateMachineArn;
    });
    // RunSlot (startExecution.sync:2): start the child, follow it, and the managed rule that reports back
    this.workflow.addToRolePolicy(
      new PolicyStatement({
        actions: ["states:StartExecution"],
        resources: [this.slotWorkflow.stateMachineArn],
      }),
    );
    this.workflow.addToRolePolicy(
      new PolicyStatement({
        actions: ["states:DescribeExecution", "states:StopExecution"],
        resources: [statesArn(stack, "execution", `${slotName}:*`)],
      }),
    );
    this.workflow.addToRolePolicy(
      new PolicyStatement({
        actions: ["events:PutTargets", "events:PutRule", "events:DescribeRule"],
        resources: [
          stack.formatArn({
            service: "events",
            resource: "rule",
            resourceName: "StepFunctionsGetEventsForStepFunctionsExecutionRule",
          }),
        ],
      }),
    );
    acknowledgeNag(this.workflow, {
      rule: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:states:${shownRegion(stack)}:${shownAccount(stack)}:execution:${slotName}:*]`,
      reason:
        "DescribeExecution/StopExecution of the slot executions this parent starts; execution names are generated per run.",
    });
  }

  /**
   * The API's environment and rights: it writes the record (before the 202), starts executions and
   * asks whether the owner of a simulation is still running (resume).
   */
  connect(api: DongneFunction) {
    api.addEnvironment(STATE_MACHINE_ARN_VARIABLES.simulation, this.workflow.stateMachineArn);
    api.addEnvironment("SIM_TABLE", this.table.tableName);
    this.workflow.grantStartExecution(api);
    const stack = Stack.of(this);
    api.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ["states:DescribeExecution"],
        resources: [
          stack.formatArn({
            service: "states",
            resource: "execution",
            resourceName: `${this.workflow.stateMachineName}:*`,
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        ],
      }),
    );
    this.table.grantReadWriteData(api);
    acknowledgeNag(api, {
      rule: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:states:${shownRegion(stack)}:${shownAccount(stack)}:execution:<${stack.getLogicalId(this.workflow.node.defaultChild as CfnElement)}.Name>:*]`,
      reason:
        "DescribeExecution of this simulation workflow's executions (resume asks whether a simulation's owner still runs); execution names are per simulation.",
    });
  }
}
