// 003's search_publications, against OpenDART: the companies the question names → their filed periods
// (named, else the latest four) → for each, the report's metadata and the key-information APIs the
// question's words ask for (prefetched into the cache; the selection may add more, loaded when the
// answer is written) → the recent 정정 filings with their text. The state gets references, never data.
import { unlistedNamed } from "../data/unlisted-companies.ts";
import { josaFor, withJosa } from "../korean/josa.ts";
import { mapLimit } from "../platform/concurrency.ts";
import { kstIsoDateTime, kstYmd } from "../platform/time.ts";
import type { DartListItem, ReprtCode } from "../providers/opendart.ts";
import type { ResolvedCompany as Company } from "./schemas.ts";
import { embeddedCompanies, type CompanyDirectory } from "./company-directory.ts";
import { TYPO_QUESTION } from "./companies.ts";
import {
  basicInfo,
  DartSession,
  isRevision,
  metadataOf,
  reportFilename,
  yearQuarter,
  ymdDaysBefore,
} from "./dart-access.ts";
import type { NewsDeps } from "./wiring.ts";
import {
  choosePeriods,
  filedPeriods,
  listWindow,
  periodOf,
  type Comparison,
  type FiledPeriod,
} from "./periods.ts";
import type { ReportKey, ReportMeta } from "./report-store.ts";
import { FUTURE_PERIOD, futurePeriodNote, futurePeriods } from "./query.ts";
import {
  type AvailableReport,
  type NamedPeriod,
  type PublicationResults,
  type RevisionDocument,
} from "./schemas.ts";

export const NO_COMPANY_NOTE =
  "질문에 회사 이름이 없어 공시(정기보고서)는 검색하지 않았습니다: 어느 회사인지 알려 주세요.";

/** Where a name was looked for, as the answer says it. */
const DIRECTORY_NAMES: Record<string, string> = {
  embedded: "내장된 상장 회사 목록(KOSPI 200과 코스닥 주요 종목)",
  opendart: "전자공시(DART)의 회사 목록",
};

/** A name that is no company of the directory (issue 25): said so, with the closest names. */
export const unknownCompanyNote = (word: string, closest: readonly string[], source = "embedded") =>
  `‘${word}’${josaFor(`${word}’`, "이라/라")}는 회사는 ${DIRECTORY_NAMES[source] ?? DIRECTORY_NAMES.embedded}에서 찾지 못해 공시를 검색하지 않았습니다.${
    closest.length ? ` 가장 가까운 이름: ${closest.join(", ")}.` : " 이름이 비슷한 상장 회사도 없습니다."
  }`;
export const UNKNOWN_COMPANY = /회사는 .+에서 찾지 못해 공시를 검색하지 않았습니다/;

/** A company that files no periodic report (not listed): said so, rather than another company's figures. */
export const noPeriodicNote = (name: string) =>
  `${withJosa(name, "은/는")} 상장 회사가 아니어서 정기보고서(사업·반기·분기보고서)를 내지 않습니다: 공시에서 볼 수 있는 정기보고서가 없습니다.`;
export const NO_PERIODIC = /정기보고서\(사업·반기·분기보고서\)를 내지 않습니다/;

