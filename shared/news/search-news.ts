// 003's search_news: the Naver news API (display 20, sort sim; sort date when the question asks for
// the latest), items cleaned of <b> and entities, 003's formatted_date (the Korean calendar date of
// pubDate), and the same story from several outlets merged into its first (most relevant) item.
import { plainText } from "../platform/html-text.ts";
import { kstIsoDate } from "../platform/time.ts";
import { ProviderError } from "../providers/http.ts";
import type { NaverNewsItem } from "../providers/naver-news.ts";
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

export function naverErrorMessage(err: unknown): string {
  if (!(err instanceof ProviderError)) return `네이버 뉴스: ${(err as Error).message ?? String(err)}`;
  const detail = err.message.replace(/^naver: /, "");
  // §4.1: "Scope Status Invalid" is a right key on an application without the 검색 API registered
  const scope = /Scope Status Invalid/i.test(detail);
  const why: Record<string, string> = {
    auth: scope
      ? `인증 실패(${err.status ?? 401}: ${detail}) — 애플리케이션에 검색 API 사용이 등록되지 않았습니다 (개발자센터 > 내 애플리케이션 > API 설정)`
      : `인증 실패(${err.status ?? 401}: ${detail}) — 애플리케이션의 검색 API 사용 설정과 키를 확인하세요`,
    rate_limit: `일일 호출 한도 초과(${err.status ?? 429})`,
    server: `서버 오류(${err.status ?? "5xx"}: ${detail})`,
    timeout: "응답 시간 초과",
    network: "연결 실패",
    malformed: `응답 형식 오류(${detail})`,
    bad_request: `잘못된 요청(${err.status ?? 400}: ${detail})`,
    deadline: "시간 예산이 다해 호출하지 않음",
  };
  return `네이버 뉴스: ${why[err.reason] ?? detail}`;
}

/**
 * A group word alone ("삼성 뉴스", "현대 건설 수주"): the news are searched for the company the
 * publications answer for (companies.ts groupPick), from the vendored list — no OpenDART call.
 */
export async function groupQuery(query: string): Promise<string> {
  const index = await embeddedCompanies.index();
  if (
    index
      .resolve(query)
      .companies.some((c) => !index.groupPick(query).some((g) => g.pick.corp_code === c.corp_code))
  )
    return query;
  let q = query;
  for (const g of index.groupPick(query)) {
    const rest = g.pick.corp_name.slice(g.word.length);
    // "현대 건설" → "현대건설"; "삼성 뉴스" → "삼성전자 뉴스"
    q = q.includes(`${g.word} ${rest}`)
      ? q.replace(`${g.word} ${rest}`, g.pick.corp_name)
      : q.replace(g.word, g.pick.corp_name);
  }
  return q;
}
