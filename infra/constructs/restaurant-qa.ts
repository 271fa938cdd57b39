// Restaurant QA (seed 002): the OpenSearch domain holding the documents, the bucket for ingest uploads
// and batches, the table for follow-up memory and ingest jobs, the QA and ingest workflows. Why a
// managed domain rather than OpenSearch Serverless: one t3.small.search node with 10 GB idles at about
// $27 a month, a Serverless vector collection at its minimum with redundancy (the default: 1 indexing
// + 1 search OCU) at about $350 (~$175 with redundancy off, 0.5 + 0.5; docs/restaurant-qa.md);
// nori is built in, and refresh=wait_for works on writes. Access is IAM only (SigV4), least privilege:
// readers may GET the index and POST its _search and _mget; writers may write the index and its own
// paths (the bulk API included, sent index-scoped); Bedrock for exactly the embedding model.
import { CfnElement, CfnOutput, CustomResource, Duration, RemovalPolicy, Stack } from "aws-cdk-lib";
import { Provider } from "aws-cdk-lib/custom-resources";
import type { ITable, Table } from "aws-cdk-lib/aws-dynamodb";
import { PolicyStatement, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { LogGroup, ResourcePolicy, RetentionDays } from "aws-cdk-lib/aws-logs";
import { Domain, EngineVersion } from "aws-cdk-lib/aws-opensearchservice";
import { EbsDeviceVolumeType } from "aws-cdk-lib/aws-ec2";
import type { Profile } from "../profile.ts";
import { BlockPublicAccess, Bucket, BucketEncryption } from "aws-cdk-lib/aws-s3";
import type { StateMachine } from "aws-cdk-lib/aws-stepfunctions";
import { Construct } from "constructs";
import { INGEST_JOB_STEPS, INGEST_STEPS, QA_STEPS } from "../../shared/restaurant-qa/workflow/steps.ts";
import { ALL_STEPS } from "../../shared/runtime/machines.ts";
import { acknowledgeNag } from "../nag.ts";
import { DongneFunction, PROJECT_ROOT } from "../node-function.ts";
import { definitionHash } from "../../shared/index/versioned.ts";
import {
  RESTAURANT_INDEX_SCHEMA_VERSION,
  restaurantIndexDefinition,
} from "../../shared/restaurant-qa/index-mapping.ts";
import { TITAN_V2_MODEL_ID } from "../../shared/restaurant-qa/config.ts";
import { INGEST_BATCH_SIZE } from "../../shared/restaurant-qa/ingest.ts";
import { expiringTable, stateMachine, type StepFunctions } from "./workflows.ts";
import { defaultOf, STATE_MACHINE_ARN_VARIABLES } from "../../shared/platform/config-schema.ts";
import { MACHINES } from "../../shared/runtime/machines.ts";
import { productVersion } from "../../shared/platform/version.ts";

/** The index (an alias) the functions use: they are not told, so it is the schema's default. */
export const QA_INDEX = defaultOf("OPENSEARCH_INDEX");

/**
 * The index's custom resource within CloudFormation's hour (ServiceTimeout, at most 3,600 s): onEvent
 * may take 14 minutes (a reindex up to 12), then the provider framework's waiter asks isComplete every
 * minute for 35 minutes, each call at most 10 s: 840 + 35 × 60 + 36 × 10 = 3,300 s, five minutes to spare
 * for the framework's own cold starts (test/infra/deploy-sim: custom-resource-time-limit).
 */
export const INDEX_SETUP = {
  onEventTimeout: Duration.minutes(14),
  queryInterval: Duration.minutes(1),
  totalTimeout: Duration.minutes(35),
  isCompleteTimeout: Duration.seconds(10),
  serviceTimeout: Duration.hours(1),
} as const;

/** Ingest job batches in flight at once: the Distributed Map's MaxConcurrency, read from its definition. */
export const INGEST_LANES = (() => {
  const arn = () => "arn:aws:lambda:ap-northeast-2:123456789012:function:x";
  const d = MACHINES.qaIngestJob.definition(arn) as { States: { Batches: { MaxConcurrency: number } } };
  return d.States.Batches.MaxConcurrency;
})();

/** Titan embedding calls a second across the ingest job's lanes, unless `-c embedRate` says otherwise. */
export const DEFAULT_EMBED_RATE = 10;

/**
 * Seconds a batch spends outside its embeddings in the ingest job: the Map's child execution and its
 * five other Lambdas (load, prepare, enrich by rules, bulk index, record). An estimate: the README's
 * 2–5 s for the four-Lambda Express batch, plus the load and record steps; no AWS run measured it.
 */
export const BATCH_OTHER_SECONDS = 5;

/**
 * The largest demo corpus a dev deploy loads inside the index's custom resource: the waiter's
 * window (totalTimeout) over the time one lane takes per batch (its embeddings at rate/lanes, plus the
 * other steps), times the lanes and the batch size (docs/deploy.md states it).
 */
export function largestDemoCorpus(embedRate = DEFAULT_EMBED_RATE): number {
  const perBatch = INGEST_BATCH_SIZE / (embedRate / INGEST_LANES) + BATCH_OTHER_SECONDS;
  return Math.floor(INDEX_SETUP.totalTimeout.toSeconds() / perBatch) * INGEST_LANES * INGEST_BATCH_SIZE;
}

export interface RestaurantQaProps {
  /** the domain's size and the index's replicas (dev: one t3.small.search; production: two zones) */
  profile: Profile;
  /** Titan calls a second for a whole ingest job (every lane together); DEFAULT_EMBED_RATE by default */
  embedRate?: number;
}

/** The table of follow-up memory and ingest jobs (both expire by TTL). */
export function qaTable(scope: Construct): Table {
  return expiringTable(
    scope,
    "QaTable",
    "Conversation memory (a day) and job records (30 days) expire by design: nothing here is worth a restore.",
  );
}

export class RestaurantQa extends Construct {
  readonly domain: Domain;
  readonly bucket: Bucket;
  readonly workflow: StateMachine;
  readonly ingestWorkflow: StateMachine;
  readonly ingestJobWorkflow: StateMachine;
  /** the index made at deploy (and, in dev, filled with the demo corpus) before the first request */
  readonly index: CustomResource;
  private readonly replicas: number;

  constructor(scope: Construct, id: string, steps: StepFunctions, props: RestaurantQaProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.replicas = props.profile.opensearch.replicas;
    this.domain = this.makeDomain(props.profile.opensearch);
    this.bucket = this.makeBucket(props.profile);
    this.grantSteps(steps, stack, (props.embedRate ?? DEFAULT_EMBED_RATE) / INGEST_LANES);

    const none = () => {
      throw new Error("restaurant QA starts no nested workflow");
    };
    this.workflow = stateMachine(this, "Workflow", "qa", steps, none);
    this.ingestWorkflow = stateMachine(this, "IngestWorkflow", "qaIngest", steps, none);
    const jobName = `${stack.stackName}-RestaurantIngestJob`;
    this.ingestJobWorkflow = stateMachine(
      this,
      "IngestJobWorkflow",
      "qaIngestJob",
      steps,
      none,
      undefined,
      jobName,
    );
    // the Distributed Map runs each batch as a child execution of this same machine (its fixed name)
    // every QA Lambda reads the same index configuration (only the granted ones may reach the domain)
    for (const spec of [
      ...Object.values(QA_STEPS),
      ...Object.values(INGEST_STEPS),
      ...Object.values(INGEST_JOB_STEPS),
    ])
      steps.fn(spec).addEnvironment("OPENSEARCH_ENDPOINT", `https://${this.domain.domainEndpoint}`);

    this.index = this.indexAtDeploy(props.profile, steps);
  }

  /** The domain, its logs (with a resource policy of our own: CDK's default is a custom-resource Lambda). */
  private makeDomain(os: Profile["opensearch"]): Domain {
    const logGroup = (name: string) =>
      new LogGroup(this, `${name}Logs`, {
        retention: RetentionDays.ONE_MONTH,
        removalPolicy: RemovalPolicy.DESTROY,
      });
    const logs = { search: logGroup("SlowSearch"), index: logGroup("SlowIndex"), app: logGroup("App") };
    const logsPolicy = new ResourcePolicy(this, "DomainLogsPolicy", {
      policyStatements: [
        new PolicyStatement({
          principals: [new ServicePrincipal("es.amazonaws.com")],
          actions: ["logs:PutLogEvents", "logs:CreateLogStream"],
          resources: Object.values(logs).map((g) => g.logGroupArn),
        }),
      ],
    });
    const domain = new Domain(this, "Domain", {
      version: EngineVersion.OPENSEARCH_2_19,
      capacity: {
        dataNodes: os.dataNodes,
        dataNodeInstanceType: os.instanceType,
        multiAzWithStandbyEnabled: false,
      },
      ...(os.zones > 1 ? { zoneAwareness: { enabled: true, availabilityZoneCount: os.zones } } : {}),
      // gp3: a baseline of 3,000 IOPS and 125 MB/s whatever the size, at a lower price than gp2
      ebs: { volumeSize: os.volumeGb, volumeType: EbsDeviceVolumeType.GP3 },
      encryptionAtRest: { enabled: true },
      nodeToNodeEncryption: true,
      enforceHttps: true,
      logging: {
        slowSearchLogEnabled: true,
        slowSearchLogGroup: logs.search,
        slowIndexLogEnabled: true,
        slowIndexLogGroup: logs.index,
        appLogEnabled: true,
        appLogGroup: logs.app,
      },
      suppressLogsResourcePolicy: true,
      // kept with its documents when the stack is deleted, deleted when the create that made it fails
      // (RetainExceptOnCreate): a failed first deploy leaves no domain billing
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    // CreateDomain checks that the log groups' resource policy lets es.amazonaws.com write to them. With
    // suppressLogsResourcePolicy CDK no longer makes the domain wait for the policy it would have
    // written, and CloudFormation would create both at once: the domain must wait for ours.
    domain.node.addDependency(logsPolicy);
    acknowledgeNag(
      domain,
      {
        rule: "AwsSolutions-OS1",
        reason:
          "The domain is reached only with SigV4-signed requests from the stack's Lambdas (IAM); a VPC would add NAT costs for a public-data index.",
      },
      {
        rule: "AwsSolutions-OS3",
        reason:
          "Access is by IAM identity (SigV4), not by IP: the callers are Lambdas with no fixed addresses.",
      },
      {
        rule: "AwsSolutions-OS4",
        reason:
          "One index of tens of thousands of documents on one or two data nodes: three dedicated masters would cost more than the data nodes (README: cost table); the index is rebuilt from the crawl files if a cluster is lost.",
      },
      {
        rule: "AwsSolutions-OS5",
        reason:
          "No anonymous access: the domain has no resource policy and every caller is granted by IAM identity policy.",
      },
    );
    if (os.zones < 2)
      acknowledgeNag(domain, {
        rule: "AwsSolutions-OS7",
        reason:
          "The dev profile's single node (no zone awareness): the index is rebuilt from the crawl files by re-ingesting; production spreads two nodes over two zones.",
      });
    return domain;
  }

  /**
   * Where ingest uploads and batches are kept (a job's files for 30 days). A rollback can delete only an
   * empty bucket, and in dev the create itself writes the demo corpus and its batches into this one: there
   * it goes with the stack, emptied first (CDK's autoDeleteObjects; the index waits for the emptier, so a
   * failed create finds it). In production nothing writes during the create, and the bucket is kept when
   * the stack is deleted and deleted when the create fails.
   */
  private makeBucket(profile: Profile): Bucket {
    const bucket = new Bucket(this, "IngestBucket", {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      ...(profile.demoCorpus
        ? { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true }
        : { removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE }),
      lifecycleRules: [{ prefix: "jobs/", expiration: Duration.days(30) }],
    });
    acknowledgeNag(bucket, {
      rule: "AwsSolutions-S1",
      reason:
        "Uploads and batches are written only by the stack's Lambdas (CloudTrail records the API calls); server access logs would need a second bucket for no reader.",
    });
    return bucket;
  }

  /** Each step gets exactly the access its declaration asks for: the index, embeddings, the bucket. */
  private grantSteps(steps: StepFunctions, stack: Stack, embedRatePerLane: number): void {
    for (const spec of ALL_STEPS) {
      const { index, embeddings, blobs } = spec.lambda;
      if (!index && !embeddings && !blobs) continue;
      const fn = steps.fn(spec);
      this.acknowledgeGrants(fn);
      if (index) {
        fn.addEnvironment("OPENSEARCH_ENDPOINT", `https://${this.domain.domainEndpoint}`);
        fn.addEnvironment("OPENSEARCH_DOMAIN", this.domain.domainName);
        fn.addEnvironment("OPENSEARCH_REPLICAS", String(this.replicas));
        if (index === "read") this.grantIndexRead(fn);
        // every method on the index and its paths, the index-scoped POST /restaurants/_bulk included
        else this.domain.grantIndexReadWrite(QA_INDEX, fn);
      }
      if (embeddings) {
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ["bedrock:InvokeModel"],
            resources: [
              stack.formatArn({
                service: "bedrock",
                account: "",
                resource: "foundation-model",
                resourceName: TITAN_V2_MODEL_ID,
              }),
            ],
          }),
        );
        fn.addEnvironment("QA_EMBEDDER", "bedrock");
        // the ingest embedder paces its own calls: the job's lanes together keep to the configured rate
        // (a question's single embedding is not paced)
        if (spec.state === INGEST_STEPS.embedIngest.state)
          fn.addEnvironment("BEDROCK_EMBED_RATE", String(embedRatePerLane));
      }
      if (blobs) {
        fn.addEnvironment("QA_INGEST_BUCKET", this.bucket.bucketName);
        if (blobs === "read") this.bucket.grantRead(fn);
        else this.bucket.grantReadWrite(fn);
      }
    }
  }

  /**
   * The custom resource that makes the index before the first request (CDK's provider framework):
   * onEvent creates it, or moves the alias to a new index when the mapping changed; isComplete waits
   * for the dev profile's demo corpus job. Its properties carry the mapping's fingerprint, so a changed
   * mapping is an Update of this resource, and the replicas, so a resized domain is one too.
   */
  private indexAtDeploy(profile: Profile, steps: StepFunctions): CustomResource {
    const qaTable = steps.table("qa");
    // the functions are not told the dimensions: the schema's default
    const dimension = defaultOf("BEDROCK_EMBED_DIMENSIONS");
    const fingerprint = definitionHash(restaurantIndexDefinition(dimension), {
      embedder: `bedrock:${TITAN_V2_MODEL_ID}`,
      dimension,
      schema_version: RESTAURANT_INDEX_SCHEMA_VERSION,
    });
    const setup = this.indexSetupFunction(qaTable, profile);
    const wait = new DongneFunction(this, "IndexWaitFunction", {
      entry: `${PROJECT_ROOT}/functions/restaurant-qa/index-setup-wait.ts`,
      description:
        "Deploy: whether the dev demo corpus job has finished (the provider framework's isComplete)",
      timeout: INDEX_SETUP.isCompleteTimeout,
      environment: { QA_TABLE: qaTable.tableName },
    });
    qaTable.grantReadData(wait);
    const provider = new Provider(this, "IndexProvider", {
      onEventHandler: setup,
      isCompleteHandler: wait,
      queryInterval: INDEX_SETUP.queryInterval,
      totalTimeout: INDEX_SETUP.totalTimeout,
    });
    const resource = new CustomResource(this, "Index", {
      serviceToken: provider.serviceToken,
      resourceType: "Custom::RestaurantIndex",
      serviceTimeout: INDEX_SETUP.serviceTimeout,
      properties: {
        Alias: QA_INDEX,
        DefinitionHash: fingerprint,
        Replicas: String(this.replicas),
        DemoCorpus: String(profile.demoCorpus),
        // each deploy of a new build asks again: an index holding less than the demo corpus is topped up
        Build: productVersion(process.env.DONGNE_VERSION),
      },
    });
    // the emptier of the bucket the demo corpus goes into exists before anything is written to it
    resource.node.addDependency(this.bucket);
    if (profile.demoCorpus)
      new CfnOutput(Stack.of(this), "DemoCorpus", {
        description: "데모 코퍼스 적재 결과 (적재된 문서 / 코퍼스 문서)",
        value: resource.getAttString("DemoCorpus"),
      });
    this.acknowledgeIndexSetup(setup, wait, provider);
    return resource;
  }

  /** The index setup: the index, its alias and a reindex on the domain, the demo corpus upload and its job. */
  private indexSetupFunction(qaTable: ITable, profile: Profile): DongneFunction {
    const setup = new DongneFunction(this, "IndexSetupFunction", {
      entry: `${PROJECT_ROOT}/functions/restaurant-qa/index-setup.ts`,
      description:
        "Deploy: the restaurant index behind its alias (created, or reindexed on a new mapping); the dev demo corpus",
      // the framework gives onEvent 15 minutes; a reindex may take 12 of them (INDEX_SETUP)
      timeout: INDEX_SETUP.onEventTimeout,
      memorySize: 1024,
      environment: {
        OPENSEARCH_ENDPOINT: `https://${this.domain.domainEndpoint}`,
        OPENSEARCH_DOMAIN: this.domain.domainName,
        OPENSEARCH_REPLICAS: String(this.replicas),
        QA_EMBEDDER: "bedrock",
        QA_INGEST_BUCKET: this.bucket.bucketName,
        QA_TABLE: qaTable.tableName,
        [STATE_MACHINE_ARN_VARIABLES.qaIngestJob]: this.ingestJobWorkflow.stateMachineArn,
      },
    });
    // the index, its alias and the cluster-level APIs a reindex uses (_aliases, _reindex, _tasks)
    setup.addToRolePolicy(
      new PolicyStatement({
        actions: ["es:ESHttpGet", "es:ESHttpHead", "es:ESHttpPut", "es:ESHttpPost", "es:ESHttpDelete"],
        resources: [this.domain.domainArn, `${this.domain.domainArn}/*`],
      }),
    );
    // only the demo corpus is written at deploy: production's create puts nothing in the bucket
    if (profile.demoCorpus) this.bucket.grantPut(setup);
    qaTable.grantReadWriteData(setup);
    this.ingestJobWorkflow.grantStartExecution(setup);
    return setup;
  }

  private acknowledgeIndexSetup(setup: DongneFunction, wait: DongneFunction, provider: Provider): void {
    const stack = Stack.of(this);
    const id = (c: Construct) => stack.getLogicalId(c.node.defaultChild as CfnElement);
    acknowledgeNag(
      setup,
      {
        rule: `AwsSolutions-IAM5[Resource::<${id(this.domain)}.Arn>/*]`,
        reason:
          "The deploy-time index setup manages the restaurant index and its alias: _alias, _aliases, _reindex, _tasks and the versioned indexes behind the alias.",
      },
      {
        rule: `AwsSolutions-IAM5[Resource::<${id(this.bucket)}.Arn>/*]`,
        reason: "It writes the demo corpus upload (uploads/<job>.jsonl) into the ingest bucket.",
      },
      ...["s3:Abort*"].map((action) => ({
        rule: `AwsSolutions-IAM5[Action::${action}]`,
        reason: "CDK's put grant on the ingest bucket only.",
      })),
    );
    acknowledgeNag(
      provider,
      {
        rule: "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]",
        reason: "The provider framework's own functions write only their CloudWatch logs.",
      },
      {
        rule: "AwsSolutions-IAM5[Resource::*]",
        reason:
          "The provider framework's waiter (Step Functions) log delivery actions accept no resource ARN.",
      },
      ...[setup, wait].map((fn) => ({
        rule: `AwsSolutions-IAM5[Resource::<${id(fn)}.Arn>:*]`,
        reason:
          "The framework invokes the setup and wait functions' versions (name:*), as CDK grants invoke.",
      })),
      ...["isComplete", "onTimeout"].map((name) => ({
        rule: `AwsSolutions-IAM5[Resource::<${id(provider.node.findChild(`framework-${name}`))}.Arn>:*]`,
        reason: `The framework's waiter invokes its own ${name} function's versions (name:*).`,
      })),
      {
        rule: "AwsSolutions-L1",
        reason: "The provider framework's functions use the runtime this aws-cdk-lib release pins.",
      },
      {
        rule: "AwsSolutions-SF1",
        reason:
          "The framework's waiter machine polls isComplete only; its failures reach CloudFormation's events.",
      },
      {
        rule: "AwsSolutions-SF2",
        reason: "No X-Ray in this stack (infra/node-function.ts says why).",
      },
    );
  }

  /** The API runs the QA and batch-ingest workflows, starts ingest jobs, reads documents and jobs. */
  connect(api: DongneFunction, table: Table) {
    api.addEnvironment(STATE_MACHINE_ARN_VARIABLES.qa, this.workflow.stateMachineArn);
    api.addEnvironment(STATE_MACHINE_ARN_VARIABLES.qaIngest, this.ingestWorkflow.stateMachineArn);
    api.addEnvironment(STATE_MACHINE_ARN_VARIABLES.qaIngestJob, this.ingestJobWorkflow.stateMachineArn);
    api.addEnvironment("OPENSEARCH_ENDPOINT", `https://${this.domain.domainEndpoint}`);
    api.addEnvironment("QA_INGEST_BUCKET", this.bucket.bucketName);
    api.addEnvironment("QA_TABLE", table.tableName);
    this.workflow.grantStartSyncExecution(api);
    this.ingestWorkflow.grantStartSyncExecution(api);
    this.ingestJobWorkflow.grantStartExecution(api);
    this.grantIndexRead(api);
    this.bucket.grantPut(api);
    table.grantReadWriteData(api);
    this.acknowledgeGrants(api);
  }

  /**
   * Reading the index as the adapter reads it: GET/HEAD on the index and its paths (_mapping, _count,
   * _doc) — CDK's grantIndexRead — and POST on exactly the two read APIs whose bodies go in a POST
   * (_search: kNN, titles, the composite aggregation of titles; _mget: documents by id). CDK's read
   * grant has no POST, and a POST anywhere else under the index would be a write.
   */
  private grantIndexRead(fn: DongneFunction) {
    this.domain.grantIndexRead(QA_INDEX, fn);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ["es:ESHttpPost"],
        resources: ["_search", "_mget"].map((api) => `${this.domain.domainArn}/${QA_INDEX}/${api}`),
      }),
    );
  }

  /** The wildcards CDK's grants write, each scoped to this domain's index or this bucket. */
  private acknowledgeGrants(fn: DongneFunction) {
    const stack = Stack.of(this);
    const id = (c: Construct) => stack.getLogicalId(c.node.defaultChild as CfnElement);
    acknowledgeNag(
      fn,
      {
        rule: `AwsSolutions-IAM5[Resource::<${id(this.domain)}.Arn>/${QA_INDEX}/*]`,
        reason:
          "The restaurant index's own documents and APIs (_search, _mget, _doc …): one index, its paths.",
      },
      {
        rule: `AwsSolutions-IAM5[Resource::<${id(this.bucket)}.Arn>/*]`,
        reason: "Objects of the ingest bucket (uploads, batches, reports), which ingest names per job.",
      },
      ...["s3:GetObject*", "s3:GetBucket*", "s3:List*", "s3:DeleteObject*", "s3:Abort*"].map((action) => ({
        rule: `AwsSolutions-IAM5[Action::${action}]`,
        reason: "CDK's bucket grant (read, or read and write) on the ingest bucket only.",
      })),
    );
  }
}
