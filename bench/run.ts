// npm run bench: every benchmark, printing ratios measured in one run. `npm run bench -- search`
// runs one of them (plan | search | simulation).
import { benchPlan } from "./plan.ts";
import { benchSearch } from "./search.ts";
import { benchSimulation } from "./simulation.ts";

const only = process.argv[2];
if (!only || only === "plan") await benchPlan();
if (!only || only === "search") await benchSearch();
if (!only || only === "simulation") await benchSimulation();
process.exit(0);
