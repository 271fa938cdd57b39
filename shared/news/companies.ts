// Company names in a question → OpenDART corp_code / stock_code: the index over a directory's companies
// (company-directory.ts: OpenDART's corpCode list when a key is set, else the vendored table); the
// vendored aliases (네이버 → NAVER, 하이닉스 → SK하이닉스, KRX short names such as 현대차) apply to both,
// and so do the English names (corp_eng_name), Latin letters said in Hangul (에스케이 → SK) and the short
// forms of company-names.ts.
import { josaFor } from "../korean/josa.ts";
import type { ResolvedCompany } from "./schemas.ts";
import {
  PARTICLES,
  cutShort,
  englishKeys,
  englishWords,
  latinRuns,
  questionSubject,
  spelledLetters,
  stripParticle,
  syllableShortForm,
} from "./company-names.ts";
import { askedWordAt } from "./query.ts";
import { askedValue } from "./question-form.ts";
import { closestByJamo, jamoOf, typoAllowance } from "./company-typos.ts";

export interface CompanyRecord {
  corp_code: string;
  corp_name: string;
  /** "" for an unlisted company */
  stock_code: string;
  modify_date: string;
  aliases: string[];
  /** DART's English name (corp_eng_name) */
  eng_name?: string;
}

export interface Resolution {
  companies: ResolvedCompany[];
  notes: string[];
}

/** At most this many companies per question (each costs OpenDART calls). */
export const MAX_COMPANIES = 3;
const MAX_CANDIDATES = 5;
const MAX_NAME = 40;

/** Words that begin many company names without naming a group. */
const NOT_GROUPS = new Set(["한국", "대한", "국내", "코리아", "글로벌", "미래", "동양", "신한", "제일"]);

const WORD_CHAR = /[가-힣A-Za-z0-9&]/;
const unmarked = (s: string) => s.replace(/\(주\)|㈜|주식회사/g, "").trim();
const norm = (s: string) => unmarked(s).toUpperCase();

/** A name no company is called exactly, read as one: the company answered for and the others it could be. */
export interface Reading {
  word: string;
  pick: CompanyRecord;
  others: CompanyRecord[];
  /** the rule that chose: the name's words with the next one, the question's business, the group's largest company, a short form, an English name cut short */
  rule: "next" | "business" | "largest" | "short" | "english" | "typo";
}

const listNames = (records: readonly CompanyRecord[]) =>
  records
    .slice(0, MAX_CANDIDATES)
    .map((r) => r.corp_name)
    .join(", ");

/** What the answer says of a reading: which company, by which rule, and the others. */
export function readingNote(r: Reading): string {
  const others = r.others.length ? ` (${listNames(r.others)}도 있습니다)` : "";
  const read = `‘${r.word}’${josaFor(r.word, "을/를")} ${r.pick.corp_name}${josaFor(r.pick.corp_name, "으로/로")} 읽었습니다`;
  if (r.rule === "typo")
    return `‘${r.word}’${josaFor(r.word, "을/를")} 이름이 가장 가까운 ${r.pick.corp_name}${josaFor(r.pick.corp_name, "으로/로")} 읽었습니다.`;
  if (r.rule === "short" || r.rule === "english") return `${read}${others}.`;
  const why = {
    next: "질문의 다음 단어와 합쳐 회사 이름이 되는 곳",
    business: "질문의 사업 분야에 맞는 곳",
    largest: "시가총액이 가장 큰 곳(2025년 KOSPI 200 순서)",
  }[r.rule];
  return `${r.pick.corp_name} 기준입니다: ‘${r.word}’${josaFor(r.word, "으로/로")} 시작하는 상장 회사가 여럿이라 ${why}을 골랐습니다${others}.`;
}

/** A listed company's stock code as KRX gives it: six digits or capitals ("005930", "0126Z0"). */
const STOCK_CODE = /^[0-9][0-9A-Z]{5}$/;

/** What the answer says of a stock code read as a company. */
export const stockCodeNote = (code: string, name: string) =>
  `종목코드 ${code}${josaFor(code, "을/를")} ${name}${josaFor(name, "으로/로")} 읽었습니다.`;

