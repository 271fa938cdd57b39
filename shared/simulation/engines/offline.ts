// The offline engine: with no LLM key, a seeded stochastic policy answers every step of 004 with the
// same schemas. It is a stand-in for 004's LLM agents, reading what their prompts give them: step 1's
// reference eat-out rates and the persona's tendency, the open stores by category, the store cards
// (rating, price, distance from where the agent is) and the agent's memory (its own ratings).
import { josa } from "es-hangul";
import { haversine } from "../../geo/haversine.ts";
import { rngFor, weightedPick } from "../../platform/random.ts";
import { referenceEatOut } from "../prompts.ts";
import { storeScore } from "../ranking.ts";
import { destinationOf, wander } from "../space.ts";
import {
  RATING_TAGS,
  SLOT_NAMES,
  type Persona,
  type Step1,
  type Step2,
  type Step3,
  type Step4,
  type Step5,
  type Store,
  type TimeSlot,
} from "../types.ts";
import { commentParts, commentWords, PERSPECTIVE_ASPECT, PHRASES, voiceOf } from "./comments.ts";
import type { DecisionEngine, StepContext } from "./engine.ts";

/**
 * How far one persona's eat-out odds move from the population's, per unit of eat_out_tendency above
 * the persona set's mean (log-odds): the reference rates are the population's, the tendency says how
 * this person differs from it.
 */
const TENDENCY_LOG_ODDS = 4;

/**
 * What each time of day suits in Korea, as a person (or an LLM) knows it: breakfast is 국밥·백반,
 * 김밥 or bread and coffee; 야식 is drinks and 분식; cafés are for the day, not a dinner. 1 = neutral.
 */
const SLOT_FIT: Record<TimeSlot, Record<string, number>> = {
  "07:00": { 한식: 1.5, 분식: 1.5, 카페: 1.5, 양식: 0.4, 일식: 0.3, 중식: 0.3, 아시아: 0.3 },
  "12:00": { 한식: 1.2, 분식: 1.2, 중식: 1.2, 카페: 0.6 },
  "18:00": { 한식: 1.2, 주점: 1.2, 분식: 0.7, 카페: 0.4 },
  "22:00": { 주점: 4, 분식: 1.2, 한식: 0.7, 양식: 0.5, 일식: 0.5, 중식: 0.5, 아시아: 0.5 },
};

const logit = (p: number) => Math.log(p / (1 - p));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const SPEED: Record<Persona["generation"], [number, number]> = {
  Z1: [4.5, 5.8],
  Z2: [4.3, 5.5],
  Y: [4.0, 5.2],
  X: [3.6, 4.6],
  S: [2.6, 3.8],
};

/** A number in [0, 1) fixed by `key` (keys that differ in one character give unrelated numbers). */
const unit = (key: string) => rngFor(0, key)();

/** A store's "true" quality for the offline engine: fixed per store, so agents broadly agree. */
const quality = (store: Store) => 2.6 + unit(store.store_id + store.name) * 2; // 2.6 … 4.6

/**
 * How well a store suits one person, beyond its quality: fixed per person and store (a taste the
 * others' ratings cannot tell), so the agent's own rating says something the store card does not —
 * which is why remembering it is worth something.
 */
const match = (persona: Persona, store: Store) => (unit(`${persona.id}|${store.store_id}`) - 0.5) * 1.6;

/**
 * A comment template's words: `{name}` is the word, `{name|이/가}` the word with the particle its final
 * consonant takes (es-hangul's josa), so "서비스가" and "맛이" both come out right.
 */
export function fillTemplate(template: string, words: Record<string, string>): string {
  return template.replace(/\{(\w+)(?:\|([^}]+))?\}/g, (_, name: string, particle?: string) => {
    const word = words[name] ?? "";
    return particle ? josa(word, particle as Parameters<typeof josa>[1]) : word;
  });
}

