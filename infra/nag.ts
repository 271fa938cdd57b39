// cdk-nag acknowledgements. Synth's validation matches "AwsSolutions::<rule>", cdk-nag's validateScope
// (used by the tests) matches "<rule>": one acknowledgement records both, with its reason.
import { Stack, Token, Validations } from "aws-cdk-lib";
import type { IConstruct } from "constructs";

export function acknowledgeNag(scope: IConstruct, ...findings: { rule: string; reason: string }[]): void {
  Validations.of(scope).acknowledge(
    ...findings.flatMap(({ rule, reason }) => [
      { id: rule, reason },
      { id: `AwsSolutions::${rule}`, reason },
    ]),
  );
}

/** How cdk-nag prints a stack's region and account in a finding: the value, or its pseudo-parameter. */
export const shownRegion = (stack: Stack) =>
  Token.isUnresolved(stack.region) ? "<AWS::Region>" : stack.region;
export const shownAccount = (stack: Stack) =>
  Token.isUnresolved(stack.account) ? "<AWS::AccountId>" : stack.account;