/** Two companies or more equally close to a name typed with a slip: asked, not guessed. */
export const typoQuestion = (word: string, records: readonly CompanyRecord[]) => {
  const names = records.slice(0, MAX_CANDIDATES).map((r) => r.corp_name);
  const list = `${names.slice(0, -1).join(", ")}${josaFor(names.at(-2)!, "와/과")} ${names.at(-1)!}`;
  return `‘${word}’${josaFor(word, "은/는")} ${list} 중 어느 회사인가요? 이름이 똑같이 가까워 공시는 검색하지 않았습니다.`;
};
/** The question typoQuestion asks. */
export const TYPO_QUESTION = /중 어느 회사인가요\? 이름이 똑같이 가까워/;

/** A reading said inside the first sentence, beside the company's name: a stock code, a name typed with a slip. */
export function inlineReading(note: string): { name: string; gloss: string } | undefined {
  const code = /^종목코드 (\S+?)[을를] (.+?)(?:으로|로) 읽었습니다\.$/.exec(note);
  if (code) return { name: code[2]!, gloss: `종목코드 ${code[1]!}` };
  const typo = /^‘(.+?)’[을를] 이름이 가장 가까운 (.+?)(?:으로|로) 읽었습니다\.$/.exec(note);
  return typo
    ? { name: typo[2]!, gloss: `‘${typo[1]!}’${josaFor(typo[1]!, "으로/로")} 적으신 회사` }
    : undefined;
}

/** The name index over a directory's records; resolution is a scan of the question's word starts. */
export class CompanyIndex {
  private readonly byName = new Map<string, CompanyRecord[]>();
  private readonly listedNames: { name: string; record: CompanyRecord }[];
  /** listed companies' names and aliases as jamo, for names typed with a slip */
  private readonly typoNames: { name: string; jamo: string; record: CompanyRecord }[];
  /** listed companies' English names as words (legal suffixes dropped) */
  private readonly english: { words: string[]; record: CompanyRecord }[];

  constructor(readonly records: readonly CompanyRecord[]) {
    for (const r of records)
      for (const name of new Set([
        norm(r.corp_name),
        ...r.aliases.map(norm),
        ...englishKeys(r.eng_name ?? ""),
        // the six-character stock code people type for a listed company ("005930 배당")
        ...(STOCK_CODE.test(r.stock_code) ? [r.stock_code] : []),
      ])) {
        if (name.length < 2) continue;
        const list = this.byName.get(name) ?? [];
        list.push(r);
        this.byName.set(name, list);
      }
    const listed = records.filter((r) => r.stock_code);
    this.listedNames = listed.map((r) => ({ name: norm(r.corp_name), record: r }));
    this.typoNames = listed.flatMap((r) =>
      [...new Set([norm(r.corp_name), ...r.aliases.map(norm)])]
        .filter((name) => typoAllowance(name) > 0)
        .map((name) => ({ name, jamo: jamoOf(name), record: r })),
    );
    this.english = listed
      .filter((r) => r.eng_name)
      .map((r) => ({ words: englishWords(r.eng_name!), record: r }));
  }

  /** The listed companies whose name starts with `prefix` (other than `except`), in directory order. */
  private startingWith(prefix: string, except?: CompanyRecord): CompanyRecord[] {
    return this.listedNames
      .filter((n) => n.name.startsWith(prefix) && n.record !== except && n.name !== prefix)
      .map((n) => n.record);
  }

  /** Listed before unlisted, then the most recently modified (a delisted namesake keeps an old code). */
  private pick(records: CompanyRecord[]): CompanyRecord[] {
    const listed = records.filter((r) => r.stock_code);
    const pool = listed.length ? listed : records;
    const newest = [...pool].sort((a, b) => b.modify_date.localeCompare(a.modify_date));
    return listed.length ? newest.slice(0, 1) : newest;
  }

