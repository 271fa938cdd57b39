// OpenDART through the report cache, for one question: every call goes through a DartSession that
// counts it against the question's call budget and the request's deadline, and stops for good after a
// 020 (rate limit) or a key error, since every further call would fail the same way. Errors become
// 003-style messages for pub_errors; running out of budget or time is a warning.
import { demoFilingUrl } from "../demo/company-facts.ts";
import { Deadline } from "../platform/deadline.ts";
import { kstIsoDateTime, kstYmd } from "../platform/time.ts";
import { ProviderError, type CallCounter } from "../providers/http.ts";
import { DART_KEY_APIS, reportApi } from "../providers/opendart-apis.ts";
import {
  DART_STATUS_MESSAGES,
  DartStatusError,
  dartViewerUrl,
  quarterOf,
  type DartListItem,
  type DartPort,
  type ReprtCode,
} from "../providers/opendart.ts";
import type { ApiData, CachedDocument, ReportKey, ReportMeta, ReportStore } from "./report-store.ts";
import type { BasicInfo, Metadata, Notice } from "./schemas.ts";

/** A call is not started with less time than this left. */
const MIN_CALL_MS = 300;

/** What an OpenDART failure means, in words (its status and settings go to dartErrorNotice). */
export function dartErrorMessage(err: unknown, what: string): string {
  if (err instanceof DartStatusError) {
    if (err.dartStatus === "020")
      return `OpenDART 하루 요청 한도를 넘어 오늘은 공시를 더 불러오지 않습니다 (${what})`;
    if (err.reason === "auth") return `OpenDART 인증키가 맞지 않아 공시를 불러오지 못했습니다 (${what})`;
    const said = DART_STATUS_MESSAGES[err.dartStatus] ?? "알 수 없는 오류";
    return `OpenDART가 오류를 알려 왔습니다: ${said.replace(/[.。]$/, "")} (${what})`;
  }
  if (err instanceof ProviderError) {
    const why: Record<string, string> = {
      timeout: "응답이 제시간에 오지 않았습니다",
      network: "연결하지 못했습니다",
      server: "서버가 오류로 답했습니다",
      malformed: "응답을 읽을 수 없었습니다",
      auth: "인증에 실패했습니다",
      rate_limit: "요청 한도를 넘었습니다",
      bad_request: "요청이 거절됐습니다",
      no_result: "자료가 없습니다",
      deadline: "시간 예산이 다했습니다",
    };
    return `OpenDART: ${why[err.reason] ?? "호출에 실패했습니다"} (${what})`;
  }
  return `OpenDART 호출에 실패했습니다 (${what})`;
}

/** An OpenDART failure's code, status, the settings that fix it, and the provider's own words. */
export function dartErrorNotice(err: unknown): Notice {
  if (err instanceof DartStatusError)
    return {
      code:
        err.dartStatus === "020"
          ? "opendart_rate_limit"
          : err.reason === "auth"
            ? "opendart_auth"
            : "opendart_status",
      status: err.dartStatus,
      detail: err.message,
      ...(err.reason === "auth" ? { settings: ["OPENDART_API_KEY"] } : {}),
    };
  if (err instanceof ProviderError)
    return {
      code: `opendart_${err.reason}`,
      ...(err.status ? { status: String(err.status) } : {}),
      detail: err.message,
    };
  return { code: "opendart_error", detail: (err as Error).message ?? String(err) };
}

export class DartSession {
  readonly counter: CallCounter = { apiCalls: 0 };
  cacheHits = 0;
  readonly errors: string[] = [];
  readonly warnings: string[] = [];
  /** the errors' codes (dartErrorNotice) */
  readonly notices: Notice[] = [];
  private stopped = false;

  constructor(
    readonly dart: DartPort,
    readonly store: ReportStore,
    readonly opts: {
      /** the question's OpenDART calls, and how many earlier steps already made */
      budget: number;
      spent?: number;
      deadline: Deadline;
      docMaxChars: number;
      listTtlMinutes: number;
      now: () => Date;
    },
  ) {}

