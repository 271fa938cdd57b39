// The Naver news sample: responses shaped exactly like /v1/search/news.json (titles and snippets with
// <b> highlights and HTML entities, RFC 1123 pubDate +0900), generated for the companies of the vendored
// table that the query names and the topics it asks about, dated over the last two weeks. Contents are
// made up; every item carries `synthetic: true` and links on the reserved .invalid domain. Some stories
// run at two outlets under slightly different titles, as real ones do.
import { listedCompanies, type ListedCompany } from "../../data/listed-companies.ts";
import { kstYmd, rfc1123Kst } from "../../platform/time.ts";
import { hashString, rngFor } from "../../platform/random.ts";
import type { CallCounter } from "../http.ts";
import { demoNewsUrl, latestFiledPeriod } from "../../demo/company-facts.ts";
import { koreanWon } from "../../korean/numerals.ts";
import { withJosa } from "../../korean/josa.ts";
import {
  dividendPerShare,
  employeesAt,
  periodAccounts,
  quarterEnd,
  treasuryYear,
  type PeriodAccounts,
} from "./sample-facts.ts";
import type { NaverNewsItem, NaverNewsResponse, NewsQuery, NewsSearchPort } from "../naver-news.ts";

const SEED = 3004;
const OUTLETS = ["daily-econ", "market-wire", "biz-times", "korea-ledger"];

/** The company's synthetic facts the stories state, shared with the OpenDART sample (sample-facts.ts). */
interface Facts {
  year: number;
  quarter: number;
  /** the last business year whose report is filed, its dividend per share */
  dividendYear: number;
  dps: number;
  accounts: PeriodAccounts;
  before: PeriodAccounts;
  /** employees at the latest period and a year before; the year's average pay */
  staff: { now: number; before: number; pay: number };
  /** treasury shares bought this year so far */
  bought: number;
}

interface Topic {
  words: RegExp;
  stories: ((
    c: string,
    n: (lo: number, hi: number) => number,
    f: Facts,
  ) => { title: string; body: string })[];
}

const change = (now: number, before: number) => {
  const pct = Math.round((100 * (now - before)) / Math.abs(before || 1));
  return pct >= 0 ? `${pct}% 증가` : `${-pct}% 감소`;
};
const periodWords = (f: Facts) => (f.quarter === 4 ? `${f.year}년` : `${f.year}년 ${f.quarter}분기`);

