// One canonical vocabulary for convenience, atmosphere, occasion and features (002 §4 and §5.2),
// used by the query rewrite, the rules enrichment and the LLM schemas (as enums), so the query's
// word and the document's word always meet: 002 writes "고기구워주는" on the query side and
// "고기구워줌" on the document side, people write "애견동반" where reviews say "반려동물", "주차가능"
// where the document says "주차". Each value lists the ways it is written; matching is
// substring-based on Hangul with optional spaces between syllables ("주차가능" = "주차 가능"), and
// a mention followed, in its clause, by a negation ("주차 안 돼요", "애견 출입 불가") does not count.
import { z } from "zod";
import { squash } from "../korean/normalize.ts";

export const CONVENIENCE = [
  "주차",
  "발렛파킹",
  "배달",
  "포장",
  "예약",
  "룸",
  "반려동물",
  "고기구워줌",
  "콜키지",
  "유아의자",
  "와이파이",
] as const;
/**
 * A narrower wording of a convenience satisfies the wider one (002 §4 lists 주차, not 발렛): a valet
 * service is parking offered, so "발렛 되는" asks for 주차 and a document that says 발렛파킹 has parking.
 */
export const BROADER_CONVENIENCE: Readonly<Record<string, string>> = { 발렛파킹: "주차" };

/** The convenience values that satisfy one asked: itself and its narrower wordings. */
export const satisfying = (value: string): string[] => [
  value,
  ...Object.entries(BROADER_CONVENIENCE).flatMap(([narrow, broad]) => (broad === value ? [narrow] : [])),
];

export const ATMOSPHERE = [
  "조용한",
  "시끌벅적한",
  "로맨틱한",
  "이국적인",
  "색다른",
  "아늑한",
  "쾌적한",
  "넓은 공간",
  "고급스러운",
  "레트로한",
  "캐주얼한",
  "뷰가 좋은",
] as const;
export const OCCASION = [
  "회식",
  "단체",
  "데이트",
  "혼밥",
  "가족",
  "모임",
  "술자리",
  "점심식사",
  "기념일",
  "접대",
  "친구",
] as const;
/** features are open in 002 (방송 프로그램, 유명인, 주변 장소): these are the ones rules recognise */
export const FEATURES = [
  "가성비",
  "친절한",
  "방송출연",
  "신메뉴",
  "리뉴얼",
  "창가뷰",
  "테라스",
  "루프탑",
  "노포",
  "웨이팅",
  "24시간",
  "늦게까지",
  "양이 많은",
  "오픈키친",
] as const;

export const Convenience = z.enum(CONVENIENCE);
export const Atmosphere = z.enum(ATMOSPHERE);
export const Occasion = z.enum(OCCASION);
export type Convenience = z.infer<typeof Convenience>;

export type VocabField = "convenience" | "atmosphere" | "occasion" | "features";
export const VOCAB_FIELDS: readonly VocabField[] = ["convenience", "atmosphere", "occasion", "features"];

interface Entry {
  field: VocabField;
  value: string;
  /** plain terms (spaces optional between syllables) or patterns */
  terms: (string | RegExp)[];
}

/** The value's own word is one of its terms, unless `ownWord` is false (포장 must not match 포장마차). */
const entry = (field: VocabField, value: string, terms: (string | RegExp)[], ownWord = true): Entry => ({
  field,
  value,
  terms: ownWord ? [value, ...terms] : terms,
});
const conv = (v: (typeof CONVENIENCE)[number], t: (string | RegExp)[], ownWord = true) =>
  entry("convenience", v, t, ownWord);
const atmo = (v: (typeof ATMOSPHERE)[number], t: (string | RegExp)[]) => entry("atmosphere", v, t);
const occ = (v: (typeof OCCASION)[number], t: (string | RegExp)[]) => entry("occasion", v, t);
const feat = (v: (typeof FEATURES)[number], t: (string | RegExp)[]) => entry("features", v, t);

