// Companies by the names people use (shared/news/company-names.ts, companies.ts): English names from
// corpCode.xml's corp_eng_name without legal suffixes, in any case and cut short; a name run straight
// into what is asked; Korean short forms; the question's subject when it names no company (unknown, or
// a well-known unlisted company); the group rule's last step, the group's largest company.
import { describe, expect, it } from "vitest";
import { CompanyIndex } from "../../shared/news/companies.ts";
import { EmbeddedCompanyDirectory } from "../../shared/news/company-directory.ts";
import {
  cutShort,
  englishKeys,
  englishWords,
  questionSubject,
  spelledLetters,
  syllableShortForm,
} from "../../shared/news/company-names.ts";
import { unlistedNamed } from "../../shared/data/unlisted-companies.ts";

const index = await new EmbeddedCompanyDirectory().index();
const names = (q: string) => index.resolve(q).companies.map((c) => c.corp_name);

describe("English names", () => {
  it("drop the legal suffixes and keep the name's words", () => {
    expect(englishWords("KIA CORPORATION")).toEqual(["KIA"]);
    expect(englishWords("LG CHEM LTD")).toEqual(["LG", "CHEM"]);
    expect(englishWords("SAMSUNG ELECTRONICS CO,.LTD")).toEqual(["SAMSUNG", "ELECTRONICS"]);
    expect(englishWords("POSCO Holdings Inc.")).toEqual(["POSCO", "HOLDINGS"]);
    expect(englishWords("HYUNDAI MOTOR CO")).toEqual(["HYUNDAI", "MOTOR"]);
    expect(englishKeys("Hyundai-Rotem Co.")).toEqual(["HYUNDAI-ROTEM", "HYUNDAI ROTEM"]);
    expect(englishKeys("KakaoBank Corp.")).toEqual(["KAKAOBANK"]);
    expect(englishKeys("SK Square Co., Ltd.")).toEqual(["SK SQUARE", "SKSQUARE"]);
  });

  it.each([
    ["Kia 배당", "기아"],
    ["kia 배당", "기아"],
    ["LG Chem 실적", "LG화학"],
    ["POSCO Holdings 직원", "POSCO홀딩스"],
    ["Celltrion 임원", "셀트리온"],
    ["SK hynix 매출", "SK하이닉스"],
    ["Hyundai Motor 최대주주", "현대자동차"],
    ["KB Financial Group 배당", "KB금융"],
    ["Korea Zinc 최대주주", "고려아연"],
    ["Samsung C&T 배당", "삼성물산"],
  ])("%s → %s", (q, name) => {
    expect(names(q)).toEqual([name]);
  });

  it("cut short: each word a start of the name's, the others it could be named", () => {
    expect(cutShort(["SAMSUNG", "ELEC"], ["SAMSUNG", "ELECTRONICS"])).toBe(true);
    expect(cutShort(["SAMSUNG", "EL"], ["SAMSUNG", "ELECTRONICS"])).toBe(false); // too short to tell
    const r = index.resolve("Samsung Elec 뉴스");
    expect(r.companies.map((c) => c.corp_name)).toEqual(["삼성전자"]);
    expect(r.notes[0]).toBe("‘Samsung Elec’을 삼성전자로 읽었습니다 (삼성전기도 있습니다).");
    // not LG and a stray word: the whole name, cut short
    expect(names("LG Elec 배당 작년보다 늘었어?")).toEqual(["LG전자"]);
    expect(names("Hyundai Mob 대표")).toEqual(["현대모비스"]);
  });

  it("an English group word follows the group rule", () => {
    const r = index.resolve("Hyundai 뉴스");
    expect(r.companies.map((c) => c.corp_name)).toEqual(["현대자동차"]);
    expect(r.notes[0]).toMatch(/^현대자동차 기준입니다: ‘Hyundai’로 시작하는 상장 회사가 여럿이라/);
  });
});

