// How people write a company's name besides DART's Korean one, as rules over the directory's names:
//  - its English name (corpCode.xml's corp_eng_name) without the legal suffixes ("KIA CORPORATION" →
//    KIA, "LG CHEM LTD" → LG CHEM, "POSCO Holdings Inc." → POSCO HOLDINGS), in any letter case, whole
//    or with its words cut short ("Samsung Elec" → SAMSUNG ELECTRONICS);
//  - a Korean short form cut from the name's syllables: the first syllable, then later ones in order
//    ("삼전" → 삼성전자, "하닉" → SK하이닉스, "카뱅" → 카카오뱅크), the Latin letters before Hangul
//    ("SK", "LG") left out;
//  - the question's subject: the words before the first word of what is asked ("별빛우주로켓 최대주주
//    변동" → 별빛우주로켓), the name a person means even when no company is called that.
import { listedCompanies } from "../data/listed-companies.ts";
import { josaFor } from "../korean/josa.ts";
import { askedWordAt } from "./query.ts";
import { foldNext, syllableAt } from "./company-typos.ts";

/** Legal suffixes an English name drops (the words, punctuation aside). */
const LEGAL = new Set([
  "CO",
  "LTD",
  "LIMITED",
  "INC",
  "INCORPORATED",
  "CORP",
  "CORPORATION",
  "COMPANY",
  "PLC",
]);

