// What is shown is of the kind asked: a place search through the real Kakao adapter over HTTP, against
// a fake Kakao Local whose keyword search answers as the real one does (names that merely contain the
// word, neighbouring kinds). Only places of the asked kind are in `places` and `totalCount`; when too
// few are found the first sentence says so and the near kinds follow apart, in `alternatives`.
import { afterEach, describe, expect, it } from "vitest";
import { searchPlaces } from "../../shared/place-search/pipeline.ts";
import { AgentResponse } from "../../shared/places/place.ts";
import { limitTo, type ExecDeps } from "../../shared/providers/exec-deps.ts";
import { HaversineDistances, StraightLineRoutes } from "../../shared/providers/embedded/index.ts";
import { KakaoLocal } from "../../shared/providers/kakao-local.ts";
import { startFake, type FakeServer } from "../helpers/fake-http.ts";
import { kakaoKeyword } from "../helpers/fake-kakao-keyword.ts";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function search(query: string): Promise<AgentResponse> {
  server = await startFake(kakaoKeyword);
  const deps: ExecDeps = {
    places: new KakaoLocal({ apiKey: "k", baseUrl: server.url, retryDelayMs: 5 }),
    routes: new StraightLineRoutes(),
    travel: new HaversineDistances(),
    mapLimit: limitTo(4),
  };
  // the answer as the API's schema reads it: the added fields are part of it
  return AgentResponse.parse(await searchPlaces(query, deps));
}

const names = (ps: { displayName: string }[]) => ps.map((p) => p.displayName);

describe("what is shown is of the kind asked", () => {
  it("a bar: no place whose name merely starts with 바, near kinds apart and said", async () => {
    const r = await search("신사역 칵테일바");
    expect(names(r.places)).toEqual(["신사 칵테일바 블루"]);
    expect(r.totalCount).toBe(1);
    expect(r.summary).toMatch(/^신사역 반경 1km에서 칵테일바는 1곳만 찾았어요\./);
    expect(r.summary).toMatch(/가까운 종류\(.*와인바.*\) 2곳을 따로 보여 드려요/);
    expect(names(r.alternatives!.places).sort()).toEqual(["가로수 와인바", "사케 바 하루"]);
    const all = [...names(r.places), ...names(r.alternatives!.places)].join(" ");
    expect(all).not.toMatch(/바람족발|바다횟집|바버샵/);
  });

  it("평양냉면: a 냉면 house counts when its name says so; 막국수 never, a silent 냉면 house only as near", async () => {
    const r = await search("을지로3가 평양냉면");
    expect(names(r.places)).toEqual(["을지로 평양냉면"]);
    expect(r.summary).toMatch(/평양냉면은 1곳만 찾았어요/);
    // 면옥 is an old word for a noodle house, 평양 or 함흥: a name holding it says no more than 냉면
    expect(names(r.alternatives!.places).sort()).toEqual(["오장동 함흥냉면", "우래옥", "필동면옥"]);
    const all = [...names(r.places), ...names(r.alternatives!.places)].join(" ");
    expect(all).not.toMatch(/막국수|주차장/);
  });

  it("족발: a 보쌈 house of the same category is no 족발 house, and enough 족발 houses need no alternatives", async () => {
    const r = await search("홍대 족발");
    expect(names(r.places).sort()).toEqual(["원조족발", "장충동 족발보쌈", "족발야시장"]);
    expect(r.totalCount).toBe(3);
    expect(r.alternatives).toBeUndefined();
    expect(r.summary).toMatch(/족발 3곳을 찾았어요/);
  });

  it("치과: a clinic filed as 의원 is a dentist only when its name says 치과", async () => {
    const r = await search("홍대 치과");
    expect(names(r.places).sort()).toEqual(["바른 치과의원", "서교 치과의원", "연세 치과"]);
    expect(names(r.places).join(" ")).not.toMatch(/내과|이비인후과|약국/);
  });
});

describe("a dong the vendored tables lack, named with its city", () => {
  it("is placed by Kakao when Kakao puts it inside the city, and searched there", async () => {
    const r = await search("여수 교동 족발");
    expect(r.searchParams.location).toMatchObject({ lat: 34.7397, lng: 127.7347 });
    const searched = server!.requests.find((q) => q.query.get("query") === "족발")!;
    expect(Number(searched.query.get("y"))).toBeCloseTo(34.7397, 3);
  });

  it("is never moved to a namesake in another city: the answer says so", async () => {
    const r = await search("대전 봉명동 족발");
    expect(r.places).toEqual([]);
    expect(r.searchParams.location).toBeNull();
    expect(r.meta.emptyReason).toMatchObject({ code: "not_in_area" });
    expect(r.summary).toBe("대전에서 ‘봉명동’을 찾지 못해 족발을 찾아보지 않았어요.");
    expect(server!.requests.some((q) => q.query.get("query") === "족발")).toBe(false);
  });
});
