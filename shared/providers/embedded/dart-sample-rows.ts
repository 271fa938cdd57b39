// The OpenDART sample's rows for each key-information API and the main accounts: each API's own maker
// where the fields matter to answers (dividends, holders, executives, employees, shares, audits,
// accounts), generic values of the fields' kinds otherwise. The figures the news sample also states come
// from shared/demo/company-facts.ts.
import type { ListedCompany } from "../../data/listed-companies.ts";
import type { Rng } from "../../platform/random.ts";
import { dividendPerShare, periodAccounts } from "../../demo/company-facts.ts";
import { ACCOUNTS_KEY, type ReportApi } from "../opendart-apis.ts";
import { REPRT_CODES, type ReportQuery } from "../opendart.ts";
import { pad, periodEnd, withCommas } from "./dart-sample-filings.ts";

type Row = Record<string, string>;

const PEOPLE = ["임원A", "임원B", "임원C", "임원D", "임원E", "임원F", "임원G", "임원H"];
const placeholder = (name: string) => `${name}(합성)`;

/** What every API's rows are drawn from: the company's size (by rank), the period, the generator. */
interface RowsOf {
  api: ReportApi;
  c: ListedCompany;
  rank: number;
  q: ReportQuery;
  rng: Rng;
  scale: number;
  stlm_dt: string;
  jitter: (n: number) => number;
}

/** The APIs whose rows are drawn field by field; any other API's rows are generic values. */
const ROWS: Record<string, (r: RowsOf) => Row[]> = {
  api_02: dividendRows,
  api_04: holderRows,
  api_07: executiveRows,
  api_08: employeeRows,
  api_23: shareRows,
  api_24: auditRows,
  [ACCOUNTS_KEY]: ({ c, q, rank, rng }) => accountRows(c, q, rank, rng),
};

export function sampleRows(api: ReportApi, c: ListedCompany, rank: number, q: ReportQuery, rng: Rng): Row[] {
  const scale = 1 / (1 + rank / 8);
  const of: RowsOf = {
    api,
    c,
    rank,
    q,
    rng,
    scale,
    stlm_dt: periodEnd(q.bsns_year, q.reprt_code),
    jitter: (n: number) => vary(rng, n),
  };
  return (ROWS[api.key] ?? genericRows)(of);
}

/** api_02: the dividend per share the news sample also states (shared/demo/company-facts.ts). */
function dividendRows({ c, rank, q, rng, scale, stlm_dt, jitter }: RowsOf): Row[] {
  const dps = dividendPerShare(c.corp_code, q.bsns_year, rank);
  const dps1 = dividendPerShare(c.corp_code, q.bsns_year - 1, rank);
  const dps2 = dividendPerShare(c.corp_code, q.bsns_year - 2, rank);
  const income = jitter(15_000_000 * scale);
  const lines: [se: string, stock_knd: string, thstrm: string, frmtrm: string, lwfr: string][] = [
    ["주당액면가액(원)", "보통주", "100", "100", "100"],
    [
      "(연결)당기순이익(백만원)",
      "",
      withCommas(income),
      withCommas(jitter(income)),
      withCommas(jitter(income)),
    ],
    [
      "(연결)주당순이익(원)",
      "보통주",
      withCommas(jitter(3000 * scale + 500)),
      withCommas(jitter(2800 * scale + 500)),
      "-",
    ],
    [
      "현금배당금총액(백만원)",
      "",
      withCommas(income * 0.25),
      withCommas(income * 0.24),
      withCommas(income * 0.22),
    ],
    ["(연결)현금배당성향(%)", "", (20 + rng() * 15).toFixed(2), (20 + rng() * 15).toFixed(2), "-"],
    [
      "현금배당수익률(%)",
      "보통주",
      (1 + rng() * 3).toFixed(1),
      (1 + rng() * 3).toFixed(1),
      (1 + rng() * 3).toFixed(1),
    ],
    ["주당 현금배당금(원)", "보통주", withCommas(dps), withCommas(dps1), withCommas(dps2)],
  ];
  return lines.map(([se, stock_knd, thstrm, frmtrm, lwfr]) => ({
    se: se,
    stock_knd: stock_knd,
    thstrm: thstrm,
    frmtrm: frmtrm,
    lwfr: lwfr,
    stlm_dt,
  }));
}

