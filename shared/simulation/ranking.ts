// 004's search_ranked_stores: score the category's stores, softmax (T = 0.5) weighted sampling of 20,
// stratified 60 % / 25 % / 15 % from the top, middle and bottom thirds, then shuffled so the order
// the LLM sees carries no position bias.
import { haversine, type LatLng } from "../geo/haversine.ts";
import type { Persona, Store, StoreAggregate } from "./types.ts";
import { shuffle, type Rng } from "../platform/random.ts";
import { isOpenAt } from "./stores.ts";

export const CANDIDATES = 20;
export const TEMPERATURE = 0.5;
export const STRATA = [0.6, 0.25, 0.15] as const;
/** 004: residents know the stores within 800 m of home */
export const RESIDENT_AWARENESS_M = 800;

/**
 * Agent ratings (mean, shrunk to 3 with few ratings), preference and price fit. `own`: the persona's
 * own rating of the store, which a person trusts over the others' (the offline engine's step 3).
 */
export function storeScore(
  store: Store,
  persona: Persona,
  agg: StoreAggregate | undefined,
  own?: number,
): number {
  const n = agg?.count ?? 0;
  const mean = n ? agg!.sum / n : 3;
  const rating = own ?? (mean * n + 3 * 2) / (n + 2);
  const preferred = persona.preferred_categories.includes(store.category) ? 0.5 : 0;
  const expensive = Math.max(0, store.avg_price - 12_000) / 10_000;
  return rating + preferred - expensive * (persona.price_sensitivity / 5);
}

