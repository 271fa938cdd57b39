// An agent's memory stream, after generative agents (Park et al., 2023): every slot leaves an entry;
// what reaches a prompt's memory_context is today's entries in full and the earlier ones that score
// highest on recency + importance + relevance to what is being decided. Step 3 also lists the agent's
// own past ratings of the candidate stores: the experience a person brings to choosing among them.
import {
  TIME_SLOTS,
  type DecisionResult,
  type MemoryEntry,
  type Store,
  type TimeSlot,
  type Visit,
} from "./types.ts";

/** Earlier entries recalled into a prompt (today's are always there). */
const RECALLED = 6;
/** Recency decays per simulated hour (generative agents' 0.995). */
const RECENCY_DECAY = 0.995;

const SLOT_HOUR: Record<string, number> = { "07:00": 7, "12:00": 12, "18:00": 18, "22:00": 22 };
const hourOf = (day: number, slot: string) => day * 24 + (SLOT_HOUR[slot] ?? 12);

/** A rating's distance from "so-so", 0…1: a 1 or a 5 stays with someone, a 3 fades. */
const ratingImportance = (rating: number) => 0.3 + (0.7 * Math.abs(rating - 3)) / 2;

/** The entry a store visit leaves (also for a turn's earlier visits, before the turn is kept). */
export const visitMemory = (v: Visit): MemoryEntry => ({
  day: v.day,
  time_slot: v.time_slot,
  text: `${v.store_name}(${v.category})에서 먹음, ${v.rating}점 "${v.comment.slice(0, 40)}"`,
  store_id: v.store_id,
  store_name: v.store_name,
  category: v.category,
  rating: v.rating,
  importance: ratingImportance(v.rating),
});

/** The memory entries one turn leaves: one per store visit, or what the agent did instead. */
export function memoryEntriesOf(result: DecisionResult, day: number, slot: TimeSlot): MemoryEntry[] {
  const entries = result.visits.map(visitMemory);
  if (result.decision !== "visit")
    entries.push({
      day,
      time_slot: slot,
      text:
        result.decision === "stay_home" ? `망원동에서 먹지 않음 (${result.reason ?? ""})` : "결정하지 못함",
      importance: 0.1,
    });
  return entries;
}

/**
 * What is being decided: the slot; in step 2 the stores the agent knows of that are open (its own
 * ratings of them, by category, are recalled); in step 3 the category and its candidate stores.
 */
export interface Focus {
  day: number;
  slot: TimeSlot;
  known?: readonly Store[];
  category?: string;
  candidates?: readonly Store[];
}

/** How close an entry is to the decision at hand, 0…1. */
function relevance(m: MemoryEntry, focus: Focus): number {
  if (m.store_id && focus.candidates?.some((s) => s.store_id === m.store_id)) return 1;
  if (focus.category && m.category === focus.category) return 0.6;
  return m.time_slot === focus.slot ? 0.3 : 0;
}

/** The earlier entries worth recalling for `focus`, best first by recency + importance + relevance. */
export function recall(memory: readonly MemoryEntry[], focus: Focus, k = RECALLED): MemoryEntry[] {
  const now = hourOf(focus.day, focus.slot);
  return memory
    .filter((m) => m.day < focus.day)
    .map((m, i) => ({
      m,
      i,
      score:
        Math.pow(RECENCY_DECAY, now - hourOf(m.day, m.time_slot)) +
        (m.importance ?? 0.3) +
        relevance(m, focus),
    }))
    .sort((a, b) => b.score - a.score || b.i - a.i)
    .slice(0, k)
    .map((x) => x.m);
}

export interface OwnRating {
  store_id: string;
  store_name: string;
  /** the mean of the agent's own ratings of the store */
  rating: number;
  visits: number;
  lastDay: number;
  lastSlot: string;
}

