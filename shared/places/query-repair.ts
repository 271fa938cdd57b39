// A query repaired before anything reads it, the same way for place search and restaurant questions:
// Korean numerals to digits, words typed in Latin letters read back into Hangul (hongdae jokbal),
// initials read as the word they stand for (ㅁㄹㅌ → 마라탕), spacing restored (신사역근처와인바), place
// names written apart joined, and typos in place and food names corrected — each reading and correction
// named, so the answer can say what it understood.
import { disassemble } from "es-hangul";
import { regionsNamed, resolveInArea } from "../geo/area-resolve.ts";
import { allGazetteerEntries, isPlaceName, lookupPlace, lookupRomanizedStation } from "../geo/gazetteer.ts";
import { haversine } from "../geo/haversine.ts";
import { isQuestionWord } from "../korean/word-class.ts";
import { correctFood, correctPlace, jamoDistance } from "../korean/fuzzy.ts";
import { GENERIC_INITIALS } from "./generic-words.ts";
import { InitialsReader } from "../korean/initials.ts";
import { normalizeNumerals } from "../korean/numerals.ts";
import { RomanizedReader } from "../korean/romanized.ts";
import { isKnownWord, joinSplitNames, restoreSpacing } from "../korean/segment.ts";
import { FILLER, isHangul, particleVariants, tokenize } from "../korean/text.ts";
import { LEXICON } from "./lexicon.ts";
import { isMenuWord } from "./menu-words.ts";
import { endsWithLexiconTerm, isLexiconTerm, isLexiconWord } from "./query-terms.ts";

export interface Corrected {
  from: string;
  to: string;
  place: boolean;
}

const NEAR_NEXT = /^(근처|주변|인근|부근|앞|쪽|에서|까지|가는)/;

/** Words nothing recognises get one chance: the place or food name one jamo away ("합점역" → 합정역). */
function correctTypos(text: string): { text: string; corrections: Corrected[] } {
  const tokens = tokenize(text);
  const corrections: Corrected[] = [];
  let out = "";
  let at = 0;
  tokens.forEach((tok, i) => {
    if (!/^[가-힣ㄱ-ㅣ]{2,}/.test(tok.text) || !isHangul(tok.text)) return;
    // "언제까지", "어디야": a question word is no typo of a place or dish (언제 is not 언주)
    if (isQuestionWord(tok.text)) return;
    const variants = particleVariants(tok.text);
    if (variants.some((v) => isKnownWord(v.stem) || isPlaceName(v.stem))) return;
    // "구미역": a city's own station the urban-rail tables lack (a railway station), not a typo of 구리역
    if (variants.some((v) => /역$/.test(v.stem) && lookupPlace(v.stem.slice(0, -1))?.kind === "city")) return;
    // "울산 삼산동": a name its region makes known; and after a region, no jump to a namesake elsewhere
    const prev = tokens[i - 1]?.text;
    if (prev && variants.some((v) => lookupPlace(`${prev} ${v.stem}`))) return;
    // "김해 장유": a place of that name inside the region the word before names (장유 is no typo of 장어)
    if (prev && regionsNamed(prev).length && variants.some((v) => resolveInArea([prev], v.stem)?.inside))
      return;
    const region = prev ? lookupPlace(prev) : undefined;
    const inRegion = (e: { lat: number; lng: number }) =>
      !region || !["city", "province", "gu"].includes(region.kind) || haversine(region, e) < 30_000;
    const next = tokens[i + 1]?.text ?? "";
    for (const { stem, particle } of variants) {
      if (stem.length < 2) continue;
      const placeShaped =
        jamoDistance(disassemble(stem.slice(-1)), "ㅇㅕㄱ", 1) <= 1 ||
        /[동둥]$/.test(stem) ||
        NEAR_NEXT.test(next) ||
        /^(에서|까지|근처|주변)/.test(particle);
      const candidate = placeShaped ? correctPlace(stem) : undefined;
      const place = candidate && inRegion(candidate.value) ? candidate : undefined;
      // a word the lexicon does not explain (순두부찌게 holds 순두부 but does not end with it) may be a typo;
      // one that ends with a term (순둡찌개) only of a dish with that same ending (순두부찌개)
      // a dish word menus write (굴비) is that dish, never corrected into another one (갈비)
      const candidateFood =
        !place && !isLexiconTerm(stem) && !isMenuWord(stem) ? correctFood(stem) : undefined;
      const food =
        candidateFood && (!endsWithLexiconTerm(stem) || candidateFood.word.slice(-2) === stem.slice(-2))
          ? candidateFood
          : undefined;
      const to = place?.word ?? food?.word ?? (placeShaped ? undefined : compoundTypo(stem));
      if (!to) continue;
      corrections.push({ from: stem, to, place: Boolean(place) });
      out += text.slice(at, tok.start) + to;
      at = tok.start + stem.length;
      return;
    }
  });
  return { text: out + text.slice(at), corrections };
}

