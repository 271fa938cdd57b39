import { describe, expect, it } from "vitest";
import { CompanyIndex } from "../../shared/news/companies.ts";
import { EmbeddedCompanyDirectory, OpenDartCompanyDirectory } from "../../shared/news/company-directory.ts";
import { fromKst } from "../../shared/platform/time.ts";
import type { DartPort } from "../../shared/providers/opendart.ts";

const index = await new EmbeddedCompanyDirectory().index();
const names = (q: string) =>
  index.resolve(q).companies.map((c) => `${c.corp_name}:${c.corp_code}:${c.stock_code}`);

describe("company names → OpenDART codes (the vendored table)", () => {
  it("finds names followed by particles and real codes", () => {
    expect(names("삼성전자의 배당")).toEqual(["삼성전자:00126380:005930"]);
    expect(names("LG 2025년 2분기")).toEqual(["LG:00120021:003550"]);
  });

  it("knows the common aliases and KRX short names", () => {
    expect(names("네이버 임원")).toEqual(["NAVER:00266961:035420"]);
    expect(names("하이닉스 실적")).toEqual(["SK하이닉스:00164779:000660"]);
    expect(names("현대차와 한전")).toEqual(["현대자동차:00164742:005380", "한국전력공사:00159193:015760"]);
    expect(names("naver는?")).toEqual(["NAVER:00266961:035420"]);
  });

  it("takes the longest name: LG전자 is not LG", () => {
    expect(names("LG전자 직원")).toEqual(["LG전자:00401731:066570"]);
    expect(index.resolve("LG전자 직원").notes).toEqual([]);
  });

  it("'LG' alone is the holding company LG, with the other LG companies as candidates", () => {
    const r = index.resolve("LG 배당");
    expect(r.companies.map((c) => c.corp_name)).toEqual(["LG"]);
    expect(r.notes[0]).toContain("LG전자");
    expect(r.notes[0]).toContain("LG화학");
  });

  it("a group word alone answers for one company by the documented rule and names the others (issue 25)", () => {
    const bare = index.resolve("삼성 실적");
    expect(bare.companies.map((c) => c.corp_name)).toEqual(["삼성전자"]);
    // the note names the pick, the rule and the others
    expect(bare.notes[0]).toMatch(
      /^삼성전자 기준입니다: ‘삼성’으로 시작하는 상장 회사가 여럿이라 시가총액이 가장 큰 곳.*을 골랐습니다 \(.*삼성바이오로직스.*도 있습니다\)\.$/,
    );
    expect(index.resolve("삼성 배터리 매출").companies.map((c) => c.corp_name)).toEqual(["삼성SDI"]);
    expect(index.resolve("삼성 반도체 실적").companies.map((c) => c.corp_name)).toEqual(["삼성전자"]);
    expect(index.resolve("현대 건설 수주 뉴스").companies.map((c) => c.corp_name)).toEqual(["현대건설"]);
  });

  it("a name one letter from a listed one is unknown, with the closest names", () => {
    expect(index.unknownNames("삼송전자 배당금")).toEqual([{ word: "삼송전자", closest: ["삼성전자"] }]);
    expect(index.unknownNames("배당 많이 주는 회사")).toEqual([]);
  });

  it("an unlisted company resolves without a stock code, with a note", () => {
    const r = index.resolve("다코 공시");
    expect(r.companies).toEqual([
      { corp_code: "00434003", corp_name: "다코", stock_code: "", matched: "다코" },
    ]);
    expect(r.notes[0]).toContain("비상장");
  });

  it("a question naming no company resolves to nothing and no note", () => {
    expect(index.resolve("요즘 배당 많이 주는 회사")).toEqual({ companies: [], notes: [] });
  });

  it("does not read a name inside another word", () => {
    // 기아 inside 증기아파트 is not at a word start
    expect(names("증기아파트 분양")).toEqual([]);
  });

  it("prefers the listed, most recently modified namesake", () => {
    const idx = new CompanyIndex([
      {
        corp_code: "00126229",
        corp_name: "삼성물산",
        stock_code: "000830",
        modify_date: "20170630",
        aliases: [],
      },
      {
        corp_code: "00149655",
        corp_name: "삼성물산",
        stock_code: "028260",
        modify_date: "20240318",
        aliases: [],
      },
      { corp_code: "09999999", corp_name: "대한상사", stock_code: "", modify_date: "20200101", aliases: [] },
      { corp_code: "09999998", corp_name: "대한상사", stock_code: "", modify_date: "20210101", aliases: [] },
    ]);
    expect(idx.resolve("삼성물산 배당").companies.map((c) => c.corp_code)).toEqual(["00149655"]);
    const unlisted = idx.resolve("대한상사 공시");
    expect(unlisted.companies).toEqual([]);
    expect(unlisted.notes[0]).toContain("여럿");
  });
});

describe("OpenDART's corpCode list as the directory", () => {
  it("is fetched once a KST day, with the vendored aliases attached", async () => {
    let calls = 0;
    let now = fromKst(2025, 11, 20, 23, 50);
    const dart = {
      corpCodes: async (c: { apiCalls: number }) => {
        c.apiCalls++;
        calls++;
        return [
          { corp_code: "00266961", corp_name: "NAVER", stock_code: "035420", modify_date: "20240311" },
          { corp_code: "01234567", corp_name: "새회사", stock_code: "", modify_date: "20251101" },
        ];
      },
    } as unknown as DartPort;
    const dir = new OpenDartCompanyDirectory(dart, () => now);
    const counter = { apiCalls: 0 };
    const idx = await dir.index(counter);
    expect(idx.resolve("네이버").companies[0]?.corp_code).toBe("00266961");
    expect(idx.resolve("새회사 공시").companies[0]?.corp_code).toBe("01234567");
    await dir.index(counter);
    expect(calls).toBe(1);
    now = fromKst(2025, 11, 21, 0, 5); // the next day in Korea
    await dir.index(counter);
    expect(calls).toBe(2);
  });
});
