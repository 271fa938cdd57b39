// The demo world (issue 34): places generated per map cell as a pure function of (seed, cell), never of
// a query; density from the vendored anchors; kinds from the vocabulary at the share table's shares;
// Kakao-shaped paths with names that name what the path stops short of; all synthetic.
// Cost: builds ~60 cells (~50,000 places) and reads the pinned places the worker shares (~27,000).
import { describe, expect, it } from "vitest";
import { adminAreas, inBoundedDong, KAKAO_SIDO_NAMES } from "../../shared/geo/admin-areas.ts";
import { haversine, type LatLng } from "../../shared/geo/haversine.ts";
import { kindNamed, pathOf } from "../../shared/places/kinds.ts";
import { pinnedDemoPlaces, DEMO_SEED, DEMO_URL_BASE } from "../../shared/demo/places.ts";
import { buildCell, buildSlice, cellOfId } from "../../shared/demo/world/cell.ts";
import { censusOf } from "../../shared/demo/world/census.ts";
import { worldKinds } from "../../shared/demo/world/catalog.ts";
import { cellKey, cellOf, cellsInCircle } from "../../shared/demo/world/grid.ts";
import { demoKindOf } from "../../shared/demo/world/kind-of.ts";
import { railStations } from "../../shared/demo/rail-stations.ts";
import { EmbeddedPlaces } from "../../shared/providers/embedded/index.ts";
import { WorldSource } from "../../shared/providers/embedded/sources.ts";
import { DENSITY, LAYERS } from "../../shared/demo/world/density.ts";
import { GROUPS, KIND_ROWS } from "../../shared/demo/world/shares.ts";
import { AWAITING_VOCABULARY, SPECIALITIES } from "../../shared/demo/world/specialities.ts";
import { searchPlaces } from "../../shared/place-search/pipeline.ts";
import { createExecDeps } from "../../shared/providers/exec-deps.ts";
import { loadConfig } from "../../shared/platform/config.ts";

const GANGNAM: LatLng = { lat: 37.497175, lng: 127.027926 };
const MANGWON: LatLng = { lat: 37.556094, lng: 126.910052 };
/** a cell of 강남역's streets, one of Busan's 해운대, one of 강릉's old town, one of Jeju's */
const SAMPLE = [
  cellOf(GANGNAM),
  cellOf({ lat: 35.1631, lng: 129.1636 }),
  cellOf({ lat: 37.7519, lng: 128.8761 }),
];
SAMPLE.push(cellOf({ lat: 33.4996, lng: 126.5312 }));
const sample = SAMPLE.flatMap((c) => buildCell(DEMO_SEED, c));

const counter = () => ({ apiCalls: 0 });

describe("demo world: a cell is a pure function of (seed, cell)", () => {
  it("builds the same bytes however a search reached the cell, and the same as building it whole", async () => {
    const cell = cellOf({ lat: 37.5172, lng: 127.0473 }); // 강남구청's cell
    const byCafe = new WorldSource();
    const byGukbap = new WorldSource();
    // two different queries, from two different centres, whose circles both cover the cell
    const a = await new EmbeddedPlaces(byCafe).keywordSearch(counter(), "카페", {
      x: 127.0455,
      y: 37.5165,
      radius: 1500,
      size: 45,
    });
    const b = await new EmbeddedPlaces(byGukbap).keywordSearch(counter(), "국밥", {
      x: 127.0495,
      y: 37.5185,
      radius: 1200,
      size: 45,
    });
    expect(a.some((p) => cellKey(cellOfId(p.id)!) === cellKey(cell))).toBe(true);
    expect(b.some((p) => cellKey(cellOfId(p.id)!) === cellKey(cell))).toBe(true);
    const whole = JSON.stringify(buildCell(DEMO_SEED, cell));
    expect(JSON.stringify(byCafe.cellPlaces(cell))).toBe(whole);
    expect(JSON.stringify(byGukbap.cellPlaces(cell))).toBe(whole);
  });

  it("builds a kind's slice alone as it is in the whole cell", () => {
    const census = censusOf(DEMO_SEED, cellOf(GANGNAM));
    const whole = buildCell(DEMO_SEED, census.cell, census);
    for (const kind of worldKinds()
      .filter((k) => census.counts[k.index]! > 0)
      .slice(0, 40)) {
      const alone = buildSlice(DEMO_SEED, kind, census);
      expect(alone.length).toBe(census.counts[kind.index]);
      expect(whole.filter((p) => alone.some((q) => q.id === p.id))).toEqual(alone);
    }
  });

  it("differs from another seed", () => {
    expect(buildCell(7, cellOf(GANGNAM))).not.toEqual(buildCell(DEMO_SEED, cellOf(GANGNAM)));
  });
});