  resolve(query: string): Resolution {
    // the question as typed, less "(주)" and the like, Latin letters said in Hangul written as letters
    // where that makes a company's name ("에스케이하이닉스" → SK하이닉스); scanned in upper case
    const plain = this.lettersWritten(unmarked(query));
    const companies: ResolvedCompany[] = [];
    const notes: string[] = [];
    // English names cut short first ("LG Elec" is LG전자, not LG and a word)
    const cut = this.englishReadings(plain).filter((r) => r.rule === "english");
    let q = plain.toUpperCase();
    for (const r of cut.slice(0, MAX_COMPANIES)) {
      companies.push(resolved(r.pick, r.word));
      notes.push(readingNote(r));
      q = q.replace(r.word.toUpperCase(), " ".repeat(r.word.length));
    }
    const consumed: [number, number][] = [];
    let i = 0;
    while (i < q.length) {
      const atWordStart = i === 0 || !WORD_CHAR.test(q[i - 1] ?? "");
      const match = atWordStart ? this.longestAt(q, i) : undefined;
      if (!match) {
        i++;
        continue;
      }
      consumed.push([i, i + match.text.length]);
      this.admit({ ...match, text: plain.slice(i, i + match.text.length) }, companies, notes);
      i += match.text.length;
    }
    if (companies.length) {
      notes.push(...this.groupWords(q, consumed));
      // "A 최대주주가 B 맞아?": B is the answer checked, not a company asked about
      const value = askedValue(query);
      const asked = companies.filter((c) => !value || c.matched !== value);
      if (!asked.length || asked.length === companies.length) return { companies, notes };
      const dropped = companies.filter((c) => !asked.includes(c)).map((c) => `${c.corp_name} 기준입니다`);
      return { companies: asked, notes: notes.filter((n) => !dropped.some((d) => n.startsWith(d))) };
    }
    const readings = this.readings(query);
    if (!readings.length) {
      const typo = this.typoReading(plain);
      if (typo && "ask" in typo) return { companies, notes: [typo.ask] };
      if (typo) readings.push(typo);
    }
    for (const r of readings) {
      if (companies.length === MAX_COMPANIES) break;
      if (companies.some((c) => c.corp_code === r.pick.corp_code)) continue;
      companies.push(resolved(r.pick, r.word));
      notes.push(readingNote(r));
    }
    return { companies, notes };
  }

  /** Words that name no company as typed but do with their first letters said in Hangul written as Latin ones. */
  private lettersWritten(text: string): string {
    return text.replace(/(?<![가-힣A-Za-z0-9&])[가-힣]{2,}/g, (word) => {
      if (this.longestAt(word.toUpperCase(), 0)) return word;
      return spelledLetters(word).find((w) => this.longestAt(w.toUpperCase(), 0)) ?? word;
    });
  }

  /** A name found in the question: its company (one), or a note (several namesakes, too many companies). */
  private admit(
    match: { text: string; records: CompanyRecord[] },
    companies: ResolvedCompany[],
    notes: string[],
  ): void {
    const records = this.pick(match.records);
    const [first] = records;
    if (!first) return;
    if (records.length > 1) {
      notes.push(
        `‘${match.text}’${josaFor(match.text, "이라/라")}는 회사가 여럿입니다: ${records
          .slice(0, MAX_CANDIDATES)
          .map((r) => `${r.corp_name}(고유번호 ${r.corp_code})`)
          .join(", ")}. 공시 검색에서는 제외했습니다.`,
      );
      return;
    }
    if (companies.some((c) => c.corp_code === first.corp_code)) return;
    if (companies.length === MAX_COMPANIES) {
      notes.push(
        `한 질문에서는 회사 ${MAX_COMPANIES}곳까지 찾습니다: ‘${match.text}’${josaFor(match.text, "은/는")} 제외했습니다.`,
      );
      return;
    }
    companies.push(resolved(first, match.text));
    if (match.text === first.stock_code) notes.push(stockCodeNote(match.text, first.corp_name));
    const others = this.startingWith(norm(first.corp_name), first);
    // an English name that is also the first word of others' ("Lotte": 롯데지주, and LOTTE SHOPPING …)
    const typed = match.text.toUpperCase();
    const group = /^[A-Z0-9&]+$/.test(typed)
      ? this.english.filter((e) => e.words[0] === typed && e.record !== first).map((e) => e.record)
      : [];
    const [label, word, namesakes] =
      others.length >= 2 ? ["이름", first.corp_name, others] : ["영문 이름", match.text, group];
    if (namesakes.length >= 2)
      notes.push(
        `${first.corp_name} 기준입니다: 질문한 이름의 회사이며, ${label}이 ‘${word}’${josaFor(word, "으로/로")} 시작하는 ${listNames(namesakes)}도 있습니다.`,
      );
    if (!first.stock_code)
      notes.push(
        `${first.corp_name}(고유번호 ${first.corp_code})${josaFor(first.corp_name, "은/는")} 비상장 회사입니다: 정기보고서를 내지 않을 수 있습니다.`,
      );
  }