const TOPICS: Topic[] = [
  {
    words: /실적|매출|영업이익|순이익|이익|어닝/,
    stories: [
      (c, _n, f) => ({
        title: `${c}, ${periodWords(f)} 영업이익 ${eokWon(f.accounts.operating)}…전년 대비 ${change(f.accounts.operating, f.before.operating)}`,
        body: `${withJosa(c, "이/가")} ${periodWords(f)} 실적을 공시했다. 매출은 ${eokWon(f.accounts.revenue)}으로 전년 같은 기간보다 ${change(f.accounts.revenue, f.before.revenue)}했다.`,
      }),
      (c, n) => ({
        title: `증권가 &quot;${c} 매출 눈높이 ${n(2, 9)}% 상향&quot;`,
        body: `주요 증권사들이 ${c}의 연간 매출 추정치를 올렸다. 하반기 수요 회복과 원가 개선이 이유로 꼽혔다.`,
      }),
    ],
  },
  {
    words: /배당|주주환원|배당금/,
    stories: [
      (c, _n, f) =>
        f.dps
          ? {
              title: `${c}, ${f.dividendYear}년 배당 주당 ${f.dps.toLocaleString("en-US")}원…사업보고서 기준`,
              body: `${c}의 ${f.dividendYear}년 주당 현금배당금은 ${f.dps.toLocaleString("en-US")}원이다. 배당 기준일과 지급일은 이사회 결의 공시를 따른다.`,
            }
          : {
              title: `${c}, ${f.dividendYear}년 현금배당 없어…&quot;성장 투자 우선&quot;`,
              body: `${withJosa(c, "은/는")} ${f.dividendYear}년 사업연도에 현금배당을 하지 않았다.`,
            },
      (c) => ({
        title: `${c} 주주환원 강화…&quot;배당 확대 검토&quot;`,
        body: `${withJosa(c, "이/가")} 중장기 주주환원 정책을 발표했다. 자사주 매입과 배당 확대를 병행한다는 계획이다.`,
      }),
    ],
  },
  {
    words: /자사주|자기주식|소각/,
    stories: [
      (c, _n, f) =>
        f.bought
          ? {
              title: `${c}, ${f.year}년 자사주 ${f.bought.toLocaleString("en-US")}주 취득…${periodWords(f)} 보고서 기준`,
              body: `${withJosa(c, "이/가")} 자기주식 취득 신탁계약으로 ${f.year}년 들어 ${f.bought.toLocaleString("en-US")}주를 사들였다.`,
            }
          : {
              title: `${c}, ${f.year}년 자사주 매입 없어…${periodWords(f)} 보고서 기준`,
              body: `${withJosa(c, "은/는")} ${f.year}년 들어 자기주식을 새로 취득하지 않았다.`,
            },
    ],
  },
  {
    words: /임원|인사|대표이사|사외이사|이사회/,
    stories: [
      (c) => ({
        title: `${c}, 정기 임원 인사…신임 사업부문장 선임`,
        body: `${withJosa(c, "이/가")} 정기 임원 인사를 단행했다. 사외이사 선임 안건은 다음 주주총회에 상정된다.`,
      }),
    ],
  },
  {
    words: /직원|채용|고용|연봉|급여/,
    stories: [
      (c, _n, f) => ({
        title: `${c} 직원 평균 연봉 ${manWon(f.staff.pay)}…직원 ${f.staff.now.toLocaleString("en-US")}명`,
        body: `${c}의 정기보고서에 따르면 직원 수는 1년 전 ${f.staff.before.toLocaleString("en-US")}명에서 ${f.staff.now.toLocaleString("en-US")}명으로 ${f.staff.now >= f.staff.before ? "늘었다" : "줄었다"}.`,
      }),
    ],
  },
  {
    words: /투자|인수|출자|지분|M&A/i,
    stories: [
      (c, n) => ({
        title: `${c}, 해외 법인 지분 ${n(10, 60)}% 취득 결정`,
        body: `${withJosa(c, "이/가")} 타법인주식 및 출자증권 취득 결정을 공시했다. 신사업 확대를 위한 투자라는 설명이다.`,
      }),
    ],
  },
  {
    words: /공시|정정|보고서/,
    stories: [
      (c) => ({
        title: `${c}, 주요사항보고서 기재정정…거래 금액 확정`,
        body: `${withJosa(c, "이/가")} 앞서 낸 주요사항보고서의 거래 조건을 정정 공시했다. 거래 금액과 일정이 확정됐다.`,
      }),
    ],
  },
];

const GENERAL: Topic["stories"] = [
  (c, n) => ({
    title: `${c} 주가 ${n(1, 6)}% 상승 마감…외국인 순매수`,
    body: `${c} 주가가 외국인 매수세에 힘입어 올랐다. 거래량은 평소의 ${n(2, 4)}배 수준이었다.`,
  }),
  (c) => ({
    title: `${c}, 신제품 공개…글로벌 시장 공략`,
    body: `${withJosa(c, "이/가")} 신제품을 공개하고 해외 판매망을 넓힌다고 밝혔다.`,
  }),
];

export class EmbeddedNews implements NewsSearchPort {
  readonly name = "sample";
  readonly synthetic = true;
  private readonly names: { name: string; company: ListedCompany }[];
  /** the vendored table's order: a company's rank sizes its facts, as in the OpenDART sample */
  private readonly companies: ListedCompany[];

  constructor(private readonly opts: { companies?: ListedCompany[]; now?: () => Date } = {}) {
    const companies = opts.companies ?? listedCompanies();
    this.companies = companies;
    this.names = companies
      .filter((c) => c.stock_code)
      .flatMap((c) => [c.corp_name, ...c.aliases].map((name) => ({ name, company: c })))
      .sort((a, b) => b.name.length - a.name.length);
  }