describe("demo world: places", () => {
  it("are all synthetic, on a reserved .invalid domain, with ids that name their cell", () => {
    for (const p of [...sample, ...pinnedDemoPlaces()]) {
      expect(p.synthetic).toBe(true);
      expect(p.placeUrl).toBe(`${DEMO_URL_BASE}${p.id}`);
      expect(cellKey(cellOf(p))).toBe(cellKey(cellOfId(p.id)!));
    }
    expect(new Set(pinnedDemoPlaces().map((p) => p.id)).size).toBe(pinnedDemoPlaces().length);
  });

  it("have lot-number addresses in the administrative area that holds the point", () => {
    const address = new RegExp(
      `^(${KAKAO_SIDO_NAMES.join("|")}) ((?:\\S+[시군구] ){0,2})(\\S+(?:동|가|읍|면|로)) (\\d+(?:-\\d+)?)$`,
    );
    const areas = adminAreas().filter((a) => !(a.sigungu === "마포구" && a.dong === "망원동"));
    const wrong: string[] = [];
    const checked = [
      ...sample.filter((_, i) => i % 7 === 0),
      ...pinnedDemoPlaces().filter((_, i) => i % 41 === 0),
    ];
    for (const p of checked) {
      if (!address.test(p.formattedAddress)) wrong.push(p.formattedAddress);
      if (inBoundedDong(p)) {
        if (!p.formattedAddress.startsWith("서울 마포구 망원동 "))
          wrong.push(`${p.formattedAddress} (in 망원동)`);
        continue;
      }
      const near = areas.filter((a) => Math.abs(a.lat - p.lat) < 0.2 && Math.abs(a.lng - p.lng) < 0.2);
      const nearest = Math.min(...near.map((a) => haversine(p, a)));
      const named = near.filter((a) =>
        p.formattedAddress.startsWith(`${[a.sido, a.sigungu, a.dong].filter(Boolean).join(" ")} `),
      );
      // the generator ranks centroids on a local plane: allow its rounding, no more
      if (!named.some((a) => haversine(p, a) <= nearest * 1.002 + 1))
        wrong.push(`${p.formattedAddress}: not nearest`);
    }
    expect(checked.length).toBeGreaterThan(1000);
    expect(wrong).toEqual([]);
  });

  it("are one place per name in a cell, and one per lot and name", () => {
    for (const cell of SAMPLE) {
      const places = buildCell(DEMO_SEED, cell);
      expect(new Set(places.map((p) => p.displayName)).size).toBe(places.length);
      const lots = places.map(
        (p) => `${p.formattedAddress.split("-")[0]}|${p.displayName.replace(/\s+\S*점$/u, "")}`,
      );
      expect(new Set(lots).size).toBe(places.length);
    }
  });

  it("take subway stations from the vendored rail tables, never made up", () => {
    const real = new Set(railStations().map((s) => `${s.station} ${s.line}`));
    const subway = pinnedDemoPlaces().filter((p) => p.categoryCode === "SW8");
    expect(subway.length).toBeGreaterThan(20);
    expect(subway.filter((p) => !real.has(p.displayName))).toEqual([]);
  });
});

describe("demo world: kinds", () => {
  it("file each place under its kind's Kakao path, and name the kind where the path stops short", () => {
    const census = censusOf(DEMO_SEED, cellOf(GANGNAM));
    const short: string[] = [];
    for (const kind of worldKinds().filter((k) => census.counts[k.index]! > 0)) {
      const full = pathOf(kindNamed(kind.name)!);
      expect(full.startsWith(kind.path)).toBe(true);
      for (const p of buildSlice(DEMO_SEED, kind, census)) {
        expect(p.categoryName).toBe(kind.path);
        // the kind is read back from what a person sees: its path and its name
        expect(demoKindOf(p)?.name, `${p.displayName} (${kind.name})`).toBe(kind.name);
        if (full !== kind.path) short.push(kind.name);
      }
    }
    expect(short).toContain("평양냉면");
  });

  it("never name a place after another kind: a 막국수 house is no 평양냉면 house", () => {
    const places = pinnedDemoPlaces();
    const makguksu = places.filter((p) => demoKindOf(p)?.name === "막국수");
    expect(makguksu.length).toBeGreaterThan(0);
    expect(makguksu.filter((p) => p.displayName.includes("평양냉면"))).toEqual([]);
    const pyongyang = places.filter((p) => demoKindOf(p)?.name === "평양냉면");
    expect(pyongyang.every((p) => p.displayName.includes("평양냉면") || p.displayName.includes("평냉"))).toBe(
      true,
    );
  });
});

