// Companies named the ways people type them besides their names: a stock code, a name split by a space,
// a name typed with a slip (jamo distance within the name's allowance; two equally close are asked
// about), a short form folding a syllable ("엔솔"); and the first sentence says which company was read.
import { describe, expect, it } from "vitest";
import { CompanyIndex, TYPO_QUESTION, type CompanyRecord } from "../../shared/news/companies.ts";
import { EmbeddedCompanyDirectory } from "../../shared/news/company-directory.ts";
import { closestByJamo, foldNext, jamoOf, typoAllowance } from "../../shared/news/company-typos.ts";
import { composeResponse } from "../../shared/news/generate.ts";
import type { SearchState } from "../../shared/news/schemas.ts";
import { isLeadingNote } from "../../shared/news/search-publications.ts";
import { askedValue } from "../../shared/news/question-form.ts";

const index = await new EmbeddedCompanyDirectory().index();
const picked = (q: string) => index.resolve(q).companies.map((c) => c.corp_name);

describe("a stock code names its company", () => {
  it("six digits, alone or before what is asked, read through the table's stock codes", () => {
    expect(picked("005930 배당")).toEqual(["삼성전자"]);
    expect(picked("035720실적 어때")).toEqual(["카카오"]);
    expect(index.resolve("005930 배당").notes[0]).toBe("종목코드 005930을 삼성전자로 읽었습니다.");
  });

  it("a number that is no stock code, or one inside a longer number, names nothing", () => {
    expect(picked("999999 배당")).toEqual([]);
    expect(picked("1005930 배당")).toEqual([]);
  });
});

describe("a name split by a space is the whole name", () => {
  it("the longer name across the space wins over its first word", () => {
    expect(picked("카카오 뱅크 최대주주")).toEqual(["카카오뱅크"]);
    expect(picked("엘지 에너지솔루션 직원 수")).toEqual(["LG에너지솔루션"]);
    expect(picked("삼성 바이오 로직스 매출")).toEqual(["삼성바이오로직스"]);
  });

  it("words that make no name together keep the first word's company", () => {
    expect(picked("카카오 게임 뉴스")).toEqual(["카카오"]);
    expect(picked("LG 배당")).toEqual(["LG"]);
  });
});

describe("a name typed with a slip", () => {
  it("is read as the one closest listed name, said so", () => {
    expect(picked("삼성젼자 배당")).toEqual(["삼성전자"]);
    expect(picked("삼성전쟈 실적")).toEqual(["삼성전자"]);
    expect(index.resolve("삼성젼자 배당").notes).toEqual([
      "‘삼성젼자’를 이름이 가장 가까운 삼성전자로 읽었습니다.",
    ]);
  });

  it("names far from every listed one stay unknown (the allowance grows with the name)", () => {
    for (const q of ["하늘고래바이오 배당", "반딧불양자컴퓨팅 실적", "뽀송뽀송제과 뉴스", "엔비디아 배당"])
      expect(picked(q)).toEqual([]);
    expect(typoAllowance("기아")).toBe(0);
    expect(typoAllowance("삼성전자")).toBe(1);
    expect(typoAllowance("삼성바이오로직스")).toBe(2);
  });

  it("two names equally close are asked about, not guessed", () => {
    const record = (corp_name: string, i: number): CompanyRecord => ({
      corp_code: `0000000${i}`,
      corp_name,
      stock_code: `00000${i}`,
      modify_date: "20250101",
      aliases: [],
    });
    const own = new CompanyIndex([record("가나다전자", 1), record("가나라전자", 2)]);
    const r = own.resolve("가나마전자 배당");
    expect(r.companies).toEqual([]);
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]).toMatch(TYPO_QUESTION);
    expect(r.notes[0]).toContain("가나다전자와 가나라전자 중 어느 회사인가요?");
    expect(isLeadingNote(r.notes[0]!)).toBe(true);
  });

  it("the jamo distance decides, and an exact name is no slip", () => {
    const names = ["삼성전자", "삼성전기"].map((name) => ({ name, jamo: jamoOf(name), record: name }));
    // 삼성전자 itself is no slip, and 삼성전기 is two jamo from it
    expect(closestByJamo("삼성전자", names)).toBeUndefined();
    expect(closestByJamo("삼성젼자", names)).toEqual({ best: ["삼성전자"], distance: 1 });
    expect(closestByJamo("삼성전가", names)).toEqual({ best: ["삼성전자", "삼성전기"], distance: 1 });
    expect(closestByJamo("가나다라마", names)).toBeUndefined();
  });
});

