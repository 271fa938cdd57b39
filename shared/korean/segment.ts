// Spacing restored: "신사역근처와인바" → "신사역 근처 와인바". An unspaced run is split where known words
// (gazetteer names, lexicon/review/mood/context terms, the route and distance vocabulary, numbers with
// their counters) cover it best; a particle stays on the word before it, and what no word explains stays
// in one piece (an unknown dish or place is searched as written, not cut into syllables).
import { gazetteerKeys, isPlaceName, lookupPlace } from "../geo/gazetteer.ts";
import { CONTEXT, CONDITION_WORDS, LEXICON, MOODS, PET_TERMS, REVIEW_TERMS } from "../places/lexicon.ts";
import { KIND_WORDS } from "../places/kinds.ts";
import { FILLER, NEAR_NOUNS, particleVariants, TRAILERS } from "./text.ts";
import { normalizeName } from "./normalize.ts";

const MAX_WORD = 14;
/** Place-shaped endings: an unknown name before one is a place name in one piece (경포 + 해수욕장). */
const PLACE_SUFFIXES = [
  "해수욕장",
  "한옥마을",
  "대학교",
  "공원",
  "시장",
  "타워",
  "마을",
  "해변",
  "거리",
  "빌딩",
  "역",
  "섬",
  "길",
];
const STRUCTURE = `근처 주변 인근 부근 근방 앞 사이 사이에 중간 가는 가는길 가는길에 길에 도중 이내 안에 거리 걸어서 도보 도보로 차로
  차타고 반경 코스 여행 일정 짜줘 추천 추천해줘 알려줘 찾아줘 있는 좋은 곳 파는 맛있는 하기 되는 가능한 갈만한 말고 빼고 제외
  이하 미만 이상 정도 쯤 까지 부터 여기 거기 거긴 저기 그곳 이곳 그집 이집 그가게 그식당 그중 그동네`;

let dictionary: Set<string> | undefined;
let foods: Set<string> | undefined;

/** Dishes and drinks of the lexicon: two side by side in one run are one compound dish (순대국밥). */
function foodWords(): Set<string> {
  return (foods ??= new Set(
    LEXICON.filter((e) => (e.kind === "food" || e.kind === "drink") && !e.generic).flatMap((e) =>
      e.terms.map((t) => t.replace(/^=/, "").toLowerCase()),
    ),
  ));
}

function words(): Set<string> {
  if (dictionary) return dictionary;
  const d = new Set<string>();
  const add = (w: string) => {
    const k = w.replace(/^=/, "").replace(/\s+/g, "").toLowerCase();
    // one-syllable words would cut unknown words into pieces (소금빵 → 소금 빵): they only stay as particles
    if (k.length >= 2 && k.length <= MAX_WORD && /^[가-힣0-9]+$/.test(k) && /[가-힣]/.test(k)) d.add(k);
  };
  for (const [k] of gazetteerKeys()) add(k);
  for (const e of LEXICON) {
    e.terms.forEach(add);
    // X집 is a place serving X (초밥집, 국밥집)
    if (e.kind === "food" || e.kind === "drink") e.terms.forEach((t) => add(`${t}집`));
  }
  // the vocabulary of kinds: 성형외과, 코인빨래방 are words, not typos of another
  for (const { word } of KIND_WORDS) add(word);
  for (const m of MOODS) m.terms.forEach(add);
  for (const r of REVIEW_TERMS) r.terms.forEach(add);
  for (const c of CONTEXT) c.terms.forEach(add);
  CONDITION_WORDS.forEach(add);
  PET_TERMS.forEach(add);
  FILLER.forEach(add);
  STRUCTURE.split(/\s+/).forEach(add);
  // a particle is never a word of its own: it stays on the word before it (부산역에서, not 부산역 에서)
  for (const p of TRAILERS) if (!/근처|주변|사이|인근|부근/.test(p)) d.delete(p);
  dictionary = d;
  return d;
}

/** True for a word the dictionary knows as it is (a place, a term, a request or structure word). */
export function isKnownWord(word: string): boolean {
  return words().has(word.toLowerCase());
}

// "망원역이나 강남역": a particle that lists places (이나, 나) stays on its word too
const PARTICLES = [...TRAILERS.filter((p) => !/근처|주변|사이|인근|부근|쪽|앞/.test(p)), "이나", "나"];
const byLast = (words: string[]) => {
  const m = new Map<string, string[]>();
  for (const w of words) m.set(w.at(-1)!, [...(m.get(w.at(-1)!) ?? []), w]);
  return m;
};
const PARTICLE_BY_LAST = byLast(PARTICLES);
const SUFFIX_BY_LAST = byLast(PLACE_SUFFIXES);
const NEAR_SPLIT = new Set(NEAR_NOUNS);
const INNER_PARTICLE = /에서|까지|부터|으로|근처|주변|이랑|하고/;
const NUMBER_UNIT = /^\d+(?:\.\d+)?(?:km|m|분|시간|킬로미터|킬로|키로|미터|박|일|시|원)?$/i;

interface Cell {
  score: number;
  from: number;
  known: boolean;
}

