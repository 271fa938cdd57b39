// The web fallback (002 §3.5): when no indexed restaurant is relevant, Tavily searches the web with
// the user's question. Its results come back as web_results [{title, url, content}] and are cited
// by URL. Without a key there is no web search, and the answer says so.
import { z } from "zod";
import type { Deadline } from "../platform/deadline.ts";
import { ProviderHttp, type CallCounter } from "../providers/http.ts";

export const WebResult = z.object({ title: z.string(), url: z.string(), content: z.string() });
export type WebResult = z.infer<typeof WebResult>;

export interface WebSearchPort {
  readonly name: string;
  search(
    c: CallCounter,
    query: string,
    o?: { maxResults?: number; deadline?: Deadline },
  ): Promise<WebResult[]>;
}

const TavilyResponse = z.object({
  query: z.string().optional(),
  results: z.array(
    z.object({
      title: z.string().default(""),
      url: z.string(),
      content: z.string().default(""),
      score: z.number().optional(),
    }),
  ),
});

/** a result's text kept for the answer's context */
const MAX_CONTENT = 800;

export class TavilySearch implements WebSearchPort {
  readonly name = "tavily";
  private readonly http: ProviderHttp;

  constructor(opts: { apiKey: string; baseUrl?: string; timeoutMs?: number; retryDelayMs?: number }) {
    this.http = new ProviderHttp({
      provider: "tavily",
      baseUrl: opts.baseUrl ?? "https://api.tavily.com",
      timeoutMs: opts.timeoutMs ?? 8000,
      retryDelayMs: opts.retryDelayMs,
      headers: { authorization: `Bearer ${opts.apiKey}` },
      secrets: [opts.apiKey],
    });
  }

  async search(
    c: CallCounter,
    query: string,
    o: { maxResults?: number; deadline?: Deadline } = {},
  ): Promise<WebResult[]> {
    const r = await this.http.json(c, "/search", TavilyResponse, {
      method: "POST",
      // Tavily advises queries under 400 characters
      body: {
        query: query.slice(0, 400),
        max_results: o.maxResults ?? 5,
        search_depth: "basic",
        include_answer: false,
        topic: "general",
      },
      deadline: o.deadline,
    });
    return r.results.map((x) => ({ title: x.title, url: x.url, content: x.content.slice(0, MAX_CONTENT) }));
  }
}
