// The offline engine: with no LLM key, a seeded stochastic policy answers every step of 004 with the
// same schemas, from the persona, the time slot, price, distance and the agents' ratings.
import { josa } from "es-hangul";
import { haversine } from "../../geo/haversine.ts";
import { pick, weightedPick } from "../../random.ts";
import { storeScore } from "../ranking.ts";
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
import { destinationOf, positionOf, type DecisionEngine, type StepContext } from "./engine.ts";

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

export const COMMENTS: Record<"young" | "y" | "x" | "s", Record<"good" | "ok" | "bad", string[]>> = {
  young: {
    good: ["{store} 존나 개꿀맛ㅋㅋ {aspect} 미쳤음 😋", "여기 {aspect} 찐이다ㅋㅋ 재방문각 🔥"],
    ok: ["{store} 그냥저냥ㅋ {aspect|은/는} 무난", "나쁘진 않은데 굳이? ㅋ"],
    bad: ["{aspect} 실화냐ㅋㅋ 비추 😑", "{store} 다시는 안 감ㅋ"],
  },
  y: {
    good: [
      "{store}, {aspect} 면에서 만족스러웠어요. 망원동 가면 추천합니다.",
      "{aspect} 좋고 분위기도 트렌디해요. 저장각!",
    ],
    ok: ["{aspect|은/는} 평범한 편이에요. 동네 한 끼로는 괜찮아요.", "무난한 곳, 특별함은 조금 아쉬워요."],
    bad: [
      "{aspect|이/가} 기대 이하였어요. 가격 대비 아쉬움.",
      "정보 공유: {store|은/는} {aspect} 때문에 비추천합니다.",
    ],
  },
  x: {
    good: [
      "{aspect|이/가} 좋았습니다. 다음에도 찾겠습니다.",
      "{store}, 기본에 충실하고 {aspect|이/가} 훌륭합니다.",
    ],
    ok: [
      "전반적으로 무난했습니다. {aspect|은/는} 보통입니다.",
      "평범한 편입니다. 재방문은 고민해 보겠습니다.",
    ],
    bad: ["{aspect} 면에서 개선이 필요해 보입니다.", "기대에 못 미쳤습니다. {aspect|이/가} 아쉽습니다."],
  },
  s: {
    good: [
      "{aspect|이/가} 참 좋아서 오랜만에 기분 좋게 먹었소. {store}, 또 오겠소.",
      "정성이 느껴지는 집이오. {aspect|이/가} 훌륭하오.",
    ],
    ok: ["먹을 만했소. {aspect|은/는} 그저 그렇소.", "보통이오. 값은 적당하오."],
    bad: ["{aspect|이/가} 영 아니었소. 다시 오긴 어렵겠소.", "젊은 사람들 입맛인지 나와는 안 맞소."],
  },
};
export const ASPECT_WORD: Record<string, string> = {
  "맛/퀄리티": "맛",
  가성비: "가성비",
  "매장 분위기/인테리어": "분위기",
  "직원 서비스/친절도": "서비스",
  "매장 청결/위생": "청결",
  "특색있는 메뉴": "메뉴",
};

/**
 * The intended difference between kinds of day (stated in the README before it was measured): on a
 * weekend or a public holiday people sleep in and have time — fewer breakfasts out, more lunches and
 * dinners out; a weekday is the reference. A simulation without dates counts every day as a weekday.
 */
function dayTypeFactor(c: StepContext): number {
  if (!c.calendar || c.calendar.dayType === "weekday") return 1;
  return c.slot === "07:00" ? 0.8 : c.slot === "12:00" || c.slot === "18:00" ? 1.15 : 1;
}

export class OfflineEngine implements DecisionEngine {
  readonly name = "offline" as const;

  async step1(c: StepContext): Promise<Step1> {
    const ateToday = /오늘 .* 먹음/.test(c.memory) ? c.memory.match(/먹음/g)!.length : 0;
    const p =
      c.persona.eat_out_tendency * SLOT_APPETITE[c.slot] * dayTypeFactor(c) * Math.pow(0.75, ateToday);
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
        ? `${josa(category, "을/를")} 좋아한다`
        : `오늘은 ${josa(category, "이/가")} 당긴다`,
    };
  }

  async step3(c: StepContext, _category: string, candidates: Store[]): Promise<Step3> {
    const from = positionOf(c.persona);
    const store = weightedPick(c.rng, candidates, (s) => {
      const near = from ? Math.exp(-haversine(from, s) / 1500) : 1;
      return Math.exp(storeScore(s, c.persona, c.aggregates[s.store_id]) / 0.5) * (0.5 + near);
    });
    return { store_name: store.name, reason: `평점과 가격을 보고 ${josa(store.name, "을/를")} 골랐다` };
  }

  async step4(c: StepContext, store: Store, perspective: string): Promise<Step4> {
    const priceFit = ((12_000 - store.avg_price) / 12_000) * (c.persona.price_sensitivity / 5);
    const preferred = c.persona.preferred_categories.includes(store.category) ? 0.3 : 0;
    const raw = quality(store) + priceFit + preferred + (c.rng() - 0.5) * 1.2;
    const rating = Math.max(1, Math.min(5, Math.round(raw)));
    const tags = RATING_TAGS.filter((t) => {
      const bias = t === "가성비" ? priceFit : t === "맛" ? quality(store) - 3.5 : 0;
      return rating >= 4 && c.rng() < 0.35 + bias * 0.3;
    });
    const tone = rating >= 4 ? "good" : rating === 3 ? "ok" : "bad";
    const g = c.persona.generation;
    const voice = g === "Z1" || g === "Z2" ? "young" : g === "Y" ? "y" : g === "X" ? "x" : "s";
    const comment = fillTemplate(pick(c.rng, COMMENTS[voice][tone]), {
      store: store.name,
      aspect: ASPECT_WORD[perspective] ?? "맛",
    });
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