  async search(counter: CallCounter, q: NewsQuery): Promise<NaverNewsResponse> {
    counter.apiCalls++;
    const now = this.opts.now?.() ?? new Date();
    const named = this.companiesIn(q.query);
    const topics = TOPICS.filter((t) => t.words.test(q.query));
    const items: (NaverNewsItem & { relevance: number; at: number })[] = [];
    const period = latestFiledPeriod(now);
    for (const { company, name } of named) {
      const rank = Math.max(0, this.companies.indexOf(company));
      const facts = factsOf(company.corp_code, rank, period);
      const stories = [
        ...topics.flatMap((t) => t.stories.map((s) => ({ s, relevance: 2 }))),
        ...GENERAL.map((s) => ({ s, relevance: 1 })),
      ];
      stories.forEach(({ s, relevance }, i) => {
        const rng = rngFor(SEED, `${company.corp_code}:${i}:${kstYmd(now).slice(0, 6)}`);
        const n = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
        const story = s(company.corp_name, n, facts);
        const at = now.getTime() - Math.floor(rng() * 14 * 86_400_000) - 3_600_000;
        const outlets = rng() < 0.4 ? 2 : 1;
        for (let o = 0; o < outlets; o++) {
          const outlet = OUTLETS[(hashString(story.title) + o) % OUTLETS.length] ?? "daily-econ";
          const id = hashString(`${story.title}:${outlet}`) % 1_000_000;
          const link = demoNewsUrl(outlet, id);
          items.push({
            title: highlight(o === 0 ? story.title : `[종합] ${story.title}`, [
              name,
              ...q.query.split(/\s+/),
            ]),
            originallink: link,
            link,
            description: highlight(story.body, [company.corp_name, ...q.query.split(/\s+/)]),
            pubDate: rfc1123Kst(new Date(at + o * 1_800_000)),
            synthetic: true,
            relevance,
            at: at + o * 1_800_000,
          });
        }
      });
    }
    items.sort((a, b) => (q.sort === "date" ? b.at - a.at : b.relevance - a.relevance || b.at - a.at));
    const shown = items.slice(0, q.display).map(({ relevance: _r, at: _a, ...item }) => item);
    return {
      lastBuildDate: rfc1123Kst(now),
      total: items.length,
      start: 1,
      display: shown.length,
      items: shown,
    };
  }

  private companiesIn(query: string): { name: string; company: ListedCompany }[] {
    const found: { name: string; company: ListedCompany }[] = [];
    let rest = query;
    for (const entry of this.names) {
      if (!rest.includes(entry.name)) continue;
      if (!found.some((f) => f.company === entry.company)) found.push(entry);
      rest = rest.split(entry.name).join(" ");
    }
    return found.slice(0, 3);
  }
}

/** The facts a company's stories state, as of the latest filed period. */
function factsOf(corpCode: string, rank: number, period: { year: number; quarter: number }): Facts {
  const dividendYear = period.quarter === 4 ? period.year : period.year - 1;
  const { year, quarter } = period;
  const staff = (y: number) => employeesAt(corpCode, y, quarter, rank);
  const t = treasuryYear(corpCode, year, rank);
  return {
    ...period,
    dividendYear,
    dps: dividendPerShare(corpCode, dividendYear, rank),
    accounts: periodAccounts(corpCode, year, quarter, rank),
    before: periodAccounts(corpCode, year - 1, quarter, rank),
    staff: {
      now: staff(year).men + staff(year).women,
      before: staff(year - 1).men + staff(year - 1).women,
      pay: employeesAt(corpCode, dividendYear, 4, rank).annualPay,
    },
    bought: t.acquired.filter((a) => a.date <= quarterEnd(year, quarter)).reduce((s, a) => s + a.qty, 0),
  };
}

/** An amount rounded to 억 원, as a headline writes it: "6조 2,878억 원". */
const eokWon = (won: number) => koreanWon(Math.round(won / 1e8) * 1e8);

/** "1억 2,300만 원", as a headline writes a pay. */
function manWon(won: number): string {
  const man = Math.round(won / 1e4);
  const eok = Math.floor(man / 1e4);
  const rest = man % 1e4;
  return `${eok ? `${eok}억 ` : ""}${rest ? `${rest.toLocaleString("en-US")}만 ` : ""}원`.replace(
    / 원$/,
    " 원",
  );
}

/** Naver wraps the query's words in <b>; so does the sample. */
function highlight(text: string, words: string[]): string {
  const terms = [...new Set(words.filter((w) => w.length >= 2))].sort((a, b) => b.length - a.length);
  const done: string[] = [];
  let out = text;
  for (const t of terms) {
    // a word inside one already highlighted is left alone (no nested tags)
    if (!out.includes(t) || done.some((d) => d.includes(t))) continue;
    out = out.split(t).join(`<b>${t}</b>`);
    done.push(t);
  }
  return out;
}
