// The offline engine's comments and reasons in correct Korean: every particle after a store name or an
// aspect follows that word's final consonant. Checked against the Unicode arithmetic of Hangul
// syllables (not against es-hangul, which the engine uses), over every store name × aspect × template.
import { describe, expect, it } from "vitest";
import { pinnedDemoPlaces } from "../../shared/demo/places.ts";
import { ASPECT_WORD, COMMENTS, fillTemplate } from "../../shared/simulation/engines/offline.ts";
import { mangwonStores } from "../../shared/simulation/stores.ts";

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
};

describe("comment templates", () => {
  const stores = mangwonStores(pinnedDemoPlaces());
  const templates = Object.values(COMMENTS).flatMap((tones) => Object.values(tones).flat());
  const aspects = Object.values(ASPECT_WORD);

  it("choose every particle by the word's final consonant: 0 mismatches over all stores × aspects", () => {
    let checked = 0;
    const wrong: string[] = [];
    for (const template of templates)
      for (const m of template.matchAll(/\{(\w+)\|([^}]+)\}/g)) {
        const [name, particle] = [m[1]!, m[2]!];
        const words = name === "store" ? stores.map((s) => s.name) : aspects;
        for (const word of words) {
          const out = fillTemplate(`{${name}|${particle}}`, { [name]: word });
          const batchim = hasBatchim(word.at(-1)!);
          if (batchim === null) continue; // a name ending in a digit or a Latin letter: no Hangul rule to check
          const [withBatchim, without] = PAIRS[particle]!;
          checked++;
          if (out !== word + (batchim ? withBatchim : without)) wrong.push(out);
        }
      }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it("leave no placeholder and no written-out alternative such as 을(를) in any comment", () => {
    for (const template of templates)
      for (const aspect of aspects) {
        const out = fillTemplate(template, { store: stores[0]!.name, aspect });
        expect(out).not.toMatch(/[{}]|\((를|가|는|이|은|을)\)/);
      }
  });

  it("서비스 takes 가 and 맛 takes 이", () => {
    expect(fillTemplate("{aspect|이/가} 좋았다", { aspect: "서비스" })).toBe("서비스가 좋았다");
    expect(fillTemplate("{aspect|이/가} 좋았다", { aspect: "맛" })).toBe("맛이 좋았다");
  });
});
