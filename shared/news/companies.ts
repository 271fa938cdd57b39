// Company names in a question → OpenDART corp_code / stock_code: the index over a directory's companies
// (company-directory.ts: OpenDART's corpCode list when a key is set, else the vendored table); the
// vendored aliases (네이버 → NAVER, 하이닉스 → SK하이닉스, KRX short names such as 현대차) apply to both.
import type { ResolvedCompany } from "./schemas.ts";

export interface CompanyRecord {
  corp_code: string;
  corp_name: string;
  /** "" for an unlisted company */
  stock_code: string;
  modify_date: string;
  aliases: string[];
}

export interface Resolution {
  companies: ResolvedCompany[];
  notes: string[];
}

/** At most this many companies per question (each costs OpenDART calls). */
export const MAX_COMPANIES = 3;
const MAX_CANDIDATES = 5;
const MAX_NAME = 40;

/** Korean particles and suffixes that may follow a company name inside one word ("삼성전자의", "NAVER는"). */
const PARTICLES = new Set(
  "의 은 는 이 가 을 를 과 와 도 에 에서 에게 으로 로 랑 이랑 하고 보다 만 까지 부터 께서 측 주가 그룹 계열 관련 쪽 처럼 만의 과의 와의 에서는 에는 이나 나".split(
    " ",
  ),
);
/** Words that begin many company names without naming a group. */
const NOT_GROUPS = new Set(["한국", "대한", "국내", "코리아", "글로벌", "미래", "동양", "신한", "제일"]);

const WORD_CHAR = /[가-힣A-Za-z0-9&]/;
const norm = (s: string) =>
  s
    .toUpperCase()
    .replace(/\(주\)|㈜|주식회사/g, "")
    .trim();

/** The name index over a directory's records; resolution is a scan of the question's word starts. */
export class CompanyIndex {
  private readonly byName = new Map<string, CompanyRecord[]>();
  private readonly listedNames: { name: string; record: CompanyRecord }[];

