// The demo place set as a user meets it (issue 27): addresses shaped as Kakao writes them, in the dong
// that holds the point; one place per lot and name; every Kakao group and every kind a map user asks
// for in every area at its kind of area's share; all synthetic, all from the seed.
import { describe, expect, it } from "vitest";
import {
  adminAreas,
  inBoundedDong,
  KAKAO_SIDO_NAMES,
  legalDongOf,
  type AdminArea,
} from "../../shared/geo/admin-areas.ts";
import { haversine } from "../../shared/geo/haversine.ts";
import { KAKAO_CATEGORY_CODES } from "../../shared/places/categories.ts";
import { DEMO_URL_BASE, generateDemoAreas, generateDemoPlaces } from "../../shared/demo/places.ts";
import { KINDS } from "../../shared/demo/place-kinds.ts";
import { MIX, shareOf, type MixRow } from "../../shared/demo/place-mix.ts";
import { railStations, stationsNear } from "../../shared/demo/rail-stations.ts";
import { searchPlaces } from "../../shared/place-search/pipeline.ts";
import { createExecDeps } from "../../shared/providers/exec-deps.ts";
import { loadConfig } from "../../shared/platform/config.ts";

const areas = generateDemoAreas();
const places = generateDemoPlaces();

const ADDRESS = new RegExp(
  `^(${KAKAO_SIDO_NAMES.join("|")}) ((?:\\S+[시군구] ){0,2})(\\S+(?:동|가|읍|면|로)) (\\d+(?:-\\d+)?)$`,
);

/** The row of the mix a place belongs to, by its category path (a station's path ends in its line). */
const ROWS = new Map<string, MixRow | undefined>();
function rowOf(categoryName: string): MixRow | undefined {
  if (!ROWS.has(categoryName))
    ROWS.set(
      categoryName,
      MIX.find((r) =>
        r.kinds.some(
          ([k]) => categoryName === KINDS[k].path || categoryName.startsWith(`${KINDS[k].path} > `),
        ),
      ),
    );
  return ROWS.get(categoryName);
}

describe("demo places: addresses", () => {
  it("are lot-number addresses: 시/도 as Kakao writes it, 시/군/구, 동/읍/면, a lot", () => {
    const bad = places.filter((p) => !ADDRESS.test(p.formattedAddress)).map((p) => p.formattedAddress);
    expect(bad).toEqual([]);
    expect(places.every((p) => p.roadAddress === null)).toBe(true); // no made-up road names
    const byName = (name: string) => places.find((p) => p.formattedAddress.startsWith(name));
    expect(byName("부산 해운대구 ")).toBeDefined();
    expect(byName("강원특별자치도 강릉시 ")).toBeDefined();
    expect(byName("제주특별자치도 ")).toBeDefined();
  });

  it("name the dong whose boundary holds the point (망원동), else whose centroid is nearest", () => {
    const all = adminAreas();
    const bounded = all.find((a) => a.sigungu === "마포구" && a.dong === "망원동")!;
    const sameName = (a: AdminArea, address: string) =>
      address.startsWith(`${[a.sido, a.sigungu, a.dong].filter(Boolean).join(" ")} `);
    const wrong: string[] = [];
    // every 20th place and every place near Mangwon: the brute-force search below is the slow part
    const sample = places.filter((p, i) => i % 20 === 0 || haversine(p, bounded) < 1500);
    for (const p of sample) {
      if (inBoundedDong(p)) {
        if (!p.formattedAddress.startsWith("서울 마포구 망원동 "))
          wrong.push(`${p.formattedAddress} (in 망원동)`);
        continue;
      }
      let nearest = Infinity;
      let named = Infinity;
      for (const a of all) {
        if (a === bounded) continue; // its whole area is known: a point outside it is not in it
        // (a centroid 0.2° away in either axis is over 17 km away: a nearer one exists for every place)
        if (Math.abs(a.lat - p.lat) > 0.2 || Math.abs(a.lng - p.lng) > 0.2) continue;
        const d = haversine(p, a);
        nearest = Math.min(nearest, d);
        if (sameName(a, p.formattedAddress)) named = Math.min(named, d);
      }
      if (nearest > 17_000) wrong.push(`${p.formattedAddress}: no dong within 17 km`);
      // the generator ranks centroids on a local plane: allow its rounding, no more
      if (named > nearest * 1.002 + 1) wrong.push(`${p.formattedAddress}: ${named} m, nearest ${nearest} m`);
    }
    expect(sample.length).toBeGreaterThan(2500);
    expect(wrong).toEqual([]);
  });

  it("read an administrative dong as the legal dong it is numbered from", () => {
    expect(legalDongOf("우1동")).toBe("우동");
    expect(legalDongOf("서대신제1동")).toBe("서대신동");
    expect(legalDongOf("율량.사천동")).toBe("율량동");
    expect(legalDongOf("주문진읍")).toBe("주문진읍");
    expect(legalDongOf("숭의1")).toBeNull();
  });
});

