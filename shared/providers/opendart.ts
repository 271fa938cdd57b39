// OpenDART (https://opendart.fss.or.kr/api): disclosure search (list.json), the periodic-report
// key-information APIs (opendart-apis.ts), the original documents (document.xml, a ZIP of XML) and the
// company codes (corpCode.xml, a ZIP). OpenDART answers errors with HTTP 200 and a `status`: 013 is
// "no data" (an empty answer, not an error), 020 the rate limit — after it the client
// (opendart-client.ts) makes no call until the next KST day (it would only burn the quota); the others
// are typed DartStatusErrors. Here: the port, the answers' shapes, the statuses and the ZIP/XML readers.
import { strFromU8, unzipSync } from "fflate";
import { XMLParser } from "fast-xml-parser";
import { z } from "zod";
import { decodeEntities } from "../platform/html-text.ts";
import type { Deadline } from "../platform/deadline.ts";
import { ProviderError, type CallCounter, type ProviderErrorReason } from "./http.ts";

export const REPRT_CODES = ["11013", "11012", "11014", "11011"] as const;
export type ReprtCode = (typeof REPRT_CODES)[number];

/** 11013 1분기 → 1, 11012 반기 → 2, 11014 3분기 → 3, 11011 사업보고서 → 4 (seed 003's `quarter`). */
export const quarterOf = (code: ReprtCode): 1 | 2 | 3 | 4 => (REPRT_CODES.indexOf(code) + 1) as 1 | 2 | 3 | 4;

export const reprtCodeOf = (quarter: number): ReprtCode => {
  const code = REPRT_CODES[quarter - 1];
  if (!code) throw new Error(`no OpenDART report code for quarter ${quarter}`);
  return code;
};

export const REPORT_KIND: Record<ReprtCode, string> = {
  "11013": "1분기보고서",
  "11012": "반기보고서",
  "11014": "3분기보고서",
  "11011": "사업보고서",
};

export const dartViewerUrl = (rceptNo: string) => `https://dart.fss.or.kr/dsaf001/main.do?rcpNo=${rceptNo}`;

// ---- response schemas (provider reference §5) ----

const Status = z.object({ status: z.string(), message: z.string().default("") });

export const DartListItem = z.object({
  corp_cls: z.string().default(""),
  corp_name: z.string(),
  corp_code: z.string(),
  stock_code: z.string().default(""),
  report_nm: z.string(),
  rcept_no: z.string().regex(/^\d{14}$/),
  flr_nm: z.string().default(""),
  rcept_dt: z.string().regex(/^\d{8}$/),
  rm: z.string().default(""),
  synthetic: z.literal(true).optional(),
});
export type DartListItem = z.infer<typeof DartListItem>;

export const DartListResponse = Status.extend({
  page_no: z.number().optional(),
  page_count: z.number().optional(),
  total_count: z.number().optional(),
  total_page: z.number().optional(),
  list: z.array(DartListItem).default([]),
});
export type DartListResponse = z.infer<typeof DartListResponse>;

/** Key-information rows: strings in practice (amounts are "1,446", none is "-"); numbers and nulls tolerated. */
export const DartRowsResponse = Status.extend({
  list: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))).default([]),
});
export type DartRowsResponse = z.infer<typeof DartRowsResponse>;

export type DartRow = Record<string, string>;

export interface KeyInfoResult {
  /** 013 means the filing has no such section: an answer, kept in the cache like data */
  status: "000" | "013";
  rows: DartRow[];
  synthetic: boolean;
}

export interface DartDocument {
  rcept_no: string;
  /** the plain text of every XML file in the ZIP, in archive order */
  text: string;
  files: string[];
  synthetic: boolean;
}

export interface CorpCodeEntry {
  corp_code: string;
  corp_name: string;
  /** "" for an unlisted company */
  stock_code: string;
  modify_date: string;
  /** the English name (corp_eng_name), when the list gives one */
  corp_eng_name?: string;
}

export interface DartListQuery {
  corp_code: string;
  bgn_de: string;
  end_de: string;
  pblntf_ty?: string;
  page_no?: number;
  page_count?: number;
}

export interface ReportQuery {
  corp_code: string;
  bsns_year: number;
  reprt_code: ReprtCode;
}

/** OpenDART behind one port: the real API (OpenDartClient) or the synthetic sample (embedded/dart-sample.ts). */
export interface DartPort {
  readonly name: string;
  readonly synthetic: boolean;
  list(counter: CallCounter, q: DartListQuery, deadline?: Deadline): Promise<DartListResponse>;
  /** `key`: api_01 … api_28 or accounts */
  keyInfo(counter: CallCounter, key: string, q: ReportQuery, deadline?: Deadline): Promise<KeyInfoResult>;
  document(counter: CallCounter, rceptNo: string, deadline?: Deadline): Promise<DartDocument>;
  corpCodes(counter: CallCounter, deadline?: Deadline): Promise<CorpCodeEntry[]>;
}

// ---- status codes (reference §5.2) ----

export const DART_STATUS_MESSAGES: Record<string, string> = {
  "010": "등록되지 않은 키",
  "011": "사용할 수 없는 키",
  "012": "접근할 수 없는 IP",
  "013": "조회된 데이타가 없습니다",
  "014": "파일이 존재하지 않음",
  "020": "요청 제한 초과",
  "021": "조회 가능한 회사 개수 초과",
  "100": "필드의 부적절한 값",
  "101": "부적절한 접근",
  "800": "시스템 점검",
  "900": "정의되지 않은 오류",
  "901": "개인정보 보유기간 만료",
};

