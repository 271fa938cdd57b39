// The deploy-time check of the account's Lambda concurrency (functions/deploy/account-concurrency.ts,
// a custom resource the production domain and reservations wait for): the sum it compares, the Korean
// sentence a refused deploy shows, and that only a create checks.
import { describe, expect, it } from "vitest";
import {
  concurrencyShortfall,
  handler,
  UNRESERVED_MINIMUM,
} from "../../functions/deploy/account-concurrency.ts";

const lambda = (limit: { ConcurrentExecutions: number; UnreservedConcurrentExecutions: number }) => {
  const sent: unknown[] = [];
  return {
    sent,
    client: { send: async (cmd: unknown) => (sent.push(cmd), { AccountLimit: limit }) } as never,
  };
};

describe("the account's Lambda concurrency, read at deploy", () => {
  it("holds the reservations when 100 stay unreserved, and says what to do when they cannot", () => {
    expect(UNRESERVED_MINIMUM).toBe(100);
    expect(
      concurrencyShortfall({ ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 1000 }, 170),
    ).toBeUndefined();
    expect(
      concurrencyShortfall({ ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 270 }, 170),
    ).toBeUndefined();
    const why = concurrencyShortfall(
      { ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 269 },
      170,
    );
    expect(why).toMatch(/예약되지 않은 몫은 269/);
    // a new account's quota of 10: nothing fits
    expect(
      concurrencyShortfall({ ConcurrentExecutions: 10, UnreservedConcurrentExecutions: 10 }, 170),
    ).toMatch(/한도는 10.*모두 0 이하.*Concurrent executions/);
  });

  it("fails the create (the framework reports the sentence to CloudFormation); an update or a delete passes", async () => {
    const small = lambda({ ConcurrentExecutions: 10, UnreservedConcurrentExecutions: 10 });
    await expect(
      handler({ RequestType: "Create", ResourceProperties: { Reserved: "170" } }, small.client),
    ).rejects.toThrow(/Lambda 동시 실행 한도/);
    expect(small.sent).toHaveLength(1);
    const big = lambda({ ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 1000 });
    expect(
      await handler({ RequestType: "Create", ResourceProperties: { Reserved: "170" } }, big.client),
    ).toEqual({
      PhysicalResourceId: "account-concurrency",
      Data: { Unreserved: "1000" },
    });
    for (const RequestType of ["Update", "Delete"] as const)
      expect(
        await handler(
          { RequestType, PhysicalResourceId: "account-concurrency", ResourceProperties: {} },
          small.client,
        ),
      ).toEqual({ PhysicalResourceId: "account-concurrency" });
    expect(small.sent).toHaveLength(1);
  });
});
