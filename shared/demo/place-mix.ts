// How many places of each kind a demo area holds: fixed shares per kind of area, every Kakao category
// group and every kind a map user asks for (주유소, 주차장, 숙박, 관광명소, 문화시설, 캠핑장, 수영장) in
// every area. Each row states what its shares assume. Nothing here was measured on real listings: the
// shares are the author's reading of how such areas look on a map, with national counts (approximate,
// from public statistics as the author knows them, not vendored here) where they help. Rare kinds are
// over-represented on purpose: an area of 40 places holds at least one of each, so that any group asked
// for near any area answers something. One group is no share: subway stations (SW8) are the real ones
// near the area (rail-stations.ts), so an area no urban rail reaches (강릉, 남해) has none.
import type { KindKey } from "./place-kinds.ts";

/**
 * centre: the streets of shops around a station or a busy landmark; residential: an administrative
 * dong of homes; tourist: a region or sight people travel to (강릉, 해운대, 제주).
 */
export type AreaKind = "centre" | "residential" | "tourist";
export const AREA_KINDS: readonly AreaKind[] = ["centre", "residential", "tourist"];

export interface MixRow {
  /** the group or asked-for kind the row stands for ("FD6", "캠핑장") */
  label: string;
  /** percent of an area's places, by kind of area: [centre, residential, tourist] */
  share: [number, number, number];
  /** the kinds the row's places are drawn from, with weights by kind of area */
  kinds: [KindKey, [number, number, number]][];
  /** what the shares assume */
  assumption: string;
  /** at least one in every area (a Kakao group, or a kind a map user asks for) */
  required: boolean;
}

const row = (
  label: string,
  share: MixRow["share"],
  kinds: MixRow["kinds"],
  assumption: string,
  required = true,
): MixRow => ({ label, share, kinds, assumption, required });
const all = (w = 1): [number, number, number] => [w, w, w];