export const VOCABULARY: Entry[] = [
  // asked as a question too: "차 댈 데 있어?", "차 세울 수 있나요"
  conv("주차", [
    "주차되",
    "주차돼",
    "주차 가능",
    "주차장",
    "파킹",
    /(?<!무료\s?)주차권/,
    /(?<![가-힣])차\s?(?:를|는|도)?\s?(?:댈|대도|대기|대면|세울|세워|세우)/,
  ]),
  conv("발렛파킹", ["발렛", "발레파킹", "발레 파킹"]),
  conv("배달", ["배달되", "배민", "배달의민족", "요기요", "쿠팡이츠"]),
  // 포장마차 is a kind of bar, not take-out
  conv("포장", [/포\s?장(?!\s?마차)/, "테이크아웃", "투고"], false),
  conv("예약", ["예약되", "예약 가능", "예약제", "캐치테이블", "네이버 예약"]),
  conv(
    "룸",
    [/(?<![가-힣])룸(?!메이트)/, "개별룸", "단체룸", "프라이빗룸", "룸식", "별실", "방이 따로", "독립된 방"],
    false,
  ),
  conv("반려동물", [
    // "강아지 데려가도 돼?", "고양이랑 같이 가도 되나요"
    /(?:강아지|댕댕이|고양이|반려견|반려묘|애완견|애완동물|(?<![가-힣])개|(?<![가-힣])펫)\s?(?:를|도|랑|이랑|와|하고)?\s?(?:데려|데리고|같이\s?(?:가|들어|입장)|동반|출입|들어가|입장)/,
    "애견동반",
    "애견 동반",
    "반려견",
    "애견",
    "강아지 동반",
    "강아지랑",
    "강아지와",
    "강아지도",
    "댕댕이",
    "펫프렌들리",
    "펫 프렌들리",
    "반려묘",
  ]),
  conv("고기구워줌", [
    /고기\s?(?:를|도|는)?\s?구워\s?(?:줘|주|준|드)/,
    "고기구워주",
    "고기 구워주",
    "구워주",
    "구워줌",
    "구워 주",
    "직원이 구워",
    "직접 구워주시",
  ]),
  conv("콜키지", ["콜키지프리", "콜키지 프리"]),
  conv("유아의자", ["아기의자", "아기 의자", "유아 의자", "하이체어", "베이비체어", "아기 식기"]),
  conv("와이파이", [/wi-?fi/, "와이파이"]),

  atmo("조용한", ["조용", "차분한", "대화하기 좋", "대화할 수 있", "대화 나누기 좋", "대화하기에 좋"]),
  atmo("시끌벅적한", ["시끌벅적", "시끌시끌", "북적", "왁자지껄", "시끄러", "시끄럽", "활기찬", "활기가 넘"]),
  atmo("로맨틱한", [
    "로맨틱",
    "은은한 조명",
    "분위기 있는",
    "분위기있는",
    "분위기 좋",
    "분위기좋",
    "무드 있",
  ]),
  atmo("이국적인", ["이국적", "외국 같", "외국에 온", "해외에 온", "현지 느낌", "유럽 감성", "이국"]),
  atmo("색다른", ["색다르", "독특한", "독특해", "이색적", "특이한 분위기"]),
  atmo("아늑한", ["아늑", "포근한"]),
  atmo("쾌적한", ["쾌적", "깔끔한 매장", "매장이 깔끔", "깨끗한 매장", "매장이 깨끗", "청결"]),
  // a wide parking lot is not a wide room: 넓 next to 주차 does not count
  atmo("넓은 공간", [
    "넓은 매장",
    "매장이 넓",
    "공간이 넓",
    "넓직",
    "널찍",
    /(?<!주차장?[이은도가]?\s?)넓(은|고|어)(?!\s?주차)/,
  ]),
  atmo("고급스러운", ["고급스러", "고급진", "격식 있", "호텔 같"]),
  atmo("레트로한", ["레트로", "옛날 감성", "빈티지", "노포 감성", "노포 느낌", "노포 분위기"]),
  atmo("캐주얼한", ["캐주얼", "편안한 분위기", "부담 없는 분위기"]),
  atmo("뷰가 좋은", ["뷰가 좋", "뷰 좋", "뷰맛집", "뷰 맛집", "전망", "한강뷰", "야경", "경치"]),

  occ("회식", ["팀 회식", "부서 회식", "직장 동료", "동료들이랑", "동료들과", "팀원들"]),
  occ("단체", ["단체석", "단체 손님", "단체로", "대관", "여럿이", "인원이 많", "긴 테이블", "큰 테이블"]),
  occ("데이트", ["연인", "여자친구", "남자친구", "여친", "남친", "커플", "소개팅"]),
  occ("혼밥", [
    "혼자 밥",
    "혼자 먹",
    "혼자 오",
    "혼자 와",
    "혼자 가",
    "혼자서",
    "1인석",
    "1인 식사",
    "바 좌석",
    "혼술",
  ]),
  occ("가족", [
    "가족",
    "부모님",
    "아이들",
    "아이랑",
    "아이와",
    "아이 데리고",
    "아이 동반",
    "애들",
    "어르신",
    "아기랑",
    "온 가족",
  ]),
  occ("모임", ["동창", "친목", "계모임", "송년회", "연말 모임"]),
  occ("술자리", [
    "술 한잔",
    "술한잔",
    "한잔하기",
    "한 잔 하기",
    "2차",
    "술안주",
    "안주",
    "맥주 한잔",
    "소주 한잔",
    // "한잔할 데", "한 잔 하러", "한잔하자": the verb itself, in any ending (not 한잔 alone: 커피 한잔)
    /(?<!(?:커피|차|티|라떼|음료|주스)\s{0,2})(?<![가-힣])한\s?잔\s?(?:할|하러|하자|하고|하면서|했|하기|하실|합시다)/,
  ]),
  occ("점심식사", ["점심", /(?<!브)런치/, "직장인 점심"]),
  occ("기념일", ["생일", "프로포즈", "특별한 날", "기념일"]),
  occ("접대", ["손님 모시", "상견례", "비즈니스 미팅", "거래처"]),
  occ("친구", ["친구들", "친구랑", "친구와"]),

  feat("가성비", ["저렴", "가격이 착", "착한 가격", "가격 대비", "싸고", "합리적인 가격"]),
  feat("친절한", [/(?<!불)친절/, "서비스가 좋", "응대가 좋"]),
  feat("방송출연", [
    "방송에 나온",
    "방송 출연",
    "tv에 나온",
    "티비에 나온",
    "생활의 달인",
    "수요미식회",
    "맛있는 녀석들",
    "백종원",
    "줄서는식당",
    "방송에도",
  ]),
  feat("신메뉴", ["새로운 메뉴", "새 메뉴", "신 메뉴"]),
  feat("리뉴얼", ["리모델링", "새단장", "재오픈", "새로 단장"]),
  feat("창가뷰", ["창가", "창밖", "통창"]),
  feat("테라스", ["야외석", "야외 테이블"]),
  feat("루프탑", ["옥상"]),
  feat("노포", ["오래된 집", "대를 이어", /\d0년 된/, /\d0년 넘/, /\d0년째/]),
  feat("웨이팅", ["줄 서", "줄서", "대기가 길", "기다려서 먹", "웨이팅이"]),
  feat("24시간", ["24시", "24시간 영업", "밤새"]),
  feat("늦게까지", ["새벽까지", "늦게까지 해", "늦게까지 영업", "심야 영업"]),
  feat("양이 많은", ["양이 많", "양 많", "푸짐", "양도 많", "넉넉하게 주"]),
  feat("오픈키친", ["오픈 키친", "조리하는 모습"]),
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** "주차 가능" and "주차가능" are the same words: spaces between syllables are optional. */
function termPattern(term: string | RegExp): string {
  if (term instanceof RegExp) return term.source;
  return [...term.toLowerCase().replace(/\s+/g, "")].map(escape).join("\\s?");
}

interface Compiled {
  entry: Entry;
  pattern: RegExp;
}

const COMPILED: Compiled[] = VOCABULARY.map((e) => ({
  entry: e,
  pattern: new RegExp(
    e.terms
      .map(termPattern)
      .sort((a, b) => b.length - a.length)
      .join("|"),
    "giu",
  ),
}));

/** what negates a mention inside its clause ("주차는 안 돼요", "애견 출입 불가", "조용하진 않아요") */
const NEGATION =
  /(안\s?(돼|되|됨|됐|됩|해|하|받|함)|않|못\s?(해|하|함|받)|불가|없|어렵|어려웠|힘들|힘듦|금지|불편|비추|x(?![a-z])|✕|❌)/iu;
/** "걱정 없이", "문제없어요": the 없 cancels a worry, not the thing */
const DOUBLE_NEGATIVE = /(걱정|문제|부담|불편함|스트레스|어려움)\s?(이|은|도)?\s?(없|안)/u;
/** a clause ends at punctuation, a line break, a contrast ("…지만", "…는데") or a connective ("…고 ", "…워서 ") */
const CLAUSE_END = /[.!?~\n,;]|지만|는데|인데|한데|으나|(?<=[가-힣])(고|서)\s/u;
const WINDOW = 14;

export interface Mention {
  field: VocabField;
  value: string;
  surface: string;
  start: number;
  end: number;
  negated: boolean;
}

/** The rest of the mention's clause, up to WINDOW characters. */
function clauseAfter(text: string, end: number): string {
  const rest = text.slice(end, end + WINDOW);
  const stop = CLAUSE_END.exec(rest);
  return stop ? rest.slice(0, stop.index) : rest;
}

function isNegated(text: string, start: number, end: number): boolean {
  const after = clauseAfter(text, end);
  // "출입 불가 반려동물": a negation right before the word, inside the same clause
  const before = text.slice(Math.max(0, start - 6), start);
  const beforeClause = before.split(CLAUSE_END).at(-1) ?? "";
  if (DOUBLE_NEGATIVE.test(after)) return false;
  const neg = NEGATION.exec(after);
  // "배달 시켜도 식지 않고": after a concessive "-도", the negation is about the outcome, not the thing
  if (neg && /[가-힣]도\s/u.test(after.slice(0, neg.index))) return false;
  return neg !== null || /(불가|없는|금지|no)\s?$/iu.test(beforeClause);
}

/**
 * Every vocabulary mention in a text, longest match first where two overlap, each marked negated
 * or not. `fields` limits the search.
 */
export function findMentions(text: string, fields: readonly VocabField[] = VOCAB_FIELDS): Mention[] {
  const lower = text.normalize("NFC").toLowerCase();
  const found: Mention[] = [];
  for (const { entry: e, pattern } of COMPILED) {
    if (!fields.includes(e.field)) continue;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(lower); m; m = pattern.exec(lower)) {
      if (!m[0]) {
        pattern.lastIndex++;
        continue;
      }
      const start = m.index;
      const end = start + m[0].length;
      found.push({
        field: e.field,
        value: e.value,
        surface: text.slice(start, end),
        start,
        end,
        negated: isNegated(lower, start, end),
      });
    }
  }
  // where two values claim the same characters, the longer wording wins (단체석 over 단체, 넓은 매장 over 넓은)
  found.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const claimed: Mention[] = [];
  for (const m of found) {
    const overlaps = claimed.some((c) => m.start < c.end && c.start < m.end && c.field === m.field);
    if (!overlaps) claimed.push(m);
  }
  return claimed.sort((a, b) => a.start - b.start);
}

