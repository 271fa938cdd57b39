import { describe, expect, it } from "vitest";
import { analyzeQueryText, apiKeysFor, namedPeriods } from "../../shared/news/query.ts";
import { fromKst } from "../../shared/kst.ts";

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
    ["SK하이닉스 사외이사", ["api_27"]],
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
  ])("%s → %j", (q, periods) => {
    expect(namedPeriods(q, NOW)).toEqual(periods);
  });

  it("asks Naver for the newest stories when the question wants the latest", () => {
    expect(analyzeQueryText("삼성전자 최신 뉴스", NOW).latest).toBe(true);
    expect(analyzeQueryText("삼성전자 배당", NOW).latest).toBe(false);
  });
});
