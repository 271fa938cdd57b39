// Naver local search (provider-apis.md §4.2): GET /v1/search/local.json, at most 5 results and no
// paging. Restaurant QA uses it twice, as the seed does: to geocode a "nearby" place and to collect
// restaurant names and addresses (`npx dongne restaurants collect`). Titles carry <b> highlight
// tags and HTML entities; mapx/mapy are WGS84 × 10⁷ now and TM128 in older answers.
import { z } from "zod";
import type { Deadline } from "../platform/deadline.ts";
import { naverToLatLon } from "../geo/naver-coordinates.ts";
import { ProviderHttp, type CallCounter } from "./http.ts";
import type { GeoPoint } from "./port.ts";

const NaverLocalItem = z.object({
  title: z.string(),
  link: z.string().optional().default(""),
  category: z.string().optional().default(""),
  description: z.string().optional().default(""),
  telephone: z.string().optional().default(""),
  address: z.string().optional().default(""),
  roadAddress: z.string().optional().default(""),
  mapx: z.union([z.string(), z.number()]),
  mapy: z.union([z.string(), z.number()]),
});
export type NaverLocalItem = z.infer<typeof NaverLocalItem>;

const NaverLocalResponse = z.object({
  total: z.number().optional(),
  items: z.array(NaverLocalItem),
});

/** Naver's page is capped at 5 (display 1–5, start 1 only). */
export const NAVER_LOCAL_MAX = 5;

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&apos;": "'",
};

/** Strips <b>…</b> and decodes the entities Naver puts in titles. */
export function cleanNaverText(s: string): string {
  return s
    .replace(/<\/?b>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|apos);/g, (m) => ENTITIES[m] ?? m)
    .trim();
}

export class NaverLocal {
  readonly name = "naver";
  private readonly http: ProviderHttp;

  constructor(opts: {
    clientId: string;
    clientSecret: string;
    baseUrl?: string;
    timeoutMs?: number;
    retryDelayMs?: number;
  }) {
    this.http = new ProviderHttp({
      provider: "naver",
      baseUrl: opts.baseUrl ?? "https://openapi.naver.com",
      timeoutMs: opts.timeoutMs ?? 5000,
      retryDelayMs: opts.retryDelayMs,
      headers: { "X-Naver-Client-Id": opts.clientId, "X-Naver-Client-Secret": opts.clientSecret },
      secrets: [opts.clientId, opts.clientSecret],
    });
  }

  async search(
    c: CallCounter,
    query: string,
    o: { display?: number; sort?: "random" | "comment"; deadline?: Deadline } = {},
  ): Promise<NaverLocalItem[]> {
    const r = await this.http.json(c, "/v1/search/local.json", NaverLocalResponse, {
      query: {
        query,
        display: Math.min(o.display ?? NAVER_LOCAL_MAX, NAVER_LOCAL_MAX),
        start: 1,
        sort: o.sort ?? "random",
      },
      deadline: o.deadline,
    });
    return r.items.map((i) => ({
      ...i,
      title: cleanNaverText(i.title),
      category: cleanNaverText(i.category),
    }));
  }

  /** The first result's position, as 002 §6 geocodes a "nearby" place. */
  async geocode(c: CallCounter, query: string, deadline?: Deadline): Promise<GeoPoint | null> {
    const [first] = await this.search(c, query, { display: 1, deadline });
    if (!first) return null;
    const p = naverToLatLon(first.mapx, first.mapy);
    return { name: first.title, lat: p.lat, lng: p.lon, address: first.roadAddress || first.address || null };
  }
}
