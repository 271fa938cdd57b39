// The checks of ../shared/eval/score_planner.py, in TypeScript, so the eval runs inside `npm test`.
export interface EvalCase {
  id: string;
  query: string;
  expect: {
    strategy?: string;
    provider?: string;
    anchors?: string[][];
    kw?: string[];
    radius?: [number, number];
    threshold?: [number, number];
    travelMode?: string;
    days?: number;
    review?: string[];
  };
}

const SEARCH_ACTIONS = ["keyword", "category", "text_search", "multi_", "sample_and_search", "search_along"];

function* strings(v: unknown): Generator<string> {
  if (typeof v === "string") yield v;
  else if (Array.isArray(v)) for (const x of v) yield* strings(x);
  else if (v && typeof v === "object") for (const x of Object.values(v)) yield* strings(x);
}

export function scorePlan(plan: Record<string, any>, exp: EvalCase["expect"]): string[] {
  const why: string[] = [];
  const tr = plan.translator_result ?? {};
  const steps: any[] = plan.search_plan ?? [];
  const pp = plan.post_processing ?? {};
  if (exp.strategy && plan.strategy_type !== exp.strategy)
    why.push(`strategy ${plan.strategy_type} != ${exp.strategy}`);
  const prov = plan.provider ?? tr.provider ?? "kakao";
  if (exp.provider && prov !== exp.provider) why.push(`provider ${prov} != ${exp.provider}`);
  const anchors = steps
    .filter((s) => /geocode|find_place/.test(String(s.action)) && !String(s.action).includes("reverse"))
    .map((s) => String(s.params?.query ?? ""));
  let pos = 0;
  for (const alts of exp.anchors ?? []) {
    const hit = anchors.findIndex(
      (a, i) => i >= pos && alts.some((x) => a.toLowerCase().includes(x.toLowerCase())),
    );
    if (hit < 0) {
      why.push(`no location step for ${alts} in ${anchors}`);
      break;
    }
    pos = hit + 1;
  }
  if (exp.kw) {
    const pool = [...strings([tr.search_keywords, tr.category_codes, steps.map((s) => s.params)])].map((s) =>
      s.toLowerCase(),
    );
    if (!exp.kw.some((k) => pool.some((s) => s.includes(k.toLowerCase()))))
      why.push(`no keyword of ${exp.kw}`);
  }
  if (exp.radius) {
    const radii = steps
      .filter((s) => SEARCH_ACTIONS.some((k) => String(s.action).includes(k)))
      .map((s) => s.params?.radius)
      .filter((r) => typeof r === "number");
    const [lo, hi] = exp.radius;
    const r0 = radii[0];
    if (r0 === undefined || r0 < lo || r0 > hi) why.push(`radius ${r0} not in ${exp.radius}`);
  }
  const df = steps.find((s) => String(s.action).includes("distance_filter"))?.params ?? {};
  if (exp.threshold) {
    const t = tr.distanceThreshold ?? df.threshold;
    const [lo, hi] = exp.threshold;
    if (typeof t !== "number" || t < lo || t > hi) why.push(`threshold ${t} not in ${exp.threshold}`);
    if (!Object.keys(df).length) why.push("no distance_filter step");
  }
  if (exp.travelMode) {
    let m = String(tr.travelMode ?? df.mode ?? "").toLowerCase();
    m = ({ walk: "walking", drive: "driving" } as Record<string, string>)[m] ?? m;
    if (m !== exp.travelMode) why.push(`travelMode ${m} != ${exp.travelMode}`);
  }
  if (exp.days !== undefined && plan.travel_plan?.days !== exp.days)
    why.push(`days ${plan.travel_plan?.days} != ${exp.days}`);
  if (exp.review) {
    const pool = [...strings([pp.review_keywords, tr.review_check_keywords])].map((s) => s.toLowerCase());
    if (!exp.review.every((k) => pool.some((s) => s.includes(k))))
      why.push(`review keywords ${exp.review} missing`);
  }
  return why;
}

