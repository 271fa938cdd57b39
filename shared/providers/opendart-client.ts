// The OpenDART client over HTTP (opendart.ts has the port, the answers' shapes and the document
// readers): each call checks OpenDART's status; after a 020 (the rate limit) no call goes out until the
// next KST day.
import type { Deadline } from "../platform/deadline.ts";
import { ProviderError, ProviderHttp, type CallCounter } from "./http.ts";
import { reportApi } from "./opendart-apis.ts";
import {
  DartListResponse,
  DartRowsResponse,
  DartStatusError,
  checkStatus,
  dartXmlToText,
  keyInfoResult,
  parseCorpCodes,
  unzipXml,
  type CorpCodeEntry,
  type DartDocument,
  type DartListQuery,
  type DartPort,
  type KeyInfoResult,
  type ReportQuery,
} from "./opendart.ts";

export interface OpenDartOptions {
  apiKey: string;
  /** https://opendart.fss.or.kr/api, or a proxy */
  baseUrl: string;
  timeoutMs: number;
  now?: () => Date;
}

const KST_MS = 9 * 3600_000;

/** Epoch ms of the next midnight in Korea (OpenDART's daily quota resets then). */
export function nextKstMidnight(now: Date): number {
  const kstDay = Math.floor((now.getTime() + KST_MS) / 86_400_000);
  return (kstDay + 1) * 86_400_000 - KST_MS;
}

export class OpenDartClient implements DartPort {
  readonly name = "opendart";
  readonly synthetic = false;
  private readonly http: ProviderHttp;
  private blockedUntil = 0;

  constructor(private readonly opts: OpenDartOptions) {
    this.http = new ProviderHttp({
      provider: "opendart",
      baseUrl: opts.baseUrl.endsWith("/") ? opts.baseUrl : `${opts.baseUrl}/`,
      timeoutMs: opts.timeoutMs,
      headers: {},
      secrets: [opts.apiKey],
    });
  }

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  /** After a 020 no call goes out until the quota resets: stop and report, never hammer. */
  private guard(): void {
    if (this.now().getTime() < this.blockedUntil)
      throw new DartStatusError("020", "요청 제한 초과: 오늘은 더 호출하지 않습니다");
  }

  private latch<T>(work: Promise<T>): Promise<T> {
    return work.catch((err: unknown) => {
      if (err instanceof DartStatusError && err.dartStatus === "020")
        this.blockedUntil = nextKstMidnight(this.now());
      throw err;
    });
  }

  private query(extra: Record<string, string | number | undefined>) {
    return { crtfc_key: this.opts.apiKey, ...extra };
  }

  async list(counter: CallCounter, q: DartListQuery, deadline?: Deadline): Promise<DartListResponse> {
    this.guard();
    return this.latch(
      this.http
        .json(counter, "list.json", DartListResponse, {
          query: this.query({ ...q, page_count: q.page_count ?? 100 }),
          deadline,
        })
        .then((body) => (checkStatus(body) ? { ...body, list: [] } : body)),
    );
  }

  async keyInfo(
    counter: CallCounter,
    key: string,
    q: ReportQuery,
    deadline?: Deadline,
  ): Promise<KeyInfoResult> {
    const api = reportApi(key);
    if (!api) throw new ProviderError("opendart", "bad_request", `no report API ${key}`);
    this.guard();
    return this.latch(
      this.http
        .json(counter, `${api.endpoint}.json`, DartRowsResponse, {
          query: this.query({ corp_code: q.corp_code, bsns_year: q.bsns_year, reprt_code: q.reprt_code }),
          deadline,
        })
        .then(keyInfoResult),
    );
  }

  async document(counter: CallCounter, rceptNo: string, deadline?: Deadline): Promise<DartDocument> {
    this.guard();
    return this.latch(
      this.http
        .bytes(counter, "document.xml", { query: this.query({ rcept_no: rceptNo }), deadline })
        .then(({ bytes }) => {
          const files = unzipXml(bytes);
          return {
            rcept_no: rceptNo,
            text: files.map((f) => dartXmlToText(f.xml)).join("\n\n"),
            files: files.map((f) => f.name),
            synthetic: false,
          };
        }),
    );
  }

  async corpCodes(counter: CallCounter, deadline?: Deadline): Promise<CorpCodeEntry[]> {
    this.guard();
    return this.latch(
      this.http.bytes(counter, "corpCode.xml", { query: this.query({}), deadline }).then(({ bytes }) => {
        const file = unzipXml(bytes)[0];
        if (!file) throw new ProviderError("opendart", "malformed", "corpCode.xml: the ZIP holds no XML");
        return parseCorpCodes(file.xml);
      }),
    );
  }
}
