// npm run bench: every benchmark, printing ratios measured in one run. `npm run bench -- search`
// runs one of them (plan | translator | understanding | search | simulation | experiment | simulation-export | news | web | restaurant-qa;
// only when asked: abuse | answers | answers-restaurant [set] [out] | places-shown | demo-world | memory | throughput | cold-start | hardening).
import "../bin/quiet-aws-sdk.ts"; // first: before any AWS SDK client is built
import { benchColdStart } from "./cold-start.ts";
import { benchExperiment } from "./experiment.ts";
import { benchNews } from "./news.ts";
import { benchPlan } from "./plan.ts";
import { benchRestaurantQa } from "./restaurant-qa.ts";
import { benchSearch } from "./search.ts";
import { benchSimulation } from "./simulation.ts";
import { benchSimulationExport } from "./simulation-export.ts";
import { benchTranslator } from "./translator.ts";
import { benchUnderstanding } from "./understanding.ts";
import { benchWeb } from "./web.ts";

const only = process.argv[2];
if (!only || only === "plan") await benchPlan();
if (!only || only === "translator") await benchTranslator();
if (!only || only === "understanding") await benchUnderstanding();
if (!only || only === "search") await benchSearch();
if (!only || only === "simulation") await benchSimulation();
if (!only || only === "experiment") await benchExperiment();
if (!only || only === "simulation-export") await benchSimulationExport();
if (!only || only === "news") await benchNews();
if (!only || only === "web") await benchWeb();
if (!only || only === "restaurant-qa") await benchRestaurantQa();
// six 14-day runs: only when asked for
if (only === "simulation-calibration")
  await (await import("./simulation-calibration.ts")).benchSimulationCalibration();
// six runs beside 004's prediction: only when asked for
if (only === "simulation-spread") await (await import("./simulation-spread.ts")).benchSimulationSpread();
// three one-day runs' comments, and 50 of them to read: only when asked for
if (only === "simulation-comments")
  await (await import("./simulation-comments.ts")).benchSimulationComments();
// a 10,000-agent, 14-day run: only when asked for
if (only === "simulation-scale") await (await import("./simulation-scale.ts")).benchSimulationScale();
if (only === "abuse") await (await import("./abuse.ts")).benchAbuse();
if (only === "answers") await (await import("./answers.ts")).benchAnswers();
if (only === "places-shown") await (await import("./places-shown.ts")).benchPlacesShown();
if (only === "answers-news") await (await import("./answers-news.ts")).benchAnswersNews();
if (only === "answers-restaurant")
  await (await import("./answers-restaurant.ts")).benchAnswersRestaurant(process.argv[3], process.argv[4]);
if (only === "memory") await (await import("./memory.ts")).benchMemory();
// `npx tsx --expose-gc bench/run.ts demo-world` for collected heaps
if (only === "demo-world") await (await import("./demo-world.ts")).benchDemoWorld();
if (only === "throughput") await (await import("./throughput.ts")).benchThroughput();
// several fresh servers and a 400-client load: only when asked for (`npm run bench -- hardening [DIR] [part]`)
if (only === "hardening")
  await (await import("./hardening.ts")).benchHardening(process.argv[3] || process.cwd(), process.argv[4]);
// two cdk synths and ~700 fresh processes: only when asked for (`npm run bench -- cold-start`)
if (only === "cold-start") await benchColdStart();
process.exit(0);
