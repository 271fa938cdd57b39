// 003's search_publications, against OpenDART: the companies the question names → their filed periods
// (named, else the latest four) → for each, the report's metadata and the key-information APIs the
// question's words ask for (prefetched into the cache; the selection may add more, loaded when the
// answer is written) → the recent 정정 filings with their text. The state gets references, never data.
import { mapLimit } from "../platform/concurrency.ts";
import { Deadline } from "../platform/deadline.ts";
import { kstIsoDateTime, kstYmd } from "../platform/time.ts";
import type { DartListItem, ReprtCode } from "../providers/opendart.ts";
import type { ResolvedCompany as Company } from "./schemas.ts";
import { embeddedCompanies } from "./companies.ts";
import { DEFAULT_API_KEYS, analyzeQueryText, futurePeriodNote, futurePeriods } from "./query.ts";
import {
  basicInfo,
  DartSession,
  isRevision,
  metadataOf,
  reportFilename,
  yearQuarter,
  ymdDaysBefore,
} from "./dart-access.ts";
import type { NewsDeps } from "./deps.ts";
import { choosePeriods, filedPeriods, listWindow, periodOf, type FiledPeriod } from "./periods.ts";
import type { ReportKey, ReportMeta } from "./report-store.ts";
import {
  SearchState,
  type AvailableReport,
  type NamedPeriod,
  type PublicationResults,
  type RevisionDocument,
  type SearchStateInput,
} from "./schemas.ts";
import { STEP, withUsage } from "./usage.ts";

export const NO_COMPANY_NOTE =
  "질문에 회사 이름이 없어 공시(정기보고서)는 검색하지 않았습니다: 어느 회사인지 알려 주세요.";

/** A name that looks like a company's but is none listed (issue 25): said so, with the closest names. */
export const unknownCompanyNote = (word: string, closest: readonly string[]) =>
  `‘${word}’은(는) 상장 회사 목록에서 찾지 못했습니다.${closest.length ? ` 가장 가까운 이름: ${closest.join(", ")}.` : ""}`;
export const UNKNOWN_COMPANY = /상장 회사 목록에서 찾지 못했습니다/;

const emptyResults = (companies: Company[] = []): PublicationResults => ({
  regular_results: { available_reports: [] },
  revision_results: { revision_documents: [] },
  companies,
});

export async function searchPublicationsStep(input: SearchStateInput, deps: NewsDeps): Promise<SearchState> {
  const state = SearchState.parse(input);
  const started = performance.now();
  if (state.search_preference === "news")
    return withUsage({ ...state, publication_results: null, pub_errors: [] }, STEP.publications, {
      skipped: true,
    });

  const now = deps.now();
  const analysis = state.query_analysis ?? analyzeQueryText(state.query, now);
  const session = new DartSession(deps.dart, deps.store, {
    budget: deps.settings.dartCallBudget,
    deadline: Deadline.from(state.deadlineAt),
    docMaxChars: deps.settings.docMaxChars,
    listTtlMinutes: deps.settings.listTtlMinutes,
    now: deps.now,
  });
  const notes: string[] = [];
  const finish = (results: PublicationResults): SearchState =>
    withUsage(
      {
        ...state,
        query_analysis: analysis,
        publication_results: results,
        pub_errors: session.errors,
        search_notes: [...state.search_notes, ...notes.filter((n) => !state.search_notes.includes(n))],
      },
      STEP.publications,
      {
        dartCalls: session.counter.apiCalls,
        cacheHits: session.cacheHits,
        warnings: session.warnings,
        synthetic: deps.dart.synthetic,
        ms: performance.now() - started,
      },
    );

  // a period after this year cannot be filed: a note, and no list.json call or "latest four" in its place
  const future = futurePeriods(analysis.periods, now);
  const named = analysis.periods.filter((p) => !future.includes(p));
  if (future.length) notes.push(futurePeriodNote(future));

  let index = await session.call("회사 목록(corpCode)", (c, d) => deps.companies.index(c, d));
  if (!index && deps.companies.source !== "embedded") {
    // OpenDART's list is a large download; without it the vendored table still names the big companies
    index = await embeddedCompanies.index();
    session.warnings.push("OpenDART 회사 목록을 받지 못해 내장 목록(KOSPI 200 등)으로 회사명을 찾았습니다.");
  }
  if (!index) return finish(emptyResults());
  const resolution = index.resolve(state.query);
  notes.push(...resolution.notes);
  if (resolution.companies.length === 0) {
    const unknown = index.unknownNames(state.query);
    notes.push(...unknown.map((u) => unknownCompanyNote(u.word, u.closest)));
    if (!resolution.notes.length && !unknown.length) notes.push(NO_COMPANY_NOTE);
    return finish(emptyResults());
  }

  const keys = analysis.api_keys.length ? analysis.api_keys : DEFAULT_API_KEYS;
  const perCompany = await mapLimit(resolution.companies, deps.settings.concurrency, async (company) => {
    const [regular, revisions] = await Promise.all([
      future.length && !named.length
        ? Promise.resolve([])
        : regularReports(session, deps, company, named, keys, notes),
      revisionCandidates(session, deps, company, now),
    ]);
    return { regular, revisions };
  });

  // the newest 정정 filings across the companies, each with its text's real length
  const candidates = perCompany
    .flatMap((c) => c.revisions)
    .sort((a, b) => b.rcept_dt.localeCompare(a.rcept_dt))
    .slice(0, deps.settings.maxRevisions);
  const docs = await mapLimit(candidates, deps.settings.concurrency, (c) => session.document(c.rcept_no));
  const revisions: RevisionDocument[] = candidates.flatMap((c, i) => {
    const doc = docs[i];
    return doc ? [{ basic_info: basicInfo(c), content_length: doc.content_length, index: 0 }] : [];
  });
  revisions.forEach((r, i) => (r.index = i));

  return finish({
    regular_results: { available_reports: perCompany.flatMap((c) => c.regular) },
    revision_results: { revision_documents: revisions },
    companies: resolution.companies,
  });
}

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

async function regularReports(
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
async function revisionCandidates(
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
