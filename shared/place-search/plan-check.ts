// Checks a plan before anything runs it: shape (a plan as the seeds write it gets their defaults),
// actions from the allow-list, parameters by schema, and `${stepN.field}` references only to earlier
// steps and to fields those steps produce.
import { josaFor } from "../korean/josa.ts";
import { ACTIONS, isActionName, REF_PATTERN } from "./actions.ts";
import { SeedPlan, type SearchPlan } from "./schemas.ts";
import { withSeedDefaults } from "./seed-defaults.ts";
import { costProblems } from "./plan-cost.ts";
import { DEFAULT_API_BUDGET_MS } from "../platform/config-schema.ts";

export interface PlanProblem {
  path: string;
  message: string;
}

export type PlanCheck = { ok: true; plan: SearchPlan } | { ok: false; problems: PlanProblem[] };

function* stringsIn(value: unknown, path: string): Generator<{ path: string; value: string }> {
  if (typeof value === "string") yield { path, value };
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* stringsIn(v, `${path}[${i}]`);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) yield* stringsIn(v, `${path}.${k}`);
  }
}

/** What a plan may cost: the request's time budget and the provider calls in flight at once. */
export interface PlanLimits {
  budgetMs: number;
  concurrency: number;
}
export const DEFAULT_PLAN_LIMITS: PlanLimits = { budgetMs: DEFAULT_API_BUDGET_MS, concurrency: 8 };

export function checkPlan(input: unknown, limits: PlanLimits = DEFAULT_PLAN_LIMITS): PlanCheck {
  const parsed = SeedPlan.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((i) => ({ path: i.path.join(".") || "plan", message: i.message })),
    };
  }
  const plan = withSeedDefaults(parsed.data);
  const problems: PlanProblem[] = [];
  // what each step (by its own number) is and produces, for the references of the steps after it
  const outputs = new Map<number, { action: string; fields: readonly string[] }>();

  plan.search_plan.forEach((step, index) => {
    const at = `search_plan[${index}]`;
    if (step.step !== index + 1)
      problems.push({ path: `${at}.step`, message: `${index + 1}이어야 합니다 (단계 번호는 차례대로)` });
    if (!isActionName(step.action)) {
      problems.push({
        path: `${at}.action`,
        message: `"${step.action}"${josaFor(step.action, "은/는")} 허용된 action이 아닙니다`,
      });
      return;
    }
    const spec = ACTIONS[step.action];
    const params = spec.params.safeParse(step.params);
    if (!params.success) {
      for (const i of params.error.issues) {
        problems.push({ path: [`${at}.params`, ...i.path].join("."), message: i.message });
      }
    }
    for (const s of stringsIn(step.params, `${at}.params`)) {
      if (!s.value.includes("${")) continue;
      const m = REF_PATTERN.exec(s.value);
      if (!m) {
        problems.push({ path: s.path, message: "참조는 값 전체여야 합니다: ${stepN.field}" });
        continue;
      }
      const target = Number(m[1]);
      const field = m[2]!; // the pattern's groups always participate
      const earlier = outputs.get(target);
      if (target >= step.step || !earlier) {
        problems.push({
          path: s.path,
          message: `step${target}${josaFor(String(target), "은/는")} 앞선 단계가 아닙니다`,
        });
      } else if (!earlier.fields.includes(field)) {
        problems.push({
          path: s.path,
          message: `step${target} (${earlier.action})에는 "${field}" 필드가 없습니다`,
        });
      }
    }
    outputs.set(step.step, { action: step.action, fields: spec.output });
  });

  // a plan whose steps all check may still be too large for the workflow's state or too much work for
  // the budget (plan-cost.ts): refused here, before anything runs, with the cause named
  if (!problems.length) problems.push(...costProblems(plan, limits.budgetMs, limits.concurrency));
  return problems.length ? { ok: false, problems } : { ok: true, plan };
}
