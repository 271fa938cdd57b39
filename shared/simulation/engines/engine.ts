// The five steps of 004, answered by one of two engines with the same schemas: the LLM (prompt files,
// zod-checked output, a gated caller with retries and 429 backoff) or, with no key, a seeded
// stochastic policy over the persona, time slot, price, distance and agent ratings.
import type { TokenUsage } from "../../llm/port.ts";
import type { Rng } from "../../random.ts";
import type { DayInfo } from "../calendar.ts";
import { ENTRY_POINTS } from "../personas.ts";
import type {
  Persona,
  Step1,
  Step2,
  Step3,
  Step4,
  Step5,
  Store,
  StoreAggregate,
  TimeSlot,
  Visit,
} from "../types.ts";

export interface StepContext {
  persona: Persona;
  day: number;
  /** the day's date, weekday and holiday (absent for simulations made before they had dates) */
  calendar?: DayInfo;
  slot: TimeSlot;
  memory: string;
  aggregates: Record<string, StoreAggregate>;
  rng: Rng;
  /** this slot's visits so far (session_activity) */
  session: Visit[];
  usage: TokenUsage;
}

export interface DecisionEngine {
  readonly name: "offline" | "llm";
  step1(c: StepContext): Promise<Step1>;
  step2(c: StepContext, categories: string[]): Promise<Step2>;
  step3(c: StepContext, category: string, candidates: Store[]): Promise<Step3>;
  step4(c: StepContext, store: Store, perspective: string): Promise<Step4>;
  step5(c: StepContext, actions: readonly string[]): Promise<Step5>;
}

export const VOICE: Record<Persona["generation"], string> = {
  Z1: "Z세대(존나, 개꿀맛, ㅋ, 이모티콘)",
  Z2: "Z세대(존나, 개꿀맛, ㅋ, 이모티콘)",
  Y: "밀레니얼(트렌디, 정보성)",
  X: "X세대(점잖고 꼼꼼한)",
  S: "시니어(구체적, 진중한)",
};

export const PLACES: Record<string, { name: string; lat: number | null; lng: number | null }> = {
  한강공원_산책: { name: "망원한강공원", lat: 37.553, lng: 126.895 },
  망원시장_장보기: { name: "망원시장", lat: 37.556, lng: 126.905 },
};

/**
 * Where an agent is when it chooses a store (the store card's walking distance is measured from here):
 * a resident at home (or at work when it has no home), a floating visitor where it entered Mangwon-dong.
 */
export function positionOf(persona: Persona): { lat: number; lng: number } | undefined {
  if (persona.type === "resident") return persona.home_location ?? persona.work_location ?? undefined;
  return persona.entry_point ? ENTRY_POINTS[persona.entry_point] : undefined;
}

export function destinationOf(action: string, persona: Persona): Step5["destination"] {
  if (action === "집에서_쉬기" && persona.home_location) return { name: "집", ...persona.home_location };
  if (action === "회사_가기" && persona.work_location) return { name: "회사", ...persona.work_location };
  return PLACES[action] ?? { name: action.replaceAll("_", " "), lat: null, lng: null };
}
