// Structured logs (Powertools): JSON lines with a correlation id; never a secret (config keys are not logged).
import { Logger } from "@aws-lambda-powertools/logger";

const level = (process.env.LOG_LEVEL ?? (process.env.VITEST ? "SILENT" : "INFO")).toUpperCase();

export const logger = new Logger({
  serviceName: "dongne",
  logLevel: level as "INFO",
});
