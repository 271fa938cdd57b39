// News & disclosures (seed 003): the Express workflow over its step Lambdas, and the report cache
// (each report × API key an item; TTL-expired, refetched when a newer 정정 is filed).
import type { Table } from "aws-cdk-lib/aws-dynamodb";
import type { StateMachine } from "aws-cdk-lib/aws-stepfunctions";
import { Construct } from "constructs";
import type { DongneFunction } from "../node-function.ts";
import { expiringTable, stateMachine, type StepFunctions } from "./workflows.ts";
import { STATE_MACHINE_ARN_VARIABLES } from "../../shared/platform/config-schema.ts";

/** The report cache: a cache, so destroyable and without point-in-time recovery. */
export function newsCacheTable(scope: Construct): Table {
  return expiringTable(
    scope,
    "NewsCacheTable",
    "A cache of OpenDART's public reports, refetched on a miss: point-in-time recovery would restore nothing worth its cost.",
  );
}

export class News extends Construct {
  readonly workflow: StateMachine;

  constructor(scope: Construct, id: string, steps: StepFunctions) {
    super(scope, id);
    this.workflow = stateMachine(this, "Workflow", "news", steps, () => {
      throw new Error("the news workflow starts no nested workflow");
    });
  }

  /** The API runs it synchronously. */
  connect(api: DongneFunction) {
    api.addEnvironment(STATE_MACHINE_ARN_VARIABLES.news, this.workflow.stateMachineArn);
    this.workflow.grantStartSyncExecution(api);
  }
}