/** api_04: the largest shareholder and two related parties. */
function holderRows({ rng, scale, stlm_dt, jitter }: RowsOf): Row[] {
  const shares = jitter(500_000_000 * scale);
  return ["최대주주", "특수관계인1", "특수관계인2"].map((who, i) => ({
    nm: placeholder(who),
    relate: i === 0 ? "본인" : "특수관계인",
    stock_knd: "보통주",
    bsis_posesn_stock_co: withCommas(shares / (i + 1)),
    bsis_posesn_stock_qota_rt: ((20 - i * 6) * (0.9 + rng() * 0.2)).toFixed(2),
    trmend_posesn_stock_co: withCommas(shares / (i + 1)),
    trmend_posesn_stock_qota_rt: ((20 - i * 6) * (0.9 + rng() * 0.2)).toFixed(2),
    rm: "-",
    stlm_dt,
  }));
}

/** api_07: five to eight executives, the first the CEO. */
function executiveRows({ q, rng, stlm_dt }: RowsOf): Row[] {
  return PEOPLE.slice(0, 5 + Math.floor(rng() * 4)).map((who, i) => ({
    nm: placeholder(who),
    sexdstn: rng() < 0.8 ? "남" : "여",
    birth_ym: `19${60 + Math.floor(rng() * 20)}년 ${pad(1 + Math.floor(rng() * 12))}월`,
    ofcps: i === 0 ? "대표이사" : i < 3 ? "사내이사" : "사외이사",
    rgist_exctv_at: "등기임원",
    fte_at: i < 3 ? "상근" : "비상근",
    chrg_job: i === 0 ? "경영총괄" : i < 3 ? "사업부문장" : "이사회 구성원",
    main_career: "(합성 경력)",
    mxmm_shrholdr_relate: "-",
    hffc_pd: `${1 + Math.floor(rng() * 9)}년`,
    tenure_end_on: `${q.bsns_year + 1 + Math.floor(rng() * 3)}.03.${15 + Math.floor(rng() * 10)}`,
    stlm_dt,
  }));
}

/** api_08: employees by sex, then the total. */
function employeeRows({ rng, scale, stlm_dt, jitter }: RowsOf): Row[] {
  const rows: Row[] = [];
  for (const division of ["전사", "합계"])
    for (const sex of division === "합계" ? ["합계"] : ["남", "여"]) {
      const sm = Math.round(jitter(60_000 * scale + 800) * (sex === "여" ? 0.4 : sex === "합계" ? 1.4 : 1));
      const salary = jitter(80_000_000 + 40_000_000 * scale);
      rows.push({
        fo_bbm: division,
        sexdstn: sex,
        reform_bfe_emp_co_rgllbr: "-",
        reform_bfe_emp_co_cnttk: "-",
        reform_bfe_emp_co_etc: "-",
        rgllbr_co: withCommas(sm * 0.97),
        rgllbr_abacpt_labrr_co: "-",
        cnttk_co: withCommas(sm * 0.03),
        cnttk_abacpt_labrr_co: "-",
        sm: withCommas(sm),
        avrg_cnwk_sdytrn: (8 + rng() * 10).toFixed(1),
        fyer_salary_totamt: withCommas(sm * salary),
        jan_salary_am: withCommas(salary),
        rm: "-",
        stlm_dt,
      });
    }
  return rows;
}

/** api_23: common, preferred and all shares. */
function shareRows({ scale, stlm_dt, jitter }: RowsOf): Row[] {
  return ["보통주", "우선주", "합계"].map((se, i) => {
    const issued = jitter(5_000_000_000 * scale + 10_000_000) * (i === 1 ? 0.1 : 1);
    return {
      se,
      isu_stock_totqy: withCommas(issued * 4),
      now_to_isu_stock_totqy: withCommas(issued * 1.1),
      now_to_dcrs_stock_totqy: withCommas(issued * 0.1),
      redc: "-",
      profit_incnr: withCommas(issued * 0.1),
      rdmstk_repy: "-",
      etc: "-",
      istc_totqy: withCommas(issued),
      tesstk_co: withCommas(issued * 0.02),
      distb_stock_co: withCommas(issued * 0.98),
      stlm_dt,
    };
  });
}