/**
 * The intended difference between kinds of day (stated in the README before it was measured): on a
 * weekend or a public holiday people sleep in and have time — fewer breakfasts out, more lunches and
 * dinners out; a weekday is the reference. A simulation without dates counts every day as a weekday.
 * In log-odds, added to the slot's reference.
 */
function dayTypeShift(c: StepContext): number {
  if (!c.calendar || c.calendar.dayType === "weekday") return 0;
  return c.slot === "07:00" ? -0.3 : c.slot === "12:00" || c.slot === "18:00" ? 0.3 : 0;
}

/** The categories the agent already ate today, from memory_context's [오늘] lines. */
const eatenToday = (memory: string) =>
  new Set([...memory.matchAll(/^- 오늘 \S+: .*\(([^)]+)\)에서 먹음/gm)].map((m) => m[1]!));

/** Step 2's softmax temperature over what the open stores of a category are worth (004's ranking's). */
const STORE_TEMPERATURE = 0.5;
/**
 * The agent's own rating against the card's (and its leaning), at the store score's own temperature
 * (004's T = 0.5): one point is e² (7.4) times as likely, as it was before the card was softened. At
 * T = 1 the revisit gap the calibration measures fell from +17–20 to +5–6 pp: memory barely mattered.
 */
const OWN_TEMPERATURE = 0.5;

/**
 * At 22:00 a store whose card does not say it is open late (hours, "늦게까지", "24시", a bar) is
 * probably closing: a person weighs it at this fraction — it may still be open, hours being unknown.
 */
const LATE_UNSURE = 0.3;
const opensLate = (s: Store) =>
  s.hours !== undefined || s.category === "주점" || s.keywords.some((k) => /늦게까지|24시|새벽/.test(k));

export class OfflineEngine implements DecisionEngine {
  readonly name = "offline" as const;

  /** Step 1: the slot's reference rate (from the prompt), moved by this persona's tendency and the day. */
  async step1(c: StepContext): Promise<Step1> {
    const reference = referenceEatOut()[c.slot]!;
    const p = sigmoid(
      logit(reference) +
        TENDENCY_LOG_ODDS * (c.persona.eat_out_tendency - c.populationEatOutTendency) +
        dayTypeShift(c),
    );
    const r = c.rng();
    if (r < p)
      return { eat_in_mangwon: true, choice: 1, reason: `${SLOT_NAMES[c.slot]}은 망원동에서 먹고 싶다` };
    if (r < p + (1 - p) * 0.5) return { eat_in_mangwon: false, choice: 2, reason: "배가 별로 고프지 않다" };
    return { eat_in_mangwon: false, choice: 3, reason: "집에서 간단히 해결한다" };
  }

  /**
   * Step 2: taste × what the hour suits × what the open stores nearby offer (the sum of their step 3
   * weights, as if choosing among all of them at once — more stores, and better ones by the agent's
   * own ratings where it has been, make a category more tempting), away from what was eaten today.
   */
  async step2(c: StepContext, categories: string[]): Promise<Step2> {
    const eaten = new Set([...eatenToday(c.memory), ...c.session.map((v) => v.category)]);
    const value = new Map<string, number>();
    for (const s of c.known)
      value.set(s.category, (value.get(s.category) ?? 0) + Math.exp(this.utility(c, s) / STORE_TEMPERATURE));
    const open = categories.filter((cat) => value.has(cat));
    const category = weightedPick(c.rng, open.length ? open : categories, (cat) => {
      const taste = c.persona.preferred_categories.includes(cat) ? 3 : 1;
      const fit = SLOT_FIT[c.slot][cat] ?? 1;
      const offer = value.get(cat) ?? 1;
      const variety = eaten.has(cat) ? 0.2 : 1;
      const seniorBar = cat === "주점" && c.persona.generation === "S" ? 0.5 : 1;
      return taste * fit * offer * variety * seniorBar;
    });
    return {
      category,
      reason: c.persona.preferred_categories.includes(category)
        ? `${josa(category, "을/를")} 좋아한다`
        : `오늘은 ${josa(category, "이/가")} 당긴다`,
    };
  }

