// Issue 23's measure (`npm run bench -- understanding`): the blind sets written before any change, run
// with the rules alone — place search (test/fixtures/eval/understanding-blind*.jsonl) by class, with the
// share of confident plans that is right; restaurant questions (test/fixtures/restaurant-qa/
// understanding-blind*.jsonl) by class, the structured query compared field by field, unread words, and
// for a question about a named restaurant, whether the answer addresses each asked condition; then the
// share of the realistic mix that reaches the LLM and what that costs.
import { existsSync, readFileSync } from "node:fs";
import { planStep, translateStep } from "../shared/place-search/steps.ts";
import { CONFIDENCE_FOR_RULES } from "../shared/llm/fallback.ts";
import { embeddedGeocode } from "../shared/providers/embedded/index.ts";
import { rewriteWithRules, titleDictionary } from "../shared/restaurant-qa/rewrite.ts";
import { qaRuntime } from "../shared/restaurant-qa/wiring.ts";
import { canonicalValue } from "../shared/restaurant-qa/vocabulary.ts";
import { scoreTranslatorPlan, type TranslatorEvalCase } from "../test/helpers/eval-score.ts";
import { llmShare } from "./translator.ts";
import { distinctQueries } from "./query-mix.ts";
import { testWorld } from "../test/helpers/server.ts";

const fixture = (dir: string, file: string) => new URL(`../test/fixtures/${dir}/${file}`, import.meta.url);
const lines = <T>(url: URL): T[] =>
  readFileSync(url, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

interface Outcome {
  id: string;
  cls: string;
  query: string;
  why: string[];
  confident: boolean;
}

function table(title: string, outcomes: Outcome[]) {
  const classes = [...new Set(outcomes.map((o) => o.cls))];
  console.log(`\n### ${title}\n`);
  console.log("| class | right | confident plans right |\n|---|---|---|");
  const row = (cls: string, os: Outcome[]) => {
    const right = os.filter((o) => !o.why.length).length;
    const conf = os.filter((o) => o.confident);
    const confRight = conf.filter((o) => !o.why.length).length;
    console.log(
      `| ${cls} | ${right}/${os.length} (${((100 * right) / os.length).toFixed(0)} %) | ${confRight}/${conf.length} (${conf.length ? ((100 * confRight) / conf.length).toFixed(0) : "–"} %) |`,
    );
  };
  for (const cls of classes)
    row(
      cls,
      outcomes.filter((o) => o.cls === cls),
    );
  row("**all**", outcomes);
}

export async function placeOutcomes(file: string): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const c of lines<TranslatorEvalCase>(fixture("eval", file))) {
    let why: string[];
    let confidence = 0;
    try {
      const state = await translateStep(c.query, undefined, Date.now(), undefined, c.location);
      confidence = state.meta.confidence;
      why = scoreTranslatorPlan(planStep(state), c.expect, embeddedGeocode, c.location);
    } catch (err) {
      why = [`error: ${(err as Error).message}`];
    }
    out.push({ id: c.id, cls: c.class, query: c.query, why, confident: confidence >= CONFIDENCE_FOR_RULES });
  }
  return out;
}

interface QaCase {
  class: string;
  query: string;
  expected: Record<string, unknown> & { location?: { name: string; relation: string }[] };
  unread?: string[];
  conditionsAnswered?: string[];
  corrected?: string[];
}

const squashed = (s: string) => s.normalize("NFC").replace(/\s+/g, "").toLowerCase();
const asSet = (v: unknown) => new Set(((v as string[] | undefined) ?? []).map(squashed));
const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));
const canonical = (f: "convenience" | "atmosphere" | "occasion", v: unknown) =>
  asSet(((v as string[] | undefined) ?? []).map((w) => canonicalValue(f, w) ?? w));

