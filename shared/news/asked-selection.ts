// Selection by what is asked (issue 25): whatever chose the documents (the LLM or the offline
// selector), the selection is kept to the facts the question asks for, and an asked fact it missed is
// added from the list.
import { REPORT_APIS } from "../providers/opendart-apis.ts";
import { FACT_LABEL, WHY_WORDS, apiKeysFor, askedFacts, keysOfFact, type AskedFact } from "./query.ts";
import type { NamedPeriod, SearchedList, SelectedDocuments } from "./schemas.ts";
import { comparisonOf } from "./question-form.ts";
import { listedReport, selectionSummary } from "./select.ts";

const REPORT_FACTS: AskedFact[] = ["periodic", "dividend", "executives", "major_holder", "other"];
const DOWN = /하락|떨어|내려|내린|약세|급락|부진|밀려|빠졌|빠진|빠짐|우려/;
const UP = /상승|올라|오른|올랐|오름|강세|급등|호조|뛰었|뛴/;

type Facts = Set<AskedFact>;

/**
 * The selection kept to what the question asks: news only when news is asked (or a price move's
 * reason, or any question but a list of filings), a regular report only with the keys of the asked
 * facts and of the asked period (all found when none is named), 정정 filings only when asked — then all of them found, newest
 * first, up to five. An asked fact the selection missed is added from the list. Each reason names the
 * asked fact. A question asking nothing in particular keeps the selection as it was. News stay beside
 * a report fact (003's "삼성전자 매출" shows them), not beside a list of filings.
 */
export function selectForAsked(
  sel: SelectedDocuments,
  list: SearchedList,
  query: string,
  periods: readonly NamedPeriod[] = [],
): SelectedDocuments {
  const facts = askedFacts(query);
  if (!facts.size) return sel;
  const listings = facts.has("correction") || facts.has("disclosures");
  // news beside a figure, as 003's own "삼성전자 매출" shows it; not beside a list of filings
  const wantNews = facts.has("news") || !listings;
  let priority = 0;
  const number = <T extends { priority: number }>(xs: T[]) => xs.map((x) => ({ ...x, priority: ++priority }));
  const g = number(askedReports(sel, list, query, facts, periods));
  const v = number(listings ? askedRevisions(list, facts) : []);
  const n = number(askedNews(sel, list, query, wantNews));
  return {
    news: n,
    regular: g,
    revision: v,
    selection_summary: selectionSummary(n.length, g.length, v.length),
  };
}

type News = SelectedDocuments["news"][number];
const newsPick = (n: SearchedList["news"][number]): News => ({
  title: n.title,
  date: n.date,
  link: n.link,
  reason: "",
  priority: 1,
});

/** News (when wanted): the selection's, else the list's newest; for "왜 떨어짐", news about that move first. */
function askedNews(sel: SelectedDocuments, list: SearchedList, query: string, wanted: boolean): News[] {
  const dir = DOWN.test(query) ? DOWN : UP.test(query) ? UP : undefined;
  let news = wanted ? sel.news : [];
  if (wanted && !news.length)
    news = [...list.news]
      .sort((a, b) => b.date.localeCompare(a.date))
      .slice(0, 3)
      .map(newsPick);
  if (dir) {
    const moved = list.news.filter((n) => dir.test(n.title));
    const picked = [...moved, ...news.map((n) => list.news.find((x) => x.link === n.link)!).filter(Boolean)];
    news = picked
      .filter((n, i) => picked.findIndex((x) => x.link === n.link) === i)
      .slice(0, 3)
      .map(newsPick);
  }
  const reason = WHY_WORDS.test(query)
    ? "질문한 주가 움직임의 이유를 다룬 뉴스"
    : `질문한 ${FACT_LABEL.news}(최신순)`;
  return news.map((n) => ({ ...n, reason }));
}

/** Regular reports: the asked facts' keys, of the asked period, else the newest filed report. */
function askedReports(
  sel: SelectedDocuments,
  list: SearchedList,
  query: string,
  facts: Facts,
  periods: readonly NamedPeriod[],
): SelectedDocuments["regular"] {
  const reportFacts = REPORT_FACTS.filter((f) => facts.has(f));
  if (!reportFacts.length) return [];
  const askedKeys = apiKeysFor(query).filter((k) => reportFacts.some((f) => keysOfFact(f, [k]).length));
  // a comparison's list holds just the periods compared (search-publications): both are read
  const compared = comparisonOf(query) !== undefined;
  const inPeriod = (r: { year: number; quarter: number }) =>
    periods.some((p) => (p.year === null || p.year === r.year) && (p.quarter ?? 4) === r.quarter);
  const candidates = list.regular
    .filter((r) => askedKeys.some((k) => r.api_keys.includes(k)))
    .sort((a, b) => b.year - a.year || b.quarter - a.quarter);
  // the selection's own picks, kept to the asked keys and period; else the list's, newest first
  const own = sel.regular
    .map((r) => listedReport(list, r))
    .filter(
      (r): r is NonNullable<typeof r> => r !== undefined && askedKeys.some((k) => r.api_keys.includes(k)),
    )
    .filter((r) => !periods.length || compared || inPeriod(r));
  const periodic = own.length ? own : periods.length && !compared ? candidates.filter(inPeriod) : candidates;
  return (periodic.length ? periodic : candidates.slice(0, 1)).slice(0, 5).map((r) => {
    const keys = askedKeys.filter((k) => r.api_keys.includes(k));
    const labels = reportFacts.filter((f) => keysOfFact(f, keys).length).map((f) => FACT_LABEL[f]);
    return {
      company_name: r.company_name,
      year: r.year,
      quarter: r.quarter,
      filename: r.filename,
      api_keys_to_check: keys,
      reason: `질문한 ${labels.join("·")}: ${r.year}년 ${r.quarter}분기 보고서의 ${keys
        .map((k) => REPORT_APIS.find((a) => a.key === k)?.title ?? k)
        .join(", ")}`,
      priority: 1,
    };
  });
}

/** 정정 filings: all found, newest first, up to five. */
function askedRevisions(list: SearchedList, facts: Facts): SelectedDocuments["revision"] {
  const label = FACT_LABEL[facts.has("correction") ? "correction" : "disclosures"];
  return [...list.revision]
    .sort((a, b) => b.basic_info.date.localeCompare(a.basic_info.date))
    .slice(0, 5)
    .map((v) => ({ basic_info: v.basic_info, reason: `질문한 ${label}(최신순)`, priority: 1 }));
}
