// Every error the API answers is JSON {error: {code, message, field?}}; no stack trace reaches a client.
// Domain errors map to their status here, once.
import { z } from "zod";
import { ScenarioError } from "../../shared/simulation/scenario.ts";
import { SimulationConflict } from "../../shared/simulation/service.ts";
import { WorkflowFailedError, WorkflowTimeoutError } from "../../shared/workflows/errors.ts";

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 502 | 503 | 504;

export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const ErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }),
});

export const errorBody = (err: ApiError) => ({
  error: { code: err.code, message: err.message, ...(err.field ? { field: err.field } : {}) },
});

/** The ApiError a domain error stands for, or null when it is unexpected (a 500). */
export function asApiError(err: unknown): ApiError | null {
  if (err instanceof ApiError) return err;
  // a scenario that names what the world does not have (a store id, a menu): found only against it
  if (err instanceof ScenarioError) return new ApiError(400, "invalid_request", err.message, err.field);
  if (err instanceof SimulationConflict)
    return new ApiError(
      err.kind === "quota" ? 429 : 409,
      err.kind === "quota" ? "quota_exceeded" : "conflict",
      err.message,
    );
  if (err instanceof WorkflowTimeoutError)
    return new ApiError(
      504,
      "timeout",
      "the request did not finish within its time budget; try again or narrow it",
    );
  if (err instanceof WorkflowFailedError)
    return new ApiError(
      502,
      "workflow_failed",
      "the workflow failed; the request id is in the x-request-id header",
    );
  return null;
}