  /**
   * The longest name starting at `i` whose word ends there or goes on with a particle or what is asked
   * ("카카오최대주주"); a name typed as two words is found whole ("카카오 뱅크" → 카카오뱅크) before its
   * first word alone.
   */
  private longestAt(q: string, i: number): { text: string; records: CompanyRecord[] } | undefined {
    return this.joinedAt(q, i) ?? this.nameAt(q, i);
  }

  private nameAt(q: string, i: number): { text: string; records: CompanyRecord[] } | undefined {
    for (let len = Math.min(MAX_NAME, q.length - i); len >= 2; len--) {
      const text = q.slice(i, i + len);
      const records = this.byName.get(text);
      if (!records) continue;
      let end = i + len;
      while (end < q.length && WORD_CHAR.test(q[end] ?? "")) end++;
      if (endsName(q.slice(i + len, end))) return { text, records };
    }
    return undefined;
  }

  /** A name across the spaces between the words from `i` (the spaces left out), spanning two words or more. */
  private joinedAt(q: string, i: number): { text: string; records: CompanyRecord[] } | undefined {
    const words = /^[가-힣A-Z0-9&]+(?: [가-힣A-Z0-9&]+){1,3}/.exec(q.slice(i))?.[0];
    if (!words) return undefined;
    const first = words.indexOf(" ");
    const squashed = words.replace(/ /g, "");
    for (let len = Math.min(MAX_NAME, squashed.length); len > first; len--) {
      const records = this.byName.get(squashed.slice(0, len));
      if (!records) continue;
      // the typed text up to the name's last letter, spaces included
      let end = 0;
      for (let n = 0; n < len; end++) if (words[end] !== " ") n++;
      const rest = /^[가-힣A-Z0-9&]*/.exec(words.slice(end))![0];
      if (endsName(rest)) return { text: words.slice(0, end), records };
    }
    return undefined;
  }

  /**
   * Names no company is called exactly, read by rule (the answer says which and names the others):
   * an English name cut short, a group word (groupPick), a short form of the question's subject.
   */
  readings(query: string): Reading[] {
    const english = this.englishReadings(query);
    const groups = this.groupPick(query);
    if (english.length || groups.length) return [...english, ...groups];
    const subject = questionSubject(query);
    const short = subject ? this.shortForm(subject) : undefined;
    return short ? [short] : [];
  }
  /**
   * A name typed with a slip, among the words before what is asked (and two of them joined: "카카오
   * 뱅그"): the one listed company closest by jamo within the name's allowance (company-typos.ts), or a
   * question when two are equally close.
   */
  private typoReading(plain: string): Reading | { ask: string } | undefined {
    const at = askedWordAt(plain);
    const words = (at > 0 ? plain.slice(0, at) : plain)
      .toUpperCase()
      .split(/[^가-힣A-Z0-9&]+/)
      .map(stripParticle)
      .filter((w) => w.length >= 2 && askedWordAt(w) !== 0 && !this.byName.has(w));
    const tries = [...words.slice(0, -1).map((w, k) => w + words[k + 1]!), ...words].filter(
      (w) => w.length >= 3,
    );
    for (const word of tries) {
      const match = closestByJamo(word, this.typoNames);
      if (!match) continue;
      if (match.best.length > 1) return { ask: typoQuestion(word, match.best) };
      return { word, pick: match.best[0]!, others: [], rule: "typo" };
    }
    return undefined;
  }

