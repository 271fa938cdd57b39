// Differences between two arms run with the same seeds, with a 95 % confidence interval across seeds.
// Each seed is one paired observation (both arms share it), so the interval is Student's t on the
// per-seed differences: it says how sure a difference is given how much the seeds disagree.

/** Student's t, two-sided 95 %, for 1–30 degrees of freedom. */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** The 97.5 % quantile of Student's t with `df` degrees of freedom (Cornish–Fisher beyond the table). */
export function t975(df: number): number {
  if (!Number.isInteger(df) || df < 1) throw new RangeError(`degrees of freedom must be ≥ 1, got ${df}`);
  const tabled = T975[df - 1];
  if (tabled !== undefined) return tabled;
  const z = 1.959964;
  return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2);
}

export interface PairedDifference {
  /** seeds compared */
  n: number;
  baseline: number;
  scenario: number;
  /** scenario − baseline, averaged over the seeds */
  diff: number;
  /** the 95 % interval of `diff`; null with a single seed (nothing to say how much seeds disagree) */
  ci: [number, number] | null;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** `baseline[i]` and `scenario[i]` come from the same seed. */
export function pairedDifference(baseline: readonly number[], scenario: readonly number[]): PairedDifference {
  if (baseline.length !== scenario.length || baseline.length === 0)
    throw new RangeError("both arms need the same, non-zero number of seeds");
  const n = baseline.length;
  const diffs = baseline.map((b, i) => scenario[i]! - b);
  const diff = mean(diffs);
  let ci: [number, number] | null = null;
  if (n > 1) {
    const sd = Math.sqrt(diffs.reduce((a, d) => a + (d - diff) ** 2, 0) / (n - 1));
    const half = (t975(n - 1) * sd) / Math.sqrt(n);
    ci = [diff - half, diff + half];
  }
  return { n, baseline: mean(baseline), scenario: mean(scenario), diff, ci };
}
