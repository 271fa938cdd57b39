// Scenarios: stores added (stable ids inside Mangwon-dong), closed, repriced or described anew, the
// floating visitors changed — and input that cannot apply answered with the field that is wrong.
import { describe, expect, it } from "vitest";
import { pinnedDemoPlaces } from "../../shared/demo/places.ts";
import { activeToday } from "../../shared/simulation/personas.ts";
import { applyScenario, Scenario, ScenarioError, scenarioKey } from "../../shared/simulation/scenario.ts";
import { SimulationWorld } from "../../shared/simulation/world.ts";
import { mangwonStores } from "../../shared/simulation/stores.ts";

const places = pinnedDemoPlaces();
const stores = mangwonStores(places);
const withMenus = stores.find((s) => s.menus?.some((m) => m.price !== null))!;
const ramen = {
  name: "망원 라멘 연구소",
  category: "일식",
  avg_price: 11_000,
  keywords: ["라멘", "혼밥"],
  description: "망원시장 입구의 돈코츠 라멘 전문점.",
  lat: 37.5561,
  lng: 126.9055,
};
const apply = (s: unknown) => applyScenario(stores, Scenario.parse(s));

/** The field a scenario's first problem names: a schema issue's path, or the ScenarioError's field. */
function fieldOf(s: unknown): string {
  const parsed = Scenario.safeParse(s);
  if (!parsed.success) return parsed.error.issues[0]!.path.join(".");
  try {
    applyScenario(stores, parsed.data);
  } catch (err) {
    if (err instanceof ScenarioError) return err.field;
    throw err;
  }
  return "(valid)";
}