  /** English names cut short ("Samsung Elec") and English group words ("Samsung", "Hyundai"). */
  private englishReadings(query: string): Reading[] {
    const out: Reading[] = [];
    for (const run of latinRuns(query)) {
      if (this.byName.has(run.join(" ").toUpperCase())) continue; // a name as it is: found by the scan
      for (let k = run.length; k >= 1; k--) {
        const word = run.slice(0, k).join(" ");
        const typed = word.toUpperCase().split(" ");
        const fits =
          k > 1
            ? this.english.filter((e) => cutShort(typed, e.words)).map((e) => e.record)
            : this.english.filter((e) => e.words.length > 1 && e.words[0] === typed[0]).map((e) => e.record);
        if (!fits.length || (k === 1 && this.byName.has(typed[0]!))) continue;
        const r =
          k > 1 ? { word, pick: fits[0]!, others: fits.slice(1), rule: "english" as const } : undefined;
        out.push(r ?? this.groupRule(word, fits, norm(query)));
        break;
      }
    }
    return out;
  }

  /**
   * Words no company is called that begin several listed names ("삼성", "현대"): one of them is
   * answered for, by this rule (issue 25), and the others are named —
   *  1. the group word with the next word is a listed name ("현대 건설" → 현대건설);
   *  2. a business word of the question names the line of business ("삼성 반도체" → 삼성전자,
   *     "삼성 배터리" → 삼성SDI; BUSINESS_WORDS);
   *  3. else the group's largest listed company: the first in the directory's order (the KOSPI 200 by
   *     market value, then the KOSDAQ leaders: "삼성" → 삼성전자, "현대" → 현대자동차, "롯데" → 롯데지주).
   * An exact listed name ("SK", "LG") never reaches here: it is a company. The question's subject that
   * begins one listed name only is that company ("셀트" → 셀트리온).
   */
  groupPick(query: string): Reading[] {
    const q = norm(query);
    const subject = questionSubject(query);
    const out: Reading[] = [];
    for (const m of q.matchAll(/[가-힣A-Z0-9&]+/g)) {
      const word = stripParticle(m[0]);
      if (word.length < 2 || NOT_GROUPS.has(word) || this.byName.has(word)) continue;
      const candidates = this.startingWith(word);
      if (candidates.length === 1 && subject && norm(subject) === word)
        out.push({ word: subject, pick: candidates[0]!, others: [], rule: "short" });
      if (candidates.length >= 2) out.push(this.groupRule(word, candidates, q));
    }
    return out;
  }

  /** groupPick's rule over a group's candidates (directory order). */
  private groupRule(word: string, candidates: CompanyRecord[], q: string): Reading {
    const squashed = q.replace(/\s+/g, "");
    const byNext = candidates.find((c) => squashed.includes(norm(c.corp_name)));
    const business = BUSINESS_WORDS.find(([re]) => re.test(q))?.[1] ?? [];
    const byBusiness = business
      .map((suffix) => candidates.find((c) => norm(c.corp_name).slice(word.length).startsWith(suffix)))
      .find(Boolean);
    const pick = byNext ?? byBusiness ?? candidates[0]!;
    const rule = byNext ? "next" : byBusiness ? "business" : "largest";
    return { word, pick, others: candidates.filter((c) => c !== pick), rule };
  }

  /** The subject as a short form of listed names ("삼전", "하닉", "카뱅"): the first in directory order, the others named. */
  private shortForm(subject: string): Reading | undefined {
    const fits = this.listedNames.filter((n) => syllableShortForm(subject, n.name)).map((n) => n.record);
    return fits.length ? { word: subject, pick: fits[0]!, others: fits.slice(1), rule: "short" } : undefined;
  }

  private groupWords(q: string, consumed: [number, number][]): string[] {
    const notes: string[] = [];
    for (const m of q.matchAll(/[가-힣A-Z0-9&]+/g)) {
      const start = m.index ?? 0;
      if (consumed.some(([a, b]) => start < b && start + m[0].length > a)) continue;
      const word = stripParticle(m[0]);
      if (word.length < 2 || NOT_GROUPS.has(word)) continue;
      const candidates = this.startingWith(word);
      if (candidates.length < 2) continue;
      notes.push(
        `‘${word}’만으로는 회사를 정할 수 없어 공시 검색에서 제외했습니다. 후보: ${listNames(candidates)} — 회사 이름을 적어 주세요.`,
      );
    }
    return notes;
  }

