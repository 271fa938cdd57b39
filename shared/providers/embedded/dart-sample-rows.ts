// The OpenDART sample's rows for each key-information API and the main accounts, from the company's
// synthetic facts (sample-facts.ts, sample-people.ts), so the tables agree with each other and with the
// news sample: shares issued less treasury shares are the shares outstanding everywhere, a dividend total
// is the dividend per share times them, a ratio is its figures' ratio, a 합계 row is the sum of the rows
// above it. Tables no answer reads in detail get values of their fields' kinds, totals still summed.
import type { ListedCompany } from "../../data/listed-companies.ts";
import type { Rng } from "../../platform/random.ts";
import { ACCOUNTS_KEY, type ReportApi } from "../opendart-apis.ts";
import { REPRT_CODES, type ReportQuery } from "../opendart.ts";
import {
  allDirectorsPayRows,
  approvedPayRows,
  directorsPaidFiveEok,
  executiveRows,
  outsideDirectorRows,
  payByKindRows,
  topFivePaid,
  unregisteredPayRows,
  won,
  type PeopleOf,
} from "./dart-sample-people-rows.ts";
import {
  capitalRows,
  holderChangeRows,
  holderRows,
  minorityRows,
  shareRows,
  treasuryRows,
} from "./dart-sample-share-rows.ts";
import {
  dividendSoFar,
  employeesAt,
  issuedAt,
  netSoFar,
  periodAccounts,
  priceAtYearEnd,
  quarterEnd,
  scaleOfRank,
  shareBase,
  termOf,
  treasuryHeld,
} from "./sample-facts.ts";
import { pad, periodEnd } from "./dart-sample-filings.ts";

type Row = Record<string, string>;

/** What every API's rows are drawn from: the company, its rank, the period and its end, the generator. */
export interface RowsOf extends PeopleOf {
  api: ReportApi;
  c: ListedCompany;
  q: ReportQuery;
  rng: Rng;
  scale: number;
}

/** The APIs whose rows are drawn from the facts; undefined: no data for the period (OpenDART's 013). */
const ROWS: Record<string, (r: RowsOf) => Row[] | undefined> = {
  api_01: capitalRows,
  api_02: dividendRows,
  api_03: treasuryRows,
  api_04: holderRows,
  api_05: holderChangeRows,
  api_06: minorityRows,
  api_07: executiveRows,
  api_08: employeeRows,
  api_09: directorsPaidFiveEok,
  api_10: allDirectorsPayRows,
  api_11: topFivePaid,
  api_14: unregisteredPayRows,
  api_21: approvedPayRows,
  api_22: payByKindRows,
  api_23: shareRows,
  api_24: auditRows,
  api_27: outsideDirectorRows,
  [ACCOUNTS_KEY]: accountRows,
};

/** The API's rows for the period; undefined when the company has none to report (013). */
export function sampleRows(
  api: ReportApi,
  c: ListedCompany,
  rank: number,
  q: ReportQuery,
  rng: Rng,
): Row[] | undefined {
  const of: RowsOf = {
    api,
    c,
    q,
    rng,
    rank,
    corpCode: c.corp_code,
    year: q.bsns_year,
    quarter: REPRT_CODES.indexOf(q.reprt_code) + 1,
    scale: scaleOfRank(rank),
    stlm_dt: periodEnd(q.bsns_year, q.reprt_code),
  };
  return (ROWS[api.key] ?? genericRows)(of);
}

const pct = (part: number, whole: number, digits = 2) =>
  whole ? ((100 * part) / whole).toFixed(digits) : "-";

/** One column of api_02 (당기, 전기 or 전전기): the year so far (당기 of a quarterly report) or the whole year. */
function dividendColumn(r: RowsOf, year: number, quarter: number) {
  const end = quarterEnd(year, quarter);
  const common = issuedAt(r.corpCode, r.rank, end);
  const outstanding = common - treasuryHeld(r.corpCode, r.rank, end);
  const net = netSoFar(r.corpCode, year, quarter, r.rank);
  const dps = dividendSoFar(r.corpCode, year, quarter, r.rank);
  const total = (dps * outstanding) / 1e6;
  const price = priceAtYearEnd(r.corpCode, year, r.rank);
  const paid = dps > 0;
  return {
    net: won(net / 1e6),
    eps: won(net / common),
    total: paid ? won(total) : "-",
    payout: paid ? pct(total, net / 1e6) : "-",
    yield: paid ? pct(dps, price, 1) : "-",
    dps: paid ? won(dps) : "-",
  };
}

