import { defineConfig } from "vitest/config";
import SharedModulesFirst from "./test/sequencer.ts";
import { BROWSER_TEST_TIMEOUT_MS, HOOK_TIMEOUT_MS, TEST_TIMEOUT_MS } from "./test/timeouts.ts";

// three runs: `npm test` (fast: unit, integration, e2e), `npm run test:deploy` (cdk synth with esbuild,
// then the bundles in plain Node: the deployed shape) and `npm run test:browser` (the web page in
// Debian's Chromium; skipped, loudly, where /usr/bin/chromium is missing). CI runs all three. `npm test`
// runs fast and browser both, whichever fails (test/suites.ts). What synthesizes a whole stack or
// simulates its deploy belongs to deploy, not to the fast suite: synth.test.ts and service-rules.test.ts
// (the deploy simulation over both profiles' templates); the simulation's own tests on small
// hand-written templates (deploy-sim.test.ts) synthesize nothing and stay fast.
const DEPLOY = ["test/infra/synth.test.ts", "test/infra/service-rules.test.ts"];
const BROWSER = ["test/browser/**/*.test.ts"];

export default defineConfig({
  test: {
    // the AWS SDK's Node-version warning silenced as in every local process (and the servers it spawns)
    // each test's report says its timeout and the hooks before it (test/helpers/slow-tests.ts reads them);
    // what the product builds on first use is built in a hook of the worker's first file (warm-worker.ts)
    setupFiles: [
      "bin/quiet-aws-sdk.ts",
      "shared/workflows/polyfills.ts",
      "test/helpers/timing-meta.ts",
      "test/helpers/warm-worker.ts",
    ],
    // quiet logs: configurations read from the environment (and spawned servers) get LOG_LEVEL from here
    // DONGNE_CLI_MODE=local: a CLI a test runs never uses a developer's running server (bin/api-client.ts)
    env: { LOG_LEVEL: "SILENT", DONGNE_CLI_MODE: "local" },
    // safety nets, not measures: no test or hook takes an eighth of these on a quiet machine
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: HOOK_TIMEOUT_MS,
    pool: "forks",
    // two workers on two cores (vitest's default is cores - 1: one), and no fresh process per file: a
    // worker imports the product (AWS SDK, dynalite, the local workflows) once, not once for each file
    // (`npm test`'s measured figures: README, Testing). A file that needs its own module state (a
    // process-level cache, a vi.mock of a module others import) takes fresh modules with vi.resetModules.
    maxWorkers: 2,
    isolate: false,
    // and a file that resets modules runs after those that share them (test/sequencer.ts)
    sequence: { sequencer: SharedModulesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "fast",
          include: ["test/**/*.test.ts"],
          exclude: [...DEPLOY, ...BROWSER],
          globalSetup: ["test/build-web.setup.ts"],
        },
      },
      { extends: true, test: { name: "deploy", include: DEPLOY } },
      // one browser, one server: the flows run one after another in a single file
      { extends: true, test: { name: "browser", include: BROWSER, testTimeout: BROWSER_TEST_TIMEOUT_MS } },
    ],
  },
});
