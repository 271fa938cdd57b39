// Two steps of the production create that exist only so the create can fail early and roll back whole
// (test/infra/deploy-sim/ walks both):
//
//   AccountConcurrencyCheck  reads the account's Lambda concurrency at deploy (GetAccountSettings) before
//                            the OpenSearch domain (15–30 minutes) or any reservation is made, and fails
//                            the create in its first minute when the reservations would not fit
//   protectAfterCreate       switches deletion protection on for a table once every other resource of the
//                            stack exists: a rollback must delete what the failed create made, and
//                            DynamoDB refuses to delete a protected table (the stack would end
//                            ROLLBACK_FAILED); ordered last, nothing it protects can be rolled back
import { CustomResource, Duration, Stack } from "aws-cdk-lib";
import type { Table } from "aws-cdk-lib/aws-dynamodb";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  PhysicalResourceId,
  Provider,
  type AwsSdkCall,
} from "aws-cdk-lib/custom-resources";
import { Construct, type IConstruct } from "constructs";
import { acknowledgeNag } from "./nag.ts";
import { DongneFunction, PROJECT_ROOT } from "./node-function.ts";

export class AccountConcurrencyCheck extends Construct {
  readonly resource: CustomResource;

  /** `reserved`: the concurrency the stack's functions reserve, in all. */
  constructor(scope: Construct, id: string, reserved: number) {
    super(scope, id);
    const fn = new DongneFunction(this, "Function", {
      entry: `${PROJECT_ROOT}/functions/deploy/account-concurrency.ts`,
      description:
        "Deploy: whether the account's unreserved Lambda concurrency holds the stack's reservations",
      timeout: Duration.seconds(30),
    });
    fn.addToRolePolicy(new PolicyStatement({ actions: ["lambda:GetAccountSettings"], resources: ["*"] }));
    const provider = new Provider(this, "Provider", { onEventHandler: fn });
    this.resource = new CustomResource(this, "Resource", {
      serviceToken: provider.serviceToken,
      resourceType: "Custom::AccountConcurrency",
      properties: { Reserved: String(reserved) },
    });
    acknowledgeNag(
      this,
      {
        rule: "AwsSolutions-IAM5[Resource::*]",
        reason: "lambda:GetAccountSettings reads the account's own limits and accepts no resource ARN.",
      },
      {
        rule: "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]",
        reason: "The provider framework's function writes only its CloudWatch logs.",
      },
      {
        rule: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(fn.node.defaultChild as never)}.Arn>:*]`,
        reason: "The framework invokes the check's versions (name:*), as CDK grants invoke.",
      },
      {
        rule: "AwsSolutions-L1",
        reason: "The provider framework's function uses the runtime this aws-cdk-lib release pins.",
      },
    );
  }

  /** `c` (every resource in it) is created only after the check has passed. */
  mustPrecede(c: IConstruct): void {
    c.node.addDependency(this.resource);
  }
}

/**
 * Deletion protection for `table`, switched on by an SDK call (UpdateTable) that waits for every other
 * resource of the stack, on create and on every update that changes the table's name; a deleted stack
 * leaves the table (RetainExceptOnCreate) protected.
 */
export function protectAfterCreate(stack: Stack, id: string, table: Table): AwsCustomResource {
  const call: AwsSdkCall = {
    service: "DynamoDB",
    action: "updateTable",
    parameters: { TableName: table.tableName, DeletionProtectionEnabled: true },
    physicalResourceId: PhysicalResourceId.of(`${id}-deletion-protection`),
  };
  const protect = new AwsCustomResource(stack, id, {
    onCreate: call,
    onUpdate: call,
    policy: AwsCustomResourcePolicy.fromStatements([
      new PolicyStatement({ actions: ["dynamodb:UpdateTable"], resources: [table.tableArn] }),
    ]),
    installLatestAwsSdk: false,
  });
  for (const c of stack.node.children) if (c !== protect) protect.node.addDependency(c);
  acknowledgeNag(stack, {
    rule: "AwsSolutions-L1",
    reason:
      "CDK's AwsCustomResource function (the deletion-protection call) uses the runtime this aws-cdk-lib release pins.",
  });
  acknowledgeNag(stack, {
    rule: "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]",
    reason: "CDK's AwsCustomResource function writes only its CloudWatch logs.",
  });
  return protect;
}
