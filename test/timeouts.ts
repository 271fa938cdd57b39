// The tests' timeouts, read by vitest.config.ts and by test/helpers/slow-tests.ts. A timeout is
// a safety net that ends a test that hangs, never a measure of speed: on a quiet machine every test and
// every hook takes at most 1/SAFETY_FACTOR of its timeout, so a laptop running a browser, an IDE and a
// build beside `npm test` (a machine several times slower) still passes. `npx tsx test/helpers/slow-tests.ts
// REPORT.json` lists what comes closer than that.

/** A test's timeout unless it gives its own (vitest's `testTimeout`). */
export const TEST_TIMEOUT_MS = 120_000;
/** A hook's (beforeAll, afterAll, …) timeout unless it gives its own (vitest's `hookTimeout`). */
export const HOOK_TIMEOUT_MS = 240_000;
/** The browser project's test timeout: a test there is a whole flow in Chromium. */
export const BROWSER_TEST_TIMEOUT_MS = 240_000;
/** How far below its timeout a test stays on a quiet machine. */
export const SAFETY_FACTOR = 8;
