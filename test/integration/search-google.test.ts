// Searches abroad through the real Google adapters against a fake Places (New) server: review filters
// from Google's reviews, google_summarize, searchNearby, and 000's "0 Kakao results abroad → Google once".
import { afterEach, describe, expect, it } from "vitest";
import { limitTo, type ExecDeps } from "../../shared/providers/exec-deps.ts";
import { planFromClient } from "../../shared/place-search/given-plan.ts";
import { executePlan, searchPlaces } from "../../shared/place-search/pipeline.ts";
import { GooglePlaces } from "../../shared/providers/google-places.ts";
import { HaversineDistances, StraightLineRoutes } from "../../shared/providers/embedded/index.ts";
import type { PlaceSearchPort } from "../../shared/providers/port.ts";
import { fixture, startFake, type FakeServer, type Recorded, type Reply } from "../helpers/fake-http.ts";
import { abroadRetried } from "../../shared/place-search/warnings.ts";

let fake: FakeServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const base = fixture("google.searchText.json").places[0];
// cafés, typed as Google types a café (the fixture's place is a Korean restaurant): what is shown is
// checked against the kind asked
const place = (id: string, name: string, lat: number, lng: number) => ({
  ...base,
  types: ["cafe", "food", "point_of_interest", "establishment"],
  primaryType: "cafe",
  id,
  displayName: { text: name, languageCode: "ja" },
  location: { latitude: lat, longitude: lng },
  googleMapsUri: `https://maps.google.com/?cid=${id}`,
});

function google(r: Recorded): Reply {
  if (r.path === "/v1/places:searchText") {
    if (r.body.pageSize === 1) return { json: { places: [place("shibuya", "Shibuya", 35.658, 139.7016)] } };
    return {
      json: {
        places: [place("a", "Outlet Cafe", 35.659, 139.701), place("b", "No Plug Cafe", 35.657, 139.702)],
      },
    };
  }
  if (r.path === "/v1/places:searchNearby")
    return { json: { places: [place("n", "Nearby Cafe", 35.658, 139.702)] } };
  const id = decodeURIComponent(r.path.split("/").pop()!);
  const reviews =
    id === "a"
      ? [
          {
            rating: 5,
            text: { text: "콘센트 많고 조용해요. 작업하기 최고." },
            authorAttribution: { displayName: "kim" },
            relativePublishTimeDescription: "1주 전",
          },
        ]
      : [
          {
            rating: 2,
            text: { text: "좌석이 좁아요." },
            authorAttribution: { displayName: "lee" },
            relativePublishTimeDescription: "2달 전",
          },
        ];
  return {
    json: {
      ...place(id, id === "a" ? "Outlet Cafe" : "No Plug Cafe", 35.659, 139.701),
      reviews,
      editorialSummary: { text: "조용한 카페" },
    },
  };
}

const emptyKakao: PlaceSearchPort = {
  name: "kakao",
  dataSource: "kakao",
  synthetic: false,
  geocode: async (c) => (c.apiCalls++, null),
  reverseGeocode: async () => ({ address: null, roadAddress: null, region: null }),
  keywordSearch: async (c) => (c.apiCalls++, []),
  categorySearch: async (c) => (c.apiCalls++, []),
};

async function deps(): Promise<ExecDeps> {
  fake = await startFake(google);
  return {
    places: emptyKakao,
    routes: new StraightLineRoutes(),
    travel: new HaversineDistances(),
    google: new GooglePlaces({ apiKey: "google-key", baseUrl: fake.url }),
    mapLimit: limitTo(4),
  };
}

describe("search abroad over Google", () => {
  it("checks review keywords in Google's reviews and keeps only the places whose reviews mention them", async () => {
    const r = await searchPlaces("시부야 근처 콘센트 있는 카페", await deps());
    expect(r.meta.provider).toBe("google");
    expect(r.places.map((p) => p.displayName)).toEqual(["Outlet Cafe"]);
    expect(r.places[0]).toMatchObject({
      reviewMatches: ["콘센트"],
      disclaimer: "해외 장소 정보는 실제와 다를 수 있습니다",
      rating: 4.3,
    });
    expect(fake!.requests.filter((x) => x.path.startsWith("/v1/places/"))).toHaveLength(2); // details for both candidates
  });

  it("an answer of Google's says so, an empty one too (meta.dataSource google, not synthetic)", async () => {
    const found = await searchPlaces("시부야 근처 카페", await deps());
    expect(found.meta).toMatchObject({ provider: "google", dataSource: "google", synthetic: false });
    // Google's cafés are no ramen shops: nothing shown, and still Google's answer
    const none = await searchPlaces("시부야 근처 라멘", await deps());
    expect(none.places).toEqual([]);
    expect(none.meta).toMatchObject({ provider: "google", dataSource: "google", synthetic: false });
  });

  it("google_summarize returns the review summary of 000", async () => {
    const d = await deps();
    const plan = planFromClient({
      strategy_type: "radius",
      provider: "google",
      search_plan: [{ step: 1, action: "google_summarize", params: { place_id: "a" } }],
      post_processing: {},
    });
    const { execute, initialState } = await import("../../shared/place-search/executor.ts");
    const s = await execute(initialState(plan), d, { fanout: "inline" });
    expect(s.results["1"]).toMatchObject({
      id: "a",
      editorial_summary: "조용한 카페",
      review_summary: {
        total_analyzed: 1,
        average_rating: 5,
        highlights: ["콘센트 많고 조용해요."],
        concerns: [],
      },
    });
  });

  it("searchNearby restricts to a circle and maps places", async () => {
    const d = await deps();
    const places = await (d.google as GooglePlaces).searchNearby(
      { apiCalls: 0 },
      { lat: 35.658, lng: 139.7016 },
      500,
      ["cafe"],
    );
    expect(places[0]!.displayName).toBe("Nearby Cafe");
    expect(fake!.requests[0]!.body).toMatchObject({
      includedTypes: ["cafe"],
      locationRestriction: { circle: { radius: 500 } },
    });
  });

  it("a foreign place Kakao cannot find is retried with Google, once", async () => {
    const r = await executePlan(
      planFromClient({
        strategy_type: "radius",
        provider: "kakao",
        search_plan: [{ step: 1, action: "geocode", params: { query: "시부야" } }],
        post_processing: {},
      }),
      await deps(),
    );
    expect(r.meta.warnings).toContain(abroadRetried("시부야"));
    expect(r.searchParams.location).toMatchObject({ name: "Shibuya", lat: 35.658 });
    expect(fake!.requests.filter((x) => x.path === "/v1/places:searchText")).toHaveLength(1);
  });
});
