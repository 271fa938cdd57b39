// 003's search_news: the Naver news API (display 20, sort sim; sort date when the question asks for
// the latest), items cleaned of <b> and entities, 003's formatted_date (the Korean calendar date of
// pubDate), and the same story from several outlets merged into its first (most relevant) item.
import { plainText } from "../platform/html-text.ts";
import { kstIsoDate } from "../platform/time.ts";
import { ProviderError } from "../providers/http.ts";
import type { NaverNewsItem } from "../providers/naver-news.ts";
import type { Notice } from "./schemas.ts";
import { embeddedCompanies } from "./company-directory.ts";
import { type NewsResultItem } from "./schemas.ts";

/** pubDate "Tue, 15 Sep 2026 00:30:00 +0900" → "2026-09-15", whatever the machine's time zone. */
export function formattedDate(pubDate: string): string {
  const at = Date.parse(pubDate);
  return Number.isFinite(at) ? kstIsoDate(new Date(at)) : "";
}

/** A title reduced to what outlets share: no [종합]/(속보) tags, punctuation or spaces. */
export function storyKey(title: string): string {
  return plainText(title)
    .replace(/[[(【<][^\])】>]{1,8}[\])】>]/g, "")
    .replace(/[^가-힣A-Za-z0-9]/g, "")
    .toLowerCase();
}

function bigrams(s: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < s.length - 1; i++) out.add(s.slice(i, i + 2));
  return out;
}

/** Same story: equal keys, one key inside the other, or ≥ 80 % shared character pairs (Dice). */
export function sameStory(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) >= 10 && (a.includes(b) || b.includes(a))) return true;
  const x = bigrams(a);
  const y = bigrams(b);
  if (x.size === 0 || y.size === 0) return false;
  let shared = 0;
  for (const g of x) if (y.has(g)) shared++;
  return (2 * shared) / (x.size + y.size) >= 0.8;
}

export function cleanAndMerge(items: readonly NaverNewsItem[]): NewsResultItem[] {
  const out: (NewsResultItem & { key: string })[] = [];
  for (const item of items) {
    const key = storyKey(item.title);
    const same = out.find((o) => sameStory(o.key, key));
    if (same) {
      same.merged_links.push(item.link);
      continue;
    }
    out.push({
      title: plainText(item.title),
      originallink: item.originallink,
      link: item.link,
      description: plainText(item.description),
      pubDate: item.pubDate,
      formatted_date: formattedDate(item.pubDate),
      merged_links: [],
      ...(item.synthetic ? { synthetic: true as const } : {}),
      key,
    });
  }
  return out.map(({ key: _key, ...item }) => item);
}

/** What a Naver failure means, in words (its status and the provider's own words go to naverErrorNotice). */
export function naverErrorMessage(err: unknown): string {
  if (!(err instanceof ProviderError)) return "네이버 뉴스 검색에 실패했습니다";
  // §4.1: "Scope Status Invalid" is a right key on an application without the 검색 API registered
  const scope = /Scope Status Invalid/i.test(err.message);
  const why: Record<string, string> = {
    auth: scope
      ? "인증에 실패했습니다: 애플리케이션에 검색 API 사용이 등록되지 않았습니다 (개발자센터 > 내 애플리케이션 > API 설정)"
      : "인증에 실패했습니다: 애플리케이션의 검색 API 사용 설정과 키를 확인하세요",
    rate_limit: "하루 호출 한도를 넘었습니다",
    server: "서버가 오류로 답했습니다",
    timeout: "응답이 제시간에 오지 않았습니다",
    network: "연결하지 못했습니다",
    malformed: "응답을 읽을 수 없었습니다",
    bad_request: "요청이 거절됐습니다",
    deadline: "시간 예산이 다해 호출하지 않았습니다",
  };
  return `네이버 뉴스: ${why[err.reason] ?? "검색에 실패했습니다"}`;
}

/** A Naver failure's code, status, the settings that fix it, and the provider's own words. */
export function naverErrorNotice(err: unknown): Notice {
  if (!(err instanceof ProviderError))
    return { code: "naver_error", detail: (err as Error).message ?? String(err) };
  return {
    code: `naver_${err.reason}`,
    ...(err.status ? { status: String(err.status) } : {}),
    detail: err.message,
    ...(err.reason === "auth" ? { settings: ["NAVER_CLIENT_ID", "NAVER_CLIENT_SECRET"] } : {}),
  };
}

/**
 * The Naver query: each company the question names by another name — a group word ("삼성 뉴스",
 * "현대 건설 수주"), an English name ("Kia", "Samsung Elec"), a short form ("셀트", "하닉") — written
 * as the company it is read as (companies.ts), from the vendored list: no OpenDART call.
 */
export async function newsQuery(query: string): Promise<string> {
  const index = await embeddedCompanies.index();
  let q = query;
  for (const c of index.resolve(query).companies) {
    if (c.matched === c.corp_name || !q.includes(c.matched)) continue;
    const rest = c.corp_name.slice(c.matched.length);
    // "현대 건설" → "현대건설"; "삼성 뉴스" → "삼성전자 뉴스"
    q =
      rest && c.corp_name.startsWith(c.matched) && q.includes(`${c.matched} ${rest}`)
        ? q.replace(`${c.matched} ${rest}`, c.corp_name)
        : q.replace(c.matched, c.corp_name);
  }
  return q;
}
