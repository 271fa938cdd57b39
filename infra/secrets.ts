// The stack's two secrets (provider keys, API keys), made so that no deploy ever writes their values.
//
// Before issue 22 each carried a SecretString in the template (every key empty). CloudFormation writes
// a resource's properties on create, and again whenever a stack update changes them: a later change to
// that string (a key added to the list) would have overwritten the keys ops had set, and the product
// would have fallen back to offline mode, or answered 401 everywhere.
//
// Now each secret is a new resource (new logical id, no fixed name: see below) whose template holds no value: GenerateSecretString with a template of the keys'
// names, every one empty, and one generated placeholder (`_created`) that the runtime ignores. What
// this relies on, as AWS documents it:
//   - CloudFormation updates a resource only when its properties in the template change ("CloudFormation
//     updates only the resources that you modify", https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/using-cfn-updating-stacks.html);
//     GenerateSecretString here is a constant (test/infra/secrets.test.ts pins it), so no update ever
//     regenerates the value — and a change to it is refused by that test with this reason;
//   - a value set later (put-secret-value) is not in the template, so a deploy does not see or write it;
//   - the old secrets leave the template with DeletionPolicy Retain, so the upgrade deploy of a stack
//     made from the old template keeps them and their values ("CloudFormation keeps the resource
//     without deleting the resource or its contents when its resource is removed from a stack",
//     https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-attribute-deletionpolicy.html).
// Ops copy the old values into the new secrets once after that upgrade (README: Keys), then may delete
// the old ones.
//
// No fixed name, and RetainExceptOnCreate (issue 33): a create that fails deletes what it made, and a
// deleted secret keeps its name for its recovery window (7–30 days, DeleteSecret), so a fixed name
// (`<stack>/provider-keys`, as before) would make every retry of a failed first deploy fail on it —
// kept (Retain) or deleted. CloudFormation names each secret uniquely instead (`ProviderKeysSecret…-<random>`):
// the stack's outputs (KeysSecretArn, ApiKeysSecretArn) say which. A deleted stack still keeps both, with
// ops' keys (test/infra/deploy-sim/rules.ts: name-still-taken; docs/deploy.md).
import { RemovalPolicy, Stack } from "aws-cdk-lib";
import { Secret } from "aws-cdk-lib/aws-secretsmanager";
import type { Construct } from "constructs";

/** The generated placeholder's key: not a setting (runtime.ts ignores names starting with "_"). */
export const PLACEHOLDER_KEY = "_created";

/** A JSON secret of `names`, each empty, created without a value in the template and never rewritten. */
export function keysSecret(
  scope: Construct,
  id: string,
  suffix: string,
  names: readonly string[],
  description: string,
): Secret {
  return new Secret(scope, id, {
    // `suffix` only describes it: the name is CloudFormation's (see above)
    description: `${Stack.of(scope).stackName}/${suffix}: ${description}`,
    generateSecretString: {
      secretStringTemplate: JSON.stringify(Object.fromEntries(names.map((n) => [n, ""]))),
      generateStringKey: PLACEHOLDER_KEY,
      passwordLength: 16,
      excludePunctuation: true,
    },
    removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
  });
}
