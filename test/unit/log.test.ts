// The logger's level is the configuration's LOG_LEVEL, applied where the runtime is built (tests are
// quieted by vitest's env, not by a test hook in the product).
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../shared/platform/config.ts";
import { logger } from "../../shared/platform/log.ts";
import { buildRuntime } from "../../shared/runtime/runtime.ts";

const before = logger.getLevelName();
afterAll(() => logger.setLogLevel(before));

describe("the log level", () => {
  it("comes from the configuration when the runtime is built", () => {
    buildRuntime(loadConfig({ LOG_LEVEL: "ERROR" }), { llm: null });
    expect(logger.getLevelName()).toBe("ERROR");
    buildRuntime(loadConfig({ LOG_LEVEL: "DEBUG" }), { llm: null });
    expect(logger.getLevelName()).toBe("DEBUG");
    buildRuntime(loadConfig({}), { llm: null });
    expect(logger.getLevelName()).toBe("INFO");
  });

  it("is SILENT in tests because vitest's env sets LOG_LEVEL, which the configuration reads", () => {
    expect(process.env.VITEST).toBeTruthy();
    expect(loadConfig(process.env).logLevel).toBe("SILENT");
  });
});
