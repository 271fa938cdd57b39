import { describe, expect, it } from "vitest";
import { SearchState, type SearchedList, type SelectedDocuments } from "../../shared/news/schemas.ts";
import {
  API_DESCRIPTIONS,
  SELECT_SYSTEM_PROMPT,
  canonical,
  selectionProblems,
} from "../../shared/news/select.ts";
import { selectDocumentsStep } from "../../shared/news/steps.ts";
import { selectForAsked } from "../../shared/news/asked-selection.ts";
import { offlineSelection } from "../../shared/news/offline-selection.ts";
import { REPORT_API_KEYS } from "../../shared/providers/opendart-apis.ts";
import { scriptedLlm } from "../helpers/scripted-llm.ts";

const metadata = (yq: string) => ({
  corp_code: "00126380",
  corp_name: "삼성전자",
  stock_code: "005930",
  year_quarter: yq,
  collection_date: "2025-11-20T10:00:00.000",
  successful_apis: 1,
});
const report = (year: number, quarter: number) => ({
  year,
  quarter,
  company_name: "삼성전자",
  filename: "005930_삼성전자.json",
  metadata: metadata(`${year}_Q${quarter}`),
  api_keys: [...REPORT_API_KEYS],
});
const info = (rcept_no: string, report_name: string, date: string) => ({
  company: "삼성전자",
  report_name,
  submitter: "삼성전자",
  date,
  rcept_no,
  url: `https://dart.fss.or.kr/dsaf001/main.do?rcpNo=${rcept_no}`,
  title: `삼성전자/${report_name}/${date}`,
});

const LIST: SearchedList = {
  news: [
    { title: "삼성전자 신제품 공개", date: "2025-11-19", link: "https://n/1", description: "갤럭시 신제품" },
    {
      title: "삼성전자, 분기 배당 결정",
      date: "2025-11-18",
      link: "https://n/2",
      description: "주당 배당금 확정",
    },
    { title: "반도체 업황 회복", date: "2025-11-17", link: "https://n/3", description: "메모리 가격" },
  ],
  regular: [report(2025, 3), report(2025, 2), report(2025, 1), report(2024, 4)],
  revision: [
    {
      basic_info: info("20251101990001", "[기재정정]현금ㆍ현물배당결정", "2025.11.01"),
      content_length: 1500,
      index: 0,
    },
    {
      basic_info: info("20251010990002", "[기재정정]유형자산취득결정", "2025.10.10"),
      content_length: 1400,
      index: 1,
    },
  ],
};

const valid: SelectedDocuments = {
  news: [{ title: "x", date: "x", link: "https://n/2", reason: "배당 뉴스", priority: 3 }],
  regular: [
    {
      company_name: "x",
      year: 2025,
      quarter: 3,
      filename: "005930_삼성전자.json",
      api_keys_to_check: ["api_02"],
      reason: "배당",
      priority: 1,
    },
  ],
  revision: [{ basic_info: { ...info("20251101990001", "?", "?") }, reason: "배당 정정", priority: 2 }],
  selection_summary: "총 99개",
};

describe("a selection is valid only with picks from the searched list", () => {
  it("accepts picks by link, filename + period and rcept_no", () => {
    expect(selectionProblems(valid, LIST)).toEqual([]);
  });

  it("names every pick that is not in the list", () => {
    const bad: SelectedDocuments = {
      ...valid,
      news: [{ ...valid.news[0]!, link: "https://n/made-up" }],
      regular: [
        { ...valid.regular[0]!, quarter: 4 },
        { ...valid.regular[0]!, api_keys_to_check: ["api_02", "api_99"] },
      ],
      revision: [{ ...valid.revision[0]!, basic_info: info("20990101000000", "x", "x") }],
    };
    expect(selectionProblems(bad, LIST)).toEqual([
      "news[0].link is not a link of the listed news",
      "regular[0] (005930_삼성전자.json 2025 Q4) is not a listed report",
      "regular[1].api_keys_to_check: api_99 is not one of that report's api_keys",
      "revision[0].basic_info.rcept_no 20990101000000 is not a listed revision",
    ]);
  });

  it("canonical copies the list's own fields and counts the summary from the picks", () => {
    const c = canonical(valid, LIST);
    expect(c.news[0]).toMatchObject({ title: "삼성전자, 분기 배당 결정", date: "2025-11-18" });
    expect(c.regular[0]?.company_name).toBe("삼성전자");
    expect(c.revision[0]?.basic_info.report_name).toBe("[기재정정]현금ㆍ현물배당결정");
    expect(c.selection_summary).toBe("총 3개 문서 선택: 뉴스 1건, 정기보고서 1건, 정정보고서 1건");
  });
});