/** The translator's evaluation set (test/fixtures/eval/translator-eval.jsonl): the fields above and more. */
export interface TranslatorEvalCase {
  id: string;
  class: string;
  query: string;
  /** the caller's position sent with the request */
  location?: { lat: number; lng: number };
  /** made from templates over names and foods the gazetteer and lexicon did not list */
  generated?: boolean;
  expect: {
    strategy?: string;
    provider?: string;
    /** each anchor: the names it may be written as, at least one */
    anchors?: [string, ...string[]][];
    /** per anchor, where it must geocode offline (within `within` metres, 300 by default); null: not checked */
    points?: ({ lat: number; lng: number; within?: number } | null)[];
    /** one of these in the searched keywords, category codes or search params */
    kw?: string[];
    /** every one of these in what the search steps search for */
    kwAll?: string[];
    /** no search keyword or searched query contains any of these (conditions and slang must not leak) */
    kwNot?: string[];
    /** no search keyword is exactly one of these (소아과 is not a generic 병원) */
    kwNotExact?: string[];
    codesNot?: string[];
    threshold?: [number, number];
    travelMode?: string;
    days?: number;
    review?: string[];
    /** each appears in some meta warning (a typo correction names the corrected word) */
    warn?: string[];
    cond?: {
      open?: "now" | "24h" | "dawn" | "late" | "at";
      weekday?: number;
      holiday?: boolean;
      dayOffset?: number;
      time?: string;
      sort?: "rating";
      priceMax?: number;
      exclude?: string[];
    };
    // issue 23's fields (test/fixtures/eval/understanding-blind1.md says what each means)
    /** each listed in the plan's unread words */
    unread?: string[];
    /** no unread word */
    readAll?: boolean;
    /** each either shapes the plan or is listed unread: never dropped in silence */
    accounted?: string[];
    /** at least one of these kinds (or Kakao codes) is searched */
    kinds?: string[];
    /** none of these kinds (or codes) is searched */
    kindsNot?: string[];
    /** no review keyword contains any of these */
    reviewNot?: string[];
    /** no location sent: the answer asks where (needs_location) and searches nothing */
    needsLocation?: boolean;
    /** a location sent: no geocoding, the search centred on it */
    usesCaller?: boolean;
    /** each named as a correction; [] means nothing may be corrected */
    corrected?: string[];
    /** false: the plan must be below the LLM threshold */
    confident?: boolean;
  };
}

/** The content words the plan says it left unread (meta.unread, or the interpretation's). */
export const unreadOf = (plan: Record<string, any>): string[] =>
  plan.meta?.interpretation?.unread ?? plan.meta?.unread ?? [];

/** What the plan names as corrected: its correction warnings and the interpretation's corrections. */
function correctionsOf(plan: Record<string, any>): string[] {
  // a correction is written "from → to": "적힌 그대로 찾았어요" (searched as written) is none
  const warnings: string[] = (plan.meta?.warnings ?? []).filter((w: string) => w.includes("→"));
  const listed = [...(plan.meta?.interpretation?.corrections ?? []), ...(plan.meta?.corrections ?? [])].map(
    (c) => (typeof c === "string" ? c : JSON.stringify(c)),
  );
  return [...warnings, ...listed];
}

/** What the plan searches: keywords, queries of its search steps, and its category codes. */
function searchedKinds(plan: Record<string, any>): { words: string[]; codes: string[] } {
  const tr = plan.translator_result ?? {};
  const steps: any[] = plan.search_plan ?? [];
  const words = [
    ...(tr.search_keywords ?? []),
    ...steps
      .filter((s) => !/geocode|find_place|midpoint/.test(String(s.action)))
      .flatMap((s) => [s.params?.query, ...(Array.isArray(s.params?.queries) ? s.params.queries : [])]),
  ]
    .filter((x): x is string => typeof x === "string")
    .map((x) => x.toLowerCase());
  const codes = [
    ...(tr.category_codes ?? []),
    ...steps.flatMap((s) => [s.params?.category_group_code, ...(s.params?.category_codes ?? [])]),
  ].filter((x): x is string => typeof x === "string");
  return { words, codes };
}

const isCode = (k: string) => /^[A-Z]{2}\d$/.test(k);

function understandingChecks(
  plan: Record<string, any>,
  exp: TranslatorEvalCase["expect"],
  location: TranslatorEvalCase["location"],
): string[] {
  const why: string[] = [];
  const unread = unreadOf(plan).map((w) => w.toLowerCase());
  const tr = plan.translator_result ?? {};
  const pp = plan.post_processing ?? {};
  const steps: any[] = plan.search_plan ?? [];
  for (const w of exp.unread ?? [])
    if (!unread.some((u) => u.includes(w.toLowerCase()) || w.toLowerCase().includes(u)))
      why.push(`"${w}" not reported unread`);
  if (exp.readAll && unread.length) why.push(`unread: ${unread.join(", ")}`);
  const { words, codes } = searchedKinds(plan);
  const hits = (k: string) =>
    isCode(k) ? codes.includes(k) : words.some((w) => w.includes(k.toLowerCase()));
  if (exp.kinds && !exp.kinds.some(hits)) why.push(`none of the kinds ${exp.kinds} searched`);
  for (const k of exp.kindsNot ?? []) if (hits(k)) why.push(`searched the kind ${k}`);
  const reviews = [...(pp.review_keywords ?? []), ...(tr.review_check_keywords ?? [])].map(String);
  for (const r of exp.reviewNot ?? [])
    if (reviews.some((x) => x.includes(r))) why.push(`read "${r}" as a review word`);
  if (exp.accounted) {
    const shaping = JSON.stringify([
      words,
      reviews,
      tr.conditions ?? null,
      tr.tags ?? null,
      pp,
      // read with a role of its own: a filler or an unread word is not read
      ((plan.meta?.reading ?? plan.meta?.interpretation?.reading ?? []) as { role: string }[]).filter(
        (r) => r.role !== "filler" && r.role !== "unread",
      ),
    ]).toLowerCase();
    for (const w of exp.accounted)
      if (!shaping.includes(w.toLowerCase()) && !unread.some((u) => u.includes(w.toLowerCase())))
        why.push(`"${w}" dropped in silence`);
  }
  if (exp.usesCaller && location) {
    if (steps.some((s) => /^geocode$|find_place/.test(String(s.action))))
      why.push("geocoded a word that means the caller's position");
    const centres = steps
      .map((s) => ({ x: s.params?.x ?? s.params?.lng, y: s.params?.y ?? s.params?.lat }))
      .filter((c) => typeof c.x === "number" && typeof c.y === "number");
    if (centres.some((c) => metres({ lat: c.y, lng: c.x }, location) > 50))
      why.push("a search not centred on the caller's position");
    if ((plan.meta?.warnings ?? []).some((w: string) => /다시|retry|later/i.test(w)))
      why.push("asks to retry later");
  }
  if (exp.corrected) {
    const named = correctionsOf(plan);
    if (!exp.corrected.length && named.length) why.push(`corrected a correct word: ${named.join("; ")}`);
    for (const c of exp.corrected)
      if (!named.some((n) => n.includes(c))) why.push(`correction to ${c} not named`);
  }
  if (exp.confident === false && (plan.meta?.confidence ?? 0) >= 0.7)
    why.push(`confident (${plan.meta?.confidence}) where the rules cannot be sure`);
  return why;
}