/** Korean dishes and kinds by their romanization ("jokbal" → 족발). */
let romanizedReader: RomanizedReader | undefined;
// built when a Latin word first needs it: romanizing the lexicon is no work for every start-up
const romanized = (): RomanizedReader =>
  (romanizedReader ??= new RomanizedReader(
    LEXICON.flatMap((e) => [...e.terms, ...e.keywords]).map((t) => t.replace(/^=/, "")),
  ));

/**
 * Korean words typed in Latin letters ("hongdae jokbal") read as the Hangul word they spell, each named
 * as a correction. English words the lexicon knows (cafe, bar), fillers and romanized place names are
 * left as they are.
 */
function readRomanized(text: string): { text: string; corrections: Corrected[] } {
  const corrections: Corrected[] = [];
  const out = text.replace(/[A-Za-z][A-Za-z'-]{2,}/g, (word) => {
    const lower = word.toLowerCase();
    if (FILLER.has(lower) || isLexiconTerm(lower) || isLexiconWord(lower) || lookupRomanizedStation(lower))
      return word;
    const hangul = romanized().read(lower);
    if (!hangul) return word;
    corrections.push({ from: word, to: hangul, place: false });
    return hangul;
  });
  return { text: out, corrections };
}

/**
 * Words by their initial consonants: the kinds of the lexicon, and the places of Korea (Seoul's own
 * tables before the nationwide ones, a station named without 역, one name once).
 */
let initialsReader: InitialsReader | undefined;
function initials(): InitialsReader {
  return (initialsReader ??= new InitialsReader([
    ...LEXICON.flatMap((e) => [...e.keywords, ...e.terms]).map((t) => ({
      word: t.replace(/^=/, ""),
      kind: "kind" as const,
    })),
    ...[...allGazetteerEntries()]
      .filter((e) => e.country === "KR")
      .sort((a, b) => Number(Boolean(a.national)) - Number(Boolean(b.national)))
      .map((e) => ({ word: e.name.replace(/역$/, ""), kind: "place" as const, rank: e.national ? 1 : 0 })),
  ]));
}

interface InitialsOutcome {
  text: string;
  corrections: Corrected[];
  /** a reading several words fit, or of two consonants only */
  ambiguous: boolean;
}

/**
 * Initials read as the word they stand for ("ㅁㄹㅌ" → 마라탕, "ㅍㄱ역" → 판교역): a place where the query
 * puts one (before 역, 근처, 에서 …), else a kind first. Each reading is named as a correction.
 */
function readInitials(text: string): InitialsOutcome {
  const corrections: Corrected[] = [];
  let ambiguous = false;
  const out = text.replace(
    /(?<![가-힣ㄱ-ㅣ])[ㄱ-ㅎ]{2,}(역)?(?=(\s*)(\S*))/g,
    (run, station: string | undefined, _s, next: string) => {
      const letters = station ? run.slice(0, -1) : run;
      if (!station && GENERIC_INITIALS.has(letters)) return run; // 추천 (ㅊㅊ), not 춘천
      const placeNext = Boolean(station) || /^(근처|주변|인근|부근|에서|까지|가는|앞|쪽)/.test(next);
      const r = initials().read(letters, placeNext ? "place" : "kind");
      if (!r || (station && r.kind !== "place")) return run;
      const to = `${r.word}${station ?? ""}`;
      ambiguous ||= r.ambiguous;
      corrections.push({ from: run, to, place: r.kind === "place" });
      return to;
    },
  );
  return { text: out, corrections, ambiguous };
}

/**
 * A typo at the end of a compound dish ("곱창전곧", "돼지국밥짐"): a dish the lexicon knows, then a part
 * one jamo away from another dish or from 집. The known part is left as it is.
 */
function compoundTypo(word: string): string | undefined {
  for (let k = word.length - 1; k >= 2; k--) {
    const head = word.slice(0, k);
    const tail = word.slice(k);
    if (!isLexiconTerm(head) && !endsWithLexiconTerm(head)) continue;
    if (tail.length === 1)
      return tail !== "집" && jamoDistance(disassemble(tail), disassemble("집"), 1) <= 1
        ? `${head}집`
        : undefined;
    const fixed = isLexiconTerm(tail) || isMenuWord(tail) ? undefined : correctFood(tail);
    return fixed ? head + fixed.word : undefined;
  }
  return undefined;
}

export interface RepairedQuery {
  text: string;
  /** each reading and correction, in the order made: "from → to" */
  corrections: Corrected[];
  /** a reading several words fit (initials shared by several words, or two consonants only) */
  ambiguous: boolean;
}

export function repairQuery(raw: string): RepairedQuery {
  const romanized = readRomanized(raw.normalize("NFC").trim());
  const byInitials = readInitials(romanized.text);
  const typos = correctTypos(restoreSpacing(joinSplitNames(normalizeNumerals(byInitials.text))));
  return {
    text: typos.text,
    corrections: [...romanized.corrections, ...byInitials.corrections, ...typos.corrections],
    ambiguous: byInitials.ambiguous,
  };
}
