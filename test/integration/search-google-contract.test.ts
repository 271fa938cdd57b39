// Seed 000's Google contract through the real Google adapters over HTTP, against the fake Places (New)
// and Routes on loopback: the detail actions' shape and references, their results on the places they
// describe (a Google place's own fields; a `google` object on a Kakao place), the closing time, the
// planner's 사용 시점, one SAR call abroad, and sorting abroad by the product's own distance.
import { afterEach, describe, expect, it } from "vitest";
import { execute, initialState } from "../../shared/place-search/executor.ts";
import type { ExecDeps } from "../../shared/providers/exec-deps.ts";
import { planFromClient } from "../../shared/place-search/given-plan.ts";
import { checkPlan } from "../../shared/place-search/plan-check.ts";
import { executePlan, planQuery, searchPlaces } from "../../shared/place-search/pipeline.ts";
import { GooglePlaces } from "../../shared/providers/google-places.ts";
import { GoogleRoutes } from "../../shared/providers/google-routes.ts";
import { startFake, type FakeServer } from "../helpers/fake-http.ts";
import { fakeGoogle, type FakeGoogleOptions } from "../helpers/fake-google.ts";
import { testExecDeps } from "../helpers/server.ts";

let fake: FakeServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** The embedded provider in Korea (as offline), Google Places and Routes over HTTP. */
async function deps(opts: FakeGoogleOptions = {}): Promise<ExecDeps> {
  fake = await startFake(fakeGoogle(opts));
  const routes = new GoogleRoutes({ apiKey: "g", baseUrl: fake.url });
  return {
    ...testExecDeps(),
    google: new GooglePlaces({ apiKey: "g", baseUrl: fake.url }),
    googleRoutes: routes,
    travel: routes,
  };
}

const requests = (path: string) => fake!.requests.filter((r) => r.path === path);

describe("000's detail actions", () => {
  it("return 000's shape, and a later step may reference its fields", async () => {
    const plan = {
      provider: "google",
      search_plan: [
        { step: 1, action: "google_find_place", params: { query: "Ichiran Shibuya" } },
        { step: 2, action: "google_summarize", params: { place_id: "${step1.id}" } },
        {
          step: 3,
          action: "google_text_search",
          params: { query: "${step2.name}", lat: "${step1.lat}", lng: "${step1.lng}", radius: 500 },
        },
      ],
    };
    const checked = checkPlan(plan);
    expect(checked.ok).toBe(true);
    const s = await execute(
      initialState(planFromClient(checked.ok ? checked.plan : (null as never))),
      await deps(),
      {
        fanout: "inline",
      },
    );
    const summary = s.results["2"] as Record<string, unknown>;
    expect(Object.keys(summary)).toEqual(
      expect.arrayContaining([
        "success",
        "place_id",
        "name",
        "address",
        "phone",
        "url",
        "rating",
        "review_count",
        "opening_hours",
        "editorial_summary",
        "review_summary",
      ]),
    );
    expect(summary).toMatchObject({
      success: true,
      name: "Ichiran Shibuya",
      opening_hours: { open_now: true, weekday_text: expect.any(Array) },
      review_summary: { total_analyzed: 2, average_rating: 3.5, concerns: ["웨이팅이 길어요."] },
    });
    expect(requests("/v1/places:searchText").at(-1)!.body.textQuery).toBe("Ichiran Shibuya");
    // every field of 000's shape may be referenced by a later step; a field it lacks may not
    const refersTo = (field: string) =>
      checkPlan({
        search_plan: [
          { step: 1, action: "google_details", params: { place_id: "abc" } },
          { step: 2, action: "google_text_search", params: { query: `\${step1.${field}}` } },
        ],
      }).ok;
    for (const field of Object.keys(summary)) expect(refersTo(field), field).toBe(true);
    expect(refersTo("menu")).toBe(false);
  });

  it("a question about a place abroad plans google_summarize, and the summary appears on that place", async () => {
    const q = "이치란 라멘 시부야 리뷰 요약해줘";
    const plan = await planQuery(q);
    expect(plan.search_plan.map((s) => s.action)).toEqual(["google_find_place", "google_summarize"]);
    const r = await searchPlaces(q, await deps({ closesInMinutes: 45 }));
    expect(r.places).toHaveLength(1);
    expect(r.places[0]).toMatchObject({
      provider: "google",
      displayName: "이치란 라멘 Shibuya",
      rating: expect.any(Number),
      openNow: true,
      google: {
        matchedBy: "id",
        editorialSummary: expect.stringContaining("현지인"),
        reviewSummary: { total_analyzed: 2 },
        closesAt: expect.stringMatching(/^\d\d:\d\d$/),
        closingSoon: true,
      },
    });
    expect(r.places[0]!.google!.minutesUntilClose).toBeGreaterThanOrEqual(44);
    expect(r.meta.warnings.some((w) => /문을 닫아요 \(4\d분 남음\)/.test(w))).toBe(true);
    expect(r.meta.interpretation).toMatchObject({ detail: "summary" });
  });

  it("hours, reviews and basic information plan check_open, reviews and details (000's 사용 시점)", async () => {
    const actions = async (q: string) => (await planQuery(q)).search_plan.map((s) => s.action);
    expect(await actions("명동교자 몇 시까지 해?")).toEqual([
      "keyword_search",
      "google_find_place",
      "google_check_open",
    ]);
    expect(await actions("명동교자 후기 보여줘")).toEqual([
      "keyword_search",
      "google_find_place",
      "google_reviews",
    ]);
    expect(await actions("강남역 스타벅스 전화번호")).toEqual([
      "geocode",
      "keyword_search",
      "google_find_place",
      "google_details",
    ]);
  });

  it("in Korea the Google answer lands on the Kakao-shaped place of the same name nearby, or joins the list", async () => {
    const d = await deps({ closesInMinutes: 200 });
    const r = await searchPlaces("명동교자 영업시간", d);
    const withHours = r.places.filter((p) => p.google?.openingHours);
    expect(withHours).toHaveLength(1);
    expect(withHours[0]!.google).toMatchObject({ closesAt: expect.any(String), closingSoon: false });
    expect(r.meta.warnings.join(" ")).not.toMatch(/문을 닫아요/);
  });
});

