// Cold planning cost, this checkout against another (`BASE=/path/to/other/checkout npx tsx
// bench/plan-ab.ts`): translate + plan + check of queries new to the process, in-process, the two code
// bases loaded side by side in one process and run interleaved — each round the same queries through
// both, the order alternating — so drift of the machine falls on both alike. Prints the ratio this/base per round, its mean and a
// 95 % Student-t interval over the rounds.
import { t975 } from "../shared/platform/stats/interval.ts";
import { distinctQueries } from "./query-mix.ts";

interface Planner {
  translateStep(q: string): Promise<unknown>;
  planStep(s: unknown): unknown;
}

const load = async (root: string): Promise<Planner> =>
  (await import(`${root}/shared/place-search/steps.ts`)) as Planner;

/** CPU time of this process over the round (user + system): other work on the machine moves it less than wall time. */
async function timeRound(p: Planner, queries: string[]): Promise<number> {
  const t0 = process.cpuUsage();
  for (const q of queries) p.planStep(await p.translateStep(q));
  const d = process.cpuUsage(t0);
  return d.user + d.system;
}

const base = process.env.BASE;
if (!base) {
  console.error(
    "BASE=/path/to/the/other/checkout is required (its node_modules may be a link to this one's)",
  );
  process.exit(1);
}
const ours = await load(new URL("..", import.meta.url).pathname.replace(/\/$/, ""));
const theirs = await load(base.replace(/\/$/, ""));
const ROUNDS = Number(process.env.ROUNDS ?? 12);
const PER_ROUND = Number(process.env.PER_ROUND ?? 3000);
// every round its own queries: none is planned twice, by either side (no cache is warm)
const all = distinctQueries((ROUNDS + 1) * PER_ROUND, 23);
await timeRound(ours, all.slice(0, PER_ROUND / 4)); // both warm their tables before the clock
await timeRound(theirs, all.slice(0, PER_ROUND / 4));
const ratios: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const queries = all.slice(PER_ROUND + r * PER_ROUND, PER_ROUND + (r + 1) * PER_ROUND);
  // the order alternates round by round, so neither side always runs second
  const first = r % 2 ? ours : theirs;
  const second = r % 2 ? theirs : ours;
  const t1 = await timeRound(first, queries);
  const t2 = await timeRound(second, queries);
  ratios.push(r % 2 ? t1 / t2 : t2 / t1);
}
const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
const sd = Math.sqrt(ratios.reduce((a, b) => a + (b - mean) ** 2, 0) / (ratios.length - 1));
const half = (t975(ratios.length - 1) * sd) / Math.sqrt(ratios.length);
console.log(`rounds: ${ratios.map((x) => x.toFixed(3)).join(" ")}`);
console.log(
  `cold planning, this checkout / base: mean ${mean.toFixed(3)} (95 % interval ${(mean - half).toFixed(3)}–${(mean + half).toFixed(3)}), ${ROUNDS} rounds of ${PER_ROUND} queries each side`,
);