/** Values a text asserts (mentions that are not negated), per field, in order of first mention. */
export function assertedValues(text: string, fields: readonly VocabField[] = VOCAB_FIELDS) {
  const out: Record<VocabField, string[]> = { convenience: [], atmosphere: [], occasion: [], features: [] };
  const denied = new Set<string>();
  const mentions = findMentions(text, fields);
  for (const m of mentions) if (m.negated) denied.add(`${m.field}:${m.value}`);
  for (const m of mentions) {
    const key = `${m.field}:${m.value}`;
    // a text that says both "주차 돼요" and "주차는 안 돼요" has not settled it: leave it out
    if (m.negated || denied.has(key) || out[m.field].includes(m.value)) continue;
    out[m.field].push(m.value);
  }
  return out;
}

/**
 * The canonical value a word stands for in a field ("애견동반" → 반려동물, "고기구워주는" → 고기구워줌,
 * "주차가능" → 주차), or undefined. Used on LLM output and user-written filters.
 */
export function canonicalValue(field: VocabField, word: string): string | undefined {
  const w = squash(word);
  for (const { entry: e, pattern } of COMPILED) {
    if (e.field !== field) continue;
    if (squash(e.value) === w) return e.value;
    pattern.lastIndex = 0;
    const m = pattern.exec(w);
    if (m && m[0].length >= Math.min(2, w.length)) return e.value;
  }
  return undefined;
}
