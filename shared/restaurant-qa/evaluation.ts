// Measuring the rules against labels: micro precision and recall per field over sets of values
// (enrichment), and exact agreement per field (query rewrite). Used by tests and bench/.

export interface PR {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
}

export function setScores<F extends string>(
  pairs: { want: Record<F, readonly string[]>; got: Record<F, readonly string[]> }[],
  fields: readonly F[],
): Record<F, PR> {
  const out = {} as Record<F, PR>;
  for (const f of fields) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const { want, got } of pairs) {
      const w = new Set(want[f]);
      const g = new Set(got[f]);
      for (const x of g)
        if (w.has(x)) tp++;
        else fp++;
      for (const x of w) if (!g.has(x)) fn++;
    }
    out[f] = { tp, fp, fn, precision: tp + fp ? tp / (tp + fp) : 1, recall: tp + fn ? tp / (tp + fn) : 1 };
  }
  return out;
}

/** Share of cases where a field equals the expected value (arrays compared as sets; absent = empty). */
export function fieldAccuracy<T extends Record<string, unknown>>(
  pairs: { want: T; got: T }[],
  fields: readonly string[],
): Record<string, number> {
  const norm = (v: unknown) =>
    v === undefined
      ? "[]"
      : Array.isArray(v)
        ? JSON.stringify(v.map((x) => JSON.stringify(x)).sort())
        : JSON.stringify(v);
  return Object.fromEntries(
    fields.map((f) => [
      f,
      pairs.filter((p) => norm(p.want[f]) === norm(p.got[f])).length / Math.max(1, pairs.length),
    ]),
  );
}