describe("applyScenario", () => {
  it("adds a store with an id derived from its name and point, taken by no other store", () => {
    const out = apply({ add: [ramen] });
    expect(out).toHaveLength(stores.length + 1);
    const added = out.at(-1)!;
    expect(added).toMatchObject({ ...ramen, synthetic: true, dong: expect.stringMatching(/^망원[12]동$/) });
    expect(added.store_id).toMatch(/^S\d{8}$/);
    expect(stores.map((s) => s.store_id)).not.toContain(added.store_id);
    // the same store in another scenario keeps its id; another point is another store
    expect(
      apply({ add: [{ ...ramen, description: "다른 설명" }], close: [stores[0]!.store_id] }).at(-1)!.store_id,
    ).toBe(added.store_id);
    expect(apply({ add: [{ ...ramen, lat: 37.5562 }] }).at(-1)!.store_id).not.toBe(added.store_id);
  });

  it("is pure: the baseline's stores are not touched", () => {
    const before = JSON.stringify(stores);
    apply({ change: [{ store_id: withMenus.store_id, price_change_pct: 50, description: "바뀐 설명" }] });
    expect(JSON.stringify(stores)).toBe(before);
  });

  it("closes stores", () => {
    const [a, b] = stores;
    const out = apply({ close: [a!.store_id, b!.store_id] });
    expect(out).toHaveLength(stores.length - 2);
    expect(out.map((s) => s.store_id)).not.toContain(a!.store_id);
  });

  it("changes prices by a percentage (rounded to 100 won), by menu, or the card price", () => {
    const id = withMenus.store_id;
    const up = apply({ change: [{ store_id: id, price_change_pct: 20 }] }).find((s) => s.store_id === id)!;
    expect(up.avg_price).toBe(Math.round((withMenus.avg_price * 1.2) / 100) * 100);
    up.menus!.forEach((m, i) => {
      const old = withMenus.menus![i]!.price;
      expect(m.price).toBe(old === null ? null : Math.round((old * 1.2) / 100) * 100);
    });
    const menu = withMenus.menus!.find((m) => m.price !== null)!.name;
    const one = apply({ change: [{ store_id: id, avg_price: 9900, menu_prices: { [menu]: 5000 } }] }).find(
      (s) => s.store_id === id,
    )!;
    expect(one.avg_price).toBe(9900);
    expect(one.menus!.find((m) => m.name === menu)!.price).toBe(5000);
    expect(one.menus!.filter((m) => m.name !== menu)).toEqual(
      withMenus.menus!.filter((m) => m.name !== menu),
    );
  });

  it("changes a store's description and keywords", () => {
    const id = stores[3]!.store_id;
    const out = apply({ change: [{ store_id: id, description: "새로 단장한 가게", keywords: ["리뉴얼"] }] });
    expect(out.find((s) => s.store_id === id)).toMatchObject({
      description: "새로 단장한 가게",
      keywords: ["리뉴얼"],
    });
  });

  it("keys a store set by its scenario", () => {
    expect(scenarioKey(undefined)).toBe("");
    expect(scenarioKey(Scenario.parse({ add: [ramen] }))).toBe(scenarioKey(Scenario.parse({ add: [ramen] })));
    expect(scenarioKey(Scenario.parse({ add: [ramen] }))).not.toBe(
      scenarioKey(Scenario.parse({ close: ["S001"] })),
    );
  });

  it.each([
    [{}, ""],
    [{ add: [{ ...ramen, lat: 37.5665, lng: 126.978 }] }, "add.0.lat"],
    [{ add: [{ ...ramen, category: "피자" }] }, "add.0.category"],
    [{ add: [{ ...ramen, avg_price: -1 }] }, "add.0.avg_price"],
    [{ add: [{ ...ramen, name: stores[0]!.name }] }, "scenario.add.0.name"],
    [{ close: ["S1"] }, "close.0"],
    [{ close: ["S00000001"] }, "scenario.close.0"],
    [{ close: [stores[0]!.store_id, stores[0]!.store_id] }, "scenario.close.1"],
    [{ change: [{ store_id: stores[0]!.store_id }] }, "change.0"],
    [
      { change: [{ store_id: stores[0]!.store_id, price_change_pct: 10, avg_price: 1 }] },
      "change.0.price_change_pct",
    ],
    [{ change: [{ store_id: stores[0]!.store_id, price_change_pct: -95 }] }, "change.0.price_change_pct"],
    [
      { close: [stores[0]!.store_id], change: [{ store_id: stores[0]!.store_id, avg_price: 1 }] },
      "scenario.change.0.store_id",
    ],
    [
      { change: [{ store_id: withMenus.store_id, menu_prices: { 없는메뉴: 1000 } }] },
      "scenario.change.0.menu_prices.없는메뉴",
    ],
    [{ visitors: {} }, "visitors"],
    [{ visitors: { floatingPool: 10, floatingPerDay: 11 } }, "visitors.floatingPerDay"],
  ])("refuses %j at %s", (scenario, field) => {
    expect(fieldOf(scenario)).toBe(field);
  });
});

describe("visitor changes", () => {
  const world = new SimulationWorld({ places: () => places });

  it("a larger floating pool keeps the baseline's residents and visitors and adds more", () => {
    const baseline = world.population({ agents: 160 });
    const params = world.paramsFor(
      { days: 1, seed: 1, scenario: { visitors: { floatingPool: 150 } } },
      "offline",
      10,
    );
    expect(params.agents).toBe(47 + 150);
    const more = world.population(params);
    expect([...more.values()].filter((p) => p.type === "floating")).toHaveLength(150);
    for (const [id, p] of baseline) expect(more.get(id)).toEqual(p);
  });

  it("the daily sample takes its size from the scenario", () => {
    const set = [...world.population({ agents: 160 }).values()];
    expect(activeToday(set, 1, 7).filter((p) => p.type === "floating")).toHaveLength(53);
    expect(activeToday(set, 1, 7, 80).filter((p) => p.type === "floating")).toHaveLength(80);
  });

  it("refuses a daily sample larger than the pool, and a store the world lacks, before anything starts", () => {
    const start = (scenario: unknown) => () =>
      world.paramsFor({ days: 1, seed: 1, scenario: Scenario.parse(scenario) }, "offline", 10);
    expect(start({ visitors: { floatingPerDay: 114 } })).toThrow(
      expect.objectContaining({ field: "scenario.visitors.floatingPerDay" }),
    );
    expect(start({ close: ["S00000001"] })).toThrow(expect.objectContaining({ field: "scenario.close.0" }));
  });
});
