// Mangwon-dong's stores for the simulation, from the embedded place data: the imported store registry
// when loaded, else the synthetic demo set. Average price, keywords and description follow a
// documented rule when the data has none:
//  - category: from the category path (한식/일식/중식/양식/분식/아시아/카페/주점);
//  - avg_price: the demo place's own price, else CATEGORY_PRICE for its category;
//  - keywords: the detail category, the attribute tags, the name's words;
//  - description: "망원동 {동네} {detail} — {tags}".
import { haversine } from "../geo/haversine.ts";
import type { Place } from "../place-search/place.ts";
import { Store } from "./types.ts";

/** The two administrative dongs of Mangwon (망원1동, 망원2동) fit within ~900 m of these points. */
const MANGWON_ANCHORS = [
  { lat: 37.5561, lng: 126.9101 }, // 망원역
  { lat: 37.5555, lng: 126.8999 }, // 망원동 centroid
];
export const MANGWON_RADIUS_M = 900;

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

export function simulationCategory(p: Place): string | null {
  const path = p.categoryName;
  if (p.categoryCode === "CE7" || /카페|커피|베이커리|제과|디저트/.test(path)) return "카페";
  if (/술집|주점|호프|포장마차|와인|이자카야|바/.test(path)) return "주점";
  if (p.categoryCode !== "FD6" || /스포츠|레저/.test(path)) return null;
  if (/일식|초밥|돈까스|라멘|우동/.test(path)) return "일식";
  if (/중식|중국|마라/.test(path)) return "중식";
  if (/양식|이탈리안|피자|햄버거|브런치|스테이크/.test(path)) return "양식";
  if (/분식|김밥|떡볶이/.test(path)) return "분식";
  if (/아시아|베트남|태국|인도/.test(path)) return "아시아";
  return "한식";
}

export function mangwonStores(places: readonly Place[]): Store[] {
  const inside = places.filter((p) => MANGWON_ANCHORS.some((a) => haversine(a, p) <= MANGWON_RADIUS_M));
  const stores = inside
    .map((p) => ({ p, category: simulationCategory(p) }))
    .filter((x): x is { p: Place & { avgPrice?: number }; category: string } => x.category !== null)
    .sort((a, b) => a.p.id.localeCompare(b.p.id));
  return stores.map(({ p, category }, i) => {
    const detail = p.detailCategory ?? category;
    const tags = p.tags ?? [];
    const area = p.formattedAddress.split(" ").find((w) => w.endsWith("동")) ?? "망원동";
    return Store.parse({
      store_id: `S${String(i + 1).padStart(3, "0")}`,
      name: p.displayName,
      category,
      avg_price: p.avgPrice && p.avgPrice > 0 ? p.avgPrice : CATEGORY_PRICE[category],
      keywords: [
        ...new Set([detail, ...tags, ...p.displayName.split(/\s+/).filter((w) => w.length >= 2)]),
      ].slice(0, 6),
      description: `망원동 ${area} ${detail}${tags.length ? ` — ${tags.join(", ")}` : ""}`,
      lat: p.lat,
      lng: p.lng,
      synthetic: p.synthetic === true,
    });
  });
}
