// Properties of the translator over generated inputs (issue 12): spacing does not change the plan,
// every number 1–99 reads the same in every form, one-jamo typos of known names resolve back, and a
// correctly spelled name is never remapped.
import { assemble, disassemble, numberToHangul } from "es-hangul";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allGazetteerEntries, lookupPlace } from "../../shared/geo/gazetteer.ts";
import { LEXICON } from "../../shared/places/lexicon.ts";
import { planSearch } from "../../shared/place-search/planner.ts";
import { parseDistance, parseTrip } from "../../shared/place-search/translator/measures.ts";
import { normalizeNumerals } from "../../shared/korean/numerals.ts";
import { translateWithRules } from "../../shared/place-search/translator/rules.ts";
import { isKnownWord } from "../../shared/korean/segment.ts";
import { particleVariants } from "../../shared/korean/text.ts";

const seoulStations = [
  ...new Set(
    allGazetteerEntries()
      .filter((e) => e.kind === "station" && !e.national && /^[가-힣]{3,}$/.test(e.name))
      .map((e) => e.name),
  ),
];
const dongs = [
  ...new Set(
    allGazetteerEntries()
      .filter((e) => e.kind === "dong" && e.en && /^[가-힣]{3,}$/.test(e.name))
      .map((e) => e.name),
  ),
];
// the food words of the lexicon that name a dish (two syllables or more, Hangul)
const foods = [
  ...new Set(
    LEXICON.filter((e) => e.kind === "food" && !e.generic).flatMap((e) =>
      e.terms.filter((t) => /^[가-힣]{2,}$/.test(t)),
    ),
  ),
];

const planOf = (q: string) => {
  const r = translateWithRules(q).result;
  const { search_plan, strategy_type, post_processing, provider } = planSearch(r);
  return { search_plan, strategy_type, post_processing, provider };
};

describe("spacing", () => {
  const place = fc.constantFrom(...seoulStations, ...dongs);
  const food = fc.constantFrom(...foods);
  const pattern = fc.constantFrom(
    (a: string, _b: string, f: string) => `${a} 근처 ${f}`,
    (a: string, _b: string, f: string) => `${a} 주변 ${f} 추천해줘`,
    (a: string, b: string, f: string) => `${a}에서 ${b} 가는 길에 ${f}`,
    (a: string, _b: string, f: string) => `${a}에서 걸어서 10분 이내 ${f}`,
    (a: string, _b: string, f: string) => `${a} 주차되는 ${f}`,
    (a: string, _b: string, f: string) => `${a} 조용한 ${f} 맛집`,
    // shapes a review found leaking: a distance glued to 거리, the way there, a trip length in Korean
    // numerals right after the name, a bare 중간 between two places
    (a: string, _b: string, f: string) => `${a}에서 걸어서 5분거리 ${f}`,
    (a: string, _b: string, f: string) => `${a} 10분거리 ${f}`,
    (a: string, b: string, f: string) => `${a}에서 ${b} 가는길 ${f}`,
    (a: string) => `${a} 이박삼일 여행 코스`,
    (a: string) => `${a} 일박이일 여행`,
    (a: string, b: string, f: string) => `${a}이랑 ${b} 중간 ${f}`,
  );

  it("removing every space from a query plans the same", () => {
    fc.assert(
      fc.property(pattern, place, place, food, (p, a, b, f) => {
        const q = p(a, b, f);
        expect(planOf(q.replace(/\s+/g, ""))).toEqual(planOf(q));
      }),
      { numRuns: 300, seed: 12 },
    );
  });
});

