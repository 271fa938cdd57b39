// The rules' confidence is honest (issue 12): a plan that left part of the query unread goes to the LLM,
// and the mechanisms that a fresh set (translator-fresh5.jsonl) found missing read words nothing lists.
// Checked over generated inputs: made-up words nothing knows, real stations, cities and regions.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allGazetteerEntries, isPlaceName } from "../../shared/geo/gazetteer.ts";
import { planSearch } from "../../shared/place-search/planner.ts";
import { CONFIDENCE_FOR_RULES } from "../../shared/llm/fallback.ts";
import { translateWithRules } from "../../shared/place-search/translator/rules.ts";
import { isKnownWord } from "../../shared/korean/segment.ts";
import { isLexiconWord } from "../../shared/places/query-terms.ts";

const names = (keep: (e: ReturnType<typeof allGazetteerEntries>[number]) => boolean) => [
  ...new Set(
    allGazetteerEntries()
      .filter((e) => keep(e) && /^[가-힣]{2,}$/.test(e.name))
      .map((e) => e.name),
  ),
];
const stations = names((e) => e.kind === "station" && !e.national && e.name.length >= 3);
const cities = names((e) => e.kind === "city" && e.country === "KR");
const citiesAbroad = allGazetteerEntries().filter(
  (e) => e.kind === "foreign" && !e.city && e.en && /^[가-힣]{2,}$/.test(e.name),
);

// made-up words: syllables rare in Korean names and dishes, so nothing lists them (checked below)
const SYLLABLES = [..."퀘뷁쮸퓨뤼훼쾨뮤볘쵸뉵퀸쀼텨퓌놰쿄"];
const unknownWord = fc
  .array(fc.constantFrom(...SYLLABLES), { minLength: 2, maxLength: 4 })
  .map((s) => s.join(""))
  .filter((w) => !isKnownWord(w) && !isLexiconWord(w) && !isPlaceName(w));
// with a final consonant, so a trailing 이 could be read as the subject particle
const closedWord = unknownWord.filter((w) => (w.charCodeAt(w.length - 1) - 0xac00) % 28 !== 0);

const rules = (q: string) => translateWithRules(q);
const confident = (q: string) => rules(q).confidence >= CONFIDENCE_FOR_RULES;
/** A made-up word the typo corrector leaves alone: a correction has its own penalty. */
const uncorrected = (q: string) => rules(q).warnings.every((w) => !w.includes("→"));

describe("confidence follows what the rules read", () => {
  it("an unknown word is searched as written, named as unread, and leaves the plan unsure (issue 23)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...stations), unknownWord, unknownWord, (st, a, b) => {
        fc.pre(a !== b && uncorrected(`${st} ${a} ${b}`));
        const one = rules(`${st} ${a}`);
        expect(one.result.search_keywords).toEqual([a]);
        expect(one.unread).toEqual([a]);
        expect(one.warnings.some((w) => w.includes(`‘${a}’`) && w.includes("적힌 그대로"))).toBe(true);
        expect(confident(`${st} ${a}`)).toBe(false);
        expect(confident(`${st} ${a} ${b}`)).toBe(false);
      }),
      { numRuns: 150 },
    );
  });

  it("a verb form whose noun nothing reads leaves the plan unsure, with or without a kind", () => {
    fc.assert(
      fc.property(fc.constantFrom(...stations), unknownWord, (st, w) => {
        fc.pre(uncorrected(`${st} ${w}하기 좋은 곳`));
        expect(confident(`${st} ${w}하기 좋은 곳`)).toBe(false);
        // beside a kind the noun is still unread: left out of the search, named, and the plan unsure
        const withKind = rules(`${st} ${w}하기 좋은 카페`);
        expect(withKind.unread).toEqual([w]);
        expect(withKind.result.search_keywords).toEqual(["카페"]);
        expect(withKind.warnings.some((x) => x.includes(`‘${w}’`) && x.includes("빼고 찾았어요"))).toBe(true);
        expect(withKind.confidence).toBeLessThan(CONFIDENCE_FOR_RULES);
      }),
      { numRuns: 100 },
    );
  });
});

describe("words nothing lists", () => {
  it("after a city abroad, an unknown name before another unknown word is a district of it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...citiesAbroad), unknownWord, unknownWord, (city, d, food) => {
        fc.pre(d !== food && uncorrected(`${city.name} ${d} ${food}`));
        const r = rules(`${city.name} ${d} ${food}`).result;
        expect(r.provider).toBe("google");
        expect(r.locations.map((l) => l.query)).toEqual([`${d}, ${city.en}`]);
        expect(r.search_keywords).toEqual([food]);
        // before a kind the word is what is searched, not a district ("방콕 카오팟 맛집")
        const kind = rules(`${city.name} ${d} 맛집`).result;
        expect(kind.locations.map((l) => l.query)).toEqual([city.query]);
        expect(kind.search_keywords).toEqual([d]);
      }),
      { numRuns: 150 },
    );
  });

  it("근처/주변 inside an unspaced run splits it even when neither side is known", () => {
    const planOf = (q: string) => {
      const { search_plan, strategy_type, provider } = planSearch(rules(q).result);
      return { search_plan, strategy_type, provider };
    };
    fc.assert(
      fc.property(unknownWord, fc.constantFrom("근처", "주변"), unknownWord, (place, near, food) => {
        fc.pre(place !== food);
        expect(planOf(`${place}${near}${food}`)).toEqual(planOf(`${place} ${near} ${food}`));
        expect(rules(`${place}${near}${food}`).result.locations.map((l) => l.name)).toEqual([place]);
      }),
      { numRuns: 150 },
    );
  });

  it("the query's last word keeps a final 이: it is the dish, not a subject", () => {
    fc.assert(
      fc.property(fc.constantFrom(...stations), closedWord, (st, w) => {
        fc.pre(uncorrected(`${st} ${w}이`));
        expect(rules(`${st} ${w}이`).result.search_keywords).toEqual([`${w}이`]);
      }),
      { numRuns: 100 },
    );
  });

  it("a place to stay with another kind is a trip in a city or region, a search beside a station", () => {
    const kinds = fc.constantFrom("맛집", "카페", "관광지");
    const stay = fc.constantFrom("숙소", "호텔", "펜션");
    const regions = [...cities, ...citiesAbroad.map((c) => c.name)];
    fc.assert(
      fc.property(fc.constantFrom(...regions), kinds, stay, (region, kind, lodging) => {
        expect(rules(`${region} ${kind} ${lodging}`).result.distanceMode).toBe("multi_point");
      }),
      { numRuns: 150 },
    );
    fc.assert(
      fc.property(fc.constantFrom(...stations), kinds, stay, (st, kind, lodging) => {
        expect(rules(`${st} ${kind} ${lodging}`).result.distanceMode).toBe("radius");
      }),
      { numRuns: 100 },
    );
  });
});