describe("demo places: names", () => {
  it("are one place per lot and name, branch suffixes aside", () => {
    const branchless = (name: string) => name.replace(/\s+\S*점$/u, "");
    const seen = new Map<string, string>();
    const twins: string[] = [];
    for (const p of places) {
      const key = `${p.formattedAddress}|${branchless(p.displayName)}`;
      const twin = seen.get(key);
      if (twin) twins.push(`${twin} / ${p.displayName} at ${p.formattedAddress}`);
      seen.set(key, p.displayName);
    }
    expect(twins).toEqual([]);
    expect(new Set(places.map((p) => p.displayName)).size).toBe(places.length);
  });

  it("never name a branch after the place the name already names (역삼 삼겹살 역삼점)", () => {
    const echoes = places.filter((p) => {
      const m = /^(\S+) .* (\S+)점$/u.exec(p.displayName);
      return m && m[1] === m[2];
    });
    expect(echoes.map((p) => p.displayName)).toEqual([]);
  });
});

describe("demo places: kinds in every area", () => {
  it("hold every Kakao category group in every area (subway stations where a real one is near)", () => {
    const missing: string[] = [];
    for (const a of areas) {
      const codes = new Set(a.places.map((p) => p.categoryCode));
      const rail = stationsNear(a, Math.min(a.spread, 1000)).length > 0;
      for (const code of KAKAO_CATEGORY_CODES)
        if (!codes.has(code) && (code !== "SW8" || rail)) missing.push(`${a.name}: ${code}`);
      if (!rail && codes.has("SW8")) missing.push(`${a.name}: a subway station where none runs`);
    }
    expect(missing).toEqual([]);
  });

  it("hold the kinds a map user asks for in every area", () => {
    const asked: [string, (path: string) => boolean][] = [
      ["주유소", (path) => path.endsWith("> 주유소")],
      ["주차장", (path) => path.includes("> 주차장")],
      ["숙박", (path) => path.startsWith("여행 > 숙박")],
      ["관광명소", (path) => path.startsWith("여행 > 관광,명소")],
      ["문화시설", (path) => path.startsWith("문화,예술 >")],
      ["캠핑장", (path) => path.endsWith("야영,캠핑장")],
      ["수영장", (path) => path.endsWith("> 수영장")],
    ];
    const missing = areas.flatMap((a) =>
      asked.filter(([, is]) => !a.places.some((p) => is(p.categoryName))).map(([w]) => `${a.name}: ${w}`),
    );
    expect(missing).toEqual([]);
  });

  it("hold each row of the mix at its kind of area's share, within a place or a quarter", () => {
    const off: string[] = [];
    for (const a of areas) {
      const made = a.places.filter((p) => p.categoryCode !== "SW8");
      for (const r of MIX) {
        const share = shareOf(r, a.kind);
        if (!share) continue;
        const total = MIX.reduce((s, x) => s + shareOf(x, a.kind), 0);
        const expected = (share / total) * made.length;
        const got = made.filter((p) => rowOf(p.categoryName) === r).length;
        if (Math.abs(got - expected) > 1 + expected / 4)
          off.push(`${a.name} (${a.kind}) ${r.label}: ${got} vs ${expected.toFixed(1)}`);
      }
    }
    expect(off).toEqual([]);
    expect(places.filter((p) => !rowOf(p.categoryName)).map((p) => p.categoryName)).toEqual([]);
  });

  it("state each share with its assumption; each kind of area sums to 100 %", () => {
    for (const r of MIX) expect(r.assumption.length).toBeGreaterThan(20);
    for (const kind of ["centre", "residential", "tourist"] as const)
      expect(MIX.reduce((s, r) => s + shareOf(r, kind), 0)).toBe(100);
    expect(new Set(areas.map((a) => a.kind))).toEqual(new Set(["centre", "residential", "tourist"]));
  });

  it("take subway stations from the vendored rail tables, never made up", () => {
    const real = new Set(railStations().map((s) => `${s.station} ${s.line}`));
    const subway = places.filter((p) => p.categoryCode === "SW8");
    expect(subway.length).toBeGreaterThan(300);
    expect(subway.filter((p) => !real.has(p.displayName)).map((p) => p.displayName)).toEqual([]);
  });
});

describe("demo places: labelled and seeded", () => {
  it("are all synthetic, on a reserved .invalid domain", () => {
    expect(places.every((p) => p.synthetic === true && p.placeUrl.startsWith(DEMO_URL_BASE))).toBe(true);
  });

  it("come out the same from the same seed and differently from another", () => {
    // the first areas of a run stand for the whole: each area's names depend on those before it
    expect(generateDemoAreas(undefined, 40)).toEqual(areas.slice(0, 40));
    expect(generateDemoAreas(7, 1)[0]!.places[0]).not.toEqual(areas[0]!.places[0]);
  });
});

describe("searching the demo places offline", () => {
  const deps = createExecDeps(loadConfig({ DATA_DIR: "/nonexistent-dongne-data" }));

  it("finds 주유소 on the way from 판교 to 강남", async () => {
    const r = await searchPlaces("판교에서 강남 가는 길에 주유소", deps);
    expect(r.meta.strategyUsed).toBe("route");
    expect(r.meta.dataSource).toBe("embedded-demo");
    expect(r.places.filter((p) => p.categoryName.endsWith("주유소")).length).toBeGreaterThan(0);
  });

  it("finds sights and lodging in 강릉", async () => {
    for (const [query, group] of [
      ["강릉 관광지", "AT4"],
      ["강릉 숙박", "AD5"],
    ] as const) {
      const r = await searchPlaces(query, deps);
      expect(r.places.length, query).toBeGreaterThan(0);
      expect(r.places.every((p) => p.categoryCode === group && p.formattedAddress.includes("강릉시"))).toBe(
        true,
      );
    }
  });
});