/** An English name's words, upper case, without the legal suffixes and a leading "THE". */
export function englishWords(name: string): string[] {
  const words = name
    .toUpperCase()
    .replace(/&AMP;/g, "&")
    .replace(/[.,()'"]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  if (words[0] === "THE" && words.length > 1) words.shift();
  while (words.length > 1 && LEGAL.has(words.at(-1)!)) words.pop();
  return words;
}

/** The names an English name is found by: its words, joined; hyphens also as spaces; a name of several words also written as one. */
export function englishKeys(name: string): string[] {
  const words = englishWords(name);
  if (!words.length || (words.length === 1 && LEGAL.has(words[0]!))) return [];
  const spaced = words.join(" ");
  const keys = [spaced, spaced.replace(/-/g, " ")];
  if (words.length > 1) keys.push(words.join("").replace(/-/g, ""));
  return [...new Set(keys)].filter((k) => k.length >= 2);
}

/**
 * Whether typed words are an English name cut short: as many words, the first the same, each other a
 * start (three letters or more) of the name's word ("SAMSUNG ELEC" of SAMSUNG ELECTRONICS).
 */
export function cutShort(typed: readonly string[], name: readonly string[]): boolean {
  if (typed.length < 2 || typed.length !== name.length || typed[0] !== name[0]) return false;
  return typed.every(
    (w, i) => i === 0 || w === name[i] || (w.length >= 3 && name[i]!.replace(/-/g, "").startsWith(w)),
  );
}

/** The Hangul part of a name (the Latin letters before it left out): SK하이닉스 → 하이닉스. */
const hangulPart = (name: string) => name.replace(/^[A-Za-z0-9&]+/, "");

/**
 * Whether a Hangul word of two to four syllables is a short form of a name: the name's first syllable,
 * then later syllables of it in order, shorter than the name ("삼전" of 삼성전자, "하닉" of SK하이닉스);
 * a syllable may fold in the next one's first consonant as its final ("엔솔" of LG에너지솔루션: 에 + ㄴ).
 */
export function syllableShortForm(word: string, name: string): boolean {
  const full = hangulPart(name);
  if (!/^[가-힣]{2,4}$/.test(word) || !/^[가-힣]/.test(full) || word.length >= full.length) return false;
  let at = word[0] === full[0] ? 1 : foldNext(full[0]!, full[1] ?? "") === word[0] ? 2 : -1;
  for (const ch of word.slice(1)) {
    if (at < 0) return false;
    at = syllableAt(ch, full, at);
  }
  return at >= 0;
}

/**
 * How Korean says the Latin letters (the names people write "에스케이", "엘지", "케이티" with); a letter
 * may be said more than one way (C 씨/시, G 지/쥐, H 에이치/에치, Z 제트/지).
 */
const LETTER_NAMES: [string, string][] = [
  ["더블유", "W"],
  ["에이치", "H"],
  ["에치", "H"],
  ["에이", "A"],
  ["에프", "F"],
  ["에스", "S"],
  ["엑스", "X"],
  ["브이", "V"],
  ["제이", "J"],
  ["제트", "Z"],
  ["케이", "K"],
  ["아이", "I"],
  ["와이", "Y"],
  ["비", "B"],
  ["씨", "C"],
  ["시", "C"],
  ["디", "D"],
  ["이", "E"],
  ["지", "G"],
  ["쥐", "G"],
  ["엘", "L"],
  ["엠", "M"],
  ["엔", "N"],
  ["오", "O"],
  ["피", "P"],
  ["큐", "Q"],
  ["알", "R"],
  ["티", "T"],
  ["유", "U"],
];

/**
 * The ways a Hangul word may begin with Latin letters said aloud, at least two of them ("에스케이하이닉스"
 * → SK하이닉스, "케이티" → KT), longest reading first; the caller keeps the one that is a company's name.
 */
export function spelledLetters(word: string): string[] {
  const out: { latin: string; used: number }[] = [];
  const walk = (at: number, latin: string) => {
    if (latin.length >= 2) out.push({ latin, used: at });
    for (const [said, letter] of LETTER_NAMES)
      if (word.startsWith(said, at)) walk(at + said.length, latin + letter);
  };
  walk(0, "");
  return out.sort((a, b) => b.used - a.used).map((r) => r.latin + word.slice(r.used));
}

/** Latin word runs of a query, as typed ("Hyundai Motor 대표이사" → Hyundai, Motor). */
export function latinRuns(query: string): string[][] {
  return [...query.matchAll(/[A-Za-z][A-Za-z0-9&.-]*(?:\s+[A-Za-z][A-Za-z0-9&.-]*)*/g)].map((m) =>
    m[0].split(/\s+/).map((w) => w.replace(/\.$/, "")),
  );
}

/** Korean particles and suffixes that may follow a company name inside one word ("삼성전자의", "NAVER는"). */
export const PARTICLES = new Set(
  "의 은 는 이 가 을 를 과 와 도 에 에서 에게 으로 로 랑 이랑 하고 보다 만 까지 부터 께서 측 주가 그룹 계열 관련 쪽 처럼 만의 과의 와의 에서는 에는 이나 나".split(
    " ",
  ),
);

export function stripParticle(word: string): string {
  for (let cut = Math.min(3, word.length - 1); cut >= 1; cut--)
    if (PARTICLES.has(word.slice(-cut))) return word.slice(0, -cut);
  return word;
}

/** Words a question may open with before its subject: when, and fillers. */
const LEADING =
  /^(요즘|요새|최근|최신|올해|금년|작년|재작년|지난해|올|이번|오늘|어제|혹시|그럼|근데|그런데|아|음|\d{2,4}년)$/;
/** Words that open a question without naming a company: the market, companies in general, superlatives. */
const NOT_NAMES = new Set(
  "회사 기업 종목 주식 주가 코스피 코스닥 증시 시장 환율 금리 경제 상장사 대기업 중소기업 우리 제일 가장 어디 어느 무슨 요즘 그냥 다들 전체 국내 해외 미국 한국".split(
    " ",
  ),
);

/**
 * What a question is about: its first words (after a leading "요즘", "작년" …) up to the first word of
 * what it asks ("엔비디아 배당 줘?" → 엔비디아, "카카오최대주주누구" → 카카오); Latin words together
 * ("Samsung Elec 요즘 뉴스" → Samsung Elec). None when the question opens with what it asks.
 */
export function questionSubject(query: string): string | undefined {
  const words = query
    .normalize("NFC")
    .trim()
    .split(/[\s,?!.~]+/)
    .filter(Boolean);
  let i = 0;
  while (i < words.length - 1 && LEADING.test(words[i]!)) i++;
  const first = words[i] ?? "";
  if (/^[A-Za-z]/.test(first) && askedWordAt(first) !== 0) {
    const latin = [first];
    while (/^[A-Za-z][A-Za-z0-9&.-]*$/.test(words[i + latin.length] ?? ""))
      latin.push(words[i + latin.length]!);
    const head = latin.join(" ").replace(/[^A-Za-z0-9&.\- ].*$/, "");
    return head.length >= 2 ? head : undefined;
  }
  const at = askedWordAt(first);
  const head = stripParticle(at < 0 ? first : first.slice(0, at));
  if (head.length < 2 || NOT_NAMES.has(head) || !/^[가-힣A-Za-z]/.test(head)) return undefined;
  return head;
}

let spoken: Map<string, string> | undefined;

/** How a name written in Latin letters is said, for its particle: its Hangul alias (NAVER → 네이버). */
export function spokenName(name: string): string {
  spoken ??= new Map(
    listedCompanies()
      .filter((c) => /^[A-Za-z0-9&]+$/.test(c.corp_name))
      .flatMap((c) => {
        const hangul = c.aliases.find((a) => /^[가-힣]+$/.test(a));
        return hangul ? [[c.corp_name, hangul] as const] : [];
      }),
  );
  return spoken.get(name) ?? name;
}

/** A company name with its particle, chosen by how the name is said. */
export const nameWith = (name: string, option: Parameters<typeof josaFor>[1]) =>
  `${name}${josaFor(spokenName(name), option)}`;
