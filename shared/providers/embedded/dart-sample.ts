// The OpenDART sample: answers shaped exactly like OpenDART's (list.json, the 28 key-information APIs,
// fnlttSinglAcnt, document text, corpCode) on the real identifiers of the vendored company table, with
// made-up contents. Generated deterministically from the company and the period, relative to today, so
// "the latest four filed periods" exist whatever the date; every list item carries `synthetic: true`,
// names of people are placeholders marked (합성), and receipt numbers carry "99" after the date, chosen
// to stay clear of OpenDART's own numbering (the documented examples have 00… and 80… there).
import { listedCompanies, type ListedCompany } from "../../data/listed-companies.ts";
import { fromKst, kstParts, kstYmd } from "../../platform/time.ts";
import { hashString, rngFor, type Rng } from "../../platform/random.ts";
import { dividendPerShare, periodAccounts } from "../../demo/company-facts.ts";
import type { CallCounter } from "../http.ts";
import { ProviderError } from "../http.ts";
import { ACCOUNTS_KEY, reportApi, type ReportApi } from "../opendart-apis.ts";
import {
  DartStatusError,
  keyInfoResult,
  REPRT_CODES,
  type CorpCodeEntry,
  type DartDocument,
  type DartListItem,
  type DartListQuery,
  type DartListResponse,
  type DartPort,
  type KeyInfoResult,
  type ReportQuery,
  type ReprtCode,
} from "../opendart.ts";

const SEED = 3003;

/** When each periodic report is filed (month, day) and the month its period ends. */
const FILING: Record<ReprtCode, { month: number; day: number; nextYear: boolean; endMonth: number }> = {
  "11013": { month: 5, day: 15, nextYear: false, endMonth: 3 },
  "11012": { month: 8, day: 14, nextYear: false, endMonth: 6 },
  "11014": { month: 11, day: 14, nextYear: false, endMonth: 9 },
  "11011": { month: 3, day: 14, nextYear: true, endMonth: 12 },
};

const REVISION_TITLES = [
  "타법인주식및출자증권취득결정",
  "단일판매ㆍ공급계약체결",
  "주요사항보고서(자기주식취득결정)",
  "유형자산취득결정",
  "현금ㆍ현물배당결정",
  "시설투자등",
];

/** APIs most companies have nothing to report in: the sample answers 013 for them most of the time. */
const OFTEN_EMPTY = new Set(["api_01", "api_13", "api_16", "api_17", "api_19", "api_20", "api_28"]);

interface SampleFiling extends DartListItem {
  /** A (정기공시) or B (주요사항보고) */
  pblntf_ty: "A" | "B";
  /** for periodic filings: the period they report */
  period?: { year: number; reprt_code: ReprtCode };
  /** for a 정정: what was corrected, for the document text */
  original?: { title: string; rcept_dt: string };
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");
const ymd = (y: number, m: number, d: number) => `${y}${pad(m)}${pad(d)}`;
const dotted = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}.${yyyymmdd.slice(4, 6)}.${yyyymmdd.slice(6)}`;
const dashed = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6)}`;
const sampleRceptNo = (date: string, key: string) => `${date}99${pad(hashString(key) % 10_000, 4)}`;
const withCommas = (n: number) => Math.round(n).toLocaleString("en-US");

export function periodEnd(year: number, code: ReprtCode): string {
  const m = FILING[code].endMonth;
  return `${year}-${pad(m)}-${m === 3 || m === 12 ? 31 : 30}`;
}

export class EmbeddedDart implements DartPort {
  readonly name = "sample";
  readonly synthetic = true;
  private readonly companies: ListedCompany[];
  private readonly byCode: Map<string, ListedCompany>;
  private index?: { day: string; byRcept: Map<string, SampleFiling> };

  constructor(opts: { companies?: ListedCompany[]; now?: () => Date } = {}) {
    this.companies = opts.companies ?? listedCompanies();
    this.byCode = new Map(this.companies.map((c) => [c.corp_code, c]));
    this.now = opts.now ?? (() => new Date());
  }

  private readonly now: () => Date;

  /** A company's filings up to today, newest first: periodic reports since 2015 (some with a 정정) and a few recent 정정 of other disclosures. */
  filings(corpCode: string): SampleFiling[] {
    const c = this.byCode.get(corpCode);
    if (!c || !c.stock_code) return []; // the unlisted sample companies file nothing
    const base: FilingBase = {
      corp_cls: c.corp_cls,
      corp_name: c.corp_name,
      corp_code: c.corp_code,
      stock_code: c.stock_code,
      flr_nm: c.corp_name,
      rm: "",
      synthetic: true as const,
    };
    const out = [...periodicFilings(base, this.now()), ...otherRevisions(base, this.now())];
    return out.sort((a, b) => b.rcept_dt.localeCompare(a.rcept_dt) || b.rcept_no.localeCompare(a.rcept_no));
  }