  constructor(readonly records: readonly CompanyRecord[]) {
    for (const r of records)
      for (const name of new Set([norm(r.corp_name), ...r.aliases.map(norm)])) {
        if (name.length < 2) continue;
        const list = this.byName.get(name) ?? [];
        list.push(r);
        this.byName.set(name, list);
      }
    this.listedNames = records
      .filter((r) => r.stock_code)
      .map((r) => ({ name: norm(r.corp_name), record: r }));
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
    const q = norm(query);
    const companies: ResolvedCompany[] = [];
    const notes: string[] = [];
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
      i += match.text.length;
      const records = this.pick(match.records);
      const [first] = records;
      if (!first) continue;
      if (records.length > 1) {
        notes.push(
          `‘${match.text}’(이)라는 회사가 여럿입니다: ${records
            .slice(0, MAX_CANDIDATES)
            .map((r) => `${r.corp_name}(고유번호 ${r.corp_code})`)
            .join(", ")}. 공시 검색에서는 제외했습니다.`,
        );
        continue;
      }
      if (companies.some((c) => c.corp_code === first.corp_code)) continue;
      if (companies.length === MAX_COMPANIES) {
        notes.push(`한 질문에서는 회사 ${MAX_COMPANIES}곳까지 찾습니다: ‘${match.text}’은(는) 제외했습니다.`);
        continue;
      }
      companies.push({
        corp_code: first.corp_code,
        corp_name: first.corp_name,
        stock_code: first.stock_code,
        matched: match.text,
      });
      const others = this.startingWith(norm(first.corp_name), first);
      if (others.length >= 2)
        notes.push(
          `${first.corp_name} 기준입니다 (${others
            .slice(0, MAX_CANDIDATES)
            .map((r) => r.corp_name)
            .join(", ")}도 있습니다).`,
        );
      if (!first.stock_code)
        notes.push(
          `${first.corp_name}(고유번호 ${first.corp_code})은(는) 비상장 회사입니다: 정기보고서를 내지 않을 수 있습니다.`,
        );
    }
    if (!companies.length)
      for (const g of this.groupPick(query)) {
        if (companies.length === MAX_COMPANIES) break;
        companies.push({
          corp_code: g.pick.corp_code,
          corp_name: g.pick.corp_name,
          stock_code: g.pick.stock_code,
          matched: g.word,
        });
        notes.push(
          `${g.pick.corp_name} 기준입니다 (${g.others
            .slice(0, MAX_CANDIDATES)
            .map((r) => r.corp_name)
            .join(", ")}도 있습니다).`,
        );
      }
    else notes.push(...this.groupWords(q, consumed));
    return { companies, notes };
  }

  /** The longest name starting at `i` whose word ends there or continues with a particle. */
  private longestAt(q: string, i: number): { text: string; records: CompanyRecord[] } | undefined {
    for (let len = Math.min(MAX_NAME, q.length - i); len >= 2; len--) {
      const text = q.slice(i, i + len);
      const records = this.byName.get(text);
      if (!records) continue;
      let end = i + len;
      while (end < q.length && WORD_CHAR.test(q[end] ?? "")) end++;
      const rest = q.slice(i + len, end);
      if (rest === "" || PARTICLES.has(rest)) return { text, records };
    }
    return undefined;
  }

  /**
   * Words no company is called that begin several listed names ("삼성", "현대"): one of them is
   * answered for, by this rule (issue 25), and the others are named —
   *  1. the group word with the next word is a listed name ("현대 건설" → 현대건설);
   *  2. a business word of the question names the line of business ("삼성 반도체" → 삼성전자,
   *     "삼성 배터리" → 삼성SDI; BUSINESS_WORDS);
   *  3. else the shortest listed name of the group, the first in the directory's order among equals
   *     (the group's flagship as its name usually is: "삼성" → 삼성전자).
   * An exact listed name ("SK", "LG") never reaches here: it is a company.
   */
  groupPick(query: string): { word: string; pick: CompanyRecord; others: CompanyRecord[] }[] {
    const q = norm(query);
    const squashed = q.replace(/\s+/g, "");
    const out: { word: string; pick: CompanyRecord; others: CompanyRecord[] }[] = [];
    for (const m of q.matchAll(/[가-힣A-Z0-9&]+/g)) {
      const word = stripParticle(m[0]);
      if (word.length < 2 || NOT_GROUPS.has(word) || this.byName.has(word)) continue;
      const candidates = this.startingWith(word);
      if (candidates.length < 2) continue;
      const byNext = candidates.find((c) => squashed.includes(norm(c.corp_name)));
      const business = BUSINESS_WORDS.find(([re]) => re.test(q))?.[1] ?? [];
      const byBusiness = business
        .map((suffix) => candidates.find((c) => norm(c.corp_name).slice(word.length).startsWith(suffix)))
        .find(Boolean);
      const shortest = [...candidates].sort((a, b) => a.corp_name.length - b.corp_name.length)[0]!;
      const pick = byNext ?? byBusiness ?? shortest;
      out.push({ word, pick, others: candidates.filter((c) => c !== pick) });
    }
    return out;
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
        `‘${word}’만으로는 회사를 정할 수 없어 공시 검색에서 제외했습니다. 후보: ${candidates
          .slice(0, MAX_CANDIDATES)
          .map((r) => r.corp_name)
          .join(", ")} — 회사 이름을 적어 주세요.`,
      );
    }
    return notes;
  }

  /**
   * A word that looks like a company name but is none (issue 25): one letter from a listed name
   * ("삼송전자" → 삼성전자), or ending like one ("아무개전자"); with the closest listed names.
   */
  unknownNames(query: string): { word: string; closest: string[] }[] {
    const out: { word: string; closest: string[] }[] = [];
    for (const m of norm(query).matchAll(/[가-힣A-Z0-9&]+/g)) {
      const word = stripParticle(m[0]);
      if (word.length < 3 || this.byName.has(word) || this.startingWith(word).length) continue;
      const closest = this.listedNames
        .filter((n) => n.name.length >= 3 && oneEditApart(n.name, word))
        .map((n) => n.record.corp_name)
        .slice(0, 3);
      const suffix = COMPANY_ENDINGS.find((e) => word.endsWith(e) && word.length >= e.length + 2);
      if (closest.length || suffix) {
        const like = suffix
          ? this.listedNames.filter((n) => n.name.endsWith(suffix)).map((n) => n.record.corp_name)
          : [];
        out.push({ word, closest: closest.length ? closest : like.slice(0, 3) });
      }
    }
    return out;
  }
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

/** Levenshtein distance of at most one. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

function stripParticle(word: string): string {
  for (let cut = Math.min(3, word.length - 1); cut >= 1; cut--)
    if (PARTICLES.has(word.slice(-cut))) return word.slice(0, -cut);
  return word;
}