/** The agent's own ratings of `stores`, from every visit it remembers (today's included). */
export function ownRatings(memory: readonly MemoryEntry[], stores: readonly Store[]): Map<string, OwnRating> {
  const wanted = new Set(stores.map((s) => s.store_id));
  const out = new Map<string, OwnRating>();
  for (const m of memory) {
    if (!m.store_id || m.rating === undefined || !wanted.has(m.store_id)) continue;
    const o = out.get(m.store_id);
    const visits = (o?.visits ?? 0) + 1;
    out.set(m.store_id, {
      store_id: m.store_id,
      store_name: m.store_name ?? m.store_id,
      rating: ((o?.rating ?? 0) * (visits - 1) + m.rating) / visits,
      visits,
      lastDay: m.day,
      lastSlot: m.time_slot,
    });
  }
  return out;
}

/**
 * The most stores a person recalls beside a search's candidates: enough for the few places one goes
 * back to, few enough that an LLM turn reads at most this many more store cards.
 */
export const RECALLED_STORES = 5;

/**
 * The stores of `category` among `known` (the open stores the agent can reach) that it remembers having
 * been to, the most recently visited first, at most RECALLED_STORES, none of `exclude`. A person does
 * not need a search to find a place they have eaten at: it is a candidate whatever the search drew.
 */
export function recalledStores(
  memory: readonly MemoryEntry[],
  known: readonly Store[],
  category: string,
  exclude: ReadonlySet<string>,
): Store[] {
  const byId = new Map(known.filter((s) => s.category === category).map((s) => [s.store_id, s]));
  const out: Store[] = [];
  const seen = new Set(exclude);
  for (let i = memory.length - 1; i >= 0 && out.length < RECALLED_STORES; i--) {
    const id = memory[i]!.store_id;
    const store = id === undefined || seen.has(id) ? undefined : byId.get(id);
    if (!store) continue;
    seen.add(store.store_id);
    out.push(store);
  }
  return out;
}

const oneDecimal = (x: number) => Number(x.toFixed(1));

/** A reflection over the stream: per category, the open stores the agent has rated and how well. */
function byCategory(memory: readonly MemoryEntry[], known: readonly Store[]): string[] {
  const category = new Map(known.map((s) => [s.store_id, s.category]));
  const sums = new Map<string, { stores: number; visits: number; sum: number }>();
  for (const o of ownRatings(memory, known).values()) {
    const c = category.get(o.store_id)!;
    const s = sums.get(c) ?? { stores: 0, visits: 0, sum: 0 };
    sums.set(c, { stores: s.stores + 1, visits: s.visits + o.visits, sum: s.sum + o.rating * o.visits });
  }
  if (!sums.size) return [];
  return [
    "[업종별 내 평가]",
    ...[...sums].map(
      ([c, s]) => `- ${c}: ${s.stores}곳에 ${s.visits}번, 평균 ${oneDecimal(s.sum / s.visits)}점`,
    ),
  ];
}

const slotOrder = (m: MemoryEntry) => m.day * 10 + TIME_SLOTS.indexOf(m.time_slot as TimeSlot);

/**
 * The prompts' memory_context: today's entries, the recalled earlier ones in time order, and — when
 * the focus has candidate stores — the agent's own ratings of those it has been to.
 */
export function memoryContext(memory: readonly MemoryEntry[], focus: Focus): string {
  const today = memory.filter((m) => m.day === focus.day).map((m) => `- 오늘 ${m.time_slot}: ${m.text}`);
  const past = recall(memory, focus)
    .sort((a, b) => slotOrder(a) - slotOrder(b))
    .map((m) => `- ${m.day}일차 ${m.time_slot}: ${m.text}`);
  const own = focus.candidates
    ? [...ownRatings(memory, focus.candidates).values()].map(
        (o) =>
          `- ${o.store_name}: ${o.visits}번 가 봄, 내 평점 ${oneDecimal(o.rating)}점 (마지막 ${o.lastDay}일차 ${o.lastSlot})`,
      )
    : [];
  return [
    ...(today.length ? ["[오늘]", ...today] : []),
    ...(past.length ? ["[지난 경험]", ...past] : []),
    ...(focus.known ? byCategory(memory, focus.known) : []),
    ...(own.length ? ["[후보 중 가 본 곳]", ...own] : []),
  ].join("\n");
}