/** The structured query against the expected one: kinds (cuisine ∪ menu) as one set, as the set's README says. */
function scoreRewrite(got: Record<string, unknown>, unexplained: string[], c: QaCase): string[] {
  const why: string[] = [];
  const e = c.expected;
  const locs = (v: unknown) =>
    ((v as { name: string; relation: string }[] | undefined) ?? []).map(
      (l) => `${squashed(l.name)}/${l.relation}`,
    );
  const wantLoc = locs(e.location);
  const gotLoc = locs(got.location);
  if (!sameSet(new Set(wantLoc), new Set(gotLoc)))
    why.push(`location ${gotLoc.join(",")} != ${wantLoc.join(",")}`);
  const kinds = (q: Record<string, unknown>) => new Set([...asSet(q.cuisine), ...asSet(q.menu)]);
  if (!sameSet(kinds(e), kinds(got)))
    why.push(`kinds [${[...kinds(got)].join(",")}] != [${[...kinds(e)].join(",")}]`);
  // the expected values as the vocabulary names them (the set's README: "아기의자" is its 유아의자)
  for (const f of ["convenience", "atmosphere", "occasion"] as const)
    if (!sameSet(canonical(f, e[f]), asSet(got[f])))
      why.push(`${f} [${[...asSet(got[f])].join(",")}] != [${[...asSet(e[f])].join(",")}]`);
  if (JSON.stringify(e.price ?? null) !== JSON.stringify(got.price ?? null))
    why.push(`price ${JSON.stringify(got.price)} != ${JSON.stringify(e.price)}`);
  for (const w of c.unread ?? [])
    if (!unexplained.some((u) => u.includes(w) || w.includes(u))) why.push(`"${w}" not reported unread`);
  return why;
}

export async function qaOutcomes(file: string): Promise<Outcome[]> {
  const world = await testWorld({}, { LOG_LEVEL: "SILENT" });
  try {
    const qa = world.context.services.restaurants;
    // the titles the index holds, for exact-name recognition, as the rewrite step reads them
    const { deps } = qaRuntime(world.rt);
    const titles = titleDictionary(await deps.index.distinctValues("title.raw"));
    const out: Outcome[] = [];
    for (const raw of lines<QaCase>(fixture("restaurant-qa", file))) {
      // the optional fields sit beside `expected` in the first set and inside it in the second
      const inner = raw.expected as Partial<QaCase>;
      const c: QaCase = {
        ...raw,
        unread: raw.unread ?? inner.unread,
        conditionsAnswered: raw.conditionsAnswered ?? inner.conditionsAnswered,
        corrected: raw.corrected ?? inner.corrected,
      };
      const r = rewriteWithRules(c.query, titles);
      const why = scoreRewrite(r.structured, r.unexplained, c);
      if (c.conditionsAnswered?.length) {
        const answer = await qa.ask({ query: c.query });
        const text = JSON.stringify(answer.answer ?? answer);
        for (const cond of c.conditionsAnswered)
          if (!text.includes(cond)) why.push(`the answer does not address ${cond}`);
      }
      out.push({
        id: c.query,
        cls: c.class,
        query: c.query,
        why,
        confident: r.confidence >= CONFIDENCE_FOR_RULES,
      });
    }
    return out;
  } finally {
    await world.close();
  }
}

export async function benchUnderstanding() {
  console.log("## Understanding (issue 23): blind sets, rules alone");
  for (let n = 1; existsSync(fixture("eval", `understanding-blind${n}.jsonl`)); n++) {
    const place = await placeOutcomes(`understanding-blind${n}.jsonl`);
    table(`Place search, understanding-blind${n}.jsonl (${place.length} queries)`, place);
    const qaFile = `understanding-blind${n}.jsonl`;
    if (existsSync(fixture("restaurant-qa", qaFile))) {
      const qa = await qaOutcomes(qaFile);
      table(`Restaurant questions, restaurant-qa/${qaFile} (${qa.length})`, qa);
      if (process.env.VERBOSE)
        for (const o of qa.filter((o) => o.why.length)) console.log(`${o.query}: ${o.why.join("; ")}`);
    }
    if (process.env.VERBOSE)
      for (const o of place.filter((o) => o.why.length))
        console.log(`${o.id} ${o.query}: ${o.why.join("; ")}`);
  }
  const hot = readFileSync(new URL("./queries.txt", import.meta.url), "utf8")
    .split("\n")
    .filter(Boolean);
  const mix = [...hot, ...distinctQueries(2000, 11)];
  const share = llmShare(mix);
  // a translator call: ~1,100 input and ~250 output tokens on the fast tier (docs/translator.md)
  const perCall = (1100 * 1 + 250 * 5) / 1e6;
  console.log(
    `\nshare of the realistic mix (${mix.length}: popular + generated) that reaches the LLM: ${(100 * share).toFixed(1)} %, ≈ $${(1000 * share * perCall).toFixed(3)} per 1,000 queries at $1/$5 per M tokens`,
  );
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await benchUnderstanding();
