// 003's generate_response, its first half: load what the selection picked — the chosen API keys' data
// of each regular report as a small table (cache, else OpenDART), the 정정 filings' text, the news
// snippets — each a numbered document of the context, and what could not be loaded said.
import { demoFilingUrl } from "../demo/company-facts.ts";
import { mapLimit } from "../platform/concurrency.ts";
import { reportApi, ACCOUNTS_KEY } from "../providers/opendart-apis.ts";
import { FIELD_LABELS } from "../providers/opendart-fields.ts";
import { dartViewerUrl, reprtCodeOf, type DartRow } from "../providers/opendart.ts";
import { DartSession } from "./dart-access.ts";
import { filedPeriods, listWindow, periodName } from "./periods.ts";
import type { ReportMeta } from "./report-store.ts";
import {
  SearchState,
  type Citation,
  type ResolvedCompany,
  type SearchedList,
  type SelectedDocuments,
} from "./schemas.ts";
import { currentMeta, reportKeyOf } from "./search-publications.ts";
import { listedReport } from "./select.ts";
import type { NewsDeps } from "./wiring.ts";

/** A report's table as loaded: its rows, for the first sentence to read (fact-answer.ts). */
export interface LoadedTable {
  apiKey: string;
  rows: DartRow[];
  year: number;
  quarter: number;
}

export interface ContextDoc {
  n: number;
  type: Citation["type"];
  id: string;
  title: string;
  url: string;
  /** one line: what, when, how long */
  header: string;
  body: string;
  synthetic: boolean;
  /** a regular report's tables, as loaded */
  tables?: LoadedTable[];
  /** the company a regular report is of */
  company?: string;
}

/** The last day of a report's period, "9월 30일". */
const periodEndDay = (quarter: number) => `${quarter * 3}월 ${quarter === 1 || quarter === 4 ? 31 : 30}일`;

/** Rows of a table shown to the reader or the LLM. */
const MAX_ROWS = 12;
/** Characters of a filing's text in the LLM's context; the offline answer quotes less. */
const DOC_CONTEXT_CHARS = 4_000;

const cell = (v: string | undefined) => (v ?? "-").replace(/\s+/g, " ").replace(/\|/g, "/").trim() || "-";

/**
 * What an answer says when the main accounts answer 013 (no data): the revenue or profit figure the
 * question asked for is not in the data — said outright, so neither answer makes one up (issue 11).
 */
export const ACCOUNTS_NOT_IN_DATA =
  "요청한 재무 수치(매출액·영업이익·당기순이익 등)는 이 보고서의 공시 자료에 없습니다. 이 수치는 답할 수 없습니다.";
/** A table the report has nothing in (OpenDART's 013: "no data", an answer). */
export const NO_ROWS = "보고서에 해당 사항이 없습니다.";

/** A line above a table that counts what the table shows only in part (임원 현황: registered and unregistered). */
function tableSummary(apiKey: string, rows: DartRow[]): string | undefined {
  if (apiKey !== "api_07") return undefined;
  const registered = rows.filter((r) => r.rgist_exctv_at === "등기임원").length;
  return `등기임원 ${registered}명, 미등기임원 ${rows.length - registered}명, 모두 ${rows.length}명`;
}

/** An API's rows as a markdown table of its display fields (consolidated accounts first). */
export function apiTable(apiKey: string, rows: DartRow[]): string {
  const api = reportApi(apiKey);
  if (!api || rows.length === 0) return apiKey === ACCOUNTS_KEY ? ACCOUNTS_NOT_IN_DATA : NO_ROWS;
  const shown =
    apiKey === ACCOUNTS_KEY && rows.some((r) => r.fs_div === "CFS")
      ? rows.filter((r) => r.fs_div === "CFS")
      : rows;
  const fields = api.display.filter((f) => shown.some((r) => r[f] !== undefined));
  const summary = tableSummary(apiKey, rows);
  const lines = [
    ...(summary ? [summary] : []),
    `| ${fields.map((f) => FIELD_LABELS[f] ?? f).join(" | ")} |`,
    `| ${fields.map(() => "---").join(" | ")} |`,
    ...shown.slice(0, MAX_ROWS).map((r) => `| ${fields.map((f) => cell(r[f])).join(" | ")} |`),
  ];
  if (shown.length > MAX_ROWS) lines.push("| … (이하 생략) |");
  return lines.join("\n");
}

// ---- loading ----

interface Loaded {
  docs: ContextDoc[];
  notLoaded: string[];
}

type Doc = Omit<ContextDoc, "n">;

/** What loading a pick needs: the session, the list the picks came from, and where misses are said. */
interface Loading {
  deps: NewsDeps;
  session: DartSession;
  list: SearchedList;
  now: Date;
  notLoaded: string[];
  /** why the last load failed: the session's last error or warning */
  why: () => string;
}