  get source(): string {
    return this.dart.name;
  }

  /** Company names by corp_code, as the question's companies were found (for messages). */
  readonly names = new Map<string, string>();
  private nameOf(corpCode: string): string {
    return this.names.get(corpCode) ?? `고유번호 ${corpCode}`;
  }

  private warnOnce(message: string) {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }

  /** Runs one OpenDART call, or skips it (undefined) when the question can afford no more. */
  async call<T>(
    what: string,
    fn: (counter: CallCounter, deadline: Deadline) => Promise<T>,
  ): Promise<T | undefined> {
    if (this.stopped) return undefined;
    if ((this.opts.spent ?? 0) + this.counter.apiCalls >= this.opts.budget) {
      this.warnOnce(
        `OpenDART 호출 예산(질문당 ${this.opts.budget}회)을 다 써서 일부 자료는 불러오지 않았습니다.`,
      );
      return undefined;
    }
    if (this.opts.deadline.expired(MIN_CALL_MS)) {
      this.warnOnce("시간 예산이 다해 일부 공시 자료는 불러오지 않았습니다.");
      return undefined;
    }
    try {
      return await fn(this.counter, this.opts.deadline);
    } catch (err) {
      if (err instanceof ProviderError && err.reason === "deadline") {
        this.warnOnce("시간 예산이 다해 일부 공시 자료는 불러오지 않았습니다.");
        return undefined;
      }
      const message = dartErrorMessage(err, what);
      if (!this.errors.includes(message)) {
        this.errors.push(message);
        this.notices.push(dartErrorNotice(err));
      }
      if (err instanceof DartStatusError && (err.dartStatus === "020" || err.reason === "auth"))
        this.stopped = true;
      return undefined;
    }
  }

  /** list.json for a company over a window, cached for `listTtlMinutes`; at most `maxPages` of 100. */
  async filings(corpCode: string, bgn: string, end: string, pblntfTy: "A" | undefined, maxPages: number) {
    const variant = `${pblntfTy ?? "ALL"}#${bgn}#${end}`;
    const now = this.opts.now();
    const cached = await this.store.getList(this.source, corpCode, variant);
    if (cached && now.getTime() - Date.parse(cached.fetched_at) < this.opts.listTtlMinutes * 60_000) {
      this.cacheHits++;
      return cached.list;
    }
    const list: DartListItem[] = [];
    for (let page = 1; page <= maxPages; page++) {
      const body = await this.call(`공시 목록 ${this.nameOf(corpCode)}`, (c, d) =>
        this.dart.list(
          c,
          {
            corp_code: corpCode,
            bgn_de: bgn,
            end_de: end,
            pblntf_ty: pblntfTy,
            page_no: page,
            page_count: 100,
          },
          d,
        ),
      );
      if (!body) return cached?.list ?? (list.length ? list : undefined);
      list.push(...body.list);
      if (!body.total_page || page >= body.total_page) break;
    }
    await this.store.putList(this.source, corpCode, variant, { fetched_at: now.toISOString(), list });
    return list;
  }

  /** One API of one report, from the cache when it holds the current filing's data, else from OpenDART. */
  async api(key: ReportKey, meta: ReportMeta, apiKey: string): Promise<ApiData | undefined> {
    const cached = await this.store.getApi(key, apiKey, meta.rcept_no);
    if (cached) {
      this.cacheHits++;
      return cached;
    }
    const title = reportApi(apiKey)?.title ?? apiKey;
    const period = meta.year_quarter.replace(/^(\d{4})_Q(\d)$/, (_, y: string, q: string) =>
      q === "4" ? `${y}년` : `${y}년 ${q}분기`,
    );
    const result = await this.call(`${meta.corp_name} ${period} ${title}`, (c, d) =>
      this.dart.keyInfo(
        c,
        apiKey,
        { corp_code: key.corp_code, bsns_year: key.bsns_year, reprt_code: key.reprt_code },
        d,
      ),
    );
    if (!result) return undefined;
    const data: ApiData = {
      key: apiKey,
      rcept_no: meta.rcept_no,
      status: result.status,
      rows: result.rows,
      collection_date: kstIsoDateTime(this.opts.now()),
      synthetic: result.synthetic,
    };
    await this.store.putApi(key, data);
    await this.store.markApi(key, apiKey, meta.rcept_no, result.status);
    meta.api_status[apiKey] = result.status;
    return data;
  }

