// Mangwon-dong's stores for the simulation, from the embedded place data: the imported store registry
// when loaded, else the synthetic demo set.
//
// Which places: Mangwon-dong is the administrative dongs 망원1동 and 망원2동. A place is in when its
// point lies inside either dong's boundary (shared/data/mangwon_admin_dong_boundaries.csv: KOSTAT's
// 2013 census boundaries, see its .md). The approximation: those are 2013 boundaries, drawn at the
// census map's resolution, so a shop within a few metres of a boundary street may fall on the wrong
// side. The registry's own 행정동명 would be exact, but the importer does not keep it on the Place.
//
// What a store knows, by a documented rule, and nothing invented beyond the data:
//  - store_id: "S" + 8 digits hashed from the place id (stable across runs, imports and input order);
//  - name: the place's, told apart from another store's of the same name by its dong (distinctNames);
//  - category: from the category path's segments (한식/일식/중식/양식/분식/아시아/카페/주점): a bar is a
//    path with a bar's segment (술집, 와인바, 호프), never the letters 바 inside another (우동,소바);
//  - menus and description: from the store's restaurant document (restaurant QA's, 002's crawl
//    format), matched by place id or by name within 150 m; dated promotions are dropped and a leading
//    "X동에 있는" is said as 망원동 (see cardDescription). Without one: no menus, and a one-line
//    description from the category and the place's tags only. By default the documents are the demo
//    corpus restaurant QA generates, for the synthetic places only: an imported (real) shop is not
//    given generated menus;
//  - avg_price: the demo place's own price, else the median menu price, else CATEGORY_PRICE;
//  - keywords: the detail category and the attribute tags (no name fragments);
//  - hours: only where the data says them (a "24시" tag); otherwise unknown, which counts as open.
import { createHash } from "node:crypto";
import { haversine } from "../geo/haversine.ts";
import type { Place } from "../places/place.ts";
import { CrawlRecord, type CrawlRecordInput } from "../places/restaurant-crawl.ts";
import { generateDemoCorpus } from "../demo/corpus.ts";
import { demoKindOf } from "../demo/world/kind-of.ts";
import { preprocess } from "../places/restaurant-document.ts";
import { mangwonDongOf, type MangwonDong } from "./dongs.ts";
import { Store, type OpeningPeriod, type StoreMenu } from "./types.ts";

export const CATEGORY_PRICE: Record<string, number> = {
  한식: 10_000,
  일식: 14_000,
  중식: 9_000,
  양식: 17_000,
  분식: 6_000,
  아시아: 12_000,
  카페: 6_000,
  주점: 25_000,
};

/** A document matches a store by name only this close (registry and crawl coordinates differ a little). */
export const DOCUMENT_MATCH_M = 150;

/** A bar's segment of a category path: 술집, 주점, 와인바, 호프 … never the 바 of 소바 or 바베큐. */
const BAR_SEGMENT =
  /^(술집|주점|바|펍)$|주점$|호프|포장마차|포차|이자카야|와인|칵테일|위스키|맥주|오뎅바|클럽/;

/** Segments of a category path ("음식점 > 일식 > 돈까스,우동" → 음식점, 일식, 돈까스, 우동). */
const segmentsOf = (path: string) => path.split(/\s*[>,/]\s*/).filter(Boolean);

export function simulationCategory(p: Place): string | null {
  const path = p.categoryName;
  // a café is a place to drink coffee: not a kids', study or escape-room "카페" (가정,생활 / 교육,학문)
  const leisure = /^(가정,생활|교육,학문|스포츠,레저)/.test(path);
  if (!leisure && (p.categoryCode === "CE7" || /카페|커피|베이커리|제과|디저트|간식/.test(path)))
    return "카페";
  if (p.categoryCode !== "FD6" || /스포츠|레저/.test(path)) return null;
  if (segmentsOf(path).some((s) => BAR_SEGMENT.test(s))) return "주점";
  if (/일식|초밥|돈까스|라멘|우동/.test(path)) return "일식";
  if (/중식|중국|마라/.test(path)) return "중식";
  if (/양식|이탈리안|피자|햄버거|브런치|스테이크|패스트푸드|패밀리레스토랑/.test(path)) return "양식";
  if (/분식|김밥|떡볶이/.test(path)) return "분식";
  if (/아시아|베트남|태국|인도/.test(path)) return "아시아";
  return "한식";
}

// ---- who: ids ---------------------------------------------------------------------------------------

