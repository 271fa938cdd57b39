import { describe, expect, it } from "vitest";
import { EmbeddedCompanyDirectory } from "../../shared/news/company-directory.ts";
import { type NewsDeps } from "../../shared/news/wiring.ts";
import {
  analyzeQueryText,
  apiKeysFor,
  futurePeriodNote,
  futurePeriods,
  namedPeriods,
} from "../../shared/news/query.ts";
import { MemoryReportStore } from "../../shared/news/report-store.ts";
import { runNewsSearch } from "../../shared/news/pipeline.ts";
import { fromKst } from "../../shared/platform/time.ts";
import { EmbeddedDart } from "../../shared/providers/embedded/dart-sample.ts";
import { EmbeddedNews } from "../../shared/providers/embedded/news-sample.ts";
import type { CallCounter } from "../../shared/providers/http.ts";
import type { DartListQuery } from "../../shared/providers/opendart.ts";
import { DEFAULT_NEWS_SETTINGS } from "../../shared/news/config.ts";

const NOW = fromKst(2025, 11, 20, 10);

describe("report keys from the question's words", () => {
  it.each([
    ["삼성전자 배당", ["api_02"]],
    ["LG 임원 현황", ["api_07"]],
    ["NAVER 직원 평균 연봉", ["api_08"]],
    ["카카오 미등기임원 보수", ["api_14"]],
    ["현대차 최대주주 변동", ["api_05"]],
    ["현대차 최대주주", ["api_04"]],
    ["삼성전자 자사주 소각", ["api_03"]],
    ["SK하이닉스 사외이사", ["api_07", "api_27"]],
    ["LG화학 감사의견", ["api_24"]],
    ["삼성전자 매출", ["accounts"]],
    ["삼성전자 배당과 영업이익", ["api_02", "accounts"]],
    ["삼성전자 최근 소식", []],
  ])("%s → %j", (q, keys) => {
    expect(apiKeysFor(q)).toEqual(keys);
  });

  it("is the same on every call (no regex state leaks between questions)", () => {
    expect(apiKeysFor("배당")).toEqual(["api_02"]);
    expect(apiKeysFor("배당")).toEqual(["api_02"]);
  });
});

describe("periods the question names", () => {
  it.each([
    ["2024년 3분기 매출", [{ year: 2024, quarter: 3 }]],
    ["24년 반기 배당", [{ year: 2024, quarter: 2 }]],
    ["작년 실적", [{ year: 2024, quarter: null }]],
    ["재작년 사업보고서", [{ year: 2023, quarter: 4 }]],
    ["올해 1분기", [{ year: 2025, quarter: 1 }]],
    ["3분기 영업이익", [{ year: null, quarter: 3 }]],
    [
      "2023년과 2024년 배당",
      [
        { year: 2023, quarter: null },
        { year: 2024, quarter: null },
      ],
    ],
    ["최근 10년간 배당", []],
    ["삼성전자 배당", []],
    // a year after this one is kept as named (it becomes a note), not read as the latest Q1
    ["2030년 1분기", [{ year: 2030, quarter: 1 }]],
    ["2026년 사업보고서", [{ year: 2026, quarter: 4 }]],
    ["26년 반기", [{ year: 2026, quarter: 2 }]],
    ["창립 30년 배당", []],
  ])("%s → %j", (q, periods) => {
    expect(namedPeriods(q, NOW)).toEqual(periods);
  });

  it("a year after the current one (KST) is a future period, with a note", () => {
    const periods = namedPeriods("2024년과 2030년 1분기", NOW);
    expect(futurePeriods(periods, NOW)).toEqual([{ year: 2030, quarter: 1 }]);
    expect(futurePeriods(namedPeriods("2025년 3분기", NOW), NOW)).toEqual([]);
    // 2025-12-31 23:30 UTC is already 2026 in Korea
    expect(futurePeriods([{ year: 2026, quarter: 1 }], new Date("2025-12-31T23:30:00Z"))).toEqual([]);
    expect(
      futurePeriodNote([
        { year: 2030, quarter: 1 },
        { year: 2031, quarter: null },
      ]),
    ).toBe("2030년 1분기, 2031년: 아직 오지 않은 기간이라 공시된 정기보고서가 없습니다.");
  });
});

describe("a question naming a future period", () => {
  const deps = (lists: string[]): NewsDeps => {
    const dart = new EmbeddedDart({ now: () => NOW });
    const list = dart.list.bind(dart);
    dart.list = (counter: CallCounter, params: DartListQuery) => {
      if (params.pblntf_ty === "A") lists.push(`${params.bgn_de}-${params.end_de}`);
      return list(counter, params);
    };
    return {
      news: new EmbeddedNews({ now: () => NOW }),
      dart,
      store: new MemoryReportStore(),
      companies: new EmbeddedCompanyDirectory(),
      settings: DEFAULT_NEWS_SETTINGS,
      now: () => NOW,
    };
  };

  it("answers that the period is missing instead of reading it as the latest Q1", async () => {
    const lists: string[] = [];
    const res = await runNewsSearch({ query: "삼성전자 2030년 1분기 매출" }, deps(lists));
    expect(res.searched_list?.regular).toEqual([]);
    expect(res.search_notes).toContain("2030년 1분기: 아직 오지 않은 기간이라 공시된 정기보고서가 없습니다.");
    expect(res.generated_response).toContain("2030년 1분기: 아직 오지 않은 기간");
    expect(lists).toEqual([]); // no list.json call for a period that cannot be filed
  });

  it("still answers the filed periods named beside it", async () => {
    const lists: string[] = [];
    const res = await runNewsSearch({ query: "삼성전자 2024년 3분기와 2030년 1분기 매출" }, deps(lists));
    expect(res.searched_list?.regular.map((r) => `${r.year}Q${r.quarter}`)).toEqual(["2024Q3"]);
    expect(res.search_notes).toContain("2030년 1분기: 아직 오지 않은 기간이라 공시된 정기보고서가 없습니다.");
    expect(lists.every((w) => w.split("-")[0]! <= w.split("-")[1]!)).toBe(true);
  });

  it("asks Naver for the newest stories when the question wants the latest", () => {
    expect(analyzeQueryText("삼성전자 최신 뉴스", NOW).latest).toBe(true);
    expect(analyzeQueryText("삼성전자 배당", NOW).latest).toBe(false);
  });
});
