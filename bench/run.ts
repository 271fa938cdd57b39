// npm run bench: every benchmark, printing ratios measured in one run.
import { benchPlan } from "./plan.ts";

await benchPlan();
process.exit(0);