function reasonOfStatus(status: string): ProviderErrorReason {
  if (["010", "011", "012", "901"].includes(status)) return "auth";
  if (status === "020") return "rate_limit";
  if (status === "014") return "no_result";
  if (["021", "100", "101"].includes(status)) return "bad_request";
  return "server";
}

/** A non-000, non-013 OpenDART status. */
export class DartStatusError extends ProviderError {
  constructor(
    readonly dartStatus: string,
    message: string,
  ) {
    super(
      "opendart",
      reasonOfStatus(dartStatus),
      `status ${dartStatus} (${message || DART_STATUS_MESSAGES[dartStatus] || "unknown"})`,
    );
  }
}

/** Throws for an error status; true when the status is 013 (no data). */
export function checkStatus(body: { status: string; message: string }): boolean {
  if (body.status === "000") return false;
  if (body.status === "013") return true;
  throw new DartStatusError(body.status, body.message);
}

function toRow(raw: Record<string, string | number | boolean | null>): DartRow {
  const row: DartRow = {};
  for (const [k, v] of Object.entries(raw)) {
    if (typeof v === "boolean") continue; // only the sample's `synthetic` flag
    row[k] = v === null ? "-" : String(v);
  }
  return row;
}

export function keyInfoResult(body: DartRowsResponse): KeyInfoResult {
  const empty = checkStatus(body);
  return {
    status: empty ? "013" : "000",
    rows: empty ? [] : body.list.map(toRow),
    synthetic: body.list.some((r) => r.synthetic === true),
  };
}

// ---- ZIP and XML ----

/** Decodes an XML file by its declared encoding (older DART documents are EUC-KR). */
function decodeXml(bytes: Uint8Array): string {
  const head = strFromU8(bytes.subarray(0, 200), true);
  const declared = /encoding=["']([\w-]+)["']/i.exec(head)?.[1]?.toLowerCase();
  const encoding = declared && /euc-?kr|ks_c_5601|cp949|ms949/.test(declared) ? "euc-kr" : "utf-8";
  return new TextDecoder(encoding).decode(bytes);
}

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;

/** A ZIP download's XML files, or the status error OpenDART sent instead of a ZIP. */
export function unzipXml(bytes: Uint8Array): { name: string; xml: string }[] {
  if (!isZip(bytes)) throw errorDocument(bytes);
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch (err) {
    throw new ProviderError("opendart", "malformed", `a broken ZIP: ${(err as Error).message}`);
  }
  return Object.entries(files)
    .filter(([name]) => name.toLowerCase().endsWith(".xml"))
    .map(([name, data]) => ({ name, xml: decodeXml(data) }));
}

/** OpenDART sends its error instead of the ZIP, as XML (<result><status>) or JSON. */
function errorDocument(bytes: Uint8Array): ProviderError {
  const text = new TextDecoder().decode(bytes).trim();
  const xmlStatus = /<status>\s*(\d{3})\s*<\/status>/.exec(text)?.[1];
  const xmlMessage = /<message>([^<]*)<\/message>/.exec(text)?.[1] ?? "";
  if (xmlStatus) return new DartStatusError(xmlStatus, xmlMessage.trim());
  try {
    const json = Status.safeParse(JSON.parse(text));
    if (json.success) return new DartStatusError(json.data.status, json.data.message);
  } catch {
    // not JSON either
  }
  return new ProviderError("opendart", "malformed", "expected a ZIP, got something else");
}

/**
 * DART's document XML (dart4.xsd, HTML-like and not always well-formed) as plain text: block ends
 * become line breaks, table cells are separated by " | ", tags are dropped, entities decoded.
 */
export function dartXmlToText(xml: string): string {
  const text = xml
    .replace(/<\?xml[^>]*\?>/gi, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(TD|TH|TE|TU)\b[^>]*>/gi, " | ")
    .replace(
      /<\/(P|TR|TITLE|TABLE|SECTION-\d|DOCUMENT-NAME|COMPANY-NAME|SUMMARY|COVER-TITLE|LIBRARY)>/gi,
      "\n",
    )
    .replace(/<BR\s*\/?>/gi, "\n")
    .replace(/<[^>]+>/g, "");
  const lines: string[] = [];
  for (const raw of decodeEntities(text).split("\n")) {
    const line = raw
      .replace(/[ \t\u00a0]+/g, " ")
      .replace(/^[ |]+|[ |]+$/g, "")
      .trim();
    // a heading repeated as the next title (DOCUMENT-NAME, then TITLE) is said once
    if (line !== "" && line !== lines[lines.length - 1]) lines.push(line);
  }
  return lines.join("\n");
}

const corpParser = new XMLParser({
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === "list",
});

const CorpCodeXml = z.object({
  result: z.object({
    list: z
      .array(
        z.object({
          corp_code: z.coerce.string(),
          corp_name: z.coerce.string(),
          corp_eng_name: z.coerce.string().default(""),
          stock_code: z.coerce.string().default(""),
          modify_date: z.coerce.string().default(""),
        }),
      )
      .default([]),
  }),
});

export function parseCorpCodes(xml: string): CorpCodeEntry[] {
  const parsed = CorpCodeXml.safeParse(corpParser.parse(xml));
  if (!parsed.success)
    throw new ProviderError("opendart", "malformed", "corpCode.xml has an unexpected shape");
  return parsed.data.result.list.map((e) => ({
    corp_code: e.corp_code,
    corp_name: decodeEntities(e.corp_name),
    stock_code: e.stock_code.trim(),
    modify_date: e.modify_date,
    ...(e.corp_eng_name.trim() ? { corp_eng_name: decodeEntities(e.corp_eng_name).trim() } : {}),
  }));
}
