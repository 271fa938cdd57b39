// Seeded randomness, the one generator of the product: the same seed gives the same simulation, the same
// demo data and the same generated documents.
export type Rng = () => number;

export function mulberry32(seed: number): Rng {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** An independent stream per (seed, key): agent P012 on day 2 at 12:00 draws the same numbers on every run. */
export const rngFor = (seed: number, key: string): Rng => mulberry32(seed ^ hashString(key));

/** One of xs, uniformly; an empty list is a caller's bug and throws rather than answering undefined. */
export function pick<T>(rng: Rng, xs: readonly T[]): T {
  if (xs.length === 0) throw new RangeError("pick from an empty list");
  return xs[Math.floor(rng() * xs.length)]!; // rng() < 1
}

export function weightedPick<T>(rng: Rng, items: readonly T[], weight: (t: T) => number): T {
  if (items.length === 0) throw new RangeError("weightedPick from an empty list");
  const total = items.reduce((s, t) => s + Math.max(0, weight(t)), 0);
  let r = rng() * total;
  for (const t of items) if ((r -= Math.max(0, weight(t))) <= 0) return t;
  return items[items.length - 1]!; // rounding left a sliver of r
}

export function shuffle<T>(rng: Rng, xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!]; // j ≤ i < xs.length
  }
  return xs;
}
