// The plan's conditions applied to the places found: chains left out, open-now from Google's data, a
// price ceiling where places carry prices, and Kakao's placeUrl hint for what Kakao cannot tell.
import { describe, expect, it } from "vitest";
import { initialState } from "../../shared/place-search/executor.ts";
import type { Place } from "../../shared/places/place.ts";
import { planQuery } from "../../shared/place-search/pipeline.ts";
import { postProcess } from "../../shared/place-search/postprocess.ts";
import { KAKAO_HINT } from "../../shared/place-search/translator/rules.ts";

const place = (name: string, extra: Partial<Place> & { avgPrice?: number } = {}): Place => ({
  id: name,
  provider: "kakao",
  displayName: name,
  formattedAddress: "",
  roadAddress: null,
  location: { latitude: 37.55, longitude: 126.91 },
  lat: 37.55,
  lng: 126.91,
  categoryCode: "CE7",
  categoryName: "음식점 > 카페",
  categoryGroupName: "카페",
  detailCategory: null,
  phone: null,
  placeUrl: `http://place.map.kakao.com/${encodeURIComponent(name)}`,
  distance: 100,
  rating: null,
  reviewCount: null,
  openNow: null,
  photoUrl: null,
  ...extra,
});

async function respond(query: string, places: Place[]) {
  const plan = await planQuery(query);
  // every step after the geocode answers with the places (the search, and google_enrich after it)
  const state = initialState(plan);
  state.results = Object.fromEntries(
    plan.search_plan.filter((s) => s.action !== "geocode").map((s) => [s.step, { places }]),
  );
  return postProcess(state, { dataSource: "kakao", synthetic: false });
}

describe("conditions in post-processing", () => {
  it("leaves chains out for 프랜차이즈 말고", async () => {
    const r = await respond("망원역 프랜차이즈 말고 카페", [
      place("스타벅스 망원역점"),
      place("이디야커피", {
        categoryName: "음식점 > 카페 > 커피전문점 > 이디야커피",
        detailCategory: "이디야커피",
      }),
      place("작은 동네카페"),
    ]);
    expect(r.places.map((p) => p.displayName)).toEqual(["작은 동네카페"]);
  });

  it("keeps places open now where the provider says, and points to placeUrl where Kakao cannot", async () => {
    const google = await respond("망원역 지금 영업중인 카페", [
      place("a", { provider: "google", openNow: true }),
      place("b", { provider: "google", openNow: false }),
    ]);
    expect(google.places.map((p) => p.id)).toEqual(["a"]);
    const kakao = await respond("망원역 24시 카페", [place("c")]);
    expect(kakao.places).toHaveLength(1);
    expect(kakao.meta.warnings).toContain(KAKAO_HINT);
  });

  it("applies a price ceiling where places carry prices", async () => {
    const r = await respond("망원역 만원 이하 카페", [
      place("싼", { avgPrice: 6000 }),
      place("비싼", { avgPrice: 18000 }),
    ]);
    expect(r.places.map((p) => p.id)).toEqual(["싼"]);
  });
});
