// The form an answer takes and the fact it is about, read from a question's words
// (shared/news/question-form.ts), over phrasings people type: 반말 and 존댓말, no spaces, typos.
import { describe, expect, it } from "vitest";
import {
  comparisonOf,
  personBeforePay,
  questionForm,
  questionTopic,
} from "../../shared/news/question-form.ts";
import { apiKeysFor } from "../../shared/news/query.ts";

describe("questionForm and questionTopic", () => {
  it.each([
    ["SK텔레콤 대주주 누구임", "who", "major_holder"],
    ["현대건설 CEO가 누구죠", "who", "executives"],
    ["LG이노텍 사외이사 누구누구야", "who", "outside_directors"],
    ["KB금융 작년 배당했나요", "yes_no", "dividend"],
    ["한국전력공사 유상증자 한 적 있어?", "yes_no", "capital_change"],
    ["HMM 자사주 소각함?", "yes_no", "treasury_stock"],
    ["삼성SDI직원몇명", "how_many", "employees"],
    ["기업은행 임원 수", "how_many", "executives"],
    ["카카오페이 자기주식 몇 주야", "how_many", "treasury_stock"],
    ["크래프톤 직원 평균 급여 얼마", "how_much", "employee_pay"],
    ["하이브 등기이사 보수 얼마임", "how_much", "executive_pay"],
    ["셀트리온 매출 얼마야", "how_much", "accounts"],
    ["삼성물산 최대주주 지분율", "how_much", "major_holder"],
    ["SK스퀘어 배당금 주당 얼마", "how_much", "dividend"],
    ["삼성생명 최대주주 언제 바뀜", "when", "holder_change"],
    ["한화오션 유상증자 언제였지", "when", "capital_change"],
    ["LG 대표 언제 바뀌었나요", "when", "executives"],
    ["NAVER 최대주주 바뀌었어?", "changed", "holder_change"],
    ["기아 직원 수 작년보다 늘었나", "changed", "employees"],
    ["현대모비스 연봉 작년이랑 비교", "changed", "employee_pay"],
    ["POSCO홀딩스 자사주 늘었어?", "changed", "treasury_stock"],
    ["엔씨소프트 요즘 뉴스", "news", "news"],
    ["두산 근황", "news", "news"],
    ["한국전력 작년 적자였어", "yes_no", "accounts"],
    ["삼성전자 감사의견 뭐야", "statement", "audit"],
    ["LG화학 감사인 누구", "who", "audit"],
    ["하이브 방시혁 연봉 얼마", "how_much", "executive_pay"],
  ] as const)("%s → %s, %s", (q, form, topic) => {
    expect(questionForm(q)).toBe(form);
    expect(questionTopic(q)).toBe(topic);
  });

  it("a question that asks no fact in particular has no topic", () => {
    expect(questionTopic("삼성전자")).toBeUndefined();
    expect(questionForm("삼성전자")).toBe("statement");
  });

  it("a person before a pay word is asked about; a role is not", () => {
    expect(personBeforePay("하이브 김아무 보수 얼마")).toBe("김아무");
    expect(personBeforePay("카카오 임원 보수")).toBeUndefined();
    expect(personBeforePay("직원 평균연봉")).toBeUndefined();
  });

  it("a person's pay is read from the directors' tables, whatever the pay word", () => {
    for (const q of ["하이브 방시혁 연봉 얼마", "하이브 방시혁 보수", "하이브 방시혁 급여"])
      expect(apiKeysFor(q), q).toEqual(expect.arrayContaining(["api_09", "api_10", "api_11"]));
    expect(apiKeysFor("하이브 방시혁 연봉")).not.toContain("api_08");
    // the employees' pay stays theirs
    expect(apiKeysFor("하이브 직원 연봉")).toEqual(["api_08"]);
    expect(apiKeysFor("하이브 연봉")).toEqual(["api_08"]);
  });

  it("a change of a count or a year's pay is compared across reports; a dividend or holding within one", () => {
    expect(comparisonOf("기아 직원 수 늘었어?")).toBe("quarter");
    expect(comparisonOf("기아 임원 바뀌었어?")).toBe("quarter");
    expect(comparisonOf("기아 평균연봉 작년보다 올랐어?")).toBe("annual");
    expect(comparisonOf("기아 배당 작년보다 늘었어?")).toBeUndefined();
    expect(comparisonOf("기아 최대주주 바뀌었어?")).toBeUndefined();
    expect(comparisonOf("기아 직원 몇 명")).toBeUndefined();
  });
});
