// The embedded provider: the demo world's pinned places, an index that agrees with a full scan.
import { describe, expect, it } from "vitest";
import { haversine } from "../../shared/geo/haversine.ts";
import { DEMO_SEED, DEMO_URL_BASE, pinnedDemoPlaces } from "../../shared/demo/places.ts";
import { buildCell } from "../../shared/demo/world/cell.ts";
import { corpusCells } from "../../shared/demo/world/pinned.ts";
import { WorldSource } from "../../shared/providers/embedded/sources.ts";
import { PlaceIndex } from "../../shared/providers/embedded/place-index.ts";
import { EmbeddedPlaces, embeddedGeocode } from "../../shared/providers/embedded/index.ts";
import { matchScore } from "../../shared/providers/embedded/matcher.ts";

const demo = pinnedDemoPlaces();

describe("demo places", () => {
  it("are the same for the same seed, different for another", () => {
    // a fresh build of the first pinned cell (pinnedDemoPlaces keeps the set it built)
    const first = buildCell(DEMO_SEED, corpusCells()[0]!);
    expect(demo.slice(0, first.length)).toEqual(first);
    expect(buildCell(7, corpusCells()[0]!)[0]).not.toEqual(demo[0]);
  });

  it("are all marked synthetic, on a reserved .invalid domain, with unique ids", () => {
    expect(demo.length).toBeGreaterThan(20_000);
    expect(demo.every((p) => p.synthetic === true && p.placeUrl.startsWith(DEMO_URL_BASE))).toBe(true);
    expect(new Set(demo.map((p) => p.id)).size).toBe(demo.length);
  });

  it("give Mangwon-dong a realistic mix: restaurants, cafés, a bar or two, everyday shops", () => {
    const mangwon = embeddedGeocode("망원역")!;
    const near = demo.filter((p) => haversine(mangwon, p) < 800);
    const count = (code: string) => near.filter((p) => p.categoryCode === code).length;
    expect(count("FD6")).toBeGreaterThan(20);
    expect(count("CE7")).toBeGreaterThan(5);
    expect(count("CS2")).toBeGreaterThan(0);
    expect(near.some((p) => p.categoryName.includes("술집"))).toBe(true);
  });
});

describe("PlaceIndex", () => {
  it("returns exactly what a full scan returns", () => {
    const index = new PlaceIndex(demo);
    for (const [center, radius] of [
      [embeddedGeocode("강남역")!, 1000],
      [embeddedGeocode("망원역")!, 2500],
      [embeddedGeocode("제주시")!, 20_000],
    ] as const) {
      const fromIndex = [...index.within(center, radius)].map((h) => h.place.id).sort();
      const scan = demo
        .filter((p) => haversine(center, p) <= radius)
        .map((p) => p.id)
        .sort();
      expect(fromIndex).toEqual(scan);
    }
  });

  it("answers far-out or absurd centres at once instead of looping (a latitude of 1e15 once hung the server)", () => {
    const index = new PlaceIndex(demo.slice(0, 1000));
    const centres: [lat: number, lng: number, radius: number][] = [
      [1e15, 127, 1000],
      [37.5, 1e15, 20_000],
      [Number.NaN, 127, 1000],
      [37.5, 127, 1e12],
    ];
    for (const [lat, lng, radius] of centres)
      expect([...index.within({ lat, lng }, radius)].length).toBeLessThanOrEqual(1000);
  });
});

describe("matchScore", () => {
  const p = demo.find((x) => x.categoryName.includes("커피전문점"))!;
  it("matches categories, synonyms and names; rejects the rest", () => {
    expect(matchScore(p, "카페")).toBeGreaterThan(0);
    expect(matchScore(p, "커피")).toBeGreaterThan(0);
    expect(matchScore(p, "국밥")).toBe(0);
    expect(matchScore(p, "맛집")).toBe(0); // a café is not a restaurant
  });
});

describe("the embedded reverse geocoder", () => {
  const embedded = new EmbeddedPlaces(new WorldSource());
  const region = async (lat: number, lng: number) =>
    (await embedded.reverseGeocode({ apiCalls: 0 }, { lat, lng })).region;

  it("names the area a point is in, in Seoul and beyond, the way Kakao writes it", async () => {
    expect(await region(37.5561, 126.9101)).toBe("서울 마포구 망원동");
    expect(await region(37.7519, 128.8761)).toMatch(/^강원특별자치도 강릉시 \S+(동|읍|면)$/);
    expect(await region(35.1631, 129.1636)).toMatch(/^부산 해운대구 \S+동$/);
  });

  it("names no region far from every area (abroad, at sea)", async () => {
    expect(await region(35.6595, 139.7005)).toBeNull();
    expect(await region(33.0, 124.0)).toBeNull();
  });
});
