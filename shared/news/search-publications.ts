// 003's search_publications, against OpenDART: the companies the question names → their filed periods
// (named, else the latest four) → for each, the report's metadata and the key-information APIs the
// question's words ask for (prefetched into the cache; the selection may add more, loaded when the
// answer is written) → the recent 정정 filings with their text. The state gets references, never data.
import { mapLimit } from "../platform/concurrency.ts";
import { kstIsoDateTime, kstYmd } from "../platform/time.ts";
import type { DartListItem, ReprtCode } from "../providers/opendart.ts";
import type { ResolvedCompany as Company } from "./schemas.ts";
import {
  DartSession,
  isRevision,
  metadataOf,
  reportFilename,
  yearQuarter,
  ymdDaysBefore,
} from "./dart-access.ts";
import type { NewsDeps } from "./wiring.ts";
import { choosePeriods, filedPeriods, listWindow, periodOf, type FiledPeriod } from "./periods.ts";
import type { ReportKey, ReportMeta } from "./report-store.ts";
import { type AvailableReport, type NamedPeriod, type PublicationResults } from "./schemas.ts";

export const NO_COMPANY_NOTE =
  "질문에 회사 이름이 없어 공시(정기보고서)는 검색하지 않았습니다: 어느 회사인지 알려 주세요.";

/** A name that looks like a company's but is none listed (issue 25): said so, with the closest names. */
export const unknownCompanyNote = (word: string, closest: readonly string[]) =>
  `‘${word}’은(는) 상장 회사 목록에서 찾지 못했습니다.${closest.length ? ` 가장 가까운 이름: ${closest.join(", ")}.` : ""}`;
export const UNKNOWN_COMPANY = /상장 회사 목록에서 찾지 못했습니다/;

export const emptyResults = (companies: Company[] = []): PublicationResults => ({
  regular_results: { available_reports: [] },
  revision_results: { revision_documents: [] },
  companies,
});

export const reportKeyOf = (
  source: string,
  corpCode: string,
  period: { year: number; reprt_code: ReprtCode },
): ReportKey => ({
  source,
  corp_code: corpCode,
  bsns_year: period.year,
  reprt_code: period.reprt_code,
});

/** The report's META for its current filing: kept when it matches, started afresh for a new filing (a 정정). */
export async function currentMeta(
  session: DartSession,
  company: Company,
  period: FiledPeriod,
  now: Date,
): Promise<ReportMeta> {
  const key = reportKeyOf(session.source, company.corp_code, period);
  const cached = await session.store.getMeta(key);
  if (cached && cached.rcept_no === period.rcept_no) return cached;
  const meta: ReportMeta = {
    corp_code: company.corp_code,
    corp_name: company.corp_name,
    stock_code: company.stock_code,
    year_quarter: yearQuarter(period.year, period.reprt_code),
    collection_date: kstIsoDateTime(now),
    rcept_no: period.rcept_no,
    reprt_code: period.reprt_code,
    api_status: {},
    synthetic: session.dart.synthetic,
  };
  await session.store.putMeta(key, meta);
  return meta;
}

export async function regularReports(
  session: DartSession,
  deps: NewsDeps,
  company: Company,
  named: NamedPeriod[],
  keys: string[],
  notes: string[],
): Promise<AvailableReport[]> {
  const now = deps.now();
  const window = listWindow(named, now);
  const list = await session.filings(company.corp_code, window.bgn, window.end, "A", 1);
  if (!list) return [];
  const { periods, missing } = choosePeriods(named, filedPeriods(list));
  if (missing.length)
    notes.push(`${company.corp_name}: ${missing.join(", ")} 정기보고서는 공시 목록에 없습니다.`);
  if (periods.length === 0 && !missing.length)
    notes.push(`${company.corp_name}: 최근 공시된 정기보고서가 없습니다.`);
  return mapLimit(periods, deps.settings.concurrency, async (period) => {
    const meta = await currentMeta(session, company, period, now);
    const key = reportKeyOf(session.source, company.corp_code, period);
    for (const apiKey of keys) await session.api(key, meta, apiKey);
    return {
      year: period.year,
      quarter: period.quarter,
      company_name: company.corp_name,
      filename: reportFilename(company.stock_code, company.corp_code, company.corp_name),
      processed_data: { metadata: metadataOf(meta) },
    };
  });
}

/** The company's 정정 filings of the last window (periodic reports' corrections are the regular reports' business). */
export async function revisionCandidates(
  session: DartSession,
  deps: NewsDeps,
  company: Company,
  now: Date,
): Promise<DartListItem[]> {
  const list = await session.filings(
    company.corp_code,
    ymdDaysBefore(now, deps.settings.revisionWindowDays),
    kstYmd(now),
    undefined,
    2,
  );
  return (list ?? []).filter((f) => isRevision(f.report_nm) && !periodOf(f.report_nm));
}