const idOf = (placeId: string, salt: number) =>
  `S${(
    createHash("sha256")
      .update(salt ? `${placeId}#${salt}` : placeId)
      .digest()
      .readUInt32BE(0) % 100_000_000
  )
    .toString()
    .padStart(8, "0")}`;

/**
 * Store ids for place ids: "S" + 8 digits of a hash of the place id (the ratings API accepts
 * S + 3–8 digits). Collisions (~1 in 50 for 2,000 stores) are settled in place-id order, so the
 * result does not depend on the order of the input; a store keeps its id unless a place its hash
 * collided with comes or goes.
 */
export function storeIds(placeIds: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const id of [...new Set(placeIds)].sort()) {
    const sid = freeStoreId(id, taken);
    taken.add(sid);
    out.set(id, sid);
  }
  return out;
}

/** The store id of a place id that none of `taken` holds: its hash, salted until free. */
export function freeStoreId(placeId: string, taken: ReadonlySet<string>): string {
  let salt = 0;
  let sid = idOf(placeId, salt);
  while (taken.has(sid)) sid = idOf(placeId, ++salt);
  return sid;
}

// ---- what: restaurant documents ---------------------------------------------------------------------

/** What the simulation reads of a restaurant document (002's, as restaurant QA stores it). */
export interface StoreDocument {
  place_id: string;
  title: string;
  lat: number;
  lon: number;
  description: string;
  menus: StoreMenu[];
  synthetic?: boolean;
}

/** Crawl records (002's format, as the demo corpus and ingest take them) → documents. */
export function storeDocumentsFromCrawl(records: readonly CrawlRecordInput[]): StoreDocument[] {
  const out: StoreDocument[] = [];
  for (const input of records) {
    const parsed = CrawlRecord.safeParse(input);
    if (!parsed.success) continue;
    const r = parsed.data;
    try {
      const { lat, lon, menus } = preprocess(r);
      out.push({
        place_id: r.place_id,
        title: r.title,
        lat,
        lon,
        description: r.description,
        menus: menus.map((m) => ({ name: m.name, price: m.price })),
        synthetic: r.synthetic,
      });
    } catch {
      // a record ingest would reject (coordinates outside Korea) describes nothing here either
    }
  }
  return out;
}

const normalName = (s: string) => s.replace(/\s+/g, "").toLowerCase();

function documentFor(p: Place, byId: Map<string, StoreDocument>, docs: readonly StoreDocument[]) {
  const own = byId.get(p.id);
  if (own) return own;
  const name = normalName(p.displayName);
  let best: StoreDocument | undefined;
  let bestD = DOCUMENT_MATCH_M;
  for (const d of docs) {
    if (normalName(d.title) !== name) continue;
    const dist = haversine(p, { lat: d.lat, lng: d.lon });
    if (dist <= bestD) [best, bestD] = [d, dist];
  }
  return best;
}

/**
 * A document's description for the card: dated promotions dropped (they may be over), and a leading
 * "(마포구) X동에 있는/위치한" said as 망원동, where the store's coordinates put it (the demo data's
 * addresses name the dong of the point it was generated around: 15 of its 44 Mangwon documents say
 * 서교동 or 성산동 for a shop inside 망원1동/망원2동).
 */
export function cardDescription(text: string, maxChars = 200): string {
  const sentences = text
    .split(/(?<=[.!?。])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s && !/\d{4}년\s*\d{1,2}월\s*\d{1,2}일까지/.test(s));
  let out = "";
  for (const s of sentences) {
    if (out && out.length + 1 + s.length > maxChars) break;
    out = out ? `${out} ${s}` : s;
  }
  return out
    .replace(/^(?:서울(?:특별시)?\s+)?(?:마포구\s+)?[가-힣]+\d?동(에 있는|에 위치한)\s*/, "망원동$1 ")
    .slice(0, maxChars);
}

function median(xs: number[]): number | undefined {
  if (!xs.length) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1]! + s[mid]!) / 2;
}

const ALL_DAY: OpeningPeriod[] = [{ open: "00:00", close: "24:00" }];

// ---- the stores -------------------------------------------------------------------------------------

export interface MangwonStoreOptions {
  /**
   * Restaurant documents to describe stores with. Absent: the demo corpus restaurant QA serves for
   * the synthetic places (generated the same way, so both tell the same story); an imported, real
   * place gets no generated document — it says less rather than carry invented menus.
   */
  documents?: readonly StoreDocument[];
}

export function mangwonStores(places: readonly Place[], opts: MangwonStoreOptions = {}): Store[] {
  const chosen: { p: Place & { avgPrice?: number }; category: string; dong: MangwonDong }[] = [];
  const seen = new Set<string>();
  for (const p of places) {
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    const dong = mangwonDongOf(p);
    const category = dong && simulationCategory(p);
    if (dong && category) chosen.push({ p, category, dong });
  }
  chosen.sort((a, b) => (a.p.id < b.p.id ? -1 : a.p.id > b.p.id ? 1 : 0));
  const docs =
    opts.documents ??
    storeDocumentsFromCrawl(generateDemoCorpus(chosen.filter((x) => x.p.synthetic).map((x) => x.p)).records);
  const byId = new Map(docs.map((d) => [d.place_id, d]));
  const ids = storeIds(chosen.map((x) => x.p.id));
  const names = distinctNames(chosen.map(({ p, dong }) => ({ name: p.displayName, dong })));
  return chosen.map(({ p, category, dong }, i) => {
    // a demo place's kind names what its category path stops short of (평양냉면 under 냉면)
    const detail = demoKindOf(p)?.name ?? p.detailCategory ?? category;
    const tags = p.tags ?? [];
    const doc = documentFor(p, byId, docs);
    const menus = doc?.menus.length ? doc.menus : undefined;
    const menuPrice = median((menus ?? []).flatMap((m) => (m.price ? [m.price] : [])));
    const ownDescription = `망원동 ${detail}${tags.length ? ` — ${tags.join(", ")}` : ""}`;
    return Store.parse({
      store_id: ids.get(p.id),
      name: names[i],
      category,
      avg_price:
        p.avgPrice && p.avgPrice > 0
          ? p.avgPrice
          : menuPrice
            ? Math.round(menuPrice / 500) * 500
            : CATEGORY_PRICE[category],
      keywords: [...new Set([detail, ...tags])].slice(0, 6),
      description: (doc && cardDescription(doc.description)) || ownDescription,
      lat: p.lat,
      lng: p.lng,
      synthetic: p.synthetic === true,
      place_id: p.id,
      dong,
      detail,
      ...(menus ? { menus } : {}),
      ...(tags.includes("24시") ? { hours: ALL_DAY } : {}),
    });
  });
}

/**
 * Names an agent can tell apart (step 3 answers with a store's name): a name two stores share (a chain,
 * or the demo world's cells, which name their places apart only within themselves) is said with its
 * dong's branch for every store after the first in place-id order ("망원 치킨 망원2동점"), then numbered.
 */
export function distinctNames(stores: readonly { name: string; dong: string }[]): string[] {
  const taken = new Set<string>();
  return stores.map(({ name, dong }) => {
    let out = name;
    if (taken.has(out)) out = `${name} ${dong}점`;
    for (let n = 2; taken.has(out); n++) out = `${name} ${n}호점`;
    taken.add(out);
    return out;
  });
}

// ---- open or closed ---------------------------------------------------------------------------------

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether the store is open at a slot ("12:00"), on a weekday when given (0 = Sunday). Unknown hours
 * count as open; without a weekday, a period on any day counts. A period whose close is at or before
 * its open runs past midnight into the next day.
 */
export function isOpenAt(store: Pick<Store, "hours">, slot: string, weekday?: number): boolean {
  if (!store.hours) return true;
  const t = minutes(slot);
  return store.hours.some((h) => {
    const open = minutes(h.open);
    const close = minutes(h.close);
    const opensOn = (day: number | undefined) => day === undefined || !h.days || h.days.includes(day);
    if (close > open) return opensOn(weekday) && t >= open && t < close;
    // past midnight: the evening part on its own day, the early part on the day after
    const dayBefore = weekday === undefined ? undefined : (weekday + 6) % 7;
    return (opensOn(weekday) && t >= open) || (opensOn(dayBefore) && t < close);
  });
}

// ---- the report's view --------------------------------------------------------------------------------

export interface StoreSetSummary {
  total: number;
  /** from the imported store registry (소상공인시장진흥공단 상가정보) */
  registry: number;
  /** generated demo places */
  synthetic: number;
  /** neither (a place from another source) */
  other: number;
  /** with menus (from a restaurant document) */
  withMenus: number;
  byDong: Record<string, number>;
  byCategory: Record<string, number>;
}

export function storeSetSummary(stores: readonly Store[]): StoreSetSummary {
  const count = (key: (s: Store) => string) => {
    const out: Record<string, number> = {};
    for (const s of stores) out[key(s)] = (out[key(s)] ?? 0) + 1;
    return out;
  };
  const synthetic = stores.filter((s) => s.synthetic).length;
  const registry = stores.filter((s) => !s.synthetic && s.place_id?.startsWith("registry-")).length;
  return {
    total: stores.length,
    registry,
    synthetic,
    other: stores.length - registry - synthetic,
    withMenus: stores.filter((s) => s.menus?.length).length,
    byDong: count((s) => s.dong ?? "알 수 없음"),
    byCategory: count((s) => s.category),
  };
}