export const MIX: readonly MixRow[] = [
  row(
    "FD6",
    [43, 30, 31],
    [
      ["gukbap", [3, 2, 2]],
      ["haejang", [2, 0, 0]],
      ["baekban", [2, 2, 1]],
      ["juk", [1, 0, 0]],
      ["noodle", [2, 1, 2]],
      ["bbq", [4, 2, 3]],
      ["gopchang", [1, 0, 0]],
      ["jokbal", [1, 1, 0]],
      ["chicken", [2, 2, 1]],
      ["bunsik", [2, 2, 0]],
      ["sushi", [1, 0, 0]],
      ["ramen", [2, 0, 0]],
      ["donkatsu", [2, 1, 0]],
      ["udon", [1, 0, 0]],
      ["izakaya", [2, 0, 0]],
      ["chinese", [2, 2, 0]],
      ["mala", [2, 0, 0]],
      ["pasta", [2, 0, 0]],
      ["pizza", [1, 1, 0]],
      ["burger", [1, 0, 0]],
      ["brunch", [1, 0, 0]],
      ["pho", [1, 0, 0]],
      ["thai", [1, 0, 0]],
      ["curry", [1, 0, 0]],
      ["seafood", [1, 0, 3]],
      ["pub", [2, 0, 1]],
      ["wine", [1, 0, 0]],
      ["pocha", [1, 0, 0]],
    ],
    "restaurants are about half of Korea's storefronts (some 700,000 일반음식점 against ~100,000 cafés) " +
      "and the largest row everywhere, most of all by stations; a travel region's lean to seafood and " +
      "grills (the weights within the row are the demo set's earlier mixes)",
  ),
  row(
    "CE7",
    [14, 9, 9],
    [
      ["cafe", [9, 4, 5]],
      ["dessert", [3, 0, 1]],
      ["bakery", [2, 2, 1]],
      ["petcafe", [1, 0.5, 0]],
    ],
    "~100,000 cafés nationally, about one to every seven restaurants, denser by stations",
  ),
  row(
    "CS2",
    [5, 5, 3],
    [["convenience", all()]],
    "~55,000 convenience stores: one on most blocks, fewer in the country",
  ),
  row(
    "MT1",
    [1, 3, 2],
    [["mart", all()]],
    "large marts and grocers are few (hundreds nationally) and serve homes",
  ),
  row(
    "PS3",
    [1, 5, 1],
    [
      ["daycare", [3, 3, 1]],
      ["kindergarten", [1, 1, 1]],
    ],
    "~29,000 어린이집 and ~8,500 유치원 nationally, where families live",
  ),
  row(
    "SC4",
    [1, 3, 1],
    [
      ["elementary", [2, 2, 2]],
      ["middle", [1, 1, 1]],
      ["high", [1, 1, 1]],
    ],
    "~12,000 schools nationally: about one per residential dong for each level, few by stations",
  ),
  row("AC5", [3, 8, 1], [["academy", all()]], "~80,000 학원, clustered in residential districts"),
  row(
    "PK6",
    [3, 3, 4],
    [["parking", all()]],
    "public car parks by stations and homes; more by sights and beaches",
  ),
  row(
    "OL7",
    [2, 3, 4],
    [["gas", all()]],
    "~11,000 주유소 nationally, on main roads: few in a station's streets, more along a travel region's roads",
  ),
  row("충전소", [1, 1, 1], [["charging", all()]], "EV charging points are spreading everywhere", false),
  row(
    "SW8",
    [0, 0, 0],
    [["subway", all()]],
    "the real stations of the vendored rail tables near the area, never made up",
    false,
  ),
  row("BK9", [2, 1, 1], [["bank", all()]], "~5,800 bank branches nationally, mostly on commercial streets"),
  row(
    "CT1",
    [2, 2, 4],
    [
      ["museum", [1, 0, 2]],
      ["gallery", [1, 0, 1]],
      ["library", [1, 2, 1]],
      ["theater", [1, 0, 0]],
      ["cinema", [1, 1, 1]],
    ],
    "~3,000 cultural facilities nationally: cinemas and stages in centres, libraries in residential " +
      "districts, museums at sights",
  ),
  row("AG2", [3, 8, 2], [["realty", all()]], "~115,000 공인중개사 offices: on every residential street"),
  row(
    "PO3",
    [1, 2, 1],
    [
      ["community", [1, 2, 1]],
      ["postOffice", [1, 1, 1]],
      ["police", [1, 1, 1]],
    ],
    "a 행정복지센터 per dong, a post office and a police box per few dongs",
  ),
  row(
    "AT4",
    [2, 1, 12],
    [
      ["sightCity", [1, 1, 0]],
      ["sightNature", [0, 0, 1]],
    ],
    "sights are what a travel region is for; a city area has a viewpoint or a walk",
  ),
  row(
    "AD5",
    [4, 1, 12],
    [
      ["hotel", [4, 1, 2]],
      ["motel", [3, 3, 1]],
      ["guesthouse", [2, 0, 2]],
      ["pension", [0, 0, 4]],
    ],
    "~30,000 숙박업소 nationally: hotels by stations, pensions and guesthouses in travel regions",
  ),
  row(
    "캠핑장",
    [1, 1, 4],
    [["camping", all()]],
    "campsites are travel-region places (~3,000 registered nationally); cities have rooftop or riverside ones",
  ),
  row(
    "HP8",
    [5, 7, 3],
    [["clinic", all()]],
    "~36,000 의원 nationally, over shops by stations and in residential districts",
  ),
  row("PM9", [2, 3, 2], [["pharmacy", all()]], "~25,000 pharmacies, beside the clinics"),
  row("수영장", [1, 1, 1], [["pool", all()]], "public and sports-centre pools, one per district or so"),
  row(
    "스포츠,레저",
    [3, 3, 1],
    [
      ["gym", [2, 3, 1]],
      ["leisure", [2, 1, 1]],
      ["climbing", [0.5, 0, 0]],
    ],
    "gyms, karaoke, PC rooms and bowling: a few on every commercial street (no Kakao group)",
    false,
  ),
];

/** Percent of places a row takes in an area of this kind. */
export function shareOf(r: MixRow, kind: AreaKind): number {
  return r.share[AREA_KINDS.indexOf(kind)]!;
}

/**
 * Places per row in an area of n places: each row its share (largest remainders), at least one of
 * every required row; what the minimum adds is taken from the largest row.
 */
export function quotas(kind: AreaKind, n: number): Map<MixRow, number> {
  const rows = MIX.filter((r) => shareOf(r, kind) > 0);
  const total = rows.reduce((s, r) => s + shareOf(r, kind), 0);
  const exact = rows.map((r) => ({ r, x: (shareOf(r, kind) / total) * n }));
  const out = new Map(exact.map(({ r, x }) => [r, Math.floor(x)]));
  let left = n - [...out.values()].reduce((a, b) => a + b, 0);
  for (const { r } of [...exact].sort((a, b) => (b.x % 1) - (a.x % 1))) {
    if (left-- <= 0) break;
    out.set(r, out.get(r)! + 1);
  }
  const largest = rows.reduce((a, b) => (shareOf(b, kind) > shareOf(a, kind) ? b : a));
  for (const r of rows)
    if (r.required && out.get(r) === 0) {
      out.set(r, 1);
      out.set(largest, out.get(largest)! - 1);
    }
  return out;
}
