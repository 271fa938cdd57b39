import { afterEach, describe, expect, it } from "vitest";
import { plainText, decodeEntities } from "../../shared/platform/html-text.ts";
import { dartXmlToText } from "../../shared/providers/opendart.ts";
import { cleanAndMerge, formattedDate, sameStory, storyKey } from "../../shared/news/search-news.ts";

describe("Naver text", () => {
  it("drops <b> tags and decodes entities, tags first", () => {
    expect(plainText("<b>삼성전자</b>, &quot;배당&quot; 확대 &amp; 자사주")).toBe(
      '삼성전자, "배당" 확대 & 자사주',
    );
    expect(plainText("A&lt;b&gt;B  &#39;C&#x27;")).toBe("A<b>B 'C'");
    expect(decodeEntities("&unknown; &#0;")).toBe("&unknown; &#0;");
  });
});

describe("formatted_date: the Korean calendar date of pubDate", () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  for (const tz of ["UTC", "America/Los_Angeles", "Asia/Seoul"]) {
    it(`is never a day early on a machine in ${tz}`, () => {
      process.env.TZ = tz;
      expect(formattedDate("Tue, 15 Sep 2026 00:30:00 +0900")).toBe("2026-09-15");
      expect(formattedDate("Tue, 15 Sep 2026 23:59:59 +0900")).toBe("2026-09-15");
      expect(formattedDate("Mon, 14 Sep 2026 15:00:00 +0000")).toBe("2026-09-15"); // 00:00 KST
    });
  }

  it("the naive local-date reading would be a day early on UTC (what the test guards)", () => {
    process.env.TZ = "UTC";
    expect(new Date("Tue, 15 Sep 2026 00:30:00 +0900").getDate()).toBe(14);
  });

  it("is empty for an unreadable date", () => {
    expect(formattedDate("not a date")).toBe("");
  });
});

describe("the same story from several outlets", () => {
  it("keys ignore tags like [종합], punctuation and spacing", () => {
    expect(storyKey("[종합] <b>삼성전자</b>, 분기 배당 결정…주당 500원")).toBe(
      storyKey("삼성전자 분기 배당 결정 주당 500원"),
    );
  });

  it("near-identical titles merge, different stories do not", () => {
    expect(
      sameStory(
        storyKey("삼성전자, 3분기 영업이익 10조 돌파"),
        storyKey("삼성전자 3분기 영업이익 10조 돌파했다"),
      ),
    ).toBe(true);
    expect(
      sameStory(storyKey("삼성전자, 3분기 영업이익 10조 돌파"), storyKey("SK하이닉스, HBM 증설 투자")),
    ).toBe(false);
  });

  it("merges into the first (most relevant) item and keeps the others' links", () => {
    const items = cleanAndMerge([
      {
        title: "<b>LG</b>, 배당 확대",
        originallink: "a",
        link: "https://x/a",
        description: "d1",
        pubDate: "Tue, 15 Sep 2026 09:00:00 +0900",
      },
      {
        title: "[종합] LG, 배당 확대",
        originallink: "b",
        link: "https://x/b",
        description: "d2",
        pubDate: "Tue, 15 Sep 2026 10:00:00 +0900",
      },
      {
        title: "LG 임원 인사",
        originallink: "c",
        link: "https://x/c",
        description: "d3",
        pubDate: "Tue, 15 Sep 2026 11:00:00 +0900",
      },
    ]);
    expect(items.map((i) => [i.title, i.merged_links])).toEqual([
      ["LG, 배당 확대", ["https://x/b"]],
      ["LG 임원 인사", []],
    ]);
    expect(items[0]?.formatted_date).toBe("2026-09-15");
  });
});

describe("DART document XML → text", () => {
  it("keeps paragraphs and table rows, drops markup, decodes entities", () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?><DOCUMENT><DOCUMENT-NAME>정정신고(보고)</DOCUMENT-NAME>
<BODY><SECTION-1><TITLE>1. 정정사유</TITLE><P>금액&amp;일정 확정</P><P>&cr;</P>
<TABLE><TR><TD>항목</TD><TD>정정전</TD><TD>정정후</TD></TR><TR><TD>금액</TD><TD>1,000</TD><TD>1,200</TD></TR></TABLE></SECTION-1></BODY></DOCUMENT>`;
    expect(dartXmlToText(xml)).toBe(
      "정정신고(보고)\n1. 정정사유\n금액&일정 확정\n항목 | 정정전 | 정정후\n금액 | 1,000 | 1,200",
    );
  });
});

describe("the news command", async () => {
  const { newsCommand } = await import("../../shared/news/cli.ts");
  const { createNewsDeps } = await import("../../shared/news/wiring.ts");
  const { newsConfig, NewsEnvSchema } = await import("../../shared/news/config.ts");
  const { runNewsSearch } = await import("../../shared/news/pipeline.ts");
  const deps = createNewsDeps(newsConfig(NewsEnvSchema.parse({})));
  const search = (req: Parameters<typeof runNewsSearch>[0]) => runNewsSearch(req, deps);

  it("prints 003's summary then the answer, or the JSON response", async () => {
    expect(await newsCommand(["삼성전자", "배당"], search)).toMatch(
      /^=== 검색 결과 요약: '삼성전자 배당' ===/,
    );
    const json = JSON.parse(await newsCommand(["삼성전자 배당", "--preference=news", "--json"], search));
    expect(json.search_preference).toBe("news");
    expect(json.meta.synthetic).toBe(true);
  });

  it("rejects a bad option or an empty question with the usage", async () => {
    await expect(newsCommand(["--preference", "all", "x"], search)).rejects.toThrow(/사용법: dongne news/);
    await expect(newsCommand([], search)).rejects.toThrow(/사용법: dongne news/);
  });
});
