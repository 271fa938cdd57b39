// The dongne stack, one construct per feature: the keys secret; the step Lambdas (one per declared
// workflow step); place search and the simulation with their workflows and tables; the HTTP API (routes
// from the app's route table, an API-key authorizer, per-route throttles); alarms and a dashboard.
// Least privilege throughout: each grant names its resource.
import { CfnOutput, RemovalPolicy, SecretValue, Stack, type StackProps } from "aws-cdk-lib";
import { Secret } from "aws-cdk-lib/aws-secretsmanager";
import type { Construct } from "constructs";
import { PROVIDER_KEY_NAMES } from "../shared/platform/config.ts";
import { Api } from "./constructs/api.ts";
import { News, newsCacheTable } from "./constructs/news.ts";
import { RestaurantQa, qaTable } from "./constructs/restaurant-qa.ts";
import { Observability } from "./constructs/observability.ts";
import { PlaceSearch } from "./constructs/place-search.ts";
import { Simulation, simulationTable } from "./constructs/simulation.ts";
import { StepFunctions } from "./constructs/workflows.ts";
import { acknowledgeNag } from "./nag.ts";

/** Every key the product reads (the only names the runtime takes from the secret); each starts empty. */
export const PROVIDER_KEYS = PROVIDER_KEY_NAMES;

export interface DongneStackProps extends StackProps {
  /** alarm when a day's estimated LLM spend passes this (USD); default 50 */
  llmDailyBudgetUsd?: number;
  alarmEmail?: string;
  /** the OpenSearch domain's data node type (default t3.small.search) */
  opensearchInstanceType?: string;
}

export class DongneStack extends Stack {
  readonly api: Api;
  readonly placeSearch: PlaceSearch;
  readonly news: News;
  readonly restaurants: RestaurantQa;
  readonly simulation: Simulation;

  constructor(scope: Construct, id: string, props: DongneStackProps = {}) {
    super(scope, id, props);

    // JSON with every key empty: an empty or missing key means "not configured" (the offline defaults)
    const keys = new Secret(this, "ProviderKeys", {
      description: `Provider and LLM keys of dongne (JSON): ${PROVIDER_KEYS.join(", ")}`,
      secretObjectValue: Object.fromEntries(PROVIDER_KEYS.map((k) => [k, SecretValue.unsafePlainText("")])),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledgeNag(keys, {
      rule: "AwsSolutions-SMG4",
      reason:
        "Third-party API keys (Anthropic, Kakao, Google, Naver) cannot be rotated by a Lambda; they are rotated in their consoles.",
    });

    const table = simulationTable(this);
    const qa = qaTable(this);
    const steps = new StepFunctions(this, "Steps", {
      keys,
      tables: { simulation: table, news: newsCacheTable(this), qa },
    });
    this.placeSearch = new PlaceSearch(this, "PlaceSearch", steps);
    this.news = new News(this, "News", steps);
    this.restaurants = new RestaurantQa(this, "RestaurantQa", steps, {
      instanceType: props.opensearchInstanceType,
    });
    this.simulation = new Simulation(this, "Simulation", steps, table);

    this.api = new Api(this, "Api", keys);
    this.placeSearch.connect(this.api.fn);
    this.news.connect(this.api.fn);
    this.restaurants.connect(this.api.fn, qa);
    this.simulation.connect(this.api.fn);

    new Observability(this, "Observability", {
      api: this.api.httpApi,
      functions: [this.api.fn, ...steps.all()],
      llmDailyBudgetUsd: props.llmDailyBudgetUsd ?? 50,
      alarmEmail: props.alarmEmail,
    });
    new CfnOutput(this, "KeysSecretArn", { value: keys.secretArn });
    new CfnOutput(this, "PlaceSearchWorkflowArn", { value: this.placeSearch.searchWorkflow.stateMachineArn });
    new CfnOutput(this, "SimulationWorkflowArn", { value: this.simulation.workflow.stateMachineArn });
  }
}
