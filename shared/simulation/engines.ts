// The five steps, answered by one of two engines with the same schemas: the LLM (prompt files, zod-
// checked output, a gated caller with retries and 429 backoff) or, with no key, a seeded stochastic
// policy over the persona, time slot, price, distance and agent ratings.
import { Semaphore } from "../concurrency.ts";
import { haversine } from "../geo/haversine.ts";
import { LlmUnavailableError, addUsage, type LlmPort, type TokenUsage } from "../llm/port.ts";
import { prompt } from "./prompts.ts";
import { storeCard, storeScore } from "./ranking.ts";
import { pick, weightedPick, type Rng } from "./random.ts";
import {
  SLOT_NAMES,
  Step1,
  Step2,
  Step3,
  Step4,
  Step5,
  TIME_SLOTS,
  type Persona,
  type Store,
  type StoreAggregate,
  type TimeSlot,
  type Visit,
} from "./types.ts";

export interface StepContext {
  persona: Persona;
  day: number;
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

const PLACES: Record<string, { name: string; lat: number | null; lng: number | null }> = {
  한강공원_산책: { name: "망원한강공원", lat: 37.553, lng: 126.895 },
  망원시장_장보기: { name: "망원시장", lat: 37.556, lng: 126.905 },
};

// ---------------------------------------------------------------- offline engine

const SLOT_APPETITE: Record<TimeSlot, number> = { "07:00": 0.4, "12:00": 0.85, "18:00": 0.8, "22:00": 0.35 };
const SPEED: Record<Persona["generation"], [number, number]> = {
  Z1: [4.5, 5.8],
  Z2: [4.3, 5.5],
  Y: [4.0, 5.2],
  X: [3.6, 4.6],
  S: [2.6, 3.8],
};

/** A store's "true" quality for the offline engine: fixed per store, so agents broadly agree. */
function quality(store: Store): number {
  let h = 0;
  for (const ch of store.store_id + store.name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return 2.6 + ((h % 1000) / 1000) * 2; // 2.6 … 4.6
}

const COMMENTS: Record<"young" | "y" | "x" | "s", Record<"good" | "ok" | "bad", string[]>> = {
  young: {
    good: ["{store} 존나 개꿀맛ㅋㅋ {aspect} 미쳤음 😋", "여기 {aspect} 찐이다ㅋㅋ 재방문각 🔥"],
    ok: ["{store} 그냥저냥ㅋ {aspect}은 무난", "나쁘진 않은데 굳이? ㅋ"],
    bad: ["{aspect} 실화냐ㅋㅋ 비추 😑", "{store} 다시는 안 감ㅋ"],
  },
  y: {
    good: [
      "{store}, {aspect} 면에서 만족스러웠어요. 망원동 가면 추천합니다.",
      "{aspect} 좋고 분위기도 트렌디해요. 저장각!",
    ],
    ok: ["{aspect}은 평범한 편이에요. 동네 한 끼로는 괜찮아요.", "무난한 곳, 특별함은 조금 아쉬워요."],
    bad: [
      "{aspect}이 기대 이하였어요. 가격 대비 아쉬움.",
      "정보 공유: {store}는 {aspect} 때문에 비추천합니다.",
    ],
  },
  x: {
    good: ["{aspect}이 좋았습니다. 다음에도 찾겠습니다.", "{store}, 기본에 충실하고 {aspect}이 훌륭합니다."],
    ok: ["전반적으로 무난했습니다. {aspect}은 보통입니다.", "평범한 편입니다. 재방문은 고민해 보겠습니다."],
    bad: ["{aspect} 면에서 개선이 필요해 보입니다.", "기대에 못 미쳤습니다. {aspect}이 아쉽습니다."],
  },
  s: {
    good: [
      "{aspect}이 참 좋아서 오랜만에 기분 좋게 먹었소. {store}, 또 오겠소.",
      "정성이 느껴지는 집이오. {aspect}이 훌륭하오.",
    ],
    ok: ["먹을 만했소. {aspect}은 그저 그렇소.", "보통이오. 값은 적당하오."],
    bad: ["{aspect}이 영 아니었소. 다시 오긴 어렵겠소.", "젊은 사람들 입맛인지 나와는 안 맞소."],
  },
};
const ASPECT_WORD: Record<string, string> = {
  "맛/퀄리티": "맛",
  가성비: "가성비",
  "매장 분위기/인테리어": "분위기",
  "직원 서비스/친절도": "서비스",
  "매장 청결/위생": "청결",
  "특색있는 메뉴": "메뉴",
};

export class OfflineEngine implements DecisionEngine {
  readonly name = "offline" as const;

  async step1(c: StepContext): Promise<Step1> {
    const ateToday = /오늘 .* 먹음/.test(c.memory) ? c.memory.match(/먹음/g)!.length : 0;
    const p = c.persona.eat_out_tendency * SLOT_APPETITE[c.slot] * Math.pow(0.75, ateToday);
    const r = c.rng();
    if (r < p)
      return { eat_in_mangwon: true, choice: 1, reason: `${SLOT_NAMES[c.slot]}은 망원동에서 먹고 싶다` };
    if (r < p + (1 - p) * 0.5) return { eat_in_mangwon: false, choice: 2, reason: "배가 별로 고프지 않다" };
    return { eat_in_mangwon: false, choice: 3, reason: "집에서 간단히 해결한다" };
  }

  async step2(c: StepContext, categories: string[]): Promise<Step2> {
    const eatenToday = new Set(c.session.map((v) => v.category));
    const category = weightedPick(c.rng, categories, (cat) => {
      let w = c.persona.preferred_categories.includes(cat) ? 3 : 1;
      if (c.memory.includes(`${cat}`) && c.memory.includes("오늘")) w *= 0.5; // variety over the day
      if (eatenToday.has(cat)) w *= 0.2;
      if (
        cat === "카페" &&
        c.slot === "07:00" &&
        (c.persona.generation === "Y" || c.persona.generation.startsWith("Z"))
      )
        w *= 2;
      if (cat === "주점" && c.persona.generation === "S") w *= 0.5;
      return w;
    });
    return {
      category,
      reason: c.persona.preferred_categories.includes(category)
        ? `${category}을(를) 좋아한다`
        : `오늘은 ${category}이(가) 당긴다`,
    };
  }

  async step3(c: StepContext, _category: string, candidates: Store[]): Promise<Step3> {
    const from = c.persona.home_location ?? c.persona.work_location;
    const store = weightedPick(c.rng, candidates, (s) => {
      const near = from ? Math.exp(-haversine(from, s) / 1500) : 1;
      return Math.exp(storeScore(s, c.persona, c.aggregates[s.store_id]) / 0.5) * (0.5 + near);
    });
    return { store_name: store.name, reason: `평점과 가격을 보고 ${store.name}을(를) 골랐다` };
  }

  async step4(c: StepContext, store: Store, perspective: string): Promise<Step4> {
    const priceFit = ((12_000 - store.avg_price) / 12_000) * (c.persona.price_sensitivity / 5);
    const preferred = c.persona.preferred_categories.includes(store.category) ? 0.3 : 0;
    const raw = quality(store) + priceFit + preferred + (c.rng() - 0.5) * 1.2;
    const rating = Math.max(1, Math.min(5, Math.round(raw)));
    const tags = (["맛", "가성비", "분위기", "서비스"] as const).filter((t) => {
      const bias = t === "가성비" ? priceFit : t === "맛" ? quality(store) - 3.5 : 0;
      return rating >= 4 && c.rng() < 0.35 + bias * 0.3;
    });
    const tone = rating >= 4 ? "good" : rating === 3 ? "ok" : "bad";
    const g = c.persona.generation;
    const voice = g === "Z1" || g === "Z2" ? "young" : g === "Y" ? "y" : g === "X" ? "x" : "s";
    const comment = pick(c.rng, COMMENTS[voice][tone])
      .replaceAll("{store}", store.name)
      .replaceAll("{aspect}", ASPECT_WORD[perspective] ?? "맛");
    return { rating, selected_tags: tags, comment };
  }

  async step5(c: StepContext, actions: readonly string[]): Promise<Step5> {
    const late = c.slot === "18:00" || c.slot === "22:00";
    const cafesToday = c.session.filter((v) => v.category === "카페").length;
    const action = weightedPick(c.rng, actions, (a) => {
      switch (a) {
        case "집에서_쉬기":
          return late ? 5 : 1.5;
        case "카페_가기":
          return c.slot === "22:00" ? 0 : 0.9 / (1 + cafesToday * 2);
        case "회사_가기":
          return c.persona.work_location && !late ? 2.5 : 0;
        case "망원동_떠나기":
          return late ? 3 : 1;
        case "한강공원_산책":
          return c.slot === "07:00" || c.slot === "18:00" ? 1 : 0.5;
        default:
          return 0.6;
      }
    });
    const [lo, hi] = SPEED[c.persona.generation];
    return {
      action,
      walking_speed: Number((lo + c.rng() * (hi - lo)).toFixed(1)),
      reason: `${SLOT_NAMES[c.slot]} 이후에는 ${action.replaceAll("_", " ")}`,
      destination: destinationOf(action, c.persona),
    };
  }
}

function destinationOf(action: string, persona: Persona): Step5["destination"] {
  if (action === "집에서_쉬기" && persona.home_location) return { name: "집", ...persona.home_location };
  if (action === "회사_가기" && persona.work_location) return { name: "회사", ...persona.work_location };
  return PLACES[action] ?? { name: action.replaceAll("_", " "), lat: null, lng: null };
}

// ---------------------------------------------------------------- LLM engine

export class LlmCallFailedError extends Error {
  constructor(
    readonly step: string,
    cause: unknown,
  ) {
    super(
      `${step}: LLM call failed after retries (${cause instanceof Error ? cause.message : String(cause)})`,
    );
    this.name = "LLMCallFailedError";
  }
}

export interface LlmCallerOptions {
  /** concurrent LLM calls across all agents (004: the semaphore) */
  maxConcurrent: number;
  /** 004: 3 tries */
  tries?: number;
  /** 004: 429 → wait (attempt + 1) × 10 s */
  backoffUnitMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** Every LLM call of a simulation goes through here: a semaphore, 3 tries, 429 backoff outside the slot. */
export class LlmCaller {
  private readonly gate: Semaphore;
  constructor(
    readonly llm: LlmPort,
    private readonly opts: LlmCallerOptions,
  ) {
    this.gate = new Semaphore(opts.maxConcurrent);
  }

  /** `usage` is the calling agent's running total: every try's tokens count. */
  async call<T>(
    step: string,
    run: () => Promise<{ value: T; usage: TokenUsage }>,
    usage: TokenUsage,
  ): Promise<T> {
    const tries = this.opts.tries ?? 3;
    const sleep = this.opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
    let last: unknown;
    for (let attempt = 0; attempt < tries; attempt++) {
      try {
        const out = await this.gate.use(run);
        Object.assign(usage, addUsage(usage, out.usage));
        return out.value;
      } catch (err) {
        last = err;
        if (err && typeof err === "object" && "usage" in err)
          Object.assign(usage, addUsage(usage, (err as { usage: TokenUsage }).usage));
        // waiting for a rate limit frees the slot for other agents
        if (err instanceof LlmUnavailableError && err.status === 429 && attempt < tries - 1) {
          await sleep((attempt + 1) * (this.opts.backoffUnitMs ?? 10_000));
        }
      }
    }
    throw new LlmCallFailedError(step, last);
  }
}

function personaText(p: Persona): string {
  return [
    `${p.name} (${p.id}, ${p.type === "resident" ? "망원동 거주" : "망원동 방문객"}), ${p.age}세 ${p.gender}, ${p.generation}세대, ${p.occupation}`,
    `성격: ${p.personality}`,
    `선호 업종: ${p.preferred_categories.join(", ")}; 가격 민감도 ${p.price_sensitivity}/5`,
  ].join("\n");
}

export class LlmEngine implements DecisionEngine {
  readonly name = "llm" as const;
  constructor(private readonly caller: LlmCaller) {}

  private ask<S extends Parameters<LlmPort["structured"]>[0]["schema"]>(
    c: StepContext,
    step: string,
    schema: S,
    text: string,
  ) {
    return this.caller.call(
      step,
      () =>
        this.caller.llm.structured({
          system: prompt("system"),
          prompt: text,
          schema,
          tier: "fast",
          maxTokens: 400,
        }),
      c.usage,
    );
  }

  private base(c: StepContext) {
    return {
      persona: personaText(c.persona),
      day_label: `${c.day}일차`,
      slot_name: SLOT_NAMES[c.slot],
      time_slot: c.slot,
      memory_context: c.memory || "(없음)",
    };
  }

  step1(c: StepContext) {
    return this.ask(c, "step1", Step1, prompt("step1_destination", this.base(c)));
  }

  step2(c: StepContext, categories: string[]) {
    return this.ask(
      c,
      "step2",
      Step2,
      prompt("step2_category", { ...this.base(c), categories: categories.join(", ") }),
    );
  }

  step3(c: StepContext, category: string, candidates: Store[]) {
    const cards = candidates.map((s) => storeCard(s, c.aggregates[s.store_id])).join("\n\n");
    return this.ask(
      c,
      "step3",
      Step3,
      prompt("step3_store", { ...this.base(c), category, store_cards: cards }),
    );
  }

  step4(c: StepContext, store: Store, perspective: string) {
    return this.ask(
      c,
      "step4",
      Step4,
      prompt("step4_evaluate", {
        ...this.base(c),
        store_card: storeCard(store, c.aggregates[store.store_id]),
        perspective,
        voice: VOICE[c.persona.generation],
      }),
    );
  }

  async step5(c: StepContext, actions: readonly string[]) {
    const next = TIME_SLOTS[TIME_SLOTS.indexOf(c.slot) + 1] ?? "다음 날 07:00";
    const session =
      c.session.map((v) => `- ${v.store_name}(${v.category}) ${v.rating}점`).join("\n") || "(없음)";
    const out = await this.ask(
      c,
      "step5",
      Step5,
      prompt("step5_next_action", {
        ...this.base(c),
        next_slot: next,
        session_activity: session,
        actions: actions.join(", "),
        places_note: c.persona.home_location
          ? `, 집 (${c.persona.home_location.lat}, ${c.persona.home_location.lng})`
          : "",
      }),
    );
    // the model may only pick from this agent's action set
    if (!actions.includes(out.action))
      throw new LlmCallFailedError(
        "step5",
        new Error(`"${out.action}" is not an action for ${c.persona.type} agents`),
      );
    return out;
  }
}
