// Structured logs (Powertools): JSON lines with a correlation id; never a secret (config keys are not logged).
// The level is the configuration's LOG_LEVEL, set where the runtime is built (buildRuntime); until then
// Powertools' own default applies (INFO, or the LOG_LEVEL it reads from the environment itself).
import { Logger } from "@aws-lambda-powertools/logger";
import type { Config } from "./config.ts";

export const logger = new Logger({ serviceName: "dongne" });

/** Applies the configured level to the process's logger. */
export function useLogLevel(level: Config["logLevel"]): void {
  logger.setLogLevel(level);
}
