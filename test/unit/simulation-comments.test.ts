// The offline engine's comments: correct Korean (every particle after a store name, a dish, a price or
// an aspect follows that word's final consonant — checked against the Unicode arithmetic of Hangul
// syllables, not against es-hangul, which the engine uses), each generation's voice as 004's table
// gives it, and words that agree with the rating and the tags.
import { describe, expect, it } from "vitest";
import { pinnedDemoPlaces } from "../../shared/demo/places.ts";
import { mulberry32 } from "../../shared/platform/random.ts";
import { ASPECT_WORDS, PHRASES, spokenPrice, voiceOf } from "../../shared/simulation/engines/comments.ts";
import { fillTemplate, OfflineEngine } from "../../shared/simulation/engines/offline.ts";
import type { StepContext } from "../../shared/simulation/engines/engine.ts";
import { defaultPersonas } from "../../shared/simulation/personas.ts";
import { mangwonStores } from "../../shared/simulation/stores.ts";
import { noUsage } from "../../shared/llm/port.ts";
import { PERSPECTIVES, TIME_SLOTS, type Persona, type Store } from "../../shared/simulation/types.ts";

/** Whether a Hangul syllable ends in a consonant (batchim); null for anything else. */
function hasBatchim(ch: string): boolean | null {
  const code = ch.charCodeAt(0) - 0xac00;
  if (code < 0 || code > 11171) return null;
  return code % 28 !== 0;
}

const PAIRS: Record<string, [string, string]> = {
  "이/가": ["이", "가"],
  "은/는": ["은", "는"],
  "을/를": ["을", "를"],
  // 으로 after a final consonant, except ㄹ (길로, 원으로)
  "으로/로": ["으로", "로"],
};

/** Whether a Hangul syllable ends in ㄹ. */
const endsInRieul = (ch: string) => (ch.charCodeAt(0) - 0xac00) % 28 === 8;

const stores = mangwonStores(pinnedDemoPlaces());
const personas = defaultPersonas();
const templates = Object.values(PHRASES).flatMap((v) => [
  ...v.open,
  ...Object.values(v.praise).flat(),
  ...v.general,
  ...v.ordinary,
  ...v.short,
  ...Object.values(v.close).flat(),
]);

/** One step 4 of the offline engine, as a turn calls it. */
async function review(persona: Persona, store: Store, slot: (typeof TIME_SLOTS)[number], seed: number) {
  const rng = mulberry32(seed);
  const ctx = { persona, slot, rng, session: [], usage: noUsage() } as unknown as StepContext;
  const perspective = PERSPECTIVES[seed % PERSPECTIVES.length]!;
  return { ...(await new OfflineEngine().step4(ctx, store, perspective)), perspective };
}

/** Visits as a run makes them: every generation, store and slot, a rating the engine gives. */
async function visits(n: number) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const persona = personas[(i * 7) % personas.length]!;
    const store = stores[(i * 13) % stores.length]!;
    const slot = TIME_SLOTS[i % 4]!;
    out.push({ persona, store, ...(await review(persona, store, slot, i + 1)) });
  }
  return out;
}

