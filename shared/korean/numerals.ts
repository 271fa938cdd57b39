// Korean numerals and counters → Arabic digits, before anything reads a distance, a time, a trip length
// or a price: "걸어서 칠분" → "걸어서 7분", "삼박사일" → "3박4일", "한 시간 반" → "1.5시간", "이만원" → "20000원".
// Sino-Korean (일 이 삼 … 십 백 천 만) and native (한 두 세 … 아흔아홉) numbers, and 반 (a half).
import { susa } from "es-hangul";

const SINO_DIGIT: Record<string, number> = {
  일: 1,
  이: 2,
  삼: 3,
  사: 4,
  오: 5,
  육: 6,
  륙: 6,
  칠: 7,
  팔: 8,
  구: 9,
};
const SINO_UNIT: Record<string, number> = { 십: 10, 백: 100, 천: 1000, 만: 10_000 };

/** 삼십오 → 35, 오백 → 500, 만오천 → 15000, 이만 → 20000; undefined when it is no well-formed number. */
export function parseSino(word: string): number | undefined {
  let total = 0;
  let section = 0;
  let digit: number | undefined;
  for (const ch of word) {
    const d = SINO_DIGIT[ch];
    if (d !== undefined) {
      if (digit !== undefined) return undefined; // 이삼: two digits in a row
      digit = d;
      continue;
    }
    const u = SINO_UNIT[ch];
    if (u === undefined) return undefined;
    if (u === 10_000) {
      total += (section + (digit ?? (section ? 0 : 1))) * u;
      section = 0;
    } else section += (digit ?? 1) * u;
    digit = undefined;
  }
  const value = total + section + (digit ?? 0);
  return value > 0 ? value : undefined;
}

/** Native numbers 1–99, both the counting form (열둘) and the form before a counter (열두). */
const NATIVE = new Map<string, number>();
for (let n = 1; n < 100; n++) {
  NATIVE.set(susa(n, true), n);
  NATIVE.set(susa(n), n);
}
/** Native day counts: 하루 … 열흘, 열하루 … 열아흐레, 스무날. */
const DAY_WORDS: [string, number][] = [
  ["하루", 1],
  ["이틀", 2],
  ["사흘", 3],
  ["나흘", 4],
  ["닷새", 5],
  ["엿새", 6],
  ["이레", 7],
  ["여드레", 8],
  ["아흐레", 9],
  ["열흘", 10],
  ["스무날", 20],
];
for (const [w, n] of DAY_WORDS.slice(0, 9)) DAY_WORDS.push([`열${w}`, 10 + n]);

const alternation = (words: Iterable<string>) => [...words].sort((a, b) => b.length - a.length).join("|");

const NUMBER = `(?:${alternation(NATIVE.keys())}|[일이삼사오육륙칠팔구십백천만]+)`;
// longest first: 시간 before 시, 킬로미터 before 킬로
const COUNTER = "킬로미터|킬로|키로|km|㎞|미터|m|시간|분|박|일|시|원";
// what may stand right before a number: a boundary, a counter (삼박'사'일), or the travel words
const BEFORE =
  "(?<=^|[\\s,.(~]|박|걸어서|도보|도보로|차로|차타고|택시로|버스로|지하철로|자전거로|반경|에서|약|최대)";
const NUMERAL_RE = new RegExp(`${BEFORE}(${NUMBER}) ?(${COUNTER})(?![a-z])`, "gi");
const DAY_RE = new RegExp(
  `(?<=^|[\\s,.]|박)(${alternation(DAY_WORDS.map(([w]) => w))})(?=$|[\\s,.]|간|동안|짜리|여행|코스|일정|만에)`,
  "g",
);
const DAY_OF = new Map(DAY_WORDS);

const ANY_COUNTER =
  /[분시박일원]|킬로|키로|미터|km|㎞|m|하루|이틀|사흘|나흘|닷새|엿새|이레|여드레|아흐레|열흘|스무날/i;

const NIGHTS_DAYS_RE = /([일이삼사오육칠팔구십]{1,4})박\s?([일이삼사오육칠팔구십]{1,3})일(?![식대반본정요])/g;

/**
 * The nights of "…이박삼일" when the number runs into the name before it (대구이박삼일): the suffix of
 * the run that reads as a number, the one a night shorter than the days if there is one, else the shortest.
 */
function nightsIn(run: string, days: number | undefined): string | undefined {
  let shortest: string | undefined;
  for (let len = 1; len <= run.length; len++) {
    const tail = run.slice(-len);
    const n = parseSino(tail);
    if (n === undefined) continue;
    if (days !== undefined && n === days - 1) return tail;
    shortest ??= tail;
  }
  return shortest;
}

/** Words after which a counter is something else: 분식, 분위기, 시장, 시청, 시내, 일식 … */
const NOT_AFTER: Record<string, RegExp> = {
  분: /^[식위당야석리류점]/,
  시: /^[장청내작적외민설험대립골계]/,
  일: /^[식대반본정반요]/,
  원: /^[두룸피래장]/,
  킬로: /^그/,
};

/** A single sino syllable before 분/일 is often a word (이분 "this person", 구분, 구일역): it needs context. */
const TRAVEL_CONTEXT = /걸어|도보|차로|차 타고|거리|이내|안에|택시|버스|지하철|자전거|까지|walk|drive/;
const TRIP_CONTEXT = /^\s*(?:간|동안|짜리|여행|코스|일정|만에)/;

function numberOf(word: string): number | undefined {
  return NATIVE.get(word) ?? parseSino(word);
}

