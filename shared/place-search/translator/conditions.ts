// Conditions on the places, read out of the query so they never become search keywords: when the place
// must be open (지금, 24시, 새벽, 일요일에 여는, 공휴일, 내일 저녁 7시), how to rank (평점 높은), a price
// ceiling (만원 이하) and exclusions (프랜차이즈 말고). The numbers are already digits (numerals.ts).
import type { Conditions, OpenAt } from "../schemas.ts";
import type { QueryText } from "../../places/query-terms.ts";

const OPEN_WORDS =
  "(?:에도|에|날|날에)?\\s?(?:여는|하는|영업하는|영업|문\\s?여는|진료하는|진료|열려\\s?있는|열린|가능한)?";
const WEEKDAYS = "일월화수목금토";
const MEAL_HOUR: Record<string, number> = { 아침: 8, 점심: 12, 저녁: 19, 밤: 22, 새벽: 3 };

function clock(hour: number, part: string | undefined, half: string | undefined): string {
  let h = hour;
  if ((part === "오후" || part === "저녁" || part === "밤") && h < 12) h += 12;
  else if (part === "밤" && h === 12) h = 0;
  // a bare hour from 1 to 11 for a meal or a drink is the evening one (7시 → 19:00); 아침/오전/새벽 say otherwise
  else if (!part && h >= 1 && h <= 11) h += 12;
  const min = half === "반" ? 30 : half ? Number(half.replace("분", "")) : 0;
  return `${String(h % 24).padStart(2, "0")}:${String(min).padStart(2, "0")}`;
}

const WEEKDAY_RE = new RegExp(`([${WEEKDAYS}])요일${OPEN_WORDS}`, "g");
const HOLIDAY_RE = new RegExp(`(?:공휴일|휴일|연휴|명절|설날|추석)${OPEN_WORDS}`, "g");
/** Every condition needs one of these: most queries are answered without running the patterns below. */
const ANY_CONDITION =
  /\d\s?시|24|영업|지금|현재|open|새벽|심야|밤늦|밤새|늦게|늦은|야간|밤에|late|요일|휴일|연휴|명절|설날|추석|오늘|내일|모레|평점|별점|평가|리뷰|후기|rated|원|프랜차이즈|체인|chain|말고|빼고|제외|won|₩|krw/i;

const AMOUNT = "(\\d{1,3}(?:,\\d{3})+|\\d+(?:k\\b)?)";
/** A price in English: the amount with ₩, won or KRW, after "under" and its kin or before "or less"; a bare one is a ceiling too. */
const ENGLISH_PRICE = new RegExp(
  `(?:(?:under|below|less than|cheaper than|up to|max(?:imum)?|at most|within|no more than)\\s*)?(?:₩\\s?|krw\\s?)${AMOUNT}(?:\\s*(?:won|krw|원))?(?:\\s*(?:or less|or under|and under|max))?|(?:(?:under|below|less than|cheaper than|up to|max(?:imum)?|at most|within|no more than)\\s*)?${AMOUNT}\\s*(?:won|krw)\\b(?:\\s*(?:or less|or under|and under|max))?`,
  "i",
);

/** Open late in the evening: "늦게까지 하는", "밤늦게까지 여는", "늦은 밤에도", "야간 영업", "open late". */
const LATE =
  /(?:밤\s?)?늦게\s?까지\s?(?:영업\s?)?(?:하는|여는|열려\s?있는|열려있는|영업하는|하는\s?곳|열어)?|밤늦게\s?(?:까지)?\s?(?:하는|여는|영업하는)?|늦은\s?(?:밤|시간)(?:에도|에|까지)?\s?(?:하는|여는|영업하는)?|야간\s?(?:영업|에도?\s?(?:하는|여는))|밤에\s?(?:하는|여는)|\bopen late\b|\blate[- ]opening\b/i;

const DAY_OFFSET: Record<string, number> = { 오늘: 0, 내일: 1, 모레: 2, tonight: 0, tomorrow: 1 };

