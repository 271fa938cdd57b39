// The one dedupe (000: placeUrl 기준): the same provider and id, or the same placeUrl, is one place —
// each key on its own — and route sample points keep the nearest sighting of a place.
import { describe, expect, it } from "vitest";
import { dedupePlaces, nearer } from "../../shared/place-search/dedupe.ts";
import { execute, initialState } from "../../shared/place-search/executor.ts";
import type { Place } from "../../shared/places/place.ts";
import { testExecDeps } from "../helpers/server.ts";

const place = (id: string, url: string, extra: Partial<Place> = {}): Place =>
  ({ id, provider: "kakao", placeUrl: url, displayName: id, distance: 100, ...extra }) as Place;

describe("dedupePlaces", () => {
  it("merges the same provider and id even under different URLs", () => {
    const out = dedupePlaces([place("1", "http://a"), place("1", "https://a")]);
    expect(out.places.map((p) => p.placeUrl)).toEqual(["http://a"]);
    expect(out.removed).toBe(1);
  });

  it("merges the same placeUrl even under different ids", () => {
    const out = dedupePlaces([place("1", "http://same"), place("2", "http://same")]);
    expect(out.places.map((p) => p.id)).toEqual(["1"]);
    expect(out.removed).toBe(1);
  });

  it("keeps the same id from two providers apart, and places without a URL apart", () => {
    const out = dedupePlaces([
      place("1", "http://k"),
      place("1", "http://g", { provider: "google" }),
      place("3", ""),
      place("4", ""),
    ]);
    expect(out.places).toHaveLength(4);
    expect(out.removed).toBe(0);
  });

  it("swaps in a better copy where `prefer` says so, in the first copy's position", () => {
    const out = dedupePlaces(
      [place("1", "u1", { distance: 900 }), place("2", "u2"), place("1", "u1", { distance: 50 })],
      nearer,
    );
    expect(out.places.map((p) => [p.id, p.distance])).toEqual([
      ["1", 50],
      ["2", 100],
    ]);
  });
});

describe("the route search's merge of sample points", () => {
  it("removes a place seen from two points (counting it) and keeps its nearest sighting", async () => {
    const plan = {
      query: "",
      strategy_type: "route" as const,
      provider: "kakao" as const,
      search_plan: [
        {
          step: 1,
          action: "sample_and_search",
          params: {
            polyline: [
              { lat: 37.5, lng: 127.0 },
              { lat: 37.5, lng: 127.0005 },
            ],
            queries: ["카페"],
            searchRadius: 1000,
          },
        },
      ],
      post_processing: {},
      translator_result: {} as never,
      meta: {
        engine: "client" as const,
        confidence: 1,
        llmCalls: 0,
        llmTokens: { input: 0, output: 0 },
        warnings: [],
        durationMs: 0,
      },
    };
    const deferred = await execute(initialState(plan), testExecDeps(), { fanout: "defer" });
    const items = deferred.fanout!.items;
    const shared = place("shared", "u-shared");
    const state = {
      ...deferred,
      fanoutResults: [
        { places: [{ ...shared, distance: 400 }, place("a", "u-a")], apiCalls: 1, warnings: [] },
        { places: [{ ...shared, distance: 30 }], apiCalls: 1, warnings: [] },
      ],
    };
    expect(items.length).toBeGreaterThanOrEqual(1);
    const done = await execute(state, testExecDeps(), { fanout: "defer" });
    const merged = (done.results["1"] as { places: Place[] }).places;
    expect(merged.map((p) => [p.id, p.distance])).toEqual([
      ["shared", 30],
      ["a", 100],
    ]);
    expect(done.duplicatesRemoved).toBe(1);
  });
});
