// The five steps of 004, answered by one of two engines with the same schemas: the LLM (prompt files,
// zod-checked output, a gated caller with retries and 429 backoff) or, with no key, a seeded
// stochastic policy over the persona, time slot, price, distance and agent ratings.
import type { TokenUsage } from "../../llm/port.ts";
import type { Rng } from "../../platform/random.ts";
import type { DayInfo } from "../calendar.ts";
import type { OwnRating } from "../memory.ts";
import type { Position } from "../space.ts";
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
  /** memory_context as the prompt of the step at hand gets it (step 3 adds the candidates' own ratings) */
  memory: string;
  /** the agent's own ratings of step 3's candidates it has been to (what memory_context lists) */
  ownRatings: Map<string, OwnRating>;
  /** where the agent is: store cards measure walking distance from here */
  position: Position;
  /** the stores the agent knows of that are open now (step 2 chooses among their categories) */
  known: readonly Store[];
  /** the mean eat-out tendency of the simulation's persona set (the population step 1's figures are about) */
  populationEatOutTendency: number;
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
  S: "시니어(구체적, 진중한; 요즘 어른의 존댓말로, '~하오'·'~했소' 같은 사극 말투는 쓰지 않음)",
};