type Geocode = (query: string) => { lat: number; lng: number } | null;

const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
};

/** Every check of scorePlan, plus anchor coordinates, keyword leaks, warnings and plan conditions. */
export function scoreTranslatorPlan(
  plan: Record<string, any>,
  exp: TranslatorEvalCase["expect"],
  geocode: Geocode,
  location?: TranslatorEvalCase["location"],
): string[] {
  // asking where is the whole answer: nothing else is checked
  if (exp.needsLocation)
    return (plan.search_plan ?? []).length === 0 && plan.meta?.question
      ? []
      : ["searched without asking where (needs_location)"];
  const why = [...scorePlan(plan, exp), ...understandingChecks(plan, exp, location)];
  const tr = plan.translator_result ?? {};
  const steps: any[] = plan.search_plan ?? [];
  const anchors = steps
    .filter((s) => /geocode|find_place/.test(String(s.action)) && !String(s.action).includes("reverse"))
    .map((s) => String(s.params?.query ?? ""));
  (exp.points ?? []).forEach((pt, i) => {
    if (!pt) return;
    const q = anchors[i];
    const at = q === undefined ? null : geocode(q);
    const d = at ? metres(at, pt) : Infinity;
    if (d > (pt.within ?? 300))
      why.push(`anchor ${i} "${q}" geocodes ${at ? `${Math.round(d)} m off` : "nowhere"}`);
  });
  // what the plan's search steps search for (a keyword only in translator_result is not searched)
  const searched = steps
    .flatMap((s) => [s.params?.query, ...(Array.isArray(s.params?.queries) ? s.params.queries : [])])
    .filter((s): s is string => typeof s === "string")
    .filter((s) => !anchors.includes(s))
    .map((s) => s.toLowerCase());
  for (const k of exp.kwAll ?? [])
    if (!searched.some((s) => s.includes(k.toLowerCase()))) why.push(`keyword ${k} not searched`);
  for (const k of exp.kwNot ?? [])
    if ((tr.search_keywords ?? []).some((s: string) => s.toLowerCase().includes(k.toLowerCase())))
      why.push(`"${k}" leaked into the keywords`);
  for (const k of exp.kwNotExact ?? [])
    if ((tr.search_keywords ?? []).includes(k)) why.push(`searched the generic "${k}"`);
  for (const c of exp.codesNot ?? [])
    if ((tr.category_codes ?? []).includes(c)) why.push(`category ${c} is the wrong kind`);
  const warnings: string[] = plan.meta?.warnings ?? [];
  for (const w of exp.warn ?? [])
    if (!warnings.some((x) => x.includes(w))) why.push(`no warning naming ${w}`);
  if (exp.cond) {
    const c = tr.conditions ?? {};
    const e = exp.cond;
    const open = c.open_at ?? null;
    if (e.open && open?.kind !== e.open) why.push(`open_at ${open?.kind} != ${e.open}`);
    if (e.weekday !== undefined && open?.weekday !== e.weekday) why.push(`weekday ${open?.weekday}`);
    if (e.holiday && open?.holiday !== true) why.push("holiday not carried");
    if (e.dayOffset !== undefined && (open?.day_offset ?? 0) !== e.dayOffset)
      why.push(`day_offset ${open?.day_offset}`);
    if (e.time && open?.time !== e.time) why.push(`time ${open?.time} != ${e.time}`);
    if (e.sort && c.sort_by !== e.sort) why.push(`sort ${c.sort_by} != ${e.sort}`);
    if (e.priceMax !== undefined && c.max_price !== e.priceMax) why.push(`max_price ${c.max_price}`);
    for (const x of e.exclude ?? [])
      if (!(c.exclude ?? []).includes(x)) why.push(`exclusion ${x} not carried`);
  }
  return why;
}