describe("demo world: density", () => {
  const restaurantsWithin = (center: LatLng, radius = 1000) => {
    let n = 0;
    for (const { cell } of cellsInCircle(center, radius))
      for (const p of buildCell(DEMO_SEED, cell))
        if (p.categoryCode === "FD6" && haversine(center, p) <= radius) n++;
    return n;
  };

  it("puts hundreds of restaurants within 1 km of a major station, tens by a small one, few in the country", () => {
    expect(restaurantsWithin(GANGNAM)).toBeGreaterThan(500);
    expect(restaurantsWithin({ lat: 35.15774, lng: 129.059084 })).toBeGreaterThan(500); // 서면역
    const small = restaurantsWithin({ lat: 37.3209, lng: 126.948 }); // 의왕역 (경부선 only)
    expect(small).toBeGreaterThan(10);
    expect(small).toBeLessThan(200);
    expect(restaurantsWithin({ lat: 36.9, lng: 128.0 })).toBeLessThan(10); // hills of 충북
  });

  it("serves a town's speciality where it is famous", () => {
    const share = (center: LatLng, kind: string) => {
      let all = 0;
      let of = 0;
      for (const { cell } of cellsInCircle(center, 1500)) {
        const census = censusOf(DEMO_SEED, cell);
        for (const k of worldKinds())
          if (k.code === "FD6") {
            all += census.counts[k.index]!;
            if (k.name === kind) of += census.counts[k.index]!;
          }
      }
      return of / all;
    };
    const chuncheon = { lat: 37.8805, lng: 127.7285 };
    expect(share(chuncheon, "닭갈비")).toBeGreaterThan(5 * share(GANGNAM, "닭갈비"));
    expect(share({ lat: 36.566, lng: 128.729 }, "찜닭")).toBeGreaterThan(5 * share(MANGWON, "찜닭"));
  });
});

describe("demo world: its tables", () => {
  it("state each density row's source and assumption", () => {
    for (const row of Object.values(DENSITY)) {
      expect(row.source.length).toBeGreaterThan(10);
      expect(row.assumption.length).toBeGreaterThan(30);
      expect(row.places).toBeGreaterThan(0);
    }
  });

  it("share each layer's places out to 100 %, every group with its assumption, every kind in the vocabulary", () => {
    for (let l = 0; l < LAYERS.length; l++)
      expect(Object.values(GROUPS).reduce((s, g) => s + g.share[l]!, 0)).toBeCloseTo(100, 6);
    for (const g of Object.values(GROUPS)) expect(g.assumption.length).toBeGreaterThan(30);
    expect(KIND_ROWS.filter((r) => !GROUPS[r.group]).map((r) => r.group)).toEqual([]);
    expect(KIND_ROWS.filter((r) => !kindNamed(r.kind)).map((r) => r.kind)).toEqual([]);
    expect(new Set(KIND_ROWS.map((r) => r.kind)).size).toBe(KIND_ROWS.length);
    expect(worldKinds()).toHaveLength(KIND_ROWS.length);
  });

  it("name a kind of the vocabulary for every speciality, or say which it waits for", () => {
    expect(SPECIALITIES.filter((s) => !kindNamed(s.kind)).map((s) => s.kind)).toEqual([]);
    for (const s of SPECIALITIES) expect(s.factor).toBeGreaterThan(1);
    expect(AWAITING_VOCABULARY.length).toBeGreaterThan(0);
  });
});

describe("searching the demo world offline", () => {
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

  it("answers the README's first example with wine bars near 신사역", async () => {
    const r = await searchPlaces("신사역근처와인바", deps);
    expect(r.places.length).toBeGreaterThan(0);
    expect(r.places.every((p) => p.categoryName === "음식점 > 술집 > 와인바")).toBe(true);
  });
});
