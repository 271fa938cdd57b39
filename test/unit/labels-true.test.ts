// Labels are true: an answer says where its places came from on every answer, empty ones included
// (meta.dataSource, meta.synthetic), meta.provider stays the plan's provider (seed 001), and the CLI
// shows the answer's first sentence, the near kinds apart and the data source, not the provider.
// Cost: the first test builds the embedded demo places (testExecDeps, once per test process; ~60 k
// places, seconds) unless an earlier file in the process did.
import { describe, expect, it } from "vitest";
import { placesText } from "../../bin/cli-render.ts";
import { searchPlaces } from "../../shared/place-search/pipeline.ts";
import { AgentResponse } from "../../shared/places/place.ts";
import { testExecDeps } from "../helpers/server.ts";

describe("labels are true", () => {
  it("an empty answer of the embedded demo data says so: synthetic, 내장 데모 데이터", async () => {
    const r = AgentResponse.parse(await searchPlaces("단양읍 라오스음식", testExecDeps()));
    expect(r.places).toEqual([]);
    expect(r.meta).toMatchObject({ provider: "kakao", dataSource: "embedded-demo", synthetic: true });
    expect(r.summary).toMatch(/라오스음식을 찾지 못했어요\.$/);
    const text = placesText(r);
    expect(text.split("\n")[0]).toBe(r.summary);
    expect(text).toMatch(/출처 내장 데모 데이터 \(가상\)/);
    expect(text).not.toMatch(/카카오/);
  });

  it("the CLI shows the near kinds apart from the places of the kind asked", () => {
    const place = (name: string, category: string) => ({
      id: name,
      provider: "embedded" as const,
      displayName: name,
      formattedAddress: "서울 강남구 신사동 1",
      roadAddress: null,
      location: { latitude: 37.5, longitude: 127 },
      lat: 37.5,
      lng: 127,
      categoryCode: "FD6",
      categoryName: category,
      categoryGroupName: "음식점",
      detailCategory: null,
      phone: null,
      placeUrl: "https://demo.dongne.invalid/places/1",
      distance: 100,
      rating: null,
      reviewCount: null,
      openNow: null,
      photoUrl: null,
    });
    const r: AgentResponse = {
      query: "신사역 와인바",
      searchParams: {
        location: null,
        radius: 1000,
        keywords: ["와인바"],
        categoryCode: null,
        sort: "accuracy",
      },
      places: [place("가로수 와인", "음식점 > 술집 > 와인바")],
      totalCount: 1,
      summary: "신사역 반경 1km에서 와인바는 1곳만 찾았어요. 가까운 종류(칵테일바) 1곳을 따로 보여 드려요.",
      alternatives: { kinds: ["칵테일바"], places: [place("블루 칵테일", "음식점 > 술집 > 칵테일바")] },
      meta: {
        apiCalls: 2,
        strategyUsed: "radius",
        duplicatesRemoved: 0,
        keywordsSearched: ["와인바"],
        provider: "kakao",
        warnings: [],
        engine: "rules",
        llmCalls: 0,
        llmTokens: { input: 0, output: 0 },
        dataSource: "embedded-demo",
        synthetic: true,
        durationMs: 1,
      },
    };
    const lines = placesText(r).split("\n");
    expect(lines[0]).toBe(r.summary);
    const alt = lines.findIndex((l) => l.startsWith("가까운 종류 (칵테일바)"));
    expect(alt).toBeGreaterThan(lines.findIndex((l) => l.includes("가로수 와인")));
    expect(lines.slice(alt).join("\n")).toMatch(/블루 칵테일/);
  });
});