describe("the offline selector follows 003's criteria in order", () => {
  const sel = offlineSelection("삼성전자 배당", LIST);

  it("takes API keys from the question's words, newest reports first, at most five", () => {
    expect(sel.regular.map((r) => [r.year, r.quarter, r.api_keys_to_check])).toEqual([
      [2025, 3, ["api_02"]],
      [2025, 2, ["api_02"]],
      [2025, 1, ["api_02"]],
      [2024, 4, ["api_02"]],
    ]);
    expect(offlineSelection("삼성전자 임원 직원", LIST).regular[0]?.api_keys_to_check).toEqual([
      "api_07",
      "api_08",
    ]);
    expect(offlineSelection("삼성전자", LIST).regular[0]?.api_keys_to_check).toEqual(["accounts"]);
  });

  it("ranks relevance, then reliability (정기 > 정정 > 뉴스), then recency", () => {
    const ranked = [
      ...sel.regular.map((r) => [r.priority, `regular ${r.year}Q${r.quarter}`]),
      ...sel.revision.map((r) => [r.priority, `revision ${r.basic_info.date}`]),
      ...sel.news.map((n) => [n.priority, `news ${n.date}`]),
    ]
      .sort((a, b) => Number(a[0]) - Number(b[0]))
      .map((x) => x[1]);
    expect(ranked).toEqual([
      "regular 2025Q3",
      "regular 2025Q2",
      "regular 2025Q1",
      "regular 2024Q4",
      "revision 2025.11.01", // 배당 in its title: the question's topic
      "news 2025-11-18", // 배당 in the title
      "revision 2025.10.10", // the company only
      "news 2025-11-19", // the company only
    ]);
    expect(sel.news.map((n) => n.link)).toEqual(["https://n/2", "https://n/1"]);
    expect(sel.selection_summary).toBe("총 8개 문서 선택: 뉴스 2건, 정기보고서 4건, 정정보고서 2건");
    expect(selectionProblems(sel, LIST)).toEqual([]);
  });
});

describe("SelectDocuments", () => {
  const state = (list: SearchedList) => SearchState.parse({ query: "삼성전자 배당", searched_list: list });

  it("with nothing found makes no LLM call", async () => {
    const llm = scriptedLlm([valid]);
    const out = await selectDocumentsStep(state({ news: [], regular: [], revision: [] }), { llm });
    expect(llm.requests).toHaveLength(0);
    expect(out.selected_documents?.selection_summary).toBe(
      "총 0개 문서 선택: 뉴스 0건, 정기보고서 0건, 정정보고서 0건",
    );
  });

  it("asks with 003's system prompt and the template listing all 28 APIs", async () => {
    const llm = scriptedLlm([valid]);
    const out = await selectDocumentsStep(state(LIST), { llm });
    const req = llm.requests[0]!;
    expect(req.system.startsWith(SELECT_SYSTEM_PROMPT)).toBe(true);
    expect(req.prompt).toContain('사용자 쿼리: "삼성전자 배당"');
    expect(req.prompt).toContain("정기보고서의 경우 관련성이 높은 API 키들만 선별해서 포함해주세요.");
    expect(req.prompt).toContain("- api_10: 이사·감사 전체의 보수현황(보수지급금액 - 이사·감사 전체)");
    expect(req.prompt).toContain("- api_28: 신종자본증권 미상환 잔액");
    expect(API_DESCRIPTIONS.split("\n")).toHaveLength(29);
    expect(out.usage.SelectDocuments?.engine).toBe("llm");
    // "배당" asks no 정정 filing: the LLM's pick of one is not shown (issue 25)
    expect(out.selected_documents?.selection_summary).toBe(
      "총 2개 문서 선택: 뉴스 1건, 정기보고서 1건, 정정보고서 0건",
    );
  });

  it("a pick outside the list is retried once with the reason, then the offline selector answers", async () => {
    const outside = { ...valid, news: [{ ...valid.news[0]!, link: "https://n/made-up" }] };
    const llm = scriptedLlm([outside, outside]);
    const out = await selectDocumentsStep(state(LIST), { llm });
    expect(llm.rejections).toEqual([
      "news[0].link is not a link of the listed news",
      "news[0].link is not a link of the listed news",
    ]);
    expect(out.selected_documents).toEqual(
      selectForAsked(offlineSelection("삼성전자 배당", LIST), LIST, "삼성전자 배당"),
    );
    expect(out.usage.SelectDocuments).toMatchObject({ engine: "offline-fallback", llmCalls: 2 });
    expect(out.usage.SelectDocuments?.warnings[0]).toContain("규칙에 따른 선택");
  });

  it("a corrected second answer is used", async () => {
    const llm = scriptedLlm([
      { ...valid, regular: [{ ...valid.regular[0], api_keys_to_check: ["api_99"] }] },
      valid,
    ]);
    const out = await selectDocumentsStep(state(LIST), { llm });
    expect(out.usage.SelectDocuments?.engine).toBe("llm");
    expect(out.selected_documents?.regular[0]?.api_keys_to_check).toEqual(["api_02"]);
  });

  it("an unavailable LLM falls back with a warning", async () => {
    const out = await selectDocumentsStep(state(LIST), { llm: scriptedLlm([{ unavailable: "overloaded" }]) });
    expect(out.usage.SelectDocuments?.engine).toBe("offline-fallback");
  });

  it("without an LLM the offline selector answers", async () => {
    const out = await selectDocumentsStep(state(LIST), {});
    expect(out.usage.SelectDocuments?.engine).toBe("offline");
    expect(out.selected_documents?.regular).toHaveLength(4);
  });
});