describe("Google's facts on Kakao places, and sorting abroad", () => {
  it("a rating sort on Kakao: google_enrich matches each place by name and location; Kakao's rating stays null", async () => {
    const q = "강남역 근처 평점 높은 카페";
    const plan = await planQuery(q);
    expect(plan.search_plan.map((s) => s.action)).toEqual(["geocode", "keyword_search", "google_enrich"]);
    expect(plan.post_processing.sort_by).toBe("rating");
    const r = await searchPlaces(q, await deps({ closesInMinutes: 300 }));
    expect(r.places).toHaveLength(10);
    for (const p of r.places) {
      expect(p.rating).toBeNull(); // 000: null for Kakao-shaped places
      expect(p.google).toMatchObject({ matchedBy: "name_location", rating: expect.any(Number) });
    }
    const ratings = r.places.map((p) => p.google!.rating!);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    // a find and a details call for each of the 10 enriched places
    expect(requests("/v1/places:searchText")).toHaveLength(10);
  });

  it("Google places keep distance null and carry distanceFromCenter, by which they are sorted", async () => {
    const r = await searchPlaces("시부야 근처 라멘 맛집", await deps());
    expect(r.places.length).toBeGreaterThan(3);
    for (const p of r.places) {
      expect(p.distance).toBeNull();
      expect(p.distanceFromCenter).toBeGreaterThanOrEqual(0);
      expect(p.areaGroup).toBe("시부야");
    }
    const d = r.places.map((p) => p.distanceFromCenter!);
    expect(d).toEqual([...d].sort((a, b) => a - b));
  });

  it("a route abroad is one Search Along Route call for all its keywords (000: SAR 1회)", async () => {
    const r = await searchPlaces("도쿄역에서 시부야 가는 길에 속이 편한 음식점", await deps());
    const sar = requests("/v1/places:searchText").filter((x) => x.body.searchAlongRouteParameters);
    expect(sar).toHaveLength(1);
    expect(sar[0]!.body.textQuery).toMatch(/해장국 OR .* OR .*/);
    expect(sar[0]!.body.searchAlongRouteParameters.polyline.encodedPolyline.length).toBeGreaterThan(500); // past `text`'s 200
    expect(r.meta.apiCalls).toBe(2 + 1 + 1); // two places, the route, one SAR
    expect(r.places.length).toBeGreaterThan(0);
  });

  it("the plan's provider decides: a Google plan's geocode, search and route go to Google (000)", async () => {
    const r = await executePlan(
      planFromClient({
        strategy_type: "route",
        provider: "google",
        search_plan: [
          { step: 1, action: "geocode", params: { query: "Tokyo Station" } },
          { step: 2, action: "geocode", params: { query: "Shibuya" } },
          {
            step: 3,
            action: "route_polyline",
            params: {
              origin: { lat: "${step1.y}", lng: "${step1.x}" },
              destination: { lat: "${step2.y}", lng: "${step2.x}" },
            },
          },
          { step: 4, action: "keyword_search", params: { query: "ramen", x: "${step2.x}", y: "${step2.y}" } },
        ],
        post_processing: {},
      }),
      await deps(),
    );
    expect(requests("/directions/v2:computeRoutes")).toHaveLength(1);
    expect(requests("/v1/places:searchText")).toHaveLength(3);
    expect(r.meta.warnings.join(" ")).not.toMatch(/직선을 따라/);
    expect(r.places.every((p) => p.provider === "google")).toBe(true);
  });

  it("reverse_geocode's address reaches the answer (the search centre here)", async () => {
    const r = await executePlan(
      planFromClient({
        strategy_type: "radius",
        provider: "kakao",
        search_plan: [
          { step: 1, action: "geocode", params: { query: "망원역" } },
          { step: 2, action: "reverse_geocode", params: { x: "${step1.x}", y: "${step1.y}" } },
          { step: 3, action: "keyword_search", params: { query: "카페", x: "${step1.x}", y: "${step1.y}" } },
        ],
        post_processing: {},
      }),
      await deps(),
    );
    expect(r.searchParams.location).toMatchObject({
      name: "망원역",
      address: expect.stringContaining("마포구"),
    });
  });
});