  /**
   * Words that look like a company name but are none: one letter from a listed name
   * ("삼송전자" → 삼성전자), or ending like one ("아무개전자"); and the question's subject when it names
   * no company here ("별빛우주로켓 최대주주", "엔비디아 배당"); each with the closest listed names.
   */
  unknownNames(query: string): { word: string; closest: string[] }[] {
    const out: { word: string; closest: string[] }[] = [];
    const subject = questionSubject(query);
    for (const m of norm(query).matchAll(/[가-힣A-Z0-9&]+/g)) {
      const word = stripParticle(m[0]);
      if (word.length < 3 || this.byName.has(word) || this.startingWith(word).length) continue;
      const closest = this.closest(word);
      if (closest.length || COMPANY_ENDINGS.some((e) => word.endsWith(e) && word.length >= e.length + 2))
        out.push({ word, closest });
    }
    if (
      subject &&
      !isSector(subject) &&
      !out.some((u) => u.word === norm(subject)) &&
      !this.byName.has(norm(subject))
    )
      out.unshift({ word: subject, closest: this.closest(norm(subject)) });
    return out;
  }

  /** The listed names one letter from `word`, else those it begins with, else those with its ending ("…전자"). */
  private closest(word: string): string[] {
    const near = this.listedNames
      .filter((n) => n.name.length >= 3 && oneEditApart(n.name, word))
      .map((n) => n.record.corp_name);
    if (near.length) return near.slice(0, 3);
    // a listed name the word begins with ("셀트리온헬스케어" → 셀트리온), the longest first
    const within = this.listedNames
      .filter((n) => n.name.length >= 2 && word.length > n.name.length && word.startsWith(n.name))
      .sort((a, b) => b.name.length - a.name.length)
      .map((n) => n.record.corp_name);
    if (within.length) return within.slice(0, 3);
    const suffix = COMPANY_ENDINGS.find((e) => word.endsWith(e) && word.length >= e.length + 2);
    return suffix
      ? this.listedNames
          .filter((n) => n.name.endsWith(suffix))
          .map((n) => n.record.corp_name)
          .slice(0, 3)
      : [];
  }
}

const resolved = (r: CompanyRecord, matched: string): ResolvedCompany => ({
  corp_code: r.corp_code,
  corp_name: r.corp_name,
  stock_code: r.stock_code,
  matched,
});

/** What may follow a name inside one word: nothing, a particle, or what is asked ("카카오최대주주누구"). */
function endsName(rest: string): boolean {
  if (rest === "" || PARTICLES.has(rest) || askedWordAt(rest) === 0) return true;
  return [...PARTICLES].some((p) => rest.startsWith(p) && askedWordAt(rest.slice(p.length)) === 0);
}

/** Business words → how a group company's name goes on after the group word (groupPick's rule 2). */
const BUSINESS_WORDS: [RegExp, string[]][] = [
  [/반도체|스마트폰|휴대폰|가전|갤럭시|메모리/, ["전자"]],
  [/배터리|2차\s?전지|이차전지|전지/, ["SDI", "에너지솔루션"]],
  [/부품|카메라\s?모듈|기판/, ["전기"]],
  [/바이오|제약|신약|의약/, ["바이오로직스", "바이오", "제약"]],
  [/보험/, ["생명", "화재"]],
  [/자동차|완성차|차량/, ["자동차"]],
  [/통신|이동통신|요금제/, ["텔레콤"]],
  [/화학|석유화학/, ["화학"]],
  [/증권/, ["증권"]],
  [/조선|선박/, ["중공업"]],
  [/건설|아파트/, ["건설", "물산"]],
];
const COMPANY_ENDINGS = [
  "전자",
  "바이오",
  "반도체",
  "화학",
  "제약",
  "건설",
  "증권",
  "은행",
  "홀딩스",
  "산업",
  "물산",
  "중공업",
  "통신",
  "에너지",
  "소프트",
  "테크",
  "그룹",
];

/** A business or an industry on its own ("반도체 뉴스", "바이오 요즘 어때"): what is asked about, no company. */
function isSector(word: string): boolean {
  return (
    COMPANY_ENDINGS.includes(word) || BUSINESS_WORDS.some(([p]) => new RegExp(`^(?:${p.source})$`).test(word))
  );
}

/** Levenshtein distance of at most one. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