  async list(counter: CallCounter, q: DartListQuery): Promise<DartListResponse> {
    counter.apiCalls++;
    const all = this.filings(q.corp_code).filter(
      (f) =>
        f.rcept_dt >= q.bgn_de && f.rcept_dt <= q.end_de && (!q.pblntf_ty || f.pblntf_ty === q.pblntf_ty),
    );
    const pageCount = q.page_count ?? 10;
    const pageNo = q.page_no ?? 1;
    const page = all.slice((pageNo - 1) * pageCount, pageNo * pageCount);
    if (all.length === 0) return { status: "013", message: "조회된 데이타가 없습니다.", list: [] };
    return {
      status: "000",
      message: "정상",
      page_no: pageNo,
      page_count: pageCount,
      total_count: all.length,
      total_page: Math.ceil(all.length / pageCount),
      list: page.map(toListItem),
    };
  }

  async keyInfo(counter: CallCounter, key: string, q: ReportQuery): Promise<KeyInfoResult> {
    counter.apiCalls++;
    const api = reportApi(key);
    if (!api) throw new ProviderError("sample", "bad_request", `no report API ${key}`);
    const filing = this.filings(q.corp_code).find(
      (f) => f.period?.year === q.bsns_year && f.period.reprt_code === q.reprt_code,
    ); // newest first: the 정정 when there is one
    const company = this.byCode.get(q.corp_code);
    if (!filing || !company) return { status: "013", rows: [], synthetic: true };
    const rng = rngFor(SEED, `${q.corp_code}:${q.bsns_year}:${q.reprt_code}:${key}`);
    if (OFTEN_EMPTY.has(key) && rng() < 0.7) return { status: "013", rows: [], synthetic: true };
    const rows = sampleRows(api, company, this.rank(company), q, rng).map((r) => ({
      rcept_no: filing.rcept_no,
      ...(key === ACCOUNTS_KEY ? {} : { corp_cls: company.corp_cls, corp_name: company.corp_name }),
      corp_code: company.corp_code,
      ...r,
      synthetic: true,
    }));
    return keyInfoResult({ status: "000", message: "정상", list: rows });
  }

  async document(counter: CallCounter, rceptNo: string): Promise<DartDocument> {
    counter.apiCalls++;
    const filing = this.filingIndex().get(rceptNo);
    if (!filing) throw new DartStatusError("014", "파일이 존재하지 않습니다.");
    return { rcept_no: rceptNo, text: sampleDocument(filing), files: [`${rceptNo}.xml`], synthetic: true };
  }

  async corpCodes(counter: CallCounter): Promise<CorpCodeEntry[]> {
    counter.apiCalls++;
    return this.companies.map((c) => ({
      corp_code: c.corp_code,
      corp_name: c.corp_name,
      stock_code: c.stock_code,
      modify_date: c.modify_date,
    }));
  }

  private rank(c: ListedCompany): number {
    return Math.max(0, this.companies.indexOf(c));
  }

  private filingIndex(): Map<string, SampleFiling> {
    const day = kstYmd(this.now());
    if (this.index?.day !== day) {
      const byRcept = new Map<string, SampleFiling>();
      for (const c of this.companies) for (const f of this.filings(c.corp_code)) byRcept.set(f.rcept_no, f);
      this.index = { day, byRcept };
    }
    return this.index.byRcept;
  }
}

/** What every filing of a company says of it. */
type FilingBase = Pick<
  SampleFiling,
  "corp_cls" | "corp_name" | "corp_code" | "stock_code" | "flr_nm" | "rm" | "synthetic"
>;

/** The periodic reports filed since 2015, oldest first; a quarter of the periods get a 정정 three weeks later. */
function periodicFilings(base: FilingBase, now: Date): SampleFiling[] {
  const corpCode = base.corp_code;
  const today = kstYmd(now);
  const out: SampleFiling[] = [];
  for (let year = 2015; year <= kstParts(now).year; year++) {
    for (const code of REPRT_CODES) {
      const f = FILING[code];
      const filed = ymd(year + (f.nextYear ? 1 : 0), f.month, f.day);
      if (filed > today) continue;
      const kind = code === "11011" ? "사업보고서" : code === "11012" ? "반기보고서" : "분기보고서";
      const name = `${kind} (${year}.${pad(f.endMonth)})`;
      const period = { year, reprt_code: code };
      const rcept = sampleRceptNo(filed, `${corpCode}:${year}:${code}`);
      out.push({ ...base, report_nm: name, rcept_no: rcept, rcept_dt: filed, pblntf_ty: "A", period });
      if (hashString(`${corpCode}:${year}:${code}:fix`) % 4 !== 0) continue;
      const fixed = kstYmd(new Date(fromYmd(filed).getTime() + 21 * 86_400_000));
      if (fixed <= today)
        out.push({
          ...base,
          report_nm: `[기재정정]${name}`,
          rcept_no: sampleRceptNo(fixed, `${corpCode}:${year}:${code}:fix`),
          rcept_dt: fixed,
          pblntf_ty: "A",
          period,
          original: { title: name, rcept_dt: filed },
        });
    }
  }
  return out;
}

