// The OpenDART sample: answers shaped exactly like OpenDART's (list.json, the 28 key-information APIs,
// fnlttSinglAcnt, document text, corpCode) on the real identifiers of the vendored company table, with
// made-up contents. Generated deterministically from the company and the period, relative to today, so
// "the latest four filed periods" exist whatever the date; every list item carries `synthetic: true`,
// names of people are placeholders marked (합성), and receipt numbers carry "99" after the date, chosen
// to stay clear of OpenDART's own numbering (the documented examples have 00… and 80… there).
import { listedCompanies, type ListedCompany } from "../../data/listed-companies.ts";
import { kstYmd } from "../../platform/time.ts";
import { rngFor } from "../../platform/random.ts";
import type { CallCounter } from "../http.ts";
import { ProviderError } from "../http.ts";
import { ACCOUNTS_KEY, reportApi } from "../opendart-apis.ts";
import {
  DartStatusError,
  keyInfoResult,
  type CorpCodeEntry,
  type DartDocument,
  type DartListQuery,
  type DartListResponse,
  type DartPort,
  type KeyInfoResult,
  type ReportQuery,
} from "../opendart.ts";
import {
  SEED,
  otherRevisions,
  periodicFilings,
  sampleDocument,
  toListItem,
  type FilingBase,
  type SampleFiling,
} from "./dart-sample-filings.ts";
import { sampleRows } from "./dart-sample-rows.ts";

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
    const day = kstYmd(this.now());
    if (this.made?.day !== day) this.made = { day, byCorp: new Map() };
    const made = this.made.byCorp.get(corpCode) ?? this.makeFilings(corpCode);
    this.made.byCorp.set(corpCode, made);
    return made;
  }

  /** Each company's filings of the day, made once. */
  private made?: { day: string; byCorp: Map<string, SampleFiling[]> };

  private makeFilings(corpCode: string): SampleFiling[] {
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
    const made = sampleRows(api, company, this.rank(company), q, rng);
    if (!made) return { status: "013", rows: [], synthetic: true };
    const rows = made.map((r) => ({
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
      ...(c.corp_eng_name ? { corp_eng_name: c.corp_eng_name } : {}),
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
