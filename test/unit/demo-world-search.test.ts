// Searching the demo world reads the cells a circle touches nearest first, only the kinds that can match,
// and stops once no farther place can rank: the answer must be what reading every place of every cell
// would give. Cost: builds ~50 cells whole (~40,000 places) for the exhaustive answers.
import { describe, expect, it } from "vitest";
import { haversine, type LatLng } from "../../shared/geo/haversine.ts";
import { DEMO_SEED } from "../../shared/demo/places.ts";
import { buildCell } from "../../shared/demo/world/cell.ts";
import { cellsInCircle } from "../../shared/demo/world/grid.ts";
import { demoKindOf } from "../../shared/demo/world/kind-of.ts";
import type { Place } from "../../shared/places/place.ts";
import { EmbeddedPlaces } from "../../shared/providers/embedded/index.ts";
import { matcher, requiredCategory, requiredText, textOf } from "../../shared/providers/embedded/matcher.ts";
import { WorldSource } from "../../shared/providers/embedded/sources.ts";

const MANGWON = { lat: 37.556094, lng: 126.910052 };
const GANGNAM = { lat: 37.497175, lng: 127.027926 };
const CHUNCHEON = { lat: 37.8805, lng: 127.7285 };

const built = new Map<string, Place[]>();
function everyPlace(center: LatLng, radius: number): { place: Place; distance: number }[] {
  const out: { place: Place; distance: number }[] = [];
  for (const { cell } of cellsInCircle(center, radius)) {
    const key = `${cell.i}:${cell.j}`;
    if (!built.has(key)) built.set(key, buildCell(DEMO_SEED, cell));
    for (const place of built.get(key)!) {
      const distance = haversine(center, place);
      if (distance <= radius) out.push({ place, distance: Math.round(distance) });
    }
  }
  return out;
}

/** A single letter counts where a kind's word holds it, not an area's name (죽 in 죽집, not in 죽전). */
function kindHolds(place: Place, query: string): boolean {
  if (query.length > 1) return true;
  const longer = requiredText(query)
    .flat()
    .filter((a) => a.length > 1);
  if (longer.some((a) => textOf(place).hay.includes(a))) return true;
  return (
    place.categoryName.includes(query) || (demoKindOf(place)?.words ?? []).some((w) => w.includes(query))
  );
}

/** What a keyword search answers when every place is read: [score, distance] of each, best first. */
function exhaustive(query: string, center: LatLng, radius: number, size: number, byDistance = false) {
  const score = matcher(query);
  const category = requiredCategory(query);
  return everyPlace(center, radius)
    .filter(({ place }) => (!category || place.categoryCode === category) && kindHolds(place, query))
    .map((h) => ({ ...h, score: score(h.place) }))
    .filter((h) => h.score > 0)
    .sort((a, b) => (byDistance ? 0 : b.score - a.score) || a.distance - b.distance)
    .slice(0, size)
    .map((h) => `${h.score}@${h.distance}`);
}

describe("searching the demo world", () => {
  const embedded = new EmbeddedPlaces(new WorldSource());
  const counter = () => ({ apiCalls: 0 });

  const cases: [string, LatLng, number][] = [
    ["카페", MANGWON, 1000],
    ["국밥", GANGNAM, 1500],
    ["평양냉면", GANGNAM, 1500],
    ["망원", MANGWON, 800], // an area's word: every kind can hold it
    ["소담 국밥", MANGWON, 1000],
    ["PC방", GANGNAM, 1000],
    ["와인바", GANGNAM, 1000],
    ["주차 맛집", MANGWON, 600],
    ["닭갈비", CHUNCHEON, 2000],
    ["지하철", MANGWON, 1500],
    ["xyzzy가게", MANGWON, 1000],
    ["반찬가게", GANGNAM, 1000], // a kind the vocabulary does not have: no place holds it
    ["죽", GANGNAM, 800], // one letter: in 죽집, not in an area's name
    ["빵", MANGWON, 800],
    ["소담국밥", MANGWON, 1500], // a name run together: a shared word and a kind's
    ["망원점", MANGWON, 800], // a branch: an area's word and 점
    ["스타벅스", GANGNAM, 1000],
    ["중앙아시아", GANGNAM, 1000],
    ["음식점한식", MANGWON, 500], // a path run together
  ];

  it("answers what reading every place would, in accuracy and in distance order", async () => {
    for (const [query, center, radius] of cases)
      for (const sort of ["accuracy", "distance"] as const) {
        const area = { x: center.lng, y: center.lat, radius, size: 15, sort };
        const found = await embedded.keywordSearch(counter(), query, area);
        const score = matcher(query);
        const got = found.map((p) => `${score(p)}@${p.distance}`);
        expect(got, `${query} (${sort})`).toEqual(exhaustive(query, center, radius, 15, sort === "distance"));
      }
  });

  it("answers the same from the pinned cells a server builds before it listens", async () => {
    const prepared = new WorldSource();
    await prepared.prepare();
    const fromPinned = new EmbeddedPlaces(prepared);
    for (const query of ["카페", "망원", "반찬가게", "족발"]) {
      const area = { x: MANGWON.lng, y: MANGWON.lat, radius: 900, size: 15 };
      const a = await fromPinned.keywordSearch(counter(), query, area);
      const b = await embedded.keywordSearch(counter(), query, area);
      expect(
        a.map((p) => p.id),
        query,
      ).toEqual(b.map((p) => p.id));
    }
  });

  it("answers a category search as reading every place would", async () => {
    for (const [code, center] of [
      ["SW8", MANGWON],
      ["PO3", GANGNAM],
      ["HP8", CHUNCHEON],
    ] as const) {
      const found = await embedded.categorySearch(counter(), code, {
        x: center.lng,
        y: center.lat,
        radius: 1200,
        size: 45,
      });
      const all = everyPlace(center, 1200)
        .filter(({ place }) => place.categoryCode === code)
        .map((h) => h.distance)
        .sort((a, b) => a - b)
        .slice(0, 45);
      expect(found.map((p) => p.distance)).toEqual(all);
    }
  });
});
