// Golden tests on seed 003's own examples: the LG revision filing, the regular report's metadata, and
// the Final Output text, byte for byte.
import { describe, expect, it } from "vitest";
import {
  basicInfo,
  isRevision,
  reportFilename,
  successfulApis,
  withoutRevisionPrefix,
  yearQuarter,
} from "../../shared/news/dart-access.ts";
import { renderSummary, searchedListOf } from "../../shared/news/format.ts";
import { SearchState, type SearchedList } from "../../shared/news/schemas.ts";
import { quarterOf, REPRT_CODES } from "../../shared/providers/opendart.ts";

/** The list.json row behind 003's LG example (field names of OpenDART's list, reference §5.1). */
const LG_ROW = {
  corp_cls: "Y",
  corp_name: "LG",
  corp_code: "00120021",
  stock_code: "003550",
  report_nm: "[기재정정]타법인주식및출자증권취득결정",
  rcept_no: "20251001800707",
  flr_nm: "LG",
  rcept_dt: "20251001",
  rm: "유",
};

describe("003's basic_info, derived from a list.json row", () => {
  it("matches the seed's LG example field for field", () => {
    expect(basicInfo(LG_ROW)).toEqual({
      company: "LG",
      report_name: "[기재정정]타법인주식및출자증권취득결정",
      submitter: "LG",
      date: "2025.10.01",
      rcept_no: "20251001800707",
      url: "https://dart.fss.or.kr/dsaf001/main.do?rcpNo=20251001800707",
      title: "LG/타법인주식및출자증권취득결정/2025.10.01",
    });
  });

  it("date comes from rcept_dt, submitter from flr_nm (not the company)", () => {
    const info = basicInfo({ ...LG_ROW, rcept_dt: "20250915", flr_nm: "홍길동" });
    expect(info.date).toBe("2025.09.15");
    expect(info.submitter).toBe("홍길동");
    expect(info.company).toBe("LG");
  });

  it("the title drops every leading bracket, the report_name keeps it", () => {
    expect(withoutRevisionPrefix("[기재정정][첨부추가]주요사항보고서(자기주식취득결정)")).toBe(
      "주요사항보고서(자기주식취득결정)",
    );
    expect(isRevision("[기재정정]타법인주식및출자증권취득결정")).toBe(true);
    expect(isRevision("[첨부정정]단일판매ㆍ공급계약체결")).toBe(true);
    expect(isRevision("[첨부추가]사업보고서 (2024.12)")).toBe(false);
    expect(isRevision("타법인주식및출자증권취득결정")).toBe(false);
  });
});

describe("003's regular-report metadata", () => {
  it("filename is `${stock_code}_${corp_name}.json` (corp_code for an unlisted company)", () => {
    expect(reportFilename("003550", "00120021", "LG")).toBe("003550_LG.json");
    expect(reportFilename("", "00434003", "다코")).toBe("00434003_다코.json");
  });

  it("reprt_code → quarter: 11013 Q1, 11012 Q2 (반기), 11014 Q3, 11011 Q4 (사업보고서)", () => {
    expect(REPRT_CODES.map((c) => [c, quarterOf(c)])).toEqual([
      ["11013", 1],
      ["11012", 2],
      ["11014", 3],
      ["11011", 4],
    ]);
    expect(yearQuarter(2025, "11012")).toBe("2025_Q2");
  });

  it("successful_apis counts 013 (answered: no such section) but not errors, unfetched APIs or accounts", () => {
    const all28 = Object.fromEntries(
      Array.from({ length: 28 }, (_, i) => [`api_${String(i + 1).padStart(2, "0")}`, "000"]),
    );
    expect(successfulApis(all28)).toBe(28); // 003's LG example
    expect(successfulApis({ api_01: "013", api_02: "000", accounts: "000" })).toBe(2);
    expect(successfulApis({})).toBe(0);
  });
});

/** Seed 003's "Final Output", verbatim. */
const SEED_FINAL_OUTPUT = `=== 검색 결과 요약: '삼성전자 매출' ===
📰 뉴스: 5건
   뉴스 제목:
   - 삼성전자 3분기 실적 발표 (2024-10-09)
   - 삼성전자 매출 증가세 (2024-10-08)

📊 정기보고서: 12건
   회사명:
   - 삼성전자 (2025년 2분기)
   - 삼성전자 (2025년 1분기)

🔄 정정보고서: 3건
   문서 인덱스:
   - 2025.10.01 [기재정정]타법인주식및출자증권취득결정
   - 2025.09.15 [기재정정]주요경영사항

⚠️ 에러 0건
`;

const meta = (yq: string) => ({
  corp_code: "00126380",
  corp_name: "삼성전자",
  stock_code: "005930",
  year_quarter: yq,
  collection_date: "2025-09-29T11:57:03.993",
  successful_apis: 28,
});
const news = (title: string, date: string) => ({ title, date, link: `https://n/${title}`, description: "…" });
const revision = (date: string, name: string, index: number) => ({
  basic_info: {
    company: "삼성전자",
    report_name: name,
    submitter: "삼성전자",
    date,
    rcept_no: `2025000000000${index}`,
    url: "u",
    title: "t",
  },
  content_length: 1000,
  index,
});

