// What a place search SHOWS, on a blind set of area + kind queries (`npm run bench -- places-shown`;
// test/fixtures/eval/places-blind1/, or `--set=<dir>` for another set of the same format): each query
// goes through the API's place-search service (the workflows the route starts, embedded providers, no
// keys, rules alone) and its answer is scored by the set's README (test/helpers/places-shown-score.ts):
// non-empty where the kind is common, 4 of the top 5 of the asked kind, every place inside the area,
// the right city for shared names, the first sentence honest when the kind is missing. Each query's plan
// confidence is read too, against the LLM threshold (CONFIDENCE_FOR_RULES): the share below it is the
// share that would cost an LLM call with a key. `--out=<file>` writes one line per row; VERBOSE=1 prints
// why each failing row failed.
import { readFileSync, writeFileSync } from "node:fs";
import { CONFIDENCE_FOR_RULES } from "../shared/llm/fallback.ts";
import { translateStep } from "../shared/place-search/steps.ts";
import type { AgentResponse } from "../shared/places/place.ts";
import { scoreRow, type BlindRow, type RowScore } from "../test/helpers/places-shown-score.ts";
import { testWorld } from "../test/helpers/server.ts";
import { firstSentence } from "./answers.ts";

const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? undefined;

interface Outcome extends RowScore {
  query: string;
  confidence: number;
  below: boolean;
  common: boolean;
  expectFound?: boolean;
  first: string;
  top: string[];
}

/** The answer's text as a person reads it first: its summary sentence where it has one, else why it is empty. */
function answerText(r: AgentResponse): string {
  const summary = (r as AgentResponse & { summary?: string }).summary;
  if (summary) return summary;
  return r.places.length ? "" : (r.meta.emptyReason?.message ?? "");
}

const pct = (n: number, d: number) => (d ? `${n}/${d} (${((100 * n) / d).toFixed(0)} %)` : "–");
const tally = (os: Outcome[], f: (o: Outcome) => boolean | null) => {
  const applicable = os.filter((o) => f(o) !== null);
  return pct(applicable.filter((o) => f(o) === true).length, applicable.length);
};

function table(outcomes: Outcome[]) {
  console.log(
    "| rows | row passes | non-empty (common or expected) | 4 of top 5 of the kind | inside the area (approx misses < 500 m) | right city | honest first sentence | below the LLM threshold |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  const groups: [string, Outcome[]][] = [
    ...[...new Set(outcomes.map((o) => o.cls))].map((c): [string, Outcome[]] => [
      c,
      outcomes.filter((o) => o.cls === c),
    ]),
    ["**all**", outcomes],
    ["common kinds", outcomes.filter((o) => o.common)],
    ["expect_found: true", outcomes.filter((o) => o.expectFound === true)],
    ["expect_found: false (rare)", outcomes.filter((o) => o.expectFound === false)],
  ];
  for (const [name, os] of groups) {
    const near = os.filter((o) => o.inside === false && o.approxNearMiss).length;
    console.log(
      `| ${name} (${os.length}) | ${pct(os.filter((o) => o.pass).length, os.length)} | ${tally(os, (o) => o.nonEmpty)} | ${tally(os, (o) => o.kind)} | ${tally(os, (o) => o.inside)}${near ? ` (${near})` : ""} | ${tally(os, (o) => o.city)} | ${tally(os, (o) => o.honest)} | ${pct(os.filter((o) => o.below).length, os.length)} |`,
    );
  }
}

export async function benchPlacesShown() {
  const dir = arg("set") ?? "places-blind1";
  const file = new URL(`../test/fixtures/eval/${dir}/${dir}.jsonl`, import.meta.url);
  const rows = readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as BlindRow);
  console.log(`## What is shown: ${dir} (${rows.length} queries), rules alone, embedded providers\n`);
  const world = await testWorld({}, { LOG_LEVEL: "SILENT" });
  const outcomes: Outcome[] = [];
  try {
    const search = world.context.services.placeSearch;
    for (const row of rows) {
      const { meta } = await translateStep(row.query);
      let r: AgentResponse | null = null;
      try {
        r = await search.search(row.query);
      } catch (err) {
        if (process.env.VERBOSE) console.log(`${row.id} error ${(err as Error).message}`);
      }
      const first = r ? firstSentence(answerText(r)) : "";
      const s = scoreRow(row, { places: r?.places ?? [], first, keywords: r?.searchParams.keywords ?? [] });
      outcomes.push({
        ...s,
        query: row.query,
        confidence: meta.confidence,
        below: meta.confidence < CONFIDENCE_FOR_RULES,
        common: row.kind.common,
        ...(row.expect_found !== undefined ? { expectFound: row.expect_found } : {}),
        first,
        top: (r?.places ?? []).slice(0, 5).map((p) => `${p.displayName} | ${p.categoryName}`),
      });
    }
  } finally {
    await world.close();
  }
  table(outcomes);
  if (process.env.VERBOSE)
    for (const o of outcomes.filter((o) => !o.pass)) console.log(`${o.id} ${o.query}: ${o.why.join("; ")}`);
  const out = arg("out");
  if (out) writeFileSync(out, outcomes.map((o) => JSON.stringify(o)).join("\n") + "\n");
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  await benchPlacesShown();
  process.exit(0);
}