export async function loadDocuments(
  state: SearchState,
  deps: NewsDeps,
  session: DartSession,
): Promise<Loaded> {
  const sel = state.selected_documents;
  const list = state.searched_list;
  const notLoaded: string[] = [];
  if (!sel || !list) return { docs: [], notLoaded };
  const why = () => session.errors.at(-1) ?? session.warnings.at(-1) ?? "OpenDART에서 받지 못했습니다";
  for (const r of list.regular) session.names.set(r.metadata.corp_code, r.company_name);
  const ctx: Loading = { deps, session, list, now: deps.now(), notLoaded, why };
  // the picks load concurrently; the documents keep the selection's order
  const regular = await mapLimit(sel.regular, deps.settings.concurrency, (pick) => loadRegular(pick, ctx));
  const revisions = await mapLimit(sel.revision, deps.settings.concurrency, (pick) =>
    loadRevision(pick, ctx),
  );
  const news = sel.news.flatMap((pick) => newsDoc(pick, list));
  const docs = [...regular, ...revisions].filter((d) => d !== undefined).concat(news);
  return { docs: docs.map((d, i) => ({ ...d, n: i + 1 })), notLoaded };
}

/** A regular report's picked API keys, each a table (from the cache, else OpenDART). */
async function loadRegular(
  pick: SelectedDocuments["regular"][number],
  ctx: Loading,
): Promise<Doc | undefined> {
  const item = listedReport(ctx.list, pick);
  if (!item) return undefined; // canonical selections only hold listed reports
  const label = `${item.company_name} ${periodName(item.year, item.quarter)}`;
  const company = {
    corp_code: item.metadata.corp_code,
    corp_name: item.metadata.corp_name,
    stock_code: item.metadata.stock_code,
    matched: item.company_name,
  };
  const period = { year: item.year, reprt_code: reprtCodeOf(item.quarter) };
  const key = reportKeyOf(ctx.session.source, company.corp_code, period);
  const meta = (await ctx.session.store.getMeta(key)) ?? (await refiledMeta(company, item, ctx));
  if (!meta) {
    ctx.notLoaded.push(`${label}: ${ctx.why()}`);
    return undefined;
  }
  const loaded = await mapLimit(pick.api_keys_to_check, ctx.deps.settings.concurrency, async (apiKey) => ({
    apiKey,
    data: await ctx.session.api(key, meta, apiKey),
  }));
  const sections: string[] = [];
  const tables: LoadedTable[] = [];
  for (const { apiKey, data } of loaded) {
    const title = reportApi(apiKey)?.title ?? apiKey;
    if (data) {
      sections.push(`${title}\n${apiTable(apiKey, data.rows)}`);
      tables.push({ apiKey, rows: data.rows, year: item.year, quarter: item.quarter });
    } else ctx.notLoaded.push(`${label} — ${title}: ${ctx.why()}`);
  }
  if (!sections.length) return undefined;
  return {
    type: "regular" as const,
    id: meta.rcept_no,
    title: `${label} — ${pick.api_keys_to_check.map((k) => reportApi(k)?.title ?? k).join(", ")}`,
    url: meta.synthetic ? demoFilingUrl(meta.rcept_no) : dartViewerUrl(meta.rcept_no),
    header: `${label} (접수번호 ${meta.rcept_no}, 보고 기간 ${item.year}년 1월 1일~${periodEndDay(item.quarter)})`,
    body: sections.join("\n\n"),
    synthetic: meta.synthetic || loaded.some((l) => l.data?.synthetic),
    tables,
    company: item.company_name,
  };
}

/** A report's META evicted since the search: the period's current filing, found again. */
async function refiledMeta(
  company: ResolvedCompany,
  item: { year: number; quarter: number },
  ctx: Loading,
): Promise<ReportMeta | undefined> {
  const window = listWindow([{ year: item.year, quarter: item.quarter }], ctx.now);
  const filed = filedPeriods(
    (await ctx.session.filings(company.corp_code, window.bgn, window.end, "A", 1)) ?? [],
  );
  const current = filed.find((f) => f.year === item.year && f.quarter === item.quarter);
  return current ? currentMeta(ctx.session, company, current, ctx.now) : undefined;
}

/** A 정정 filing's text, its opening in the context. */
async function loadRevision(
  pick: SelectedDocuments["revision"][number],
  ctx: Loading,
): Promise<Doc | undefined> {
  const info = pick.basic_info;
  const doc = await ctx.session.document(info.rcept_no);
  if (!doc) {
    ctx.notLoaded.push(`${info.date} ${info.report_name}: ${ctx.why()}`);
    return undefined;
  }
  const shown = doc.text.slice(0, DOC_CONTEXT_CHARS);
  return {
    type: "revision" as const,
    id: info.rcept_no,
    title: info.title,
    url: info.url,
    header: `${info.date} ${info.report_name} — 제출인 ${info.submitter}, 원문 ${doc.content_length}자${
      shown.length < doc.content_length ? ` 중 앞부분 ${shown.length}자` : ""
    }`,
    body: shown,
    synthetic: doc.synthetic,
  };
}

/** A news pick as its listed snippet (none when the pick is not in the list). */
function newsDoc(pick: SelectedDocuments["news"][number], list: SearchedList): Doc[] {
  const item = list.news.find((n) => n.link === pick.link);
  if (!item) return [];
  return [
    {
      type: "news",
      id: item.link,
      title: item.title,
      url: item.link,
      header: `${item.date} ${item.title} (네이버 뉴스 요약문)`,
      body: item.description,
      synthetic: item.synthetic === true,
    },
  ];
}
