// "When" questions about filings answer with the filing's date (a periodic report's receipt number
// begins with its filing day; a 정정 filing carries its date), and news questions ("왜 떨어졌어", "공시나
// 뉴스") say what the news found in the first sentence even when no headline is about the move.
import { describe, expect, it } from "vitest";
import { filingDateSentence, nextReportDue } from "../../shared/news/filing-dates.ts";
import { leadSentence } from "../../shared/news/offline-answer.ts";
import type { ContextDoc } from "../../shared/news/load-documents.ts";

const report = (n: number, rcept: string, year: number, quarter: number, synthetic = true): ContextDoc => ({
  n,
  type: "regular",
  id: rcept,
  title: "",
  url: "",
  header: "",
  body: "",
  synthetic,
  company: "가나전자",
  tables: [{ apiKey: "accounts", rows: [], year, quarter }],
});
const revision = (n: number, date: string, name: string): ContextDoc => ({
  n,
  type: "revision",
  id: `r${n}`,
  title: name,
  url: "",
  header: `${date} ${name} — 제출인 가나전자, 원문 1200자`,
  body: "",
  synthetic: true,
});
const news = (n: number, date: string, title: string): ContextDoc => ({
  n,
  type: "news",
  id: `n${n}`,
  title,
  url: "",
  header: `${date} ${title} (네이버 뉴스 요약문)`,
  body: "",
  synthetic: true,
});

const q3 = report(1, "20261114000123", 2026, 3);
const annual = report(2, "20260314000456", 2025, 4);

describe("when a filing was made", () => {
  it("results: the newest periodic report's filing day", () => {
    expect(filingDateSentence("가나전자 실적발표 언제", [annual, q3], "가나전자")).toBe(
      "합성 데이터 기준, 가나전자가 2026년 3분기 분기보고서를 공시한 날은 2026년 11월 14일입니다 [1].",
    );
  });

  it("a report of a kind: that kind's", () => {
    expect(filingDateSentence("가나전자 사업보고서 언제 나왔어", [q3, annual], "가나전자")).toMatch(
      /2025년 사업보고서를 공시한 날은 2026년 3월 14일입니다 \[2\]/,
    );
  });

  it("any filing: the newest of all, with its name", () => {
    const docs = [q3, revision(3, "2026.11.20", "[기재정정]단일판매ㆍ공급계약체결")];
    expect(filingDateSentence("가나전자 언제 공시했어", docs, "가나전자")).toBe(
      "합성 데이터 기준, 가나전자가 가장 최근 공시한 날은 2026년 11월 20일입니다(‘[기재정정]단일판매ㆍ공급계약체결’) [3].",
    );
  });

  it("one to come: the next report of the kind and its legal deadline", () => {
    expect(filingDateSentence("가나전자 분기보고서 언제 나와", [q3], "가나전자")).toMatch(
      /다음 2027년 1분기 분기보고서의 법정 제출 기한은 2027년 5월 15일입니다\.$/,
    );
    expect(nextReportDue(2026, 3)).toMatchObject({ year: 2026, quarter: 4, ymd: "20270331" });
    expect(nextReportDue(2026, 1)).toMatchObject({ quarter: 2, ymd: "20260814" });
  });

  it("not a fact's own date, nor a question that is not 'when'", () => {
    expect(filingDateSentence("가나전자 배당 기준일 언제", [q3], "가나전자")).toBeUndefined();
    expect(filingDateSentence("가나전자 실적 어때", [q3], "가나전자")).toBeUndefined();
  });

  it("nothing loaded: said, with no date made up", () => {
    expect(filingDateSentence("가나전자 언제 공시했어", [], "가나전자")).toBe(
      "가나전자가 낸 공시의 날짜는 불러온 공시에서 찾지 못했습니다.",
    );
  });
});

describe("news questions answer with the news found", () => {
  const items = [news(4, "2026-11-20", "가나전자 신제품 공개"), news(5, "2026-11-25", "가나전자 공장 증설")];

  it("a price move no headline explains: that, and the newest headline", () => {
    expect(leadSentence("가나전자 왜 떨어졌어", items, "가나전자")).toBe(
      "합성 데이터 기준, 가나전자의 주가 하락 이유를 다룬 뉴스는 찾지 못했고, 찾은 뉴스 2건 중 가장 최근은 2026-11-25의 ‘가나전자 공장 증설’입니다 [5].",
    );
  });

  it("filings and news asked together: both in the first sentence", () => {
    const docs = [revision(3, "2026.11.27", "[첨부정정]유형자산취득결정"), ...items];
    expect(leadSentence("가나전자 최근 공시나 뉴스 정리해줘", docs, "가나전자")).toBe(
      "합성 데이터 기준, 가나전자의 최근 공시는 1건이며, 가장 최근은 2026.11.27 [첨부정정]유형자산취득결정 [3]이고, 가장 최근 뉴스는 2026-11-25의 ‘가나전자 공장 증설’입니다 [5].",
    );
  });
});