/** api_24: the auditor's opinion over three terms. */
function auditRows({ stlm_dt }: RowsOf): Row[] {
  return ["당기", "전기", "전전기"].map((when, i) => ({
    bsns_year: `제${50 - i}기(${when})`,
    adtor: placeholder("회계법인"),
    adt_opinion: "적정",
    adt_reprt_spcmnt_matter: "-",
    emphs_matter: "-",
    core_adt_matter: i === 0 ? "수익인식의 적정성" : "-",
    stlm_dt,
  }));
}

function genericRows({ api, q, rng, scale, stlm_dt }: RowsOf): Row[] {
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
  if (/(_co|_qy|^nmpr|^sm|_amount|_am|_totamt|^mendng|_lmt|^yy|^de\d|_time)/.test(field))
    return withCommas(vary(rng, 1_000_000_000 * scale + 1000));
  if (/^(se|se_nm|stock_knd|scrits_knd_nm)$/.test(field))
    return ["구분A", "구분B", "구분C", "합계"][i % 4] ?? "합계";
  if (/^(nm|inv_prm|isu_cmpny|adtor|mngt_cmpny|mxmm_shrholdr_nm)$/.test(field))
    return placeholder(`법인${i + 1}`);
  if (field === "bsns_year") return String(q.bsns_year);
  return "-";
}

const vary = (rng: Rng, n: number) => n * (0.85 + 0.3 * rng());

/** fnlttSinglAcnt: consolidated and separate statements, balance sheet then income statement (won). */
function accountRows(c: ListedCompany, q: ReportQuery, rank: number, rng: Rng): Row[] {
  const quarter = REPRT_CODES.indexOf(q.reprt_code) + 1;
  // the accounts the news sample also states (shared/demo/company-facts.ts); the year before's beside them
  const { revenue, operating, net } = periodAccounts(c.corp_code, q.bsns_year, quarter, rank);
  const before = periodAccounts(c.corp_code, q.bsns_year - 1, quarter, rank);
  const prior: Record<string, number> = {
    매출액: before.revenue,
    영업이익: before.operating,
    당기순이익: before.net,
  };
  const assets = revenue * (1.5 + rng());
  const liabilities = assets * (0.3 + rng() * 0.3);
  const end = periodEnd(q.bsns_year, q.reprt_code).replaceAll("-", ".");
  const term = 50 + (q.bsns_year - 2020);
  const rows: Row[] = [];
  for (const [fs_div, fs_nm, factor] of [
    ["CFS", "연결재무제표", 1],
    ["OFS", "재무제표", 0.7],
  ] as const) {
    const accounts: [string, string, string, number][] = [
      ["BS", "재무상태표", "자산총계", assets],
      ["BS", "재무상태표", "부채총계", liabilities],
      ["BS", "재무상태표", "자본총계", assets - liabilities],
      ["IS", "손익계산서", "매출액", revenue],
      ["IS", "손익계산서", "영업이익", operating],
      ["IS", "손익계산서", "당기순이익", net],
    ];
    accounts.forEach(([sj_div, sj_nm, account_nm, amount], ord) => {
      const bs = sj_div === "BS";
      rows.push({
        bsns_year: String(q.bsns_year),
        stock_code: c.stock_code,
        reprt_code: q.reprt_code,
        account_nm,
        fs_div,
        fs_nm,
        sj_div,
        sj_nm,
        thstrm_nm: `제 ${term} 기${quarter === 4 ? "" : ` ${quarter}분기`}`,
        thstrm_dt: bs ? `${end} 현재` : `${q.bsns_year}.01.01 ~ ${end}`,
        thstrm_amount: withCommas(amount * factor),
        frmtrm_nm: `제 ${term - 1} 기`,
        frmtrm_dt: bs
          ? `${q.bsns_year - 1}.12.31 현재`
          : `${q.bsns_year - 1}.01.01 ~ ${q.bsns_year - 1}.12.31`,
        frmtrm_amount: withCommas((prior[account_nm] ?? vary(rng, amount)) * factor),
        bfefrmtrm_nm: `제 ${term - 2} 기`,
        bfefrmtrm_dt: bs ? `${q.bsns_year - 2}.12.31 현재` : "-",
        bfefrmtrm_amount: withCommas(vary(rng, amount * factor)),
        ord: String(ord + 1),
        currency: "KRW",
      });
    });
  }
  return rows;
}
