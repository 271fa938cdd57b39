// Restaurant QA (seed 002): the OpenSearch domain holding the documents, the bucket for ingest uploads
// and batches, the table for follow-up memory and ingest jobs, the QA and ingest workflows. Why a
// managed domain rather than OpenSearch Serverless: one t3.small.search node with 10 GB idles at about
// $27 a month, a Serverless vector collection at its minimum with redundancy (the default: 1 indexing
// + 1 search OCU) at about $350 (~$175 with redundancy off, 0.5 + 0.5; docs/restaurant-qa.md);
// nori is built in, and refresh=wait_for works on writes. Access is IAM only (SigV4), least privilege:
// readers may GET the index and POST its _search and _mget; writers may write the index and its own
// paths (the bulk API included, sent index-scoped); Bedrock for exactly the embedding model.
import { CfnElement, Duration, RemovalPolicy, Stack } from "aws-cdk-lib";
import type { Table } from "aws-cdk-lib/aws-dynamodb";
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
import type { DongneFunction } from "../node-function.ts";
import { expiringTable, stateMachine, type StepFunctions } from "./workflows.ts";
import { STATE_MACHINE_ARN_VARIABLES } from "../../shared/platform/config.ts";

export const QA_INDEX = "restaurants";

export interface RestaurantQaProps {
  /** the domain's size and the index's replicas (dev: one t3.small.search; production: two zones) */
  profile: Profile;
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

  constructor(scope: Construct, id: string, steps: StepFunctions, props: RestaurantQaProps) {
    super(scope, id);
    const stack = Stack.of(this);
    // the domain's logs, with a resource policy of our own (CDK's default is a custom-resource Lambda)
    const logGroup = (name: string) =>
      new LogGroup(this, `${name}Logs`, {
        retention: RetentionDays.ONE_MONTH,
        removalPolicy: RemovalPolicy.DESTROY,
      });
    const logs = { search: logGroup("SlowSearch"), index: logGroup("SlowIndex"), app: logGroup("App") };
    const os = props.profile.opensearch;
    const logsPolicy = new ResourcePolicy(this, "DomainLogsPolicy", {
      policyStatements: [
        new PolicyStatement({
          principals: [new ServicePrincipal("es.amazonaws.com")],
          actions: ["logs:PutLogEvents", "logs:CreateLogStream"],
          resources: Object.values(logs).map((g) => g.logGroupArn),
        }),
      ],
    });
    this.domain = new Domain(this, "Domain", {
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
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // CreateDomain checks that the log groups' resource policy lets es.amazonaws.com write to them. With
    // suppressLogsResourcePolicy CDK no longer makes the domain wait for the policy it would have
    // written, and CloudFormation would create both at once: the domain must wait for ours.
    this.domain.node.addDependency(logsPolicy);
    acknowledgeNag(
      this.domain,
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
      acknowledgeNag(this.domain, {
        rule: "AwsSolutions-OS7",
        reason:
          "The dev profile's single node (no zone awareness): the index is rebuilt from the crawl files by re-ingesting; production spreads two nodes over two zones.",
      });

    this.bucket = new Bucket(this, "IngestBucket", {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ prefix: "jobs/", expiration: Duration.days(30) }],
    });
    acknowledgeNag(this.bucket, {
      rule: "AwsSolutions-S1",
      reason:
        "Uploads and batches are written only by the stack's Lambdas (CloudTrail records the API calls); server access logs would need a second bucket for no reader.",
    });

    // each step gets exactly the access its declaration asks for
    for (const spec of ALL_STEPS) {
      const { index, embeddings, blobs } = spec.lambda;
      if (!index && !embeddings && !blobs) continue;
      const fn = steps.fn(spec);
      this.acknowledgeGrants(fn);
      if (index) {
        fn.addEnvironment("OPENSEARCH_ENDPOINT", `https://${this.domain.domainEndpoint}`);
        fn.addEnvironment("OPENSEARCH_DOMAIN", this.domain.domainName);
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
                resourceName: "amazon.titan-embed-text-v2:0",
              }),
            ],
          }),
        );
        fn.addEnvironment("QA_EMBEDDER", "bedrock");
      }
      if (blobs) {
        fn.addEnvironment("QA_INGEST_BUCKET", this.bucket.bucketName);
        if (blobs === "read") this.bucket.grantRead(fn);
        else this.bucket.grantReadWrite(fn);
      }
    }

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
