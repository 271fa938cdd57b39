// Seed 004's shapes: personas, stores, time slots, the five steps' outputs and the process_decision
// result, field for field (additions are extra fields).
import { z } from "zod";

export const Generation = z.enum(["Z1", "Z2", "Y", "X", "S"]);
export type Generation = z.infer<typeof Generation>;

const Point = z.object({ lat: z.number(), lng: z.number() });

export const Persona = z.object({
  id: z.string().regex(/^[RP]\d{3,}$/, "R001 for residents, P001 for floating visitors"),
  type: z.enum(["resident", "floating"]),
  name: z.string(),
  age: z.number().int().min(10).max(100),
  gender: z.enum(["남", "여"]),
  generation: Generation,
  occupation: z.string(),
  personality: z.string(),
  /** food categories this person leans to */
  preferred_categories: z.array(z.string()),
  /** 1 (spends freely) … 5 (counts every won) */
  price_sensitivity: z.number().int().min(1).max(5),
  /** 0…1: how often they eat out at all */
  eat_out_tendency: z.number().min(0).max(1),
  home_location: Point.optional(),
  work_location: Point.optional(),
  /** floating visitors: where and when they come into Mangwon-dong */
  entry_point: z.string().optional(),
  entry_time_slot: z.string().optional(),
});
export type Persona = z.infer<typeof Persona>;

const HHMM = z
  .string({ error: "HH:MM 형식의 시각이어야 합니다" })
  .regex(/^([01]\d|2[0-4]):[0-5]\d$/, "HH:MM 형식의 시각이어야 합니다 (닫는 시각은 24:00도 됩니다)");

/**
 * One opening period: open at `open`, closed from `close` (a `close` at or before `open` runs past
 * midnight). `days` are the days it opens on (0 = Sunday … 6 = Saturday); absent: every day.
 */
export const OpeningPeriod = z.object({
  open: HHMM,
  close: HHMM,
  days: z.array(z.number().int().min(0).max(6)).optional(),
});
export type OpeningPeriod = z.infer<typeof OpeningPeriod>;

export const StoreMenu = z.object({
  name: z.string(),
  /** won; null when the menu gives no single price (시가, 변동, a range) */
  price: z.number().int().nonnegative().nullable(),
});
export type StoreMenu = z.infer<typeof StoreMenu>;

export const Store = z.object({
  /** "S" + 8 digits derived from `place_id` (stable across runs, imports and input order) */
  store_id: z.string(),
  name: z.string(),
  /** 한식, 일식, 중식, 양식, 분식, 아시아, 카페, 주점 … */
  category: z.string(),
  avg_price: z.number().int().nonnegative(),
  keywords: z.array(z.string()),
  description: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** true for the generated demo places */
  synthetic: z.boolean(),
  // --- additions ---
  /** the place the store was made from (embedded demo id or `registry-<상가업소번호>`) */
  place_id: z.string().optional(),
  /** its administrative dong: 망원1동 or 망원2동 */
  dong: z.string().optional(),
  /** the detail category ("국밥", "커피전문점") */
  detail: z.string().optional(),
  /** menu items with prices, from the store's restaurant document; absent when it has none */
  menus: z.array(StoreMenu).optional(),
  /** opening hours where known; absent: unknown (treated as open) */
  hours: z.array(OpeningPeriod).optional(),
});
export type Store = z.infer<typeof Store>;

export const TIME_SLOTS = ["07:00", "12:00", "18:00", "22:00"] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];
export const SLOT_NAMES: Record<TimeSlot, string> = {
  "07:00": "아침",
  "12:00": "점심",
  "18:00": "저녁",
  "22:00": "야식",
};

const RESTAURANT = ["한식", "일식", "중식", "양식", "분식", "아시아"];
/** 004: 아침/점심 식당 + 카페, 저녁 식당 + 주점 + 카페, 야식 식당 + 주점 (카페 제외) */
export const TIME_SLOT_CATEGORIES: Record<TimeSlot, string[]> = {
  "07:00": [...RESTAURANT, "카페"],
  "12:00": [...RESTAURANT, "카페"],
  "18:00": [...RESTAURANT, "주점", "카페"],
  "22:00": [...RESTAURANT, "주점"],
};

