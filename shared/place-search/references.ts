// A plan step's references to earlier results (`${step2.x}`): filled in from the results when the step
// runs, and read to know which steps must wait for which.
import { DongneError } from "../platform/errors.ts";
import { REF_PATTERN } from "./actions.ts";
import { emptyStepField, noStepResult } from "./warnings.ts";

/** A plan's `${stepN.field}` that no earlier result gives: the step that uses it is skipped. */
export class UnresolvedReference extends DongneError {
  constructor(message: string) {
    super("invalid", message);
  }
}

/** Replaces every whole-value `${stepN.field}` with that step's result field, recursively. */
export function substitute(value: unknown, results: Record<string, unknown>): unknown {
  if (typeof value === "string") {
    const m = REF_PATTERN.exec(value);
    if (!m) return value;
    const [, stepNo = "", field = ""] = m;
    const result = results[stepNo] as Record<string, unknown> | null | undefined;
    if (!result) throw new UnresolvedReference(noStepResult(stepNo));
    const found = result[field];
    if (found === undefined || found === null) throw new UnresolvedReference(emptyStepField(stepNo, field));
    return found;
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, results));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, results)]));
  }
  return value;
}

/** The step numbers a step's parameters refer to. */
export function dependencies(params: unknown, out = new Set<number>()): Set<number> {
  if (typeof params === "string") {
    const m = REF_PATTERN.exec(params);
    if (m) out.add(Number(m[1]));
  } else if (params && typeof params === "object") {
    for (const v of Object.values(params)) dependencies(v, out);
  }
  return out;
}
