// What is shown is of the kind asked when the places come from an imported store registry (import-stores):
// the registry's categories ("음식 > 한식 > 족발/보쌈") are read as the tree's nodes, a 보쌈 house of the
// 족발/보쌈 category is a near kind, a name that merely holds the letters is none, and every answer, an
// empty one too, says the places are the registry's and not synthetic.
import { describe, expect, it } from "vitest";
import { searchPlaces } from "../../shared/place-search/pipeline.ts";
import { AgentResponse, type Place } from "../../shared/places/place.ts";
import { limitTo, type ExecDeps } from "../../shared/providers/exec-deps.ts";
import {
  EmbeddedPlaces,
  HaversineDistances,
  StraightLineRoutes,
} from "../../shared/providers/embedded/index.ts";
import { registryRowToPlace } from "../../shared/providers/embedded/registry-import.ts";
import { RegistrySource } from "../../shared/providers/embedded/sources.ts";

// around 망원역 (37.5561, 126.9100), 50 m apart
const ROWS: [string, string, string, string][] = [
  ["원조 망원족발", "음식", "한식", "족발/보쌈"],
  ["할매보쌈", "음식", "한식", "족발/보쌈"],
  ["망원 족발집", "음식", "한식", "족발/보쌈"],
  ["족발 모양 쿠키", "음식", "제과제빵떡케익", "제과점"],
  ["바다횟집", "음식", "한식", "횟집"],
  ["망원 평양냉면", "음식", "한식", "냉면/밀면"],
  ["망원 밀면", "음식", "한식", "냉면/밀면"],
  ["튼튼 소아청소년과의원", "보건의료", "의원", "내과·소아과 의원"],
  ["망원 내과의원", "보건의료", "의원", "내과·소아과 의원"],
];
const places: Place[] = ROWS.map(([name, large, middle, small], i) =>
  registryRowToPlace({
    id: `T${i}`,
    name,
    large,
    middle,
    small,
    lat: String(37.5561 + 0.00045 * (i + 1)),
    lng: "126.9100",
    jibun: `서울특별시 마포구 망원동 ${400 + i}`,
  }),
).filter((p): p is Place => p !== null);

const deps: ExecDeps = {
  places: new EmbeddedPlaces(new RegistrySource(places)),
  routes: new StraightLineRoutes(),
  travel: new HaversineDistances(),
  mapLimit: limitTo(4),
};
const search = async (q: string) => AgentResponse.parse(await searchPlaces(q, deps));
const names = (ps: { displayName: string }[]) => ps.map((p) => p.displayName).sort();

describe("an imported registry's places are checked against the kind asked", () => {
  it("족발: 족발 houses only; a 보쌈 house of the same category apart; letters alone never", async () => {
    const r = await search("망원역 족발");
    expect(names(r.places)).toEqual(["망원 족발집", "원조 망원족발"]);
    expect(r.totalCount).toBe(2);
    expect(r.summary).toMatch(/족발은 2곳만 찾았어요\. 가까운 종류\(족발·보쌈\) 1곳을 따로 보여 드려요/);
    expect(names(r.alternatives!.places)).toEqual(["할매보쌈"]);
    expect(r.meta).toMatchObject({ dataSource: "embedded-registry", synthetic: false });
  });

  it("평양냉면 from a 냉면/밀면 category only when the name says so; 소아과 from 내과·소아과 likewise", async () => {
    const noodle = await search("망원역 평양냉면");
    expect(names(noodle.places)).toEqual(["망원 평양냉면"]);
    const kids = await search("망원역 소아과");
    expect(names(kids.places)).toEqual(["튼튼 소아청소년과의원"]);
  });

  it("an empty answer says the registry too, and that it is not synthetic", async () => {
    const r = await search("망원역 라오스음식");
    expect(r.places).toEqual([]);
    expect(r.meta).toMatchObject({ provider: "kakao", dataSource: "embedded-registry", synthetic: false });
    expect(r.summary).toMatch(/라오스음식을 찾지 못했어요/);
  });
});