export const RATING_TAGS = ["맛", "가성비", "분위기", "서비스"] as const;
export const PERSPECTIVES = [
  "맛/퀄리티",
  "가성비",
  "매장 분위기/인테리어",
  "직원 서비스/친절도",
  "매장 청결/위생",
  "특색있는 메뉴",
] as const;

export const RESIDENT_ACTIONS = [
  "집에서_쉬기",
  "카페_가기",
  "배회하기",
  "한강공원_산책",
  "망원시장_장보기",
  "회사_가기",
] as const;
export const FLOATING_ACTIONS = [
  "카페_가기",
  "배회하기",
  "한강공원_산책",
  "망원시장_장보기",
  "망원동_떠나기",
] as const;
export const STORE_VISIT_ACTIONS = ["카페_가기"] as const;
export const MAX_VISIT_LOOP = 3;

export const Step1 = z.object({
  eat_in_mangwon: z.boolean(),
  choice: z.number().int().min(1).max(3),
  reason: z.string(),
});
export const Step2 = z.object({ category: z.string(), reason: z.string() });
export const Step3 = z.object({ store_name: z.string(), reason: z.string() });
export const Step4 = z.object({
  rating: z.number().int().min(1).max(5),
  selected_tags: z.array(z.enum(RATING_TAGS)).max(4),
  comment: z.string().min(1).max(400),
});
export const Step5 = z.object({
  action: z.enum([...new Set([...RESIDENT_ACTIONS, ...FLOATING_ACTIONS])] as [string, ...string[]]),
  walking_speed: z.number().min(1).max(7),
  reason: z.string(),
  destination: z.object({ name: z.string(), lat: z.number().nullable(), lng: z.number().nullable() }),
});
export type Step1 = z.infer<typeof Step1>;
export type Step2 = z.infer<typeof Step2>;
export type Step3 = z.infer<typeof Step3>;
export type Step4 = z.infer<typeof Step4>;
export type Step5 = z.infer<typeof Step5>;

export const Visit = z.object({
  visit_id: z.string(),
  agent_id: z.string(),
  day: z.number().int(),
  time_slot: z.string(),
  order: z.number().int(),
  store_id: z.string(),
  store_name: z.string(),
  category: z.string(),
  rating: z.number().int().min(1).max(5),
  tags: z.array(z.string()),
  comment: z.string(),
  perspective: z.string(),
});
export type Visit = z.infer<typeof Visit>;

/** 004's process_decision result; `visits` (one per store visit) and `next_action` are additions. */
export const DecisionResult = z.object({
  decision: z.enum(["visit", "stay_home", "llm_failed"]),
  steps: z.record(z.string(), z.unknown()),
  visited_store: z.string().nullable(),
  visited_category: z.string().nullable(),
  ratings: z
    .object({ taste: z.number().int(), value: z.number().int(), atmosphere: z.number().int() })
    .nullable(),
  reason: z.string().nullable(),
  error: z.string().nullable(),
  visits: z.array(Visit),
  next_action: z.string().nullable(),
  left_mangwon: z.boolean(),
  /** where the agent is after the turn (step 5 moved it; at the store or where it was otherwise) */
  position: z.object({ name: z.string(), lat: z.number(), lng: z.number() }).optional(),
});
export type DecisionResult = z.infer<typeof DecisionResult>;

/**
 * One entry of an agent's memory stream (feeds memory_context): what happened in a slot, and — for a
 * store visit — the store, its category and the agent's own rating. Entries written before the stream
 * had these fields carry the text only.
 */
export const MemoryEntry = z.object({
  day: z.number().int(),
  time_slot: z.string(),
  text: z.string(),
  store_id: z.string().optional(),
  store_name: z.string().optional(),
  category: z.string().optional(),
  rating: z.number().int().min(1).max(5).optional(),
  /** 0…1: how much the experience stays with the agent (a strong rating more than a plain one) */
  importance: z.number().min(0).max(1).optional(),
});
export type MemoryEntry = z.infer<typeof MemoryEntry>;

export const StoreAggregate = z.object({
  store_id: z.string(),
  count: z.number().int(),
  sum: z.number().int(),
  tags: z.record(z.string(), z.number().int()),
  recent: z.array(z.object({ agent_id: z.string(), rating: z.number().int(), tags: z.array(z.string()) })),
});
export type StoreAggregate = z.infer<typeof StoreAggregate>;
