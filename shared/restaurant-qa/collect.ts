// Collection, the first half of 002 §2: restaurant names and addresses from Naver's local search
// (`npx dongne restaurants collect "망원동 맛집"`), written in the crawl format with empty menus and
// reviews. The second half — crawling Naver Map for menus, reviews and descriptions — is out of
// scope: the map's terms do not allow it (docs/restaurant-qa.md). Local search returns at most 5
// places per query and no place id, so a query is asked in both sorts (and, with `expand`, once per
// cuisine), results are deduplicated by name and address, and the id is derived from them.
import { createHash } from "node:crypto";
import { Deadline } from "../platform/deadline.ts";
import type { NaverLocal, NaverLocalItem } from "../providers/naver-local.ts";
import type { CrawlRecordInput } from "../places/restaurant-crawl.ts";
import { CUISINES } from "./food.ts";
import { collectFailed } from "./warnings.ts";

export interface CollectResult {
  records: CrawlRecordInput[];
  /** searches made (each is one Naver call, from a daily quota of 25,000) */
  searches: number;
  warnings: string[];
}

/** "서울특별시 강동구 아리수로 243" → "서울특별시 강동구 아리수로", as the seed's search_keyword has it */
const roadWithoutNumber = (road: string) => road.replace(/\s+(지하\s*)?\d[\d-]*(\s.*)?$/, "").trim();

/** A stable id from what identifies a place when the API gives no id. */
export function collectedPlaceId(title: string, address: string): string {
  return `nv-${createHash("sha256").update(`${title}|${address}`).digest("hex").slice(0, 16)}`;
}

function toRecord(item: NaverLocalItem, collectedAt: string): CrawlRecordInput {
  const address = item.address || item.roadAddress;
  return {
    place_id: collectedPlaceId(item.title, address),
    search_keyword: `${item.title} ${roadWithoutNumber(item.roadAddress || item.address)}`.trim(),
    title: item.title,
    address,
    roadAddress: item.roadAddress,
    mapx: String(item.mapx),
    mapy: String(item.mapy),
    menus: [],
    reviews: [],
    description: "",
    ...(item.category ? { category: item.category } : {}),
    collected_at: collectedAt,
  };
}

export async function collectRestaurants(
  query: string,
  naver: NaverLocal,
  opts: { expand?: boolean; collectedAt?: string; deadline?: Deadline } = {},
): Promise<CollectResult> {
  const area = query.replace(/\s*(맛집|음식점|식당)\s*$/, "").trim();
  const queries = [
    query,
    ...(opts.expand && area !== query ? CUISINES.map((c) => `${area} ${c.value}`) : []),
  ];
  const collectedAt = opts.collectedAt ?? new Date().toISOString().slice(0, 10);
  const counter = { apiCalls: 0 };
  const warnings: string[] = [];
  const seen = new Map<string, CrawlRecordInput>();
  for (const q of queries) {
    for (const sort of ["random", "comment"] as const) {
      try {
        for (const item of await naver.search(counter, q, { sort, deadline: opts.deadline })) {
          if (!item.address && !item.roadAddress) continue;
          const r = toRecord(item, collectedAt);
          if (!seen.has(r.place_id)) seen.set(r.place_id, r);
        }
      } catch (err) {
        warnings.push(collectFailed(q, sort, err));
      }
    }
  }
  return { records: [...seen.values()], searches: counter.apiCalls, warnings };
}
