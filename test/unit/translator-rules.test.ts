// The rules must generalize: these queries are not in the eval set or the seeds.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { planQuery } from "../../shared/place-search/pipeline.ts";
import { translateWithRules } from "../../shared/place-search/translator/rules.ts";
import { embeddedGeocode } from "../../shared/providers/embedded/index.ts";
import { scoreTranslatorPlan, type TranslatorEvalCase } from "../helpers/eval-score.ts";
import { parseDistance, parseTrip } from "../../shared/place-search/translator/measures.ts";

const t = (q: string) => translateWithRules(q).result;

describe("locations", () => {
  it.each([
    ["잠실역 근처 돈가스", "잠실역", "station"],
    ["연남동 파스타 맛집", "마포구 연남동", "dong"],
    ["성동구 브런치 카페", "서울 성동구", "gu"],
    ["가로수길 디저트", "가로수길", "landmark"],
    ["청량리역 앞 순댓국", "청량리역", "station"],
    ["양재역 주변 샤브샤브", "양재역", "station"],
    ["여의도 한강공원 근처 치킨", "여의도 한강공원", "landmark"],
    ["best sushi in Gangnam", "강남역", "station"],
    ["수원역 근처 갈비", "수원역", "station"],
  ])("%s → geocodes %s (%s)", (query, geocode, kind) => {
    const r = t(query);
    expect(r.locations[0]).toMatchObject({ query: geocode, kind, role: "center" });
    expect(r.provider).toBe("kakao");
  });

  it.each([
    ["오사카 도톤보리 타코야끼", "Dotonbori, Osaka"],
    ["파리 에펠탑 근처 크레페", "Eiffel Tower, Paris"],
    ["ramen near Shinjuku", "Shinjuku, Tokyo"],
    ["방콕 카오산로드 팟타이", "Khao San Road, Bangkok"],
  ])("%s → Google, geocoding %s", (query, geocode) => {
    const r = t(query);
    expect(r.provider).toBe("google");
    expect(r.locations[0]!.query).toBe(geocode);
  });

  it("does not take everyday words for places (가능, 대화, 운동, 짜장면)", () => {
    expect(t("주차 가능한 카페").locations).toEqual([]);
    expect(t("조용히 대화가 가능한 술집").locations).toEqual([]);
    expect(t("짜장면 맛집").locations).toEqual([]);
  });
});

describe("strategies", () => {
  it.each([
    ["합정역에서 신촌역까지 가는 길에 카페", "route", ["합정역", "신촌역"]],
    ["여의도와 영등포 사이 국밥", "route", ["여의도역", "영등포역"]],
    ["from Hongdae to Gangnam on the way coffee", "route", ["홍대입구역", "강남역"]],
    ["서울역에서 도보 10분 거리 칼국수", "point_travel", ["서울역"]],
    ["판교역에서 차로 20분 이내 캠핑", "point_travel", ["판교역"]],
    ["부산 해운대 2박3일 여행", "multi_point", ["부산 해운대"]],
    ["경주 당일치기 코스", "multi_point", ["경주"]],
  ])("%s → %s", (query, mode, anchors) => {
    const r = t(query);
    expect(r.distanceMode).toBe(mode);
    expect(r.locations.map((l) => l.query)).toEqual(anchors);
  });

  it("walk/drive times become thresholds and modes (80 m/min walking, 500 m/min driving)", () => {
    expect(t("서울역에서 도보 10분 거리 칼국수")).toMatchObject({
      distanceThreshold: 800,
      travelMode: "walking",
    });
    expect(t("판교역에서 차로 20분 이내 캠핑")).toMatchObject({
      distanceThreshold: 10_000,
      travelMode: "driving",
    });
    expect(t("강남역에서 1.5km 이내 카페")).toMatchObject({ distanceThreshold: 1500, travelMode: "walking" });
  });

  it("an explicit radius stays a radius search", () => {
    expect(t("강남역 반경 3km 짜장면")).toMatchObject({
      distanceMode: "radius",
      radius: 3000,
      search_keywords: ["짜장면"],
    });
  });
});

describe("keywords", () => {
  it("moods become dishes only when no dish is named", () => {
    expect(t("비 오는 날 홍대 맛집").search_keywords).toEqual(["파전", "칼국수", "수제비"]);
    expect(t("비 오는 날 홍대 짬뽕").search_keywords).toEqual(["짬뽕"]);
  });

  it("keeps the user's own dish word and its category", () => {
    // the compound is the dish the user named (평양냉면, not any 냉면), with its entry's category
    expect(t("을지로 평양냉면")).toMatchObject({ search_keywords: ["평양냉면"], category_codes: ["FD6"] });
    expect(t("성수 베이커리 카페")).toMatchObject({ category_codes: ["CE7"] });
    expect(t("강남역 약국")).toMatchObject({ search_keywords: ["약국"], category_codes: ["PM9"] });
  });

  it("an unknown name is searched as written (an exact place)", () => {
    expect(t("망원동 진짜맛있는우동집나라").search_keywords.length).toBeGreaterThan(0);
    expect(t("마포 진대감").search_keywords).toEqual(["진대감"]);
  });

  it("review words are kept apart from search keywords", () => {
    const r = t("합정역 콘센트 많은 조용한 카페");
    expect(r.search_keywords).toEqual(["카페"]);
    expect(r.review_check_keywords).toEqual(["콘센트", "조용한"]);
  });
});

describe("measures", () => {
  it("parses trips", () => {
    expect(parseTrip("2박3일")).toEqual({ nights: 2, days: 3 });
    expect(parseTrip("3일 일정")).toEqual({ days: 3, nights: 2 });
    expect(parseTrip("당일치기")).toEqual({ days: 1, nights: 0 });
    expect(parseTrip("러닝 코스")).toBeNull();
  });

  it("parses distances", () => {
    expect(parseDistance("500m 이내")).toEqual({ value: 500, kind: "travel", mode: "walking" });
    expect(parseDistance("걸어서 15분")).toEqual({ value: 1200, kind: "travel", mode: "walking" });
    expect(parseDistance("반경 2km")).toEqual({ value: 2000, kind: "radius", mode: null });
    expect(parseDistance("강남역 카페")).toBeNull();
  });
});

describe("the review's fresh queries (test/fixtures/eval/translator-fresh4.jsonl)", () => {
  const cases = readFileSync(new URL("../fixtures/eval/translator-fresh4.jsonl", import.meta.url), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as TranslatorEvalCase);

  it("plans every one right, anchors geocoded offline", async () => {
    const failures: string[] = [];
    for (const c of cases) {
      const why = scoreTranslatorPlan(await planQuery(c.query), c.expect, embeddedGeocode);
      if (why.length) failures.push(`${c.id} ${c.query}: ${why.join("; ")}`);
    }
    expect(failures).toEqual([]);
  });
});