export function normalizeNumerals(text: string): string {
  if (!/[가-힣]/.test(text) || !ANY_COUNTER.test(text)) return text;
  // "만 오천원": one number written in two words
  let out = text.replace(
    /([일이삼사오육칠팔구십백천]*[만천])\s+(?=[일이삼사오육칠팔구]?[천백십]?[일이삼사오육칠팔구]?\s?원)/g,
    "$1",
  );
  // "제주이박삼일": a trip length glued after a name; 박 then 일 is distinctive enough to read anywhere
  out = out.replace(NIGHTS_DAYS_RE, (whole, run: string, days: string) => {
    const d = parseSino(days);
    const nights = nightsIn(run, d);
    if (d === undefined || nights === undefined) return whole;
    return `${run.slice(0, run.length - nights.length)}${parseSino(nights)}박${d}일`;
  });
  out = out.replace(NUMERAL_RE, (whole, num: string, counter: string, offset: number, all: string) => {
    const after = all.slice(offset + whole.length);
    const c = counter.toLowerCase();
    if (c === "일" && NOT_AFTER.일?.test(after)) {
      // "육일 일정": the number ran into the day's own 일; the 일 that followed starts 일정
      const afterNight = /박\s?$/.test(all.slice(0, offset));
      const n = afterNight && num.length > 1 && num.endsWith("일") ? numberOf(num.slice(0, -1)) : undefined;
      return n === undefined ? whole : `${n}일${whole.slice(num.length)}`;
    }
    if (NOT_AFTER[c]?.test(after)) return whole;
    const native = NATIVE.has(num);
    const single = !native && num.length === 1;
    if (c === "일") {
      // days: "3박4일", "삼일 여행"; never a native number (세일 is a sale)
      const afterNight = /박\s?$/.test(all.slice(0, offset));
      if (native || (!afterNight && !TRIP_CONTEXT.test(after))) return whole;
    }
    if (c === "분" && single && !TRAVEL_CONTEXT.test(all)) return whole;
    if (c === "시" && !native) return whole; // clock hours are native (일곱 시); 이시, 삼시 are not
    if (c === "원" && !/[만천백]$/.test(num)) return whole;
    const n = numberOf(num);
    return n === undefined ? whole : `${n}${counter}`;
  });
  out = out.replace(DAY_RE, (w) => `${DAY_OF.get(w)}일`);
  // digits with 만/천 before 원: 2만원 → 20000원, 1만5천원 → 15000원
  out = out.replace(
    /(\d+)만\s?(?:(\d+)천)?\s?원/g,
    (_w, man: string, cheon?: string) => `${Number(man) * 10_000 + Number(cheon ?? 0) * 1000}원`,
  );
  out = out.replace(/(\d+)천\s?원/g, (_w, cheon: string) => `${Number(cheon) * 1000}원`);
  // a half: "1시간 반" → 1.5시간, "반 시간" → 30분, "10분 반" stays (half a minute is noise)
  out = out.replace(/(\d+)\s?시간\s?반/g, (_w, h: string) => `${h}.5시간`);
  out = out.replace(/(?<=^|[\s,.]|걸어서|도보|차로)반\s?시간/g, "30분");
  return out;
}

/**
 * An amount in won as people read it, exactly (no rounding): 조, 억 and 만 with the rest in won —
 * 3,910,000,000 → "39억 1,000만 원", 147,744,000 → "1억 4,774만 4,000원", 480 → "480원".
 */
export function koreanWon(won: number): string {
  const n = Math.round(Math.abs(won));
  const units: [number, string][] = [
    [1e12, "조"],
    [1e8, "억"],
    [1e4, "만"],
  ];
  const parts: string[] = [];
  let rest = n;
  for (const [size, unit] of units) {
    const count = Math.floor(rest / size);
    if (count) parts.push(`${count.toLocaleString("en-US")}${unit}`);
    rest -= count * size;
  }
  const text = parts.length
    ? `${parts.join(" ")}${rest ? ` ${rest.toLocaleString("en-US")}원` : " 원"}`
    : `${rest.toLocaleString("en-US")}원`;
  return won < 0 ? `−${text}` : text;
}

/** The numbers koreanWon writes for an amount (3910000000 → 39, 1000), as a figure's check compares them. */
export function koreanWonParts(won: number): string[] {
  return [...koreanWon(won).matchAll(/[\d,]+/g)].map((m) => m[0].replace(/,/g, ""));
}

const WON_UNITS: Record<string, number> = { 조: 1e12, 억: 1e8, 천만: 1e7, 백만: 1e6, 만: 1e4, 천: 1e3 };
const WON_AMOUNT = /(?:\d[\d,]*(?:\.\d+)?\s?(?:조|억|천만|백만|만|천)\s?)+(?:\d[\d,]*\s?원)?|\d[\d,]*\s?원/;

/**
 * The first amount in won written the way koreanWon writes it or people type it, as a number:
 * "1억 4,728만 406원" → 147280406, "5천만원" → 50000000, "1.5억" → 150000000; undefined when none.
 */
export function parseKoreanWon(text: string): number | undefined {
  const m = WON_AMOUNT.exec(text);
  if (!m) return undefined;
  let total = 0;
  for (const g of m[0].matchAll(/(\d[\d,]*(?:\.\d+)?)\s?(조|억|천만|백만|만|천)?/g))
    total += Number(g[1]!.replace(/,/g, "")) * (WON_UNITS[g[2] ?? ""] ?? 1);
  return total;
}