describe("an English name that begins others' English names", () => {
  it("answers for its company and names the others (Lotte: 롯데지주, and LOTTE SHOPPING …)", () => {
    const r = index.resolve("Lotte 올해 배당 줌?");
    expect(r.companies.map((c) => c.corp_name)).toEqual(["롯데지주"]);
    expect(r.notes[0]).toMatch(/^롯데지주 기준입니다: .*영문 이름이 ‘Lotte’로 시작하는 .*롯데쇼핑/);
    expect(index.resolve("Kia 최대주주").notes).toEqual([]);
  });
});

describe("short forms that fold a syllable", () => {
  it("엔솔 is 에너지솔루션 (에 + the ㄴ of 너), and folding needs a syllable without a final", () => {
    expect(picked("엔솔 최대주주가 누구야")).toEqual(["LG에너지솔루션"]);
    expect(foldNext("에", "너")).toBe("엔");
    expect(foldNext("삼", "성")).toBeUndefined();
    expect(foldNext("가", "따")).toBeUndefined();
  });
});

describe("the first sentence says which company was read", () => {
  const state = (query: string, notes: string[]) =>
    ({ query, search_notes: notes }) as unknown as SearchState;
  const written = (body: string) => ({ body, cited: new Set([1]), usage: {} });
  const respond = (query: string, note: string, body: string) =>
    composeResponse(state(query, [note]), [], written(body), { notLoaded: [], synthetic: false })
      .generated_response ?? "";

  it("beside the company's name in it", () => {
    const first = respond(
      "005930 배당",
      "종목코드 005930을 삼성전자로 읽었습니다.",
      "합성 데이터 기준, 삼성전자의 배당금은 920원입니다 [1].\n\n■ 정기보고서",
    ).split("\n\n")[0];
    expect(first).toBe("합성 데이터 기준, 삼성전자(종목코드 005930)의 배당금은 920원입니다 [1].");
  });

  it("opening it when the name is not there, and not said again after it", () => {
    const out = respond(
      "삼성젼자 배당",
      "‘삼성젼자’를 이름이 가장 가까운 삼성전자로 읽었습니다.",
      "배당 기록은 공시에서 찾지 못했습니다.\n\n■ 정기보고서",
    );
    expect(out.split("\n\n")[0]).toBe(
      "‘삼성젼자’를 이름이 가장 가까운 삼성전자로 읽었습니다: 배당 기록은 공시에서 찾지 못했습니다.",
    );
    expect(out.split("가장 가까운").length).toBe(2);
  });
});

describe("a company named as the answer checked is not asked about", () => {
  it("'A 최대주주가 B 맞아?' searches A only, and answers whether it is B", () => {
    const r = index.resolve("에코프로비엠 최대주주가 에코프로 맞아?");
    expect(r.companies.map((c) => c.corp_name)).toEqual(["에코프로비엠"]);
    expect(r.notes.some((n) => n.startsWith("에코프로 기준입니다"))).toBe(false);
    expect(askedValue("기아 최대주주가 현대차야?")).toBe("현대차");
    expect(askedValue("기아 최대주주 누구야?")).toBeUndefined();
    expect(picked("에코프로비엠이랑 에코프로 최대주주")).toEqual(["에코프로비엠", "에코프로"]);
  });
});