/** How well a piece is explained: a known word scores its length squared; unknown text costs. */
function scorePiece(piece: string, d: Set<string>): { score: number; known: boolean } {
  if (d.has(piece) || NUMBER_UNIT.test(piece)) return { score: piece.length ** 2, known: true };
  for (const p of PARTICLE_BY_LAST.get(piece.slice(-1)) ?? []) {
    if (piece.length > p.length && piece.endsWith(p)) {
      const stem = piece.slice(0, -p.length);
      if (d.has(stem) || NUMBER_UNIT.test(stem)) return { score: stem.length ** 2 - 0.5, known: true };
    }
  }
  for (const s of SUFFIX_BY_LAST.get(piece.slice(-1)) ?? []) {
    // scored as the suffix plus a little per syllable: a name in one piece (신사이바시역, not 신사 + 이바시역),
    // yet worth less than known words inside it (강남역에서판교역 is two stations); no particle inside
    const stem = piece.slice(0, -s.length);
    if (stem.length >= 2 && piece.endsWith(s) && /^[가-힣0-9]+$/.test(piece) && !INNER_PARTICLE.test(stem))
      return { score: s.length ** 2 + 2 * stem.length, known: false };
  }
  return { score: piece.length === 1 ? -6 : -1, known: false };
}

/** One unspaced run → its words joined by spaces; the run itself when no split explains it better. */
export function segmentWord(run: string): string {
  const d = words();
  const n = run.length;
  // a dotted name ("종로5.6가동") is one word
  if (n < 4 || d.has(run) || /[^가-힣0-9a-z]/i.test(run)) return run;
  // a known word with its particle ("강남역에서") is spaced already
  const p = PARTICLE_BY_LAST.get(run.slice(-1)) ?? [];
  if (p.some((x) => run.endsWith(x) && d.has(run.slice(0, -x.length)))) return run;
  const best: (Cell | undefined)[] = [{ score: 0, from: -1, known: false }];
  for (let i = 1; i <= n; i++) {
    for (let j = Math.max(0, i - MAX_WORD); j < i; j++) {
      const prev = best[j];
      if (!prev) continue;
      const { score, known } = scorePiece(run.slice(j, i), d);
      const total = prev.score + score;
      // ties go to fewer pieces: a later j means a longer last piece
      if (!best[i] || total > best[i]!.score || (total === best[i]!.score && j < best[i]!.from)) {
        best[i] = { score: total, from: j, known };
      }
    }
  }
  const pieces: string[] = [];
  for (let i = n; i > 0; i = best[i]!.from) pieces.unshift(run.slice(best[i]!.from, i));
  // a split must be explained by two known words at least: one known name inside an unknown one
  // (나카메구로 holds 구로) is no reason to cut it; but 근처/주변 between two words ("노들섬주변카이센동")
  // says what each side is, known or not
  const locative = pieces.slice(1, -1).some((p) => NEAR_SPLIT.has(p));
  // a run that starts with a place the gazetteer knows, of three syllables or more, is that place and
  // what is wanted there ("동대문역사문화공원역닭한마리", "망원시장닭강정"), known or not
  const placeFirst =
    pieces.length >= 2 &&
    pieces[0]!.length >= 3 &&
    isPlaceName(pieces[0]!) &&
    pieces
      .slice(1)
      .every(
        (p) =>
          p.length >= 2 &&
          !TRAILERS.includes(p) &&
          !PLACE_SUFFIXES.some((x) => p.startsWith(x) || p.endsWith(x)),
      );
  if (!locative && !placeFirst && pieces.filter((p) => scorePiece(p, d).known).length < 2) return run;
  // a dish named by two dishes is one word, read as its head (순대 + 국밥 is a 국밥)
  const joined: string[] = [];
  for (const p of pieces) {
    const prev = joined.at(-1);
    if (prev && foodWords().has(prev) && foodWords().has(p)) joined[joined.length - 1] = prev + p;
    else joined.push(p);
  }
  return joined.length === 1 ? run : joined.join(" ");
}

/**
 * The other way round: a place name written with a space inside it ("을지로 입구역", "부산 진역") is
 * joined when the two words together name a place and the second alone does not, or when together they
 * are that place's own name ("송도 센트럴파크" is 송도센트럴파크, though 센트럴파크 alone is New York's) —
 * not a region before a name ("대구 교대역" stays two words, the region and the station).
 */
export function joinSplitNames(query: string): string {
  return query.replace(/([가-힣]{2,}) ([가-힣]+)/g, (pair, a: string, b: string) => {
    const joined = particleVariants(b).some(({ stem }) => {
      if (stem.length < 1 || !isPlaceName(a + stem)) return false;
      if (!isPlaceName(stem)) return true;
      const entry = lookupPlace(a + stem);
      return entry !== undefined && normalizeName(entry.name) === normalizeName(a + stem);
    });
    return joined ? a + b : pair;
  });
}

/** Every Hangul run of the query, re-spaced. Latin text and short runs are left as they are. */
export function restoreSpacing(query: string): string {
  return query.replace(/[가-힣0-9.]{4,}/g, (run) => segmentWord(run));
}
