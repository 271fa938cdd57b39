// The offline selector (no LLM, or one that failed): 003's criteria in order — relevance, reliability
// (정기보고서 > 정정보고서 > 뉴스), recency, specificity — over up to three news, five regular reports
// and five 정정 filings, each kind's candidates chosen first by the question's words.
import { REPORT_APIS } from "../providers/opendart-apis.ts";
import { josaFor } from "../korean/josa.ts";
import { DEFAULT_API_KEYS, apiKeysFor } from "./query.ts";
import type { SearchedList, SelectedDocuments } from "./schemas.ts";
import { selectionSummary } from "./select.ts";

const PARTICLE_END = /(의|은|는|이|가|을|를|과|와|도|에|에서|으로|로)$/;
const queryWords = (query: string) =>
  query
    .split(/[\s,.?!·]+/)
    .map((w) => w.replace(PARTICLE_END, ""))
    .filter((w) => w.length >= 2);

const hits = (text: string, words: string[]) => words.filter((w) => text.includes(w)).length;

interface Candidate {
  pick: () =>
    | SelectedDocuments["news"][number]
    | SelectedDocuments["regular"][number]
    | SelectedDocuments["revision"][number];
  kind: "news" | "regular" | "revision";
  /** 1. relevance: 2 the question's topic, 1 its company only, 0 neither */
  relevance: number;
  /** 2. reliability: 정기보고서 > 정정보고서 > 뉴스 */
  reliability: number;
  /** 3. recency: a sortable date */
  recency: string;
  /** 4. specificity */
  specificity: number;
}

/** The question's words, split into those naming a company (which company) and the rest (what about it). */
interface Words {
  all: string[];
  company: string[];
  topic: string[];
}

export function offlineSelection(query: string, list: SearchedList): SelectedDocuments {
  const all = queryWords(query);
  const names = [
    ...list.regular.map((r) => r.company_name),
    ...list.revision.map((v) => v.basic_info.company),
  ];
  const company = all.filter((w) => names.some((n) => n.includes(w) || w.includes(n)));
  const words: Words = { all, company, topic: all.filter((w) => !company.includes(w)) };
  return byCriteria([
    ...newsCandidates(list.news, words),
    ...regularCandidates(list.regular, apiKeysFor(query)),
    ...revisionCandidates(list.revision, words.topic),
  ]);
}

/** News: words in the title count twice; with no word matching anywhere, Naver's own order (sort=sim). */
function newsCandidates(items: SearchedList["news"], words: Words): Candidate[] {
  // 1. relevance, in tiers comparable across kinds: 2 the question's topic, 1 only its company, 0 neither
  const tier = (text: string) => (hits(text, words.topic) ? 2 : hits(text, words.company) ? 1 : 0);
  const news = items.map((n, i) => ({
    n,
    i,
    score: 2 * hits(n.title, words.all) + hits(n.description, words.all),
  }));
  const anyNews = news.some((x) => x.score > 0);
  return news
    .filter((x) => !anyNews || x.score > 0)
    .sort((a, b) => b.score - a.score || b.n.date.localeCompare(a.n.date) || a.i - b.i)
    .slice(0, 3)
    .map(({ n }) => ({
      kind: "news",
      relevance: tier(`${n.title} ${n.description}`),
      reliability: 1,
      recency: n.date,
      specificity: n.description.length,
      pick: () => ({
        title: n.title,
        date: n.date,
        link: n.link,
        reason: newsReason(n.title, words.all),
        priority: 1,
      }),
    }));
}

function newsReason(title: string, words: string[]): string {
  const found = words.filter((w) => title.includes(w));
  if (!found.length) return "검색 순위가 높은 뉴스";
  return `제목에 ‘${found.join("’, ‘")}’${josaFor(found[found.length - 1]!, "이/가")} 있는 뉴스`;
}

/** Regular reports, newest first: the keys the question's words ask for, else the default ones. */
function regularCandidates(items: SearchedList["regular"], asked: string[]): Candidate[] {
  return items
    .map((r) => {
      const keys = asked.filter((k) => r.api_keys.includes(k));
      return {
        r,
        topical: keys.length > 0,
        keys: keys.length ? keys : DEFAULT_API_KEYS.filter((k) => r.api_keys.includes(k)),
      };
    })
    .filter((x) => x.keys.length)
    .sort((a, b) => b.r.year - a.r.year || b.r.quarter - a.r.quarter)
    .slice(0, 5)
    .map(({ r, keys, topical }) => ({
      kind: "regular",
      relevance: topical ? 2 : 1,
      reliability: 3,
      recency: `${r.year}-${r.quarter}`,
      specificity: keys.length,
      pick: () => ({
        company_name: r.company_name,
        year: r.year,
        quarter: r.quarter,
        filename: r.filename,
        api_keys_to_check: keys,
        reason: `${r.company_name} ${r.year}년 ${r.quarter}분기 정기보고서의 ${keys
          .map((k) => REPORT_APIS.find((a) => a.key === k)?.title ?? k)
          .join(", ")}`,
        priority: 1,
      }),
    }));
}

/** 정정보고서: those whose title shares the question's topic, then the company's newest two. */
function revisionCandidates(items: SearchedList["revision"], topicWords: string[]): Candidate[] {
  const revisions = items.map((v) => ({ v, topical: hits(v.basic_info.report_name, topicWords) > 0 }));
  const newest = revisions
    .filter((x) => !x.topical)
    .sort((a, b) => b.v.basic_info.date.localeCompare(a.v.basic_info.date));
  return [...revisions.filter((x) => x.topical), ...newest.slice(0, 2)].slice(0, 5).map(({ v, topical }) => ({
    kind: "revision",
    relevance: topical ? 2 : 1,
    reliability: 2,
    recency: v.basic_info.date.replaceAll(".", "-"),
    specificity: v.content_length,
    pick: () => ({
      basic_info: v.basic_info,
      reason: topical ? "질문과 관련된 정정 공시" : `${v.basic_info.company}의 최근 정정 공시`,
      priority: 1,
    }),
  }));
}

/** Priorities: 003's criteria in order over all the picks. */
function byCriteria(candidates: Candidate[]): SelectedDocuments {
  candidates.sort(
    (a, b) =>
      b.relevance - a.relevance ||
      b.reliability - a.reliability ||
      b.recency.localeCompare(a.recency) ||
      b.specificity - a.specificity,
  );
  const out: SelectedDocuments = { news: [], regular: [], revision: [], selection_summary: "" };
  candidates.forEach((c, i) => {
    const pick = { ...c.pick(), priority: i + 1 };
    (out[c.kind] as (typeof pick)[]).push(pick);
  });
  out.selection_summary = selectionSummary(out.news.length, out.regular.length, out.revision.length);
  return out;
}