const SEED_LIST: SearchedList = {
  news: [
    news("삼성전자 3분기 실적 발표", "2024-10-09"),
    news("삼성전자 매출 증가세", "2024-10-08"),
    news("c", "2024-10-07"),
    news("d", "2024-10-06"),
    news("e", "2024-10-05"),
  ],
  regular: [
    {
      year: 2025,
      quarter: 2,
      company_name: "삼성전자",
      filename: "005930_삼성전자.json",
      metadata: meta("2025_Q2"),
      api_keys: ["api_01"],
    },
    {
      year: 2025,
      quarter: 1,
      company_name: "삼성전자",
      filename: "005930_삼성전자.json",
      metadata: meta("2025_Q1"),
      api_keys: ["api_01"],
    },
    ...Array.from({ length: 10 }, (_, i) => ({
      year: 2024 - i,
      quarter: 4,
      company_name: "삼성전자",
      filename: "005930_삼성전자.json",
      metadata: meta(`${2024 - i}_Q4`),
      api_keys: ["api_01"],
    })),
  ],
  revision: [
    revision("2025.10.01", "[기재정정]타법인주식및출자증권취득결정", 0),
    revision("2025.09.15", "[기재정정]주요경영사항", 1),
    revision("2025.08.01", "[기재정정]기타", 2),
  ],
};

describe("003's Final Output (search_summary)", () => {
  const state = (extra: object = {}) => SearchState.parse({ query: "삼성전자 매출", ...extra });

  it("reproduces the seed's example byte for byte: counts, and the first two items of each section", () => {
    expect(renderSummary(state(), SEED_LIST)).toBe(SEED_FINAL_OUTPUT);
  });

  it("a branch that was not asked for has no section", () => {
    expect(renderSummary(state({ search_preference: "news" }), SEED_LIST)).toBe(
      `=== 검색 결과 요약: '삼성전자 매출' ===
📰 뉴스: 5건
   뉴스 제목:
   - 삼성전자 3분기 실적 발표 (2024-10-09)
   - 삼성전자 매출 증가세 (2024-10-08)

⚠️ 에러 0건
`,
    );
    expect(renderSummary(state({ search_preference: "publications" }), SEED_LIST)).not.toContain("📰");
  });

  it("an empty section shows its count only; each error is listed, news errors first", () => {
    const text = renderSummary(
      state({
        news_errors: ["네이버 뉴스: 일일 호출 한도 초과(429)"],
        pub_errors: ["OpenDART: 요청 제한 초과(020)"],
      }),
      { news: [], regular: [], revision: [] },
    );
    expect(text).toBe(`=== 검색 결과 요약: '삼성전자 매출' ===
📰 뉴스: 0건

📊 정기보고서: 0건

🔄 정정보고서: 0건

⚠️ 에러 2건
   - 네이버 뉴스: 일일 호출 한도 초과(429)
   - OpenDART: 요청 제한 초과(020)
`);
  });

  it("searched_list keeps 003's shapes exactly", () => {
    const s = state({
      news_results: {
        lastBuildDate: "x",
        total: 1,
        start: 1,
        display: 1,
        sort: "sim",
        items: [
          {
            title: "T",
            originallink: "o",
            link: "l",
            description: "D",
            pubDate: "p",
            formatted_date: "2024-10-09",
            merged_links: ["m"],
          },
        ],
      },
      publication_results: {
        companies: [],
        regular_results: {
          available_reports: [
            {
              year: 2025,
              quarter: 2,
              company_name: "LG",
              filename: "003550_LG.json",
              processed_data: {
                metadata: {
                  ...meta("2025_Q2"),
                  corp_code: "00120021",
                  corp_name: "LG",
                  stock_code: "003550",
                },
              },
              report_ref: {
                source: "opendart",
                corp_code: "00120021",
                bsns_year: 2025,
                reprt_code: "11012",
                rcept_no: "20250814000001",
              },
            },
          ],
        },
        revision_results: { revision_documents: [revision("2025.10.01", "[기재정정]X", 0)] },
      },
    });
    const list = searchedListOf(s);
    expect(list.news).toEqual([{ title: "T", date: "2024-10-09", link: "l", description: "D" }]);
    expect(Object.keys(list.regular[0]!)).toEqual([
      "year",
      "quarter",
      "company_name",
      "filename",
      "metadata",
      "api_keys",
    ]);
    expect(list.regular[0]!.api_keys.slice(0, 2)).toEqual(["api_01", "api_02"]);
    expect(list.regular[0]!.api_keys).toContain("api_28");
    expect(Object.keys(list.revision[0]!)).toEqual(["basic_info", "content_length", "index"]);
  });
});
