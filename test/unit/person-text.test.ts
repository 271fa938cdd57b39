// The shared checker of text shown to people (test/helpers/person-text.ts): each kind of technical
// string is caught, Korean prose with the names people read (OpenDART, KT&G, M&A, LG Energy Solution) and
// links passes, and the walk reads the person-facing fields of an answer and leaves the rest alone.
import { describe, expect, it } from "vitest";
import {
  checkPersonText,
  personTexts,
  technicalStrings,
  type TechnicalKind,
} from "../helpers/person-text.ts";

const kinds = (text: string) => [...new Set(technicalStrings(text).map((t) => t.kind))];

describe("technicalStrings", () => {
  it.each<[TechnicalKind, string]>([
    ["screaming_snake", "실제 장소를 보려면 KAKAO_REST_API_KEY를 설정하세요."],
    ["screaming_snake", "웹 검색이 설정되어 있지 않습니다(TAVILY_API_KEY)."],
    ["screaming_snake", "결과: NO_RESULT"],
    ["backtick", "`dongne import-stores`로 가게 목록을 불러오세요."],
    ["file_name", "LG 2026년 3분기 분기보고서 (003550_LG.json, 접수번호 20261114994968)"],
    ["file_name", "places.csv에서 불러왔습니다."],
    ["braces", "위치를 location: {lat, lng}로 보내 주세요."],
    ["engine_label", "‘삼성전자 배당’에 대해 불러온 자료를 정리했습니다 (규칙 기반 요약)."],
    ["engine_label", "해당 사항 없음 (OpenDART 조회 결과 없음)"],
    ["engine_label", "HCX-007이 고른 문서입니다."],
    ["engine_label", "knn 검색으로 찾았습니다."],
    ["engine_label", "요청 제한 초과(020) — 오늘은 더 호출하지 않습니다"],
    ["code_name", "api_05를 확인했습니다."],
    ["code_name", "항목마다 합성 표시(synthetic: true)가 붙어 있습니다."],
    ["code_name", "corpCode 목록을 받지 못했습니다."],
    ["particle_fallback", "‘구름빵전자’은(는) 목록에 없습니다."],
    ["particle_fallback", "삼성전자이(가) 실적을 공시했다."],
    ["particle_fallback", "문서을(를) 불러왔습니다."],
    ["particle_fallback", "서울(으)로 갑니다."],
    ["english_sentence", "no location recognised in the query"],
    ["english_sentence", "뉴스는 요약문(snippet)만 확인했습니다."],
    ["stray_ampersand", "LG, 신제품 공개…& 글로벌 시장 공략"],
    ["stray_ampersand", "주주환원 강화…&quot;배당 확대 검토&quot;"],
  ])("%s: %s", (kind, text) => {
    expect(kinds(text)).toContain(kind);
  });

  it("passes Korean prose with the names people read, numbers and links", () => {
    for (const text of [
      "합성 데이터 기준, 삼성전자의 2025년 주당 현금배당금은 보통주 1,444원입니다(2025년 사업보고서) [1].",
      "KT&G의 M&A와 R&D 소식입니다.",
      "‘LG Energy Solution’을 LG에너지솔루션으로 읽었습니다.",
      "OpenDART 키를 설정하면 실제 공시를 봅니다.",
      "출처\n[1] 삼성전자 2025년 사업보고서 — https://dart.fss.or.kr/dsaf001/main.do?rcpNo=20250311001085",
      "LLM을 쓸 수 없어 규칙에 따른 선택으로 대신했습니다.",
      "| 구분 | 당기 | 전기 |\n| --- | --- | --- |\n| 주당 현금배당금(원) | 1,444 | 1,444 |",
    ])
      expect(technicalStrings(text), text).toEqual([]);
  });
});

describe("the walk over an answer", () => {
  const answer = {
    query: "API_KEY 질문",
    generated_response: "답입니다 (규칙 기반 요약).",
    search_summary: "=== 검색 결과 요약: 'x' ===\n⚠️ 에러 1건\n   - OPENDART_API_KEY",
    searched_list: { news: [{ title: "LG…& 공시", link: "https://a.invalid/x.json" }], regular: [] },
    selected_documents: { regular: [{ filename: "003550_LG.json", reason: "문서을(를) 골랐습니다" }] },
    meta: {
      warnings: ["`dongne status`를 보세요"],
      notices: [{ code: "synthetic_data", settings: ["NAVER_CLIENT_ID"] }],
      engine: "offline",
      interpretation: { text: "강남역 {반경}", strategy: "radius_search" },
      emptyReason: { code: "needs_location", message: "위치가 필요합니다" },
    },
    error: { code: "invalid", message: "field_name이 잘못됐습니다", field: "location" },
  };

  it("reads answers, headlines, reasons, warnings, interpretations and error messages", () => {
    expect(personTexts(answer).map((t) => t.path)).toEqual([
      "generated_response",
      "searched_list.news.0.title",
      "selected_documents.regular.0.reason",
      "meta.warnings.0",
      "meta.interpretation.text",
      "meta.emptyReason.message",
      "error.message",
    ]);
  });

  it("leaves codes, fields, links, the query and seed 003's summary alone", () => {
    const found = checkPersonText(answer);
    expect(found.map((f) => `${f.path} ${f.kind}`)).toEqual([
      "generated_response engine_label",
      "searched_list.news.0.title stray_ampersand",
      "selected_documents.regular.0.reason particle_fallback",
      "meta.warnings.0 backtick",
      "meta.interpretation.text braces",
      "error.message code_name",
    ]);
  });
});
