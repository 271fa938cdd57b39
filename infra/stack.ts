// The dongne stack, one construct per feature: the keys secret; the step Lambdas (one per declared
// workflow step); place search and the simulation with their workflows and tables; the HTTP API (routes
// from the app's route table, an API-key authorizer, per-route throttles); alarms and a dashboard.
// Least privilege throughout: each grant names its resource.
import { CfnOutput, Stack, type StackProps } from "aws-cdk-lib";
import type { Table } from "aws-cdk-lib/aws-dynamodb";
import type { CfnFunction } from "aws-cdk-lib/aws-lambda";
import type { Construct } from "constructs";
import { defaultOf, PROVIDER_KEY_NAMES } from "../shared/platform/config-schema.ts";
import { Api } from "./constructs/api.ts";
import { News, newsCacheTable } from "./constructs/news.ts";
import { RestaurantQa, qaTable } from "./constructs/restaurant-qa.ts";
import { Observability } from "./constructs/observability.ts";
import { PlaceSearch } from "./constructs/place-search.ts";
import { Simulation, simulationTable } from "./constructs/simulation.ts";
import { expiringTable, StepFunctions } from "./constructs/workflows.ts";
import { acknowledgeNag } from "./nag.ts";
import { AccountConcurrencyCheck, protectAfterCreate } from "./deploy-checks.ts";
import { keysSecret } from "./secrets.ts";
import { DEFAULT_RESERVATIONS, ProfileError, resolveProfile, type Profile } from "./profile.ts";
import { SIMULATION_STEPS } from "../shared/simulation/workflow/steps.ts";

/** Every key the product reads (the only names the runtime takes from the secret); each starts empty. */
export const PROVIDER_KEYS = PROVIDER_KEY_NAMES;

export interface DongneStackProps extends StackProps {
  /** alarm when a day's estimated LLM spend passes this (USD); default 50 */
  llmDailyBudgetUsd?: number;
  alarmEmail?: string;
  /** dev (default) or production, with their OpenSearch sizing, reservations and protections (infra/profile.ts) */
  profile?: Profile;
}

export class DongneStack extends Stack {
  readonly api: Api;
  readonly placeSearch: PlaceSearch;
  readonly news: News;
  readonly restaurants: RestaurantQa;
  readonly simulation: Simulation;
  readonly profile: Profile;

  constructor(scope: Construct, id: string, props: DongneStackProps = {}) {
    super(scope, id, props);
    const profile = (this.profile = props.profile ?? resolveProfile(() => undefined));
    if (profile.requireAlarmSubscriber && !props.alarmEmail)
      throw new ProfileError(
        `the ${profile.name} profile needs someone to hear its alarms (the LLM spend among them): pass -c alarmEmail=ops@example.com`,
      );

    // JSON with every key empty (an empty or missing key means "not configured": the offline
    // defaults), created without a value in the template and never rewritten by a deploy (infra/secrets.ts)
    const keys = keysSecret(
      this,
      "ProviderKeysSecret",
      "provider-keys",
      PROVIDER_KEYS,
      `Provider and LLM keys of dongne (JSON): ${PROVIDER_KEYS.join(", ")}`,
    );
    acknowledgeNag(keys, {
      rule: "AwsSolutions-SMG4",
      reason:
        "Third-party API keys (Anthropic, Kakao, Google, Naver) cannot be rotated by a Lambda; they are rotated in their consoles.",
    });

    const table = simulationTable(this);
    const qa = qaTable(this);
    const llmTable = expiringTable(
      this,
      "LlmTable",
      "LLM leases live for minutes and daily allowances for two days: nothing here is worth a restore.",
    );
    const steps = new StepFunctions(this, "Steps", {
      keys,
      tables: { simulation: table, news: newsCacheTable(this), qa, llm: llmTable },
      llmMaxConcurrency: Number(
        this.node.tryGetContext("llmMaxConcurrency") ?? defaultOf("LLM_MAX_CONCURRENCY"),
      ),
    });
    this.placeSearch = new PlaceSearch(this, "PlaceSearch", steps);
    this.news = new News(this, "News", steps);
    const embedRate = this.node.tryGetContext("embedRate") as string | undefined;
    this.restaurants = new RestaurantQa(this, "RestaurantQa", steps, {
      profile,
      embedRate: embedRate ? Number(embedRate) : undefined,
    });
    this.simulation = new Simulation(this, "Simulation", steps, table);

    this.api = new Api(this, "Api", keys);
    // the API's own LLM calls (engine checks) and the callers' daily allowances of LLM-backed requests
    steps.gateLlm(this.api.fn);
    this.placeSearch.connect(this.api.fn);
    this.news.connect(this.api.fn);
    this.restaurants.connect(this.api.fn, qa);
    this.simulation.connect(this.api.fn);

    this.observe(steps, props);
    this.applyProfile(profile, steps, table);
    new CfnOutput(this, "Profile", { value: profile.name });
    new CfnOutput(this, "KeysSecretArn", { value: keys.secretArn });
    new CfnOutput(this, "PlaceSearchWorkflowArn", { value: this.placeSearch.searchWorkflow.stateMachineArn });
    new CfnOutput(this, "SimulationWorkflowArn", { value: this.simulation.workflow.stateMachineArn });
  }

