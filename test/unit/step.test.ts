// The step-Lambda wrapper: correlation ids from the event, one error line on failure, the error rethrown
// for Step Functions' Retry and Catch.
import { afterEach, describe, expect, it, vi } from "vitest";
import { correlation, stepHandler } from "../../functions/step.ts";
import { logger } from "../../shared/log.ts";

afterEach(() => vi.restoreAllMocks());

describe("step Lambdas", () => {
  it("correlate on the simulation, slot, agent and query the event carries", () => {
    expect(correlation({ simulationId: "s1", slot: { key: "d01#12:00" }, agentId: "R001", days: 2 })).toEqual(
      { simulationId: "s1", slot: "d01#12:00", agentId: "R001" },
    );
    expect(correlation({ simulationId: "s1", key: "d01#07:00" })).toEqual({
      simulationId: "s1",
      slot: "d01#07:00",
    });
    expect(correlation({ query: "망원역 카페" })).toEqual({ query: "망원역 카페" });
    expect(correlation(null)).toEqual({});
  });

  it("log a failure with its ids and the request id, and rethrow it", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const boom = new Error("dynamo down");
    const handler = stepHandler("flush", async () => {
      throw boom;
    });
    await expect(
      handler({ simulationId: "s1", slot: { key: "d01#12:00" } }, { awsRequestId: "req-1" }),
    ).rejects.toBe(boom);
    expect(errors).toHaveBeenCalledWith("step failed", {
      step: "flush",
      requestId: "req-1",
      simulationId: "s1",
      slot: "d01#12:00",
      error: boom,
    });
  });

  it("return the step's result", async () => {
    expect(await stepHandler("plan", (e) => ({ got: e }))({ query: "x" })).toEqual({ got: { query: "x" } });
  });
});