/** api_02: 당기 (the report's period), 전기 and 전전기 (the two business years before). */
function dividendRows(r: RowsOf): Row[] {
  const cols = [
    dividendColumn(r, r.year, r.quarter),
    dividendColumn(r, r.year - 1, 4),
    dividendColumn(r, r.year - 2, 4),
  ];
  const par = String(shareBase(r.corpCode, r.rank).par);
  const line = (se: string, stock_knd: string, f: (c: (typeof cols)[number]) => string): Row => ({
    se,
    stock_knd,
    thstrm: f(cols[0]!),
    frmtrm: f(cols[1]!),
    lwfr: f(cols[2]!),
    stlm_dt: r.stlm_dt,
  });
  return [
    line("주당액면가액(원)", "보통주", () => par),
    line("(연결)당기순이익(백만원)", "-", (c) => c.net),
    line("(연결)주당순이익(원)", "보통주", (c) => c.eps),
    line("현금배당금총액(백만원)", "-", (c) => c.total),
    line("(연결)현금배당성향(%)", "-", (c) => c.payout),
    line("현금배당수익률(%)", "보통주", (c) => c.yield),
    line("주당 현금배당금(원)", "보통주", (c) => c.dps),
  ];
}

/** api_08: employees by sex, then the total (the sums of the two rows); pay is the year's so far. */
function employeeRows(r: RowsOf): Row[] {
  const e = employeesAt(r.corpCode, r.year, r.quarter, r.rank);
  const paidEach = Math.round((e.annualPay * r.quarter) / 4 / 1e5) * 1e5;
  const tenure = 8 + 8 * r.scale;
  const line = (fo_bbm: string, sexdstn: string, sm: number, paid: number, years: number): Row => {
    const contract = Math.round(sm * 0.03);
    return {
      fo_bbm,
      sexdstn,
      reform_bfe_emp_co_rgllbr: "-",
      reform_bfe_emp_co_cnttk: "-",
      reform_bfe_emp_co_etc: "-",
      rgllbr_co: won(sm - contract),
      rgllbr_abacpt_labrr_co: "-",
      cnttk_co: won(contract),
      cnttk_abacpt_labrr_co: "-",
      sm: won(sm),
      avrg_cnwk_sdytrn: years.toFixed(1),
      fyer_salary_totamt: won(paid),
      jan_salary_am: won(paid / sm),
      rm: "-",
      stlm_dt: r.stlm_dt,
    };
  };
  const menPaid = e.men * paidEach * 1.08;
  const womenPaid = e.women * paidEach * 0.8;
  const men = line("전사", "남", e.men, menPaid, tenure + 1);
  const women = line("전사", "여", e.women, womenPaid, tenure - 2);
  const total = e.men + e.women;
  return [
    men,
    women,
    line("합계", "합계", total, menPaid + womenPaid, (e.men * (tenure + 1) + e.women * (tenure - 2)) / total),
  ];
}

/** api_24: the auditor's opinion over three terms. */
function auditRows(r: RowsOf): Row[] {
  return ["당기", "전기", "전전기"].map((when, i) => ({
    bsns_year: `제${termOf(r.year) - i}기(${when})`,
    adtor: "회계법인(합성)",
    adt_opinion: "적정",
    adt_reprt_spcmnt_matter: "-",
    emphs_matter: "-",
    core_adt_matter: i === 0 ? "수익인식의 적정성" : "-",
    stlm_dt: r.stlm_dt,
  }));
}

/** Balance tables (api_13, 15, 16, 17, 28): 공모 and 사모 by maturity, each row's 합계 its buckets' sum, a 합계 row theirs. */
function balanceRows(r: RowsOf): Row[] | undefined {
  if (r.rng() < 0.6) return undefined;
  const buckets = r.api.fields.filter(
    (f) => !["remndr_exprtn1", "remndr_exprtn2", "sm", "stlm_dt", "isu_lmt", "remndr_lmt"].includes(f),
  );
  const kinds = ["공모", "사모"].map((kind) => {
    const amounts = buckets.map(() =>
      r.rng() < 0.5 ? 0 : Math.round((1e11 * r.scale * r.rng()) / 1e8) * 1e8,
    );
    return { kind, amounts };
  });
  const total = {
    kind: "합계",
    amounts: buckets.map((_, i) => kinds.reduce((s, k) => s + k.amounts[i]!, 0)),
  };
  return [...kinds, total].map((k) => ({
    remndr_exprtn1: k.kind,
    remndr_exprtn2: "미상환 잔액",
    ...Object.fromEntries(buckets.map((b, i) => [b, k.amounts[i] ? won(k.amounts[i]) : "-"])),
    sm: won(k.amounts.reduce((s, a) => s + a, 0)),
    ...(r.api.fields.includes("isu_lmt") ? { isu_lmt: won(2e12 * r.scale), remndr_lmt: "-" } : {}),
    stlm_dt: r.stlm_dt,
  }));
}

for (const key of ["api_13", "api_15", "api_16", "api_17", "api_28"]) ROWS[key] = balanceRows;