describe("comment phrases", () => {
  it("choose every particle by the word's final consonant: 0 mismatches over every word a template takes", () => {
    const dishes = stores.flatMap((s) => (s.menus ?? []).map((m) => m.name.replace(/\s*\([^)]*\)\s*$/, "")));
    const words: Record<string, string[]> = {
      store: stores.map((s) => s.name),
      dish: [...dishes, "아메리카노", "소금빵", "빙수", "크루아상"],
      aspect: Object.values(ASPECT_WORDS),
      price: [3000, 9500, 12_500, 44_500, 105_500].map(spokenPrice),
    };
    let checked = 0;
    const wrong: string[] = [];
    for (const template of templates)
      for (const m of template.matchAll(/\{(\w+)\|([^}]+)\}/g)) {
        const [name, particle] = [m[1]!, m[2]!];
        for (const word of words[name] ?? []) {
          const out = fillTemplate(`{${name}|${particle}}`, { [name]: word });
          const batchim = hasBatchim(word.at(-1)!);
          if (batchim === null) continue; // a word ending in a digit or a Latin letter: no Hangul rule
          const [withBatchim, without] = PAIRS[particle]!;
          const takesFull = batchim && !(particle === "으로/로" && endsInRieul(word.at(-1)!));
          checked++;
          if (out !== word + (takesFull ? withBatchim : without)) wrong.push(out);
        }
      }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(500);
  });

  it("write a particle of two forms only through the word's own rule", () => {
    // a placeholder directly followed by such a particle must name both forms ({dish|을/를}, and
    // "{price|으로/로}": "8천 원로" is wrong); only {price} (always said ending in 원) and {meal} (아침,
    // 점심, 저녁, 야식: each ends in a consonant) may carry the after-consonant form written out
    const varying = /\{(\w+)\}(으로|로|이면|면|이랑|랑|이|가|은|는|을|를|와|과)(?![가-힣])/g;
    const afterConsonant = ["으로", "이면", "이랑", "이", "은", "을", "과"];
    const wrong = templates.flatMap((t) =>
      [...t.matchAll(varying)]
        .filter(
          ([, name, particle]) => !(["price", "meal"].includes(name!) && afterConsonant.includes(particle!)),
        )
        .map(([m]) => m),
    );
    expect(wrong).toEqual([]);
  });

  it("say prices as people say them", () => {
    expect([400, 4000, 9500, 12_500, 20_000, 105_500].map(spokenPrice)).toEqual([
      "400원",
      "4천 원",
      "1만 원",
      "1만 3천 원",
      "2만 원",
      "10만 6천 원",
    ]);
  });
});

describe("comments of the offline engine", () => {
  it("leave no placeholder, no written-out alternative such as 을(를), no period-drama ending", async () => {
    for (const v of await visits(400)) {
      expect(v.comment).not.toMatch(/[{}]|\((를|가|는|이|은|을)\)|\s{2}/);
      // 하오체 (먹을 만했소, 보통이오): no generation of today talks so
      expect(v.comment.replaceAll(v.store.name, "")).not.toMatch(/(소|오)[.!]?(\s|$)/);
    }
  });

  it("sound like each generation as 004's table says", async () => {
    const all = await visits(800);
    const by = (voice: string) => all.filter((v) => voiceOf(v.persona.generation) === voice);
    const z = by("young");
    const zMarked = z.filter((v) => /ㅋ|존|개|[\u{1F300}-\u{1FAFF}]/u.test(v.comment));
    expect(zMarked.length / z.length).toBeGreaterThan(0.8);
    // the others keep to their registers: no ㅋ or 존나; X and S end in -ㅂ니다, Y mostly in -요
    for (const v of all.filter((v) => voiceOf(v.persona.generation) !== "young"))
      expect(v.comment).not.toMatch(/ㅋ|존나|존맛|개꿀/);
    for (const v of [...by("x"), ...by("s")]) expect(v.comment).toMatch(/니다\.$/);
    const yPolite = by("y").filter((v) => /요[.!]?|📌|인정/.test(v.comment));
    expect(yPolite.length).toBe(by("y").length);
  });

  it("vary: at least 90 distinct comments in 100 visits, the store's name removed", async () => {
    const comments = (await visits(100)).map((v) => v.comment.replaceAll(v.store.name, "").trim());
    expect(new Set(comments).size).toBeGreaterThanOrEqual(90);
  });

  it("agree with the rating and the tags: an aspect is praised only when its tag was chosen", async () => {
    const aspectWords: Record<string, RegExp> = {
      분위기: /분위기|인테리어|사진|감성|힙/,
      서비스: /친절|응대|서비스|서빙|챙깁/,
      가성비: /가성비|가격|값이|혜자|개이득|시세|값어치/,
    };
    let good = 0;
    for (const v of await visits(600)) {
      if (v.rating >= 4) {
        good++;
        for (const [tag, words] of Object.entries(aspectWords))
          if (words.test(v.comment)) expect(v.selected_tags, v.comment).toContain(tag);
        expect(v.comment).not.toMatch(/아쉬|별로|비추|못 미쳤|부족/);
      } else {
        expect(v.selected_tags).toEqual([]);
        expect(v.comment).not.toMatch(/존맛|개꿀맛|(?<!못 )미쳤|만족|재방문 의사 있|강추|또 들르/);
      }
    }
    expect(good).toBeGreaterThan(100);
  });
});