/** The notes on how a company was read (a group word, a short or English name): said right after the first sentence. */
export const isReadingNote = (note: string) => / 기준입니다[:(]|읽었습니다/.test(note);

/** The notes that answer the question themselves: the answer's first sentence. */
export const isLeadingNote = (note: string) =>
  note === NO_COMPANY_NOTE ||
  UNKNOWN_COMPANY.test(note) ||
  TYPO_QUESTION.test(note) ||
  NO_PERIODIC.test(note) ||
  FUTURE_PERIOD.test(note);

export const emptyResults = (): PublicationResults => ({
  regular_results: { available_reports: [] },
  revision_results: { revision_documents: [] },
  companies: [],
});

/** The asked periods that can be filed: a period after this year gets a note, and no list.json call or "latest four" in its place. */
export function filablePeriods(periods: readonly NamedPeriod[], now: Date, notes: string[]) {
  const future = futurePeriods(periods, now);
  if (future.length) notes.push(futurePeriodNote(future));
  return {
    named: periods.filter((p) => !future.includes(p)),
    onlyFuture: future.length > 0 && future.length === periods.length,
  };
}

/** The company list: OpenDART's (one call of the question's budget), else the vendored one. */
async function companyIndex(session: DartSession, companies: CompanyDirectory) {
  const index = await session.call("회사 목록", (c, d) => companies.index(c, d));
  if (index || companies.source === "embedded") return index;
  // OpenDART's list is a large download; without it the vendored table still names the big companies
  const vendored = await embeddedCompanies.index();
  session.warnings.push("OpenDART 회사 목록을 받지 못해 내장 목록(KOSPI 200 등)으로 회사명을 찾았습니다.");
  return vendored;
}

/** The companies the question names; with none, a note says why (an unknown name, or no name at all). */
export async function companiesNamed(
  session: DartSession,
  companies: CompanyDirectory,
  query: string,
  notes: string[],
): Promise<Company[]> {
  const index = await companyIndex(session, companies);
  if (!index) return [];
  const resolution = index.resolve(query);
  notes.push(...resolution.notes);
  for (const c of resolution.companies) session.names.set(c.corp_code, c.corp_name);
  if (resolution.companies.length || resolution.notes.some((n) => TYPO_QUESTION.test(n)))
    return resolution.companies;
  const unknown = index.unknownNames(query);
  for (const u of unknown) {
    const unlisted = unlistedNamed(u.word);
    notes.push(
      unlisted ? noPeriodicNote(unlisted.name) : unknownCompanyNote(u.word, u.closest, companies.source),
    );
  }
  if (!resolution.notes.length && !unknown.length) notes.push(NO_COMPANY_NOTE);
  return [];
}

/** Each company's regular reports (of the named periods, else the latest four), then the newest 정정 filings across them. */
export async function publicationsOf(
  session: DartSession,
  deps: NewsDeps,
  companies: Company[],
  asked: { periods: ReturnType<typeof filablePeriods>; keys: string[]; now: Date; compare?: Comparison },
  notes: string[],
): Promise<PublicationResults> {
  const { periods, keys, now, compare } = asked;
  const perCompany = await mapLimit(companies, deps.settings.concurrency, async (company) => {
    const [regular, revisions] = await Promise.all([
      periods.onlyFuture
        ? Promise.resolve([])
        : regularReports(session, deps, company, { named: periods.named, keys, compare }, notes),
      revisionCandidates(session, deps, company, now),
    ]);
    return { regular, revisions };
  });
  const revisions = perCompany.flatMap((c) => c.revisions);
  return {
    regular_results: { available_reports: perCompany.flatMap((c) => c.regular) },
    revision_results: { revision_documents: await newestRevisions(session, deps.settings, revisions) },
    companies,
  };
}

/** The newest 정정 filings across the companies, each with its text's real length. */
async function newestRevisions(
  session: DartSession,
  settings: { maxRevisions: number; concurrency: number },
  filings: DartListItem[],
): Promise<RevisionDocument[]> {
  const candidates = filings
    .sort((a, b) => b.rcept_dt.localeCompare(a.rcept_dt))
    .slice(0, settings.maxRevisions);
  const docs = await mapLimit(candidates, settings.concurrency, (c) => session.document(c.rcept_no));
  return candidates
    .flatMap((c, i) => {
      const doc = docs[i];
      return doc ? [{ basic_info: basicInfo(c), content_length: doc.content_length, index: 0 }] : [];
    })
    .map((r, i) => ({ ...r, index: i }));
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
  asked: { named: NamedPeriod[]; keys: string[]; compare?: Comparison },
  notes: string[],
): Promise<AvailableReport[]> {
  const { named, keys, compare } = asked;
  const now = deps.now();
  const window = listWindow(named, now, compare);
  const list = await session.filings(company.corp_code, window.bgn, window.end, "A", 1);
  if (!list) return [];
  const { periods, missing } = choosePeriods(named, filedPeriods(list), compare);
  if (missing.length)
    notes.push(`${company.corp_name}: ${missing.join(", ")} 정기보고서는 공시 목록에 없습니다.`);
  if (periods.length === 0 && !missing.length)
    notes.push(
      company.stock_code
        ? `${company.corp_name}: 최근 공시된 정기보고서가 없습니다.`
        : noPeriodicNote(company.corp_name),
    );
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
