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
    if (!radii.length || radii[0] < lo || radii[0] > hi) why.push(`radius ${radii[0]} not in ${exp.radius}`);
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