describe("Korean names people write", () => {
  it("a name run straight into what is asked", () => {
    expect(names("카카오최대주주누구")).toEqual(["카카오"]);
    expect(names("삼성전자직원수몇명이야")).toEqual(["삼성전자"]);
    expect(names("현대차뉴스")).toEqual(["현대자동차"]);
    // still not a name inside another word
    expect(names("증기아파트 분양")).toEqual([]);
  });

  it("short forms: a start of one listed name, or the first syllable then later ones in order", () => {
    expect(syllableShortForm("하닉", "SK하이닉스")).toBe(true);
    expect(syllableShortForm("카뱅", "카카오뱅크")).toBe(true);
    expect(syllableShortForm("삼바", "삼성바이오로직스")).toBe(true);
    expect(syllableShortForm("바삼", "삼성바이오로직스")).toBe(false);
    expect(syllableShortForm("삼성전자", "삼성전자")).toBe(false);
    expect(names("셀트 대주주")).toEqual(["셀트리온"]);
    expect(names("하닉 주가 뉴스")).toEqual(["SK하이닉스"]);
    expect(names("에코비엠 직원 몇 명")).toEqual(["에코프로비엠"]);
    expect(index.resolve("셀트 대주주").notes).toEqual(["‘셀트’를 셀트리온으로 읽었습니다."]);
  });

  it("the group rule's last step is the group's largest company (the directory's order)", () => {
    expect(names("현대 유상증자")).toEqual(["현대자동차"]);
    expect(names("롯데 배당")).toEqual(["롯데지주"]);
    expect(names("삼성 배당")).toEqual(["삼성전자"]);
  });

  it("Latin letters said in Hangul, where that makes a listed name", () => {
    expect(spelledLetters("에스케이하이닉스")[0]).toBe("SK하이닉스");
    expect(spelledLetters("케이티")).toContain("KT");
    expect(spelledLetters("이마트")).toEqual([]); // one letter is no name
    expect(names("에스케이하이닉스 영업이익")).toEqual(["SK하이닉스"]);
    expect(names("지에스건설 직원 수")).toEqual(["GS건설"]);
    expect(names("에이치디현대 대표 누구")).toEqual(["HD현대"]);
    expect(names("케이비금융 배당")).toEqual(["KB금융"]);
    // words that only begin like letters stay as typed
    expect(names("이번 분기 삼성전자 매출")).toEqual(["삼성전자"]);
    expect(names("에이블씨엔씨 배당")).toEqual([]);
  });
});

describe("the question's subject", () => {
  it("is its words before the first word of what it asks", () => {
    expect(questionSubject("별빛우주로켓 최대주주 변동 있어?")).toBe("별빛우주로켓");
    expect(questionSubject("엔비디아 배당 줘?")).toBe("엔비디아");
    expect(questionSubject("요즘 테슬라 뉴스")).toBe("테슬라");
    expect(questionSubject("구름빵전자대표누구야")).toBe("구름빵전자");
    expect(questionSubject("Samsung Elec 요즘 뉴스 뭐있어")).toBe("Samsung Elec");
    expect(questionSubject("배당 많이 주는 회사")).toBeUndefined();
    expect(questionSubject("요즘 배당 많이 주는 회사")).toBeUndefined();
    expect(questionSubject("코스피 요즘 어때")).toBeUndefined();
  });

  it("an unknown one is said unknown with the closest names; never 'no company'", () => {
    expect(index.unknownNames("별빛우주로켓 최대주주 변동 있어?")).toEqual([
      { word: "별빛우주로켓", closest: [] },
    ]);
    expect(index.unknownNames("삼송전자 배당금")).toEqual([{ word: "삼송전자", closest: ["삼성전자"] }]);
    // an industry on its own is what is asked about, not an unknown company
    expect(index.unknownNames("반도체 뉴스")).toEqual([]);
    expect(index.unknownNames("배터리 관련 소식")).toEqual([]);
    // a listed name it begins with (a merged or renamed company's old name)
    expect(index.unknownNames("셀트리온헬스케어 매출")).toEqual([
      { word: "셀트리온헬스케어", closest: ["셀트리온"] },
    ]);
  });

  it("a well-known unlisted company is found by its names", () => {
    expect(unlistedNamed("배민")?.name).toBe("우아한형제들");
    expect(unlistedNamed("coupang")?.name).toBe("쿠팡");
    expect(unlistedNamed("삼성전자")).toBeUndefined();
  });

  it("with OpenDART's list, an unlisted company resolves without a stock code", () => {
    const live = new CompanyIndex([
      {
        corp_code: "01234567",
        corp_name: "새회사",
        stock_code: "",
        modify_date: "20250101",
        aliases: [],
        eng_name: "New Co., Ltd.",
      },
    ]);
    expect(live.resolve("New Co 최대주주").companies).toEqual([
      { corp_code: "01234567", corp_name: "새회사", stock_code: "", matched: "New" },
    ]);
  });
});
