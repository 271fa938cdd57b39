// 004's search_ranked_stores: score the category's stores, softmax (T = 0.5) weighted sampling of 20,
// stratified 60 % / 25 % / 15 % from the top, middle and bottom thirds, then shuffled so the order
// the LLM sees carries no position bias.
import { haversine } from "../geo/haversine.ts";
import type { Persona, Store, StoreAggregate } from "./types.ts";
import { shuffle, type Rng } from "../random.ts";

export const CANDIDATES = 20;
export const TEMPERATURE = 0.5;
export const STRATA = [0.6, 0.25, 0.15] as const;
/** 004: residents know the stores within 800 m of home */
export const RESIDENT_AWARENESS_M = 800;

/** Agent ratings (mean, shrunk to 3 with few ratings), preference and price fit. */
export function storeScore(store: Store, persona: Persona, agg: StoreAggregate | undefined): number {
  const n = agg?.count ?? 0;
  const mean = n ? agg!.sum / n : 3;
  const rating = (mean * n + 3 * 2) / (n + 2);
  const preferred = persona.preferred_categories.includes(store.category) ? 0.5 : 0;
  const expensive = Math.max(0, store.avg_price - 12_000) / 10_000;
  return rating + preferred - expensive * (persona.price_sensitivity / 5);
}

function softmaxSample<T>(rng: Rng, items: { item: T; score: number }[], k: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < k && pool.length) {
    const max = Math.max(...pool.map((x) => x.score));
    const weights = pool.map((x) => Math.exp((x.score - max) / TEMPERATURE));
    let r = rng() * weights.reduce((a, b) => a + b, 0);
    let i = 0;
    while ((r -= weights[i]!) > 0 && i < pool.length - 1) i++; // i < pool.length = weights.length
    out.push(...pool.splice(i, 1).map((x) => x.item));
  }
  return out;
}

export function searchRankedStores(
  rng: Rng,
  stores: readonly Store[],
  persona: Persona,
  category: string,
  aggregates: Record<string, StoreAggregate>,
): Store[] {
  const home = persona.type === "resident" ? persona.home_location : undefined;
  const known = stores.filter(
    (s) => s.category === category && (!home || haversine(home, s) <= RESIDENT_AWARENESS_M),
  );
  const scored = known
    .map((store) => ({ item: store, score: storeScore(store, persona, aggregates[store.store_id]) }))
    .sort((a, b) => b.score - a.score);
  if (scored.length <= CANDIDATES)
    return shuffle(
      rng,
      scored.map((s) => s.item),
    );
  // the top, middle and bottom thirds by score, each with its share of the candidates
  const size = Math.ceil(scored.length / STRATA.length);
  const picked: Store[] = [];
  for (const [i, share] of STRATA.entries()) {
    const stratum = scored.slice(i * size, (i + 1) * size);
    picked.push(...softmaxSample(rng, stratum, Math.round(share * CANDIDATES)));
  }
  // a thin stratum leaves room: fill from the rest by the same softmax
  const rest = scored.filter((s) => !picked.includes(s.item));
  picked.push(...softmaxSample(rng, rest, CANDIDATES - picked.length));
  return shuffle(rng, picked);
}

/** 004's store card, with agent ratings and recent tags. */
export function storeCard(store: Store, agg: StoreAggregate | undefined): string {
  const lines = [
    `[${store.name}]`,
    `  store_id: ${store.store_id}`,
    `  카테고리: ${store.category}`,
    `  평균가격: ${store.avg_price.toLocaleString("ko-KR")}원`,
    `  주요키워드: ${store.keywords.join(", ")}`,
    `  설명: ${store.description}`,
  ];
  if (agg && agg.count > 0) {
    const tags = Object.entries(agg.tags)
      .sort((a, b) => b[1] - a[1])
      .map(([t, n]) => `${t} ${n}`)
      .join(", ");
    lines.push(
      `  에이전트 평점: ${(agg.sum / agg.count).toFixed(1)}/5 (${agg.count}건)${tags ? `, 태그: ${tags}` : ""}`,
    );
    const words = ["", "매우별로", "별로", "보통", "좋음", "매우좋음"];
    for (const r of agg.recent.slice(-3))
      lines.push(`    - ${r.agent_id}: ${words[r.rating]} [${r.tags.map((t) => `'${t}'`).join(", ")}]`);
  } else {
    lines.push("  에이전트 평점: 아직 없음");
  }
  return lines.join("\n");
}