function softmaxSample<T>(rng: Rng, items: readonly { item: T; score: number }[], k: number): T[] {
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

/** When the candidates are for: stores known to be closed then are left out (unknown hours: open). */
export interface RankingTime {
  /** the time slot, "07:00" … "22:00" */
  slot?: string;
  /** 0 = Sunday … 6 = Saturday, when the simulation has a date */
  weekday?: number;
}

/** Per store set (a run's, which does not change while it runs): each home's stores within 800 m … */
const nearHome = new WeakMap<readonly Store[], Map<string, Store[]>>();
/** … and the stores open at each slot and weekday. */
const openAt = new WeakMap<readonly Store[], Map<string, Set<Store>>>();

function cached<V>(
  caches: WeakMap<readonly Store[], Map<string, V>>,
  stores: readonly Store[],
  key: string,
  make: () => V,
) {
  let byKey = caches.get(stores);
  if (!byKey) caches.set(stores, (byKey = new Map<string, V>()));
  let v = byKey.get(key);
  if (v === undefined) byKey.set(key, (v = make()));
  return v;
}

/**
 * The stores an agent knows of (a resident: within 800 m of home) that are open `when`. Both parts are
 * kept per store set: a turn asks this of the same stores for the same homes and slots again and again
 * (10,000 agents × 56 slots over 606 stores).
 */
export function knownOpenStores(stores: readonly Store[], persona: Persona, when: RankingTime = {}): Store[] {
  const home = persona.type === "resident" ? persona.home_location : undefined;
  const known = home
    ? cached(nearHome, stores, `${home.lat},${home.lng}`, () =>
        stores.filter((s) => haversine(home, s) <= RESIDENT_AWARENESS_M),
      )
    : stores;
  if (when.slot === undefined) return [...known];
  const slot = when.slot;
  const open = cached(
    openAt,
    stores,
    `${slot}|${when.weekday ?? ""}`,
    () => new Set(stores.filter((s) => isOpenAt(s, slot, when.weekday))),
  );
  return known.filter((s) => open.has(s));
}

export function searchRankedStores(
  rng: Rng,
  stores: readonly Store[],
  persona: Persona,
  category: string,
  aggregates: Record<string, StoreAggregate>,
  when: RankingTime = {},
  /** stores that are no candidates (the ones already visited in this slot) */
  exclude?: ReadonlySet<string>,
): Store[] {
  const known = knownOpenStores(stores, persona, when).filter(
    (s) => s.category === category && !exclude?.has(s.store_id),
  );
  return shuffle(rng, sampleCandidates(rng, scoredStores(known, persona, aggregates)));
}

/** The stores with their scores, best first. */
export function scoredStores(
  stores: readonly Store[],
  persona: Persona,
  aggregates: Record<string, StoreAggregate>,
): { item: Store; score: number }[] {
  return stores
    .map((store) => ({ item: store, score: storeScore(store, persona, aggregates[store.store_id]) }))
    .sort((a, b) => b.score - a.score);
}

/**
 * 004's candidates from scored stores (best first): all of them up to CANDIDATES, else the top,
 * middle and bottom thirds by score, each with its share of the candidates by softmax.
 */
export function sampleCandidates<T>(rng: Rng, scored: readonly { item: T; score: number }[]): T[] {
  if (scored.length <= CANDIDATES) return scored.map((s) => s.item);
  const size = Math.ceil(scored.length / STRATA.length);
  const picked: T[] = [];
  for (const [i, share] of STRATA.entries()) {
    const stratum = scored.slice(i * size, (i + 1) * size);
    picked.push(...softmaxSample(rng, stratum, Math.round(share * CANDIDATES)));
  }
  // a thin stratum leaves room: fill from the rest by the same softmax
  const taken = new Set(picked);
  const rest = scored.filter((s) => !taken.has(s.item));
  picked.push(...softmaxSample(rng, rest, CANDIDATES - picked.length));
  return picked;
}

const DAY_NAMES = ["일", "월", "화", "수", "목", "금", "토"];

function hoursText(store: Store): string | null {
  if (!store.hours) return null;
  const ranges = new Map<string, number[] | null>();
  for (const h of store.hours) {
    const range = h.open === "00:00" && h.close === "24:00" ? "24시간" : `${h.open}–${h.close}`;
    const days = ranges.get(range);
    ranges.set(range, h.days && days !== null ? [...(days ?? []), ...h.days] : null);
  }
  if (!ranges.size) return "영업 안 함";
  return [...ranges]
    .map(([range, days]) =>
      days
        ? `${[...new Set(days)]
            .sort((a, b) => a - b)
            .map((d) => DAY_NAMES[d])
            .join("·")} ${range}`
        : range,
    )
    .join(", ");
}

const won = (n: number) => `${n.toLocaleString("ko-KR")}원`;

/**
 * 004's store card: everything the LLM knows about a store. Name, id, category, average price, menu
 * keywords with prices, the description (from its restaurant document where there is one), where it
 * is and how far it is on foot from `from` (straight-line metres, the embedded world's distance),
 * opening hours where known, and the agents' ratings so far with their recent tags.
 */
export function storeCard(store: Store, agg: StoreAggregate | undefined, from?: LatLng): string {
  const menus = (store.menus ?? []).slice(0, 6).map((m) => (m.price ? `${m.name} ${won(m.price)}` : m.name));
  const lines = [
    `[${store.name}]`,
    `  store_id: ${store.store_id}`,
    `  카테고리: ${store.category}${store.detail && store.detail !== store.category ? ` (${store.detail})` : ""}`,
    `  평균가격: ${won(store.avg_price)}`,
    `  주요키워드: ${[...menus, ...store.keywords.filter((k) => k !== store.detail)].join(", ") || store.detail || store.category}`,
    `  설명: ${store.description}`,
  ];
  const where = [
    store.dong ? `망원동(${store.dong})` : null,
    from
      ? `현재 위치에서 도보 약 ${Math.max(10, Math.round(haversine(from, store) / 10) * 10).toLocaleString("ko-KR")}m`
      : null,
  ].filter(Boolean);
  if (where.length) lines.push(`  위치: ${where.join(", ")}`);
  const hours = hoursText(store);
  if (hours) lines.push(`  영업시간: ${hours}`);
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
