// The offline adapters answer exactly as Naver and OpenDART do (the same response schemas accept
// them), on the vendored companies' real codes, with every item marked synthetic.
import { describe, expect, it } from "vitest";
import { listedCompanies } from "../../shared/data/listed-companies.ts";
import { fromKst } from "../../shared/platform/time.ts";
import { EmbeddedDart } from "../../shared/providers/embedded/dart-sample.ts";
import { EmbeddedNews } from "../../shared/providers/embedded/news-sample.ts";
import { NaverNewsResponse } from "../../shared/providers/naver-news.ts";
import { REPORT_APIS } from "../../shared/providers/opendart-apis.ts";
import { DartListResponse, REPRT_CODES } from "../../shared/providers/opendart.ts";

const now = () => fromKst(2025, 11, 20, 10);
const counter = { apiCalls: 0 };

describe("the vendored company table", () => {
  it("has real-format codes: 8-digit corp_code, 6-character stock code or none", () => {
    const all = listedCompanies();
    expect(all.length).toBe(214);
    for (const c of all) {
      expect(c.corp_code).toMatch(/^\d{8}$/);
      expect(c.stock_code).toMatch(/^(\d{6}|)$/);
    }
    expect(new Set(all.map((c) => c.corp_code)).size).toBe(all.length);
    expect(all.find((c) => c.corp_name === "삼성전자")).toMatchObject({
      corp_code: "00126380",
      stock_code: "005930",
    });
    expect(all.find((c) => c.corp_name === "LG")).toMatchObject({
      corp_code: "00120021",
      stock_code: "003550",
    });
  });
});

describe("the Naver news sample", () => {
  it("is a Naver response: <b> highlights, entities, RFC 1123 +0900 dates, synthetic items", async () => {
    const res = await new EmbeddedNews({ now }).search(counter, {
      query: "삼성전자 배당",
      display: 20,
      sort: "sim",
    });
    expect(NaverNewsResponse.parse(res)).toEqual(res);
    expect(res.items.length).toBeGreaterThan(0);
    for (const item of res.items) {
      expect(item.synthetic).toBe(true);
      expect(item.pubDate).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0900$/);
      expect(item.link).toMatch(/\.invalid\//);
    }
    expect(res.items.some((i) => i.title.includes("<b>삼성전자</b>"))).toBe(true);
  });

  it("sort=date is newest first; a query naming no company finds nothing", async () => {
    const news = new EmbeddedNews({ now });
    const res = await news.search(counter, { query: "LG 실적", display: 20, sort: "date" });
    const times = res.items.map((i) => Date.parse(i.pubDate));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await news.search(counter, { query: "날씨", display: 20, sort: "sim" })).items).toEqual([]);
  });
});

describe("the OpenDART sample", () => {
  const dart = new EmbeddedDart({ now });

  it("list.json: OpenDART's shape, filings up to today, newest first, paged", async () => {
    const res = await dart.list(counter, {
      corp_code: "00126380",
      bgn_de: "20240101",
      end_de: "20251120",
      page_count: 5,
    });
    expect(DartListResponse.parse(res)).toEqual(res);
    expect(res.list).toHaveLength(5);
    expect(res.total_page).toBeGreaterThan(1);
    const dates = res.list.map((i) => i.rcept_dt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates.every((d) => d <= "20251120")).toBe(true);
    expect(res.list.every((i) => i.synthetic && /^\d{8}99\d{4}$/.test(i.rcept_no))).toBe(true);
  });

  it("periodic filings only with pblntf_ty=A; 013 for a company with none", async () => {
    const a = await dart.list(counter, {
      corp_code: "00126380",
      bgn_de: "20240101",
      end_de: "20251120",
      pblntf_ty: "A",
      page_count: 100,
    });
    expect(a.list.every((i) => /보고서 \(\d{4}\.\d{2}\)/.test(i.report_nm))).toBe(true);
    expect(
      (await dart.list(counter, { corp_code: "00434003", bgn_de: "20240101", end_de: "20251120" })).status,
    ).toBe("013");
  });

  it("every report API answers rows with its documented fields, or 013", async () => {
    for (const api of REPORT_APIS) {
      const res = await dart.keyInfo(counter, api.key, {
        corp_code: "00164779",
        bsns_year: 2025,
        reprt_code: "11012",
      });
      expect(res.synthetic).toBe(true);
      if (res.status === "013") continue;
      for (const row of res.rows) {
        const expected = new Set([
          ...api.fields,
          "rcept_no",
          "corp_code",
          ...(api.key === "accounts" ? [] : ["corp_cls", "corp_name"]),
        ]);
        expect(new Set(Object.keys(row))).toEqual(expected);
      }
    }
  });

  it("a period not filed yet is 013", async () => {
    for (const code of REPRT_CODES) {
      const res = await dart.keyInfo(counter, "api_02", {
        corp_code: "00126380",
        bsns_year: 2026,
        reprt_code: code,
      });
      expect(res.status).toBe("013");
    }
  });
});