  /** A filing's text (truncated to docMaxChars) with its real length, from the cache or document.xml. */
  async document(rceptNo: string): Promise<CachedDocument | undefined> {
    const cached = await this.store.getDocument(this.source, rceptNo);
    if (cached) {
      this.cacheHits++;
      return cached;
    }
    const doc = await this.call(`공시 원문 접수번호 ${rceptNo}`, (c, d) => this.dart.document(c, rceptNo, d));
    if (!doc) return undefined;
    const text = [...doc.text]; // characters, not UTF-16 units
    const stored: CachedDocument = {
      rcept_no: rceptNo,
      text: text.slice(0, this.opts.docMaxChars).join(""),
      content_length: text.length,
      truncated: text.length > this.opts.docMaxChars,
      collection_date: kstIsoDateTime(this.opts.now()),
      synthetic: doc.synthetic,
    };
    await this.store.putDocument(this.source, stored);
    return stored;
  }
}

// ---- derivations pinned by golden tests on 003's LG example ----

/** "[기재정정]타법인주식및출자증권취득결정" → "타법인주식및출자증권취득결정" (every leading bracket goes). */
export const withoutRevisionPrefix = (reportNm: string) =>
  reportNm.replace(/^(\s*\[[^\]]*\]\s*)+/, "").trim();

/** A 정정 filing: a leading bracket that says 정정 ([기재정정], [첨부정정], [정정명령부과] …). */
export const isRevision = (reportNm: string) => /^\s*\[[^\]]*정정[^\]]*\]/.test(reportNm);

/** "20251001" → "2025.10.01" */
export const dottedDate = (ymd: string) => `${ymd.slice(0, 4)}.${ymd.slice(4, 6)}.${ymd.slice(6, 8)}`;

export function basicInfo(item: DartListItem): BasicInfo {
  const date = dottedDate(item.rcept_dt);
  return {
    company: item.corp_name,
    report_name: item.report_nm,
    submitter: item.flr_nm,
    date,
    rcept_no: item.rcept_no,
    // a synthetic filing links to the demo domain, never to DART with a made-up receipt number
    url: item.synthetic ? demoFilingUrl(item.rcept_no) : dartViewerUrl(item.rcept_no),
    title: `${item.corp_name}/${withoutRevisionPrefix(item.report_nm)}/${date}`,
  };
}

/** 003's filename: "003550_LG.json"; an unlisted company (no stock code) uses its corp_code. */
export const reportFilename = (stockCode: string, corpCode: string, corpName: string) =>
  `${stockCode || corpCode}_${corpName}.json`;

export const yearQuarter = (year: number, reprtCode: ReprtCode) => `${year}_Q${quarterOf(reprtCode)}`;

/**
 * 003's successful_apis: how many of api_01 … api_28 answered, counting 013 — the call succeeded and
 * the report simply has no such section. Errors and APIs not fetched yet do not count; `accounts`
 * (an addition) is not one of the 28.
 */
export function successfulApis(apiStatus: Record<string, string>): number {
  return DART_KEY_APIS.filter((a) => apiStatus[a.key] === "000" || apiStatus[a.key] === "013").length;
}

export function metadataOf(meta: ReportMeta): Metadata {
  return {
    corp_code: meta.corp_code,
    corp_name: meta.corp_name,
    stock_code: meta.stock_code,
    year_quarter: meta.year_quarter,
    collection_date: meta.collection_date,
    successful_apis: successfulApis(meta.api_status),
  };
}

/** YYYYMMDD `days` before `at` (KST). */
export const ymdDaysBefore = (at: Date, days: number) => kstYmd(new Date(at.getTime() - days * 86_400_000));
