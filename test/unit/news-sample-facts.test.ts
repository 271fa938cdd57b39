// Issue 25: the sample news about a company is generated from the same synthetic facts as its sample
// filings (a dividend or an operating income in a headline is the table's), and synthetic links point
// at the demo domain.
import { describe, expect, it } from "vitest";
import { DEMO_DOMAIN, latestFiledPeriod } from "../../shared/demo/company-facts.ts";
import { koreanWon } from "../../shared/korean/numerals.ts";
import { EmbeddedDart } from "../../shared/providers/embedded/dart-sample.ts";
import { EmbeddedNews } from "../../shared/providers/embedded/news-sample.ts";
import { REPRT_CODES } from "../../shared/providers/opendart.ts";
import { basicInfo } from "../../shared/news/dart-access.ts";

const now = () => new Date("2026-11-27T03:00:00Z");
const SAMSUNG = "00126380";
const plain = (s: string) => s.replace(/<\/?b>/g, "").replace(/&quot;/g, '"');

describe("the samples agree", () => {
  const period = latestFiledPeriod(now());
  const q = { corp_code: SAMSUNG, bsns_year: period.year, reprt_code: REPRT_CODES[period.quarter - 1]! };

  it("a dividend headline states the latest business report's dividend per share", async () => {
    const dart = new EmbeddedDart({ now });
    // the year's dividend is the business report's (a quarterly report shows the year's so far)
    const annual = {
      ...q,
      bsns_year: period.quarter === 4 ? period.year : period.year - 1,
      reprt_code: "11011" as const,
    };
    const table = await dart.keyInfo({ apiCalls: 0 }, "api_02", annual);
    const dps = (table.rows as Record<string, string>[]).find((r) =>
      r.se?.includes("주당 현금배당금"),
    )?.thstrm;
    expect(dps).toMatch(/\d/);
    const news = await new EmbeddedNews({ now }).search(
      { apiCalls: 0 },
      { query: "삼성전자 배당", display: 10, sort: "sim" },
    );
    const titles = news.items.map((i) => plain(i.title));
    expect(titles.some((t) => t.includes(`주당 ${dps}원`))).toBe(true);
    for (const i of news.items) expect(new URL(i.link).hostname).toBe(DEMO_DOMAIN);
  });

  it("an earnings headline states the table's operating income", async () => {
    const dart = new EmbeddedDart({ now });
    const table = await dart.keyInfo({ apiCalls: 0 }, "accounts", q);
    const op = (table.rows as Record<string, string>[]).find(
      (r) => r.account_nm === "영업이익" && r.fs_div === "CFS",
    );
    const eok = koreanWon(Math.round(Number(op!.thstrm_amount!.replace(/,/g, "")) / 1e8) * 1e8);
    const news = await new EmbeddedNews({ now }).search(
      { apiCalls: 0 },
      { query: "삼성전자 실적", display: 10, sort: "sim" },
    );
    // read out as people write it: "6조 2,878억 원"
    expect(news.items.map((i) => plain(i.title)).some((t) => t.includes(`영업이익 ${eok}`))).toBe(true);
  });

  it("a synthetic filing links to the demo domain", () => {
    const info = basicInfo({
      corp_cls: "Y",
      corp_name: "삼성전자",
      corp_code: SAMSUNG,
      stock_code: "005930",
      report_nm: "[기재정정]유형자산취득결정",
      rcept_no: "20261101000001",
      flr_nm: "삼성전자",
      rcept_dt: "20261101",
      rm: "",
      synthetic: true,
    });
    expect(new URL(info.url).hostname).toBe(DEMO_DOMAIN);
  });
});
