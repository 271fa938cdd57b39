// Naver news search (GET /v1/search/news.json, provider reference §4.3): titles and descriptions carry
// <b> highlights and HTML entities, `description` is a snippet (never the article), `pubDate` is RFC 1123
// with +0900. Errors: {errorMessage, errorCode}; 401 (024: key or "Scope Status Invalid"), 429 (daily
// cap of 25,000 across the search APIs), SE99 500.
import { z } from "zod";
import type { Deadline } from "../platform/deadline.ts";
import { ProviderHttp, type CallCounter } from "./http.ts";

export const NaverNewsItem = z.object({
  title: z.string(),
  originallink: z.string().default(""),
  link: z.string(),
  description: z.string().default(""),
  pubDate: z.string(),
  synthetic: z.literal(true).optional(),
});
export type NaverNewsItem = z.infer<typeof NaverNewsItem>;

export const NaverNewsResponse = z.object({
  lastBuildDate: z.string(),
  total: z.number().int().nonnegative(),
  start: z.number().int(),
  display: z.number().int(),
  items: z.array(NaverNewsItem),
});
export type NaverNewsResponse = z.infer<typeof NaverNewsResponse>;

export interface NewsQuery {
  query: string;
  /** 1–100 (seed 003: 20) */
  display: number;
  /** sim: relevance (seed 003); date: newest first */
  sort: "sim" | "date";
}

/** Naver news behind one port: the real API or the synthetic sample (embedded/news-sample.ts). */
export interface NewsSearchPort {
  readonly name: string;
  readonly synthetic: boolean;
  search(counter: CallCounter, q: NewsQuery, deadline?: Deadline): Promise<NaverNewsResponse>;
}

export interface NaverNewsOptions {
  clientId: string;
  clientSecret: string;
  /** https://openapi.naver.com, or a proxy */
  baseUrl: string;
  timeoutMs: number;
}

export class NaverNewsClient implements NewsSearchPort {
  readonly name = "naver";
  readonly synthetic = false;
  private readonly http: ProviderHttp;

  constructor(opts: NaverNewsOptions) {
    this.http = new ProviderHttp({
      provider: "naver",
      baseUrl: opts.baseUrl.endsWith("/") ? opts.baseUrl : `${opts.baseUrl}/`,
      timeoutMs: opts.timeoutMs,
      headers: { "X-Naver-Client-Id": opts.clientId, "X-Naver-Client-Secret": opts.clientSecret },
      secrets: [opts.clientId, opts.clientSecret],
    });
  }

  search(counter: CallCounter, q: NewsQuery, deadline?: Deadline): Promise<NaverNewsResponse> {
    return this.http.json(counter, "v1/search/news.json", NaverNewsResponse, {
      query: { query: q.query, display: q.display, start: 1, sort: q.sort },
      deadline,
    });
  }
}