  /**
   * What a store is worth to the agent: the store card (agents' ratings, taste, price) with its own
   * rating in place of the others' where it has been there; a seeker of new places leans to stores it
   * has not tried, a regular to those it has.
   */
  private utility(c: StepContext, s: Store): number {
    const own = c.ownRatings.get(s.store_id);
    let score = storeScore(s, c.persona, c.aggregates[s.store_id], own?.rating);
    if (own && c.persona.personality.includes("단골")) score += 0.5;
    if (!own && c.persona.personality.includes("새로운")) score += 0.5;
    if (c.slot === "22:00" && !opensLate(s)) score += STORE_TEMPERATURE * Math.log(LATE_UNSURE);
    return score;
  }

  /**
   * Step 3: among the candidates, what the agent knows beyond the card — its own rating against the
   * card's, a regular's or a seeker's leaning, whether the store opens late — and how far it is from
   * where the agent is. The card itself (the agents' ratings, taste, price) is not weighed again: 004's
   * ranking has already drawn the candidates by it (softmax T = 0.5), and weighing it a second time
   * concentrated a 14-day run's visits 1.5 times past what that sampling predicts.
   */
  async step3(c: StepContext, _category: string, candidates: Store[]): Promise<Step3> {
    const store = weightedPick(c.rng, candidates, (s) => {
      const near = Math.exp(-haversine(c.position, s) / 1500);
      const card = storeScore(s, c.persona, c.aggregates[s.store_id]);
      const personal = this.utility(c, s) - card;
      return Math.exp(personal / OWN_TEMPERATURE) * (0.5 + near);
    });
    return {
      store_name: store.name,
      reason: c.ownRatings.has(store.store_id)
        ? `전에 가 본 ${josa(store.name, "이/가")} 생각나서 골랐다`
        : `평점과 가격을 보고 ${josa(store.name, "을/를")} 골랐다`,
    };
  }

  async step4(c: StepContext, store: Store, perspective: string): Promise<Step4> {
    const priceFit = ((12_000 - store.avg_price) / 12_000) * (c.persona.price_sensitivity / 5);
    const preferred = c.persona.preferred_categories.includes(store.category) ? 0.3 : 0;
    const raw = quality(store) + match(c.persona, store) + priceFit + preferred + (c.rng() - 0.5) * 1.2;
    const rating = Math.max(1, Math.min(5, Math.round(raw)));
    // a tag is what stood out on a good visit: the aspect the visit looked at stands out more
    const looked = PERSPECTIVE_ASPECT[perspective];
    const tags = RATING_TAGS.filter((t) => {
      const bias = t === "가성비" ? priceFit : t === "맛" ? quality(store) - 3.5 : 0;
      return rating >= 4 && c.rng() < 0.35 + bias * 0.3 + (t === looked ? 0.3 : 0);
    });
    const said = { generation: c.persona.generation, store, slot: c.slot, rating, tags, perspective };
    const words = commentWords(c.rng, said);
    const comment = commentParts(c.rng, said)
      .map((t) => fillTemplate(t, words))
      .join(PHRASES[voiceOf(c.persona.generation)].join);
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
          return late ? 0 : 2.5; // offered only to residents with a workplace
        case "망원동_떠나기":
          return late ? 3 : 1;
        case "한강공원_산책":
          return c.slot === "07:00" || c.slot === "18:00" ? 1 : 0.5;
        default:
          return 0.6;
      }
    });
    const [lo, hi] = SPEED[c.persona.generation];
    const walking_speed = Number((lo + c.rng() * (hi - lo)).toFixed(1));
    return {
      action,
      walking_speed,
      reason: `${SLOT_NAMES[c.slot]} 이후에는 ${action.replaceAll("_", " ")}`,
      destination:
        action === "배회하기" ? wander(c.position, walking_speed, c.rng) : destinationOf(action, c.persona),
    };
  }
}
