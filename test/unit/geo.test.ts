import { describe, expect, it } from "vitest";
import { haversine } from "../../shared/geo/haversine.ts";
import { decodePolyline, encodePolyline, vertexesToPoints } from "../../shared/geo/polyline.ts";
import {
  projectOntoRoute,
  routeLength,
  sampleAlongPolyline,
  sampleInterval,
  straightLine,
} from "../../shared/geo/route.ts";

describe("encoded polyline", () => {
  it("matches Google's published test vector both ways", () => {
    const pts = [
      { lat: 38.5, lng: -120.2 },
      { lat: 40.7, lng: -120.95 },
      { lat: 43.252, lng: -126.453 },
    ];
    expect(encodePolyline(pts)).toBe("_p~iF~ps|U_ulLnnqC_mqNvxq`@");
    expect(decodePolyline("_p~iF~ps|U_ulLnnqC_mqNvxq`@")).toEqual(pts);
  });

  it("matches the Seoul vector of provider-apis.md (강남 → 양재 → 판교)", () => {
    const pts = [
      { lat: 37.49795, lng: 127.0276 },
      { lat: 37.4697, lng: 127.0392 },
      { lat: 37.39474, lng: 127.1112 },
    ];
    expect(encodePolyline(pts)).toBe("eyzcFoaifWpoDogAnsM_aM");
    expect(decodePolyline("eyzcFoaifWpoDogAnsM_aM")).toEqual(pts);
  });

  it("rejects a truncated polyline", () => {
    expect(() => decodePolyline("_p~iF~ps|U_")).toThrow(/truncated/);
  });

  it("turns Kakao vertexes (x = longitude) into points, dropping repeats", () => {
    expect(vertexesToPoints([127.0276, 37.49795, 127.0276, 37.49795, 127.0301, 37.488])).toEqual([
      { lat: 37.49795, lng: 127.0276 },
      { lat: 37.488, lng: 127.0301 },
    ]);
  });
});

describe("route sampling", () => {
  const gangnam = { lat: 37.497175, lng: 127.027926 };
  const pangyo = { lat: 37.394761, lng: 127.112217 };

  it("haversine: 강남역 → 판교역 is about 13.6 km", () => {
    expect(haversine(gangnam, pangyo)).toBeGreaterThan(13_300);
    expect(haversine(gangnam, pangyo)).toBeLessThan(13_900);
  });

  it("the interval rule: 001's example (√3 × searchRadius, by 500 m), spread out to 20 points on long routes", () => {
    expect(sampleInterval(15_000, 3000)).toBe(5000); // 001: "예상 거리 ~15km → interval 5000m"
    expect(sampleInterval(40_000, 4000)).toBe(6500);
    expect(sampleInterval(200_000, 5000)).toBe(Math.ceil(200_000 / 19)); // 20 points at most
  });

  it("samples evenly from origin to destination, at most 20 points", () => {
    const line = straightLine(gangnam, pangyo);
    const pts = sampleAlongPolyline(line, 3000);
    expect(pts.length).toBeLessThanOrEqual(20);
    expect(pts[0]).toMatchObject({ lat: gangnam.lat, lng: gangnam.lng, distanceFromStart: 0 });
    expect(haversine(pts.at(-1)!, pangyo)).toBeLessThan(1);
    const gaps = pts.slice(1).map((p, i) => p.distanceFromStart - pts[i]!.distanceFromStart);
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(2);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(2 * 3000);
    expect(pts.at(-1)!.distanceFromStart).toBeCloseTo(routeLength(line), -1);
  });

  it("projects a point onto the route: how far off and how far along", () => {
    const line = straightLine(gangnam, pangyo);
    const mid = { lat: (gangnam.lat + pangyo.lat) / 2, lng: (gangnam.lng + pangyo.lng) / 2 };
    const p = projectOntoRoute(mid, line);
    expect(p.offRoute).toBeLessThan(5);
    expect(p.along / routeLength(line)).toBeCloseTo(0.5, 1);
  });
});