/** The other tables (출자, 채무증권, 자금 사용, 감사용역): two or three rows of their fields' kinds; a third of the periods have none. */
function genericRows({ api, q, rng, scale, stlm_dt }: RowsOf): Row[] | undefined {
  if (rng() < 0.35) return undefined;
  return Array.from({ length: 2 + Math.floor(rng() * 2) }, (_, i) =>
    Object.fromEntries(
      api.fields.map((f) => [f, f === "stlm_dt" ? stlm_dt : genericValue(f, i, q, rng, scale)]),
    ),
  );
}

function genericValue(field: string, i: number, q: ReportQuery, rng: Rng, scale: number): string {
  if (/(_de|_dt|_on|^mtd)$/.test(field))
    return `${q.bsns_year}.${pad(1 + Math.floor(rng() * 12))}.${pad(1 + Math.floor(rng() * 28))}`;
  if (/(_rt|_rate|^intrt)$/.test(field)) return (rng() * 10).toFixed(2);
  if (/_qy$/.test(field)) return won(1e6 * scale * (0.5 + rng()));
  if (/_time$/.test(field)) return won(2000 + 20000 * scale * rng());
  if (/(_amount|_am|_totamt|mendng|^pay_amount)$/.test(field) || /_amount$/.test(field))
    return won(Math.round((1e11 * scale * (0.2 + rng())) / 1e6) * 1e6);
  if (/^(se|se_nm|stock_knd|scrits_knd_nm)$/.test(field)) return ["보통주", "회사채", "기업어음"][i % 3]!;
  if (/^(inv_prm|isu_cmpny|adtor|mngt_cmpny)$/.test(field)) return `법인${i + 1}(합성)`;
  if (field === "bsns_year") return `제${termOf(q.bsns_year)}기`;
  return "-";
}

/** fnlttSinglAcnt: consolidated and separate statements, balance sheet then income statement (won). */
function accountRows(r: RowsOf): Row[] {
  const { corpCode, rank, year, quarter } = r;
  const now = periodAccounts(corpCode, year, quarter, rank);
  const before = periodAccounts(corpCode, year - 1, quarter, rank);
  const older = periodAccounts(corpCode, year - 2, quarter, rank);
  const assets = now.revenue * (quarter === 4 ? 1 : 4) * (1.2 + 0.6 * r.rng());
  const liabilities = assets * (0.3 + r.rng() * 0.3);
  const end = periodEnd(year, r.q.reprt_code).replaceAll("-", ".");
  const rows: Row[] = [];
  for (const [fs_div, fs_nm, factor] of [
    ["CFS", "연결재무제표", 1],
    ["OFS", "재무제표", 0.7],
  ] as const) {
    const accounts: [string, string, string, number, number, number][] = [
      ["BS", "재무상태표", "자산총계", assets, assets * 0.95, assets * 0.9],
      ["BS", "재무상태표", "부채총계", liabilities, liabilities * 0.95, liabilities * 0.9],
      [
        "BS",
        "재무상태표",
        "자본총계",
        assets - liabilities,
        (assets - liabilities) * 0.95,
        (assets - liabilities) * 0.9,
      ],
      ["IS", "손익계산서", "매출액", now.revenue, before.revenue, older.revenue],
      ["IS", "손익계산서", "영업이익", now.operating, before.operating, older.operating],
      ["IS", "손익계산서", "당기순이익", now.net, before.net, older.net],
    ];
    accounts.forEach(([sj_div, sj_nm, account_nm, amount, prior, prior2], ord) => {
      const bs = sj_div === "BS";
      rows.push({
        bsns_year: String(year),
        stock_code: r.c.stock_code,
        reprt_code: r.q.reprt_code,
        account_nm,
        fs_div,
        fs_nm,
        sj_div,
        sj_nm,
        thstrm_nm: `제 ${termOf(year)} 기${quarter === 4 ? "" : ` ${quarter}분기`}`,
        thstrm_dt: bs ? `${end} 현재` : `${year}.01.01 ~ ${end}`,
        thstrm_amount: won(amount * factor),
        frmtrm_nm: `제 ${termOf(year) - 1} 기${quarter === 4 || bs ? "" : ` ${quarter}분기`}`,
        frmtrm_dt: bs ? `${year - 1}.12.31 현재` : `${year - 1}.01.01 ~ ${year - 1}${end.slice(4)}`,
        frmtrm_amount: won(prior * factor),
        bfefrmtrm_nm: `제 ${termOf(year) - 2} 기`,
        bfefrmtrm_dt: bs ? `${year - 2}.12.31 현재` : "-",
        bfefrmtrm_amount: won(prior2 * factor),
        ord: String(ord + 1),
        currency: "KRW",
      });
    });
  }
  return rows;
}
