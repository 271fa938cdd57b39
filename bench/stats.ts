// Percentiles and formatting shared by the benchmarks.
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!; // i is clamped into the list, which is not empty
}

export function summarize(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s.at(-1) ?? NaN };
}

/** The i-th item of xs taken round and round (benchmarks cycle through their query lists). */
export function cycle<T>(xs: readonly T[], i: number): T {
  if (xs.length === 0) throw new RangeError("cycle through an empty list");
  return xs[i % xs.length]!;
}

export const ms = (x: number) => `${x.toFixed(3)} ms`;