export function parseConditions(q: QueryText): Conditions {
  if (!ANY_CONDITION.test(q.text)) return noConditions();
  let openAt: OpenAt | null = null;
  const set = (o: OpenAt) => (openAt ??= o);

  // 24시 first: it is a kind of opening, not 24 o'clock
  if (
    q.take(/24\s?시간?(?:\s?(?:영업|운영|하는|여는))?(?:중인|인|하는)?|\b24h\b|24\/7|open 24 hours/i).length
  )
    set({ kind: "24h" });
  // clock times, with the part of the day before them ("밤 11시" is 23:00)
  for (const m of q.take(
    /(오늘|내일|모레)?\s?(아침|오전|점심|오후|저녁|밤|새벽)?\s?(\d{1,2})시(?!간)(?:\s?(반|\d{1,2}분))?(?:에|쯤)?\s?(?:에도\s?)?(?:여는|하는|영업하는|영업|열려\s?있는)?/,
  )) {
    const hour = Number(m[3]);
    if (hour > 24) continue;
    set({ kind: "at", day_offset: DAY_OFFSET[m[1] ?? "오늘"] ?? 0, time: clock(hour, m[2], m[4]) });
  }
  if (
    q.take(
      /(?:지금|현재)\s?(?:영업\s?중인?|영업하는|문\s?연|열려\s?있는|여는|하는|열린)|영업\s?중인?|문\s?(?:연|열린)(?=\s|$)|open now|\bopen\b/i,
    ).length
  )
    set({ kind: "now" });
  if (
    q.take(
      /새벽\s?(?:영업|까지|에도|에)?\s?(?:하는|여는)?|심야\s?(?:영업)?|밤새\s?(?:영업|하는|여는)?|late[- ]night/i,
    ).length
  )
    set({ kind: "dawn", time: "03:00" });
  // open into the late evening: the hours words of a place's page (늦게까지, 밤늦게, 야간 영업), not dawn
  if (q.take(LATE).length) set({ kind: "late", time: "23:00" });
  for (const m of q.take(WEEKDAY_RE)) {
    set({ kind: "at", weekday: WEEKDAYS.indexOf(m[1] ?? "") });
  }
  if (q.take(HOLIDAY_RE).length) set({ kind: "at", holiday: true });
  for (const m of q.take(/(오늘|내일|모레)\s?(아침|점심|저녁|밤)?(?:에)?/)) {
    set({
      kind: "at",
      day_offset: DAY_OFFSET[m[1] ?? "오늘"] ?? 0,
      ...(m[2] ? { time: `${String(MEAL_HOUR[m[2]]).padStart(2, "0")}:00` } : {}),
    });
  }

  const rating =
    q.take(
      /(?:평점|별점|평가|리뷰|후기)(?:이|가)?\s?(?:높은|좋은|최고|많은|순)|(?:top|highly|best|high)[\s-]?rated/i,
    ).length > 0;

  let maxPrice: number | null = null;
  for (const m of q.take(/(\d+)\s?원\s?(?:이하|미만|이내|까지|안쪽|안으로|아래|밑|대|짜리)/)) {
    const n = Number(m[1]);
    maxPrice = /대$/.test(m[0]) ? n * 2 - 1 : n; // 1만원대 → under 20000
  }
  // English: "under 10000 won", "below ₩15,000", "₩8,000", "10k won", "12000 won or less", "max 9000 KRW"
  for (const m of q.take(ENGLISH_PRICE)) {
    const amount = m[1] ?? m[2] ?? "";
    const k = /k$/i.test(amount) ? 1000 : 1;
    const n = Number(amount.replace(/[,k]/gi, "")) * k;
    if (n > 0) maxPrice ??= n;
  }

  const exclude: string[] = [];
  if (
    q.take(
      /(?:프랜차이즈|체인점|체인|대형\s?체인)\s?(?:말고|빼고|제외(?:하고)?|아닌|없는)|no chains?|not (?:a )?chains?|non[- ]chain/i,
    ).length
  )
    exclude.push("프랜차이즈");
  for (const m of q.take(/([가-힣A-Za-z]{2,12})\s?(?:말고|빼고|제외하고)/)) if (m[1]) exclude.push(m[1]);

  return { open_at: openAt, sort_by: rating ? "rating" : null, max_price: maxPrice, exclude };
}

export const noConditions = (): Conditions => ({
  open_at: null,
  sort_by: null,
  max_price: null,
  exclude: [],
});

export const hasConditions = (c: Conditions) =>
  c.open_at !== null || c.sort_by !== null || c.max_price !== null || c.exclude.length > 0;