describe("numbers", () => {
  const ONES = ["", "한", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉"];
  const TENS = ["", "열", "스물", "서른", "마흔", "쉰", "예순", "일흔", "여든", "아흔"];
  /** native form before a counter, written here independently of the parser (which uses es-hangul) */
  const native = (n: number) => (n === 20 ? "스무" : TENS[Math.floor(n / 10)]! + ONES[n % 10]!);
  const DAYS = ["", "하루", "이틀", "사흘", "나흘", "닷새", "엿새", "이레", "여드레", "아흐레", "열흘"];
  const nativeDays = (n: number) =>
    n <= 10 ? DAYS[n] : n < 20 ? `열${DAYS[n - 10]}` : n === 20 ? "스무날" : undefined;
  const forms = (n: number) => [String(n), numberToHangul(n) /* sino-Korean */, native(n)];

  const DISTANCE_COUNTERS = ["분", "시간", "킬로", "km", "미터"];

  it("every number 1–99 in sino-Korean, native and Arabic form reads the same with 분, 시간, 킬로, km, 미터", () => {
    for (let n = 1; n < 100; n++) {
      for (const counter of DISTANCE_COUNTERS) {
        const want = parseDistance(`걸어서 ${n}${counter} 이내`);
        for (const form of forms(n)) {
          for (const space of ["", " "]) {
            const q = normalizeNumerals(`걸어서 ${form}${space}${counter} 이내`);
            expect(parseDistance(q), `${form}${space}${counter}`).toEqual(want);
          }
        }
      }
    }
  });

  it("and with 박 and 일 (native day counts: 하루 … 스무날)", () => {
    for (let n = 1; n < 100; n++) {
      for (const form of forms(n)) {
        expect(parseTrip(normalizeNumerals(`${form}박 여행`)), `${form}박`).toEqual({
          nights: n,
          days: n + 1,
        });
      }
      const days = [`${n}일`, `${numberToHangul(n)}일`, nativeDays(n)].filter((x): x is string => !!x);
      for (const form of days) {
        expect(parseTrip(normalizeNumerals(`${form} 여행`)), form).toEqual({ days: n, nights: n - 1 });
      }
    }
  });
});

describe("typos", () => {
  const JAMO = [..."ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎㅏㅐㅑㅒㅓㅔㅕㅖㅗㅛㅜㅠㅡㅣ"];
  const edit = fc.record({
    kind: fc.constantFrom("sub", "ins", "del"),
    at: fc.nat(),
    jamo: fc.constantFrom(...JAMO),
  });
  const apply = (word: string, e: { kind: string; at: number; jamo: string }) => {
    const j = [...disassemble(word)];
    const i = e.at % j.length;
    if (e.kind === "sub") j[i] = e.jamo;
    else if (e.kind === "ins") j.splice(i, 0, e.jamo);
    else j.splice(i, 1);
    try {
      return assemble(j);
    } catch {
      return undefined; // no keyboard types this sequence (es-hangul cannot compose it)
    }
  };

  // one edit per name, drawn by fast-check; the share that resolves back must be ≥ 90 %
  function resolvedShare(
    names: string[],
    query: (typo: string) => string,
    resolved: (r: ReturnType<typeof translateWithRules>, name: string) => boolean,
  ) {
    const samples = fc.sample(fc.tuple(fc.constantFrom(...names), edit), { numRuns: 400, seed: 7 });
    let ok = 0;
    let tried = 0;
    const missed: string[] = [];
    for (const [name, e] of samples) {
      const typo = apply(name, e);
      if (typo === undefined || typo === name || names.includes(typo)) continue; // an edit that spells another real name is no typo
      tried++;
      const r = translateWithRules(query(typo));
      if (!resolved(r, name)) {
        missed.push(`${typo}≠${name}`);
        continue;
      }
      ok++;
      // resolved as written (팔판도 is 팔판 + the particle 도): no correction to name
      if (particleVariants(typo).some((v) => lookupPlace(v.stem) || isKnownWord(v.stem))) continue;
      // the correction is named, and it lowered the confidence
      expect(
        r.warnings.some((w) => w.includes("→") && w.includes(name)),
        `${typo}: ${r.warnings}`,
      ).toBe(true);
      expect(r.confidence).toBeLessThan(1);
    }
    return { share: ok / tried, missed };
  }

  it("a station name with one jamo substituted, inserted or left out resolves back (≥ 90 %)", () => {
    const { share, missed } = resolvedShare(
      seoulStations,
      (typo) => `${typo} 근처 카페`,
      (r, name) => r.result.locations[0]?.query === name,
    );
    expect(share, missed.slice(0, 30).join(" ")).toBeGreaterThanOrEqual(0.9);
  });

  it("a dong name likewise (≥ 90 %)", () => {
    const { share, missed } = resolvedShare(
      dongs,
      (typo) => `${typo} 근처 카페`,
      (r, name) => (r.result.locations[0]?.query ?? "").endsWith(name),
    );
    expect(share, missed.slice(0, 30).join(" ")).toBeGreaterThanOrEqual(0.9);
  });

  it("a food word of the lexicon likewise (≥ 90 %)", () => {
    const long = foods.filter((f) => disassemble(f).length >= 5);
    const { share, missed } = resolvedShare(
      long,
      (typo) => `강남역 ${typo}`,
      (r, name) =>
        r.warnings.some((w) => w.endsWith(`${name}으로 찾았어요`) || w.endsWith(`${name}로 찾았어요`)),
    );
    expect(share, missed.slice(0, 30).join(" ")).toBeGreaterThanOrEqual(0.9);
  });

  it("a correctly spelled name is never remapped", () => {
    fc.assert(
      fc.property(fc.constantFrom(...seoulStations, ...dongs), fc.constantFrom(...foods), (place, food) => {
        const r = translateWithRules(`${place} 근처 ${food}`);
        expect(r.warnings.filter((w) => w.includes("찾았어요") && w.includes("→"))).toEqual([]);
      }),
      { numRuns: 500, seed: 3 },
    );
  });
});
