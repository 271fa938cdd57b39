// Every workflow-step Lambda goes through this: a structured log line per step (DEBUG) with the Lambda request
// id and the ids the event carries (simulation, slot, agent, query) as the correlation, and an error
// line when the step fails. The error still reaches Step Functions, whose Retry and Catch decide.
import { logger } from "../shared/log.ts";

/** The ids in a step's event worth correlating on: whichever of these it has. */
export function correlation(event: unknown): Record<string, string> {
  if (!event || typeof event !== "object") return {};
  const e = event as Record<string, unknown>;
  const slot = e.slot && typeof e.slot === "object" ? (e.slot as Record<string, unknown>).key : e.key;
  const ids: Record<string, unknown> = {
    simulationId: e.simulationId,
    slot,
    agentId: e.agentId,
    query: e.query,
  };
  return Object.fromEntries(
    Object.entries(ids).filter((kv): kv is [string, string] => typeof kv[1] === "string"),
  );
}

export function stepHandler<T>(step: string, run: (event: unknown) => Promise<T> | T) {
  return async (event: unknown, context?: { awsRequestId?: string }): Promise<T> => {
    const where = { step, requestId: context?.awsRequestId, ...correlation(event) };
    const started = performance.now();
    try {
      const out = await run(event);
      logger.debug("step done", { ...where, ms: Math.round(performance.now() - started) });
      return out;
    } catch (err) {
      logger.error("step failed", { ...where, error: err as Error });
      throw err;
    }
  };
}