const fromYmd = (yyyymmdd: string) =>
  fromKst(Number(yyyymmdd.slice(0, 4)), Number(yyyymmdd.slice(4, 6)), Number(yyyymmdd.slice(6)));

/** Two or three 정정 of other disclosures within the last 120 days, each after its original. */
function otherRevisions(base: FilingBase, now: Date): SampleFiling[] {
  const corpCode = base.corp_code;
  const rng = rngFor(SEED, `${corpCode}:revisions:${kstYmd(now).slice(0, 6)}`);
  const count = 2 + (hashString(corpCode) % 2);
  const out: SampleFiling[] = [];
  for (let i = 0; i < count; i++) {
    const daysAgo = 3 + Math.floor(rng() * 110);
    const fixedAt = new Date(now.getTime() - daysAgo * 86_400_000);
    const originalAt = new Date(fixedAt.getTime() - (5 + Math.floor(rng() * 20)) * 86_400_000);
    const title = REVISION_TITLES[Math.floor(rng() * REVISION_TITLES.length)] ?? "유형자산취득결정";
    const prefix = rng() < 0.8 ? "[기재정정]" : "[첨부정정]";
    const orig = kstYmd(originalAt);
    const fixed = kstYmd(fixedAt);
    out.push({
      ...base,
      report_nm: title,
      rcept_no: sampleRceptNo(orig, `${corpCode}:o${i}`),
      rcept_dt: orig,
      pblntf_ty: "B",
    });
    out.push({
      ...base,
      report_nm: `${prefix}${title}`,
      rcept_no: sampleRceptNo(fixed, `${corpCode}:r${i}`),
      rcept_dt: fixed,
      pblntf_ty: "B",
      original: { title, rcept_dt: orig },
    });
  }
  return out;
}

function toListItem(f: SampleFiling): DartListItem {
  return {
    corp_cls: f.corp_cls,
    corp_name: f.corp_name,
    corp_code: f.corp_code,
    stock_code: f.stock_code,
    report_nm: f.report_nm,
    rcept_no: f.rcept_no,
    flr_nm: f.flr_nm,
    rcept_dt: f.rcept_dt,
    rm: f.rm,
    synthetic: true,
  };
}

function sampleDocument(f: SampleFiling): string {
  const lines = [
    f.original ? "정정신고(보고)" : f.report_nm,
    "※ 합성 데이터: 실제 공시가 아닙니다 (dongne 샘플).",
    `회사명: ${f.corp_name}`,
    `제출인: ${f.flr_nm}`,
    `접수일자: ${dashed(f.rcept_dt)}`,
  ];
  if (f.original) {
    const rng = rngFor(SEED, `${f.rcept_no}:doc`);
    const before = 10_000_000_000 + Math.floor(rng() * 90) * 1_000_000_000;
    const after = before + Math.floor(1 + rng() * 9) * 100_000_000;
    lines.push(
      `1. 정정관련 공시서류: ${f.original.title}`,
      `2. 정정관련 공시서류제출일: ${dashed(f.original.rcept_dt)}`,
      "3. 정정사유: 거래 조건 확정에 따른 기재사항 정정",
      "4. 정정사항",
      "정정항목 | 정정전 | 정정후",
      `거래금액(원) | ${withCommas(before)} | ${withCommas(after)}`,
      `예정일자 | ${dotted(f.original.rcept_dt)} | ${dotted(f.rcept_dt)}`,
      "5. 기타 투자판단에 참고할 사항",
      "상기 내용 외 정정 전 공시와 동일합니다. 본 문서는 정정 후 내용을 기준으로 작성되었습니다.",
    );
    for (let i = 1; i <= 24; i++)
      lines.push(`- 참고사항 ${i}: 정정 전 공시의 ${i}번째 항목은 변경 없이 유지됩니다 (합성 본문).`);
  } else {
    lines.push("정기보고서 본문은 주요정보 API(api_01 … api_28, 재무제표 주요계정)로 제공됩니다.");
  }
  return lines.join("\n");
}

// ---- rows for each key-information API ----

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

function sampleRows(api: ReportApi, c: ListedCompany, rank: number, q: ReportQuery, rng: Rng): Row[] {
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
