// The deploy-time check of the account's Lambda concurrency (a custom resource of the production stack,
// which the OpenSearch domain and every function with a reservation wait for): a create whose
// reservations Lambda would refuse fails here, in its first minute, instead of after the domain (15–30
// minutes) was built. Lambda keeps 100 of a Region's concurrent executions unreserved and refuses a
// reservation that would leave fewer (https://docs.aws.amazon.com/lambda/latest/dg/configuring-concurrency.html);
// GetAccountSettings gives the quota and what is still unreserved in the account.
import { GetAccountSettingsCommand, LambdaClient } from "@aws-sdk/client-lambda";

/** Lambda keeps this many executions of the account's quota unreserved. */
export const UNRESERVED_MINIMUM = 100;

export interface AccountLimit {
  ConcurrentExecutions?: number;
  UnreservedConcurrentExecutions?: number;
}

/** Why the account cannot hold `reserved` more, in Korean (the deploy's error shows it); undefined if it can. */
export function concurrencyShortfall(limit: AccountLimit, reserved: number): string | undefined {
  const quota = limit.ConcurrentExecutions ?? 0;
  const unreserved = limit.UnreservedConcurrentExecutions ?? quota;
  if (unreserved - reserved >= UNRESERVED_MINIMUM) return undefined;
  return (
    `이 계정의 Lambda 동시 실행 한도는 ${quota}이고 예약되지 않은 몫은 ${unreserved}입니다. 이 스택이 예약하려는 ` +
    `${reserved}과 Lambda가 늘 남겨 두는 ${UNRESERVED_MINIMUM}을 함께 담을 수 없습니다. ` +
    `-c reservedConcurrency=api=…,authorizer=…,agentTurn=… 로 예약을 줄이거나(모두 ${Math.max(0, unreserved - UNRESERVED_MINIMUM)} 이하), ` +
    'Service Quotas에서 Lambda "Concurrent executions" 증가를 요청한 뒤 다시 배포하세요 (docs/deploy.md).'
  );
}

export interface AccountCheckEvent {
  RequestType: "Create" | "Update" | "Delete";
  PhysicalResourceId?: string;
  ResourceProperties: { Reserved?: string | number };
}

export async function handler(
  event: AccountCheckEvent,
  lambda: Pick<LambdaClient, "send"> = new LambdaClient({}),
) {
  const id = event.PhysicalResourceId ?? "account-concurrency";
  // only a create reserves from nothing: on an update the stack's reservations already hold their part
  // of the pool (and a changed reservation fails on its function, after nothing slow)
  if (event.RequestType !== "Create") return { PhysicalResourceId: id };
  const { AccountLimit } = await lambda.send(new GetAccountSettingsCommand({}));
  const why = concurrencyShortfall(AccountLimit ?? {}, Number(event.ResourceProperties.Reserved ?? 0));
  if (why) throw new Error(why);
  return {
    PhysicalResourceId: id,
    Data: { Unreserved: String(AccountLimit?.UnreservedConcurrentExecutions ?? "") },
  };
}
