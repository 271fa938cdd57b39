// Place search (seeds 000/001): the Express planning and search workflows over their step Lambdas.
import type { StateMachine } from "aws-cdk-lib/aws-stepfunctions";
import { Construct } from "constructs";
import { stateMachine, type StepFunctions } from "./workflows.ts";
import { STATE_MACHINE_ARN_VARIABLES, type EnvName } from "../../shared/platform/config-schema.ts";

export class PlaceSearch extends Construct {
  readonly planWorkflow: StateMachine;
  readonly searchWorkflow: StateMachine;

  constructor(scope: Construct, id: string, steps: StepFunctions) {
    super(scope, id);
    const none = () => {
      throw new Error("place search starts no nested workflow");
    };
    this.planWorkflow = stateMachine(this, "PlanWorkflow", "plan", steps, none);
    this.searchWorkflow = stateMachine(this, "SearchWorkflow", "search", steps, none);
  }

  /** The API's environment and rights: it runs both synchronously. */
  connect(
    api: { addEnvironment(k: EnvName, v: string): unknown } & Parameters<
      StateMachine["grantStartSyncExecution"]
    >[0],
  ) {
    api.addEnvironment(STATE_MACHINE_ARN_VARIABLES.plan, this.planWorkflow.stateMachineArn);
    api.addEnvironment(STATE_MACHINE_ARN_VARIABLES.search, this.searchWorkflow.stateMachineArn);
    this.planWorkflow.grantStartSyncExecution(api);
    this.searchWorkflow.grantStartSyncExecution(api);
  }
}