  /** Alarms on every function and machine, the API and the search domain; a dashboard. */
  private observe(steps: StepFunctions, props: DongneStackProps): void {
    new Observability(this, "Observability", {
      api: this.api.httpApi,
      functions: [
        { name: "Api", fn: this.api.fn },
        { name: "Authorizer", fn: this.api.authorizerFn },
        ...steps.all().map((fn) => ({ name: fn.node.id.replace(/Function$/, ""), fn })),
      ],
      machines: [
        { name: "PlanWorkflow", machine: this.placeSearch.planWorkflow },
        { name: "SearchWorkflow", machine: this.placeSearch.searchWorkflow },
        { name: "NewsWorkflow", machine: this.news.workflow },
        { name: "QaWorkflow", machine: this.restaurants.workflow },
        { name: "QaIngestWorkflow", machine: this.restaurants.ingestWorkflow },
        { name: "QaIngestJobWorkflow", machine: this.restaurants.ingestJobWorkflow },
        { name: "SimulationWorkflow", machine: this.simulation.workflow },
        { name: "SimulationSlotWorkflow", machine: this.simulation.slotWorkflow },
      ],
      search: { domain: this.restaurants.domain, volumeGb: this.profile.opensearch.volumeGb },
      llmDailyBudgetUsd: props.llmDailyBudgetUsd ?? 50,
      alarmEmail: props.alarmEmail,
    });
  }

  /**
   * What the profile asks beyond sizes: reserved concurrency, checked against the account's pool at
   * deploy before the domain or any reservation is made; deletion protection for the simulation table,
   * switched on after everything else exists. Nothing a failed create must delete is ever protected
   * (CloudWatch Logs and DynamoDB refuse to delete protected resources, and the rollback would end
   * ROLLBACK_FAILED): log groups and the expiring tables go with the stack, unprotected.
   */
  private applyProfile(profile: Profile, steps: StepFunctions, simulationTable: Table): void {
    // a slot's batches in flight (PrepareSlot's MaxConcurrencyPath) never pass the agent function's
    // reserved concurrency: without a reservation (dev), the production default bounds them all the same
    steps
      .fn(SIMULATION_STEPS.prepare)
      .addEnvironment(
        "SIM_AGENT_CONCURRENCY",
        String((profile.reservations ?? DEFAULT_RESERVATIONS).agentTurn),
      );
    if (profile.reservations) {
      const r = profile.reservations;
      const reserved = [
        { fn: this.api.fn, n: r.api },
        { fn: this.api.authorizerFn, n: r.authorizer },
        { fn: steps.fn(SIMULATION_STEPS.agentTurn), n: r.agentTurn },
      ];
      const check = new AccountConcurrencyCheck(
        this,
        "AccountConcurrency",
        r.api + r.authorizer + r.agentTurn,
      );
      check.mustPrecede(this.restaurants.domain);
      for (const { fn, n } of reserved) {
        (fn.node.defaultChild as CfnFunction).reservedConcurrentExecutions = n;
        check.mustPrecede(fn);
      }
    }
    if (profile.deletionProtection) protectAfterCreate(this, "ProtectSimulationTable", simulationTable);
  }
}
