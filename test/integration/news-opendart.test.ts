// OpenDART over real HTTP against a fake server: the documented JSON (errors as HTTP 200 with a
// status), the ZIP downloads, and the rate limit that stops all further calls.
import { afterEach, describe, expect, it } from "vitest";
import { strToU8 } from "fflate";
import { fromKst } from "../../shared/platform/time.ts";
import { ProviderError } from "../../shared/providers/http.ts";
import { DART_KEY_APIS, REPORT_API_KEYS } from "../../shared/providers/opendart-apis.ts";
import { DartStatusError } from "../../shared/providers/opendart.ts";
import { OpenDartClient } from "../../shared/providers/opendart-client.ts";
import { fixture, startFake, type FakeServer, type Recorded, type Reply } from "../helpers/fake-http.ts";
import { FAKE_DART_KEY, dartXml, fakeOpenDart, zipOf } from "../helpers/fake-opendart.ts";

let fake: FakeServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

let clock = fromKst(2025, 11, 20, 10);
const now = () => clock;
const counter = () => ({ apiCalls: 0 });

async function client(
  route: (r: Recorded, n: number) => Reply | Promise<Reply>,
  opts: { key?: string; timeoutMs?: number } = {},
) {
  fake = await startFake(route);
  // a base URL with a path, as a proxy would have
  return new OpenDartClient({
    apiKey: opts.key ?? FAKE_DART_KEY,
    baseUrl: `${fake.url}/api`,
    timeoutMs: opts.timeoutMs ?? 2000,
    now,
  });
}

describe("OpenDART list.json", () => {
  it("sends the key and the window, and parses the documented response", async () => {
    const dart = await client(() => ({ json: fixture("dart.list.json") }));
    const res = await dart.list(counter(), {
      corp_code: "00126380",
      bgn_de: "20260101",
      end_de: "20261231",
      pblntf_ty: "A",
    });
    const req = fake!.requests[0]!;
    expect(req.path).toBe("/api/list.json");
    expect(Object.fromEntries(req.query)).toEqual({
      crtfc_key: FAKE_DART_KEY,
      corp_code: "00126380",
      bgn_de: "20260101",
      end_de: "20261231",
      pblntf_ty: "A",
      page_count: "100",
    });
    expect(res.list[0]).toMatchObject({
      report_nm: "분기보고서 (2026.06)",
      rcept_no: "20260814000512",
      flr_nm: "삼성전자",
    });
  });

  it("013 is no data: an empty list, not an error", async () => {
    const dart = await client(() => ({ json: fixture("dart.status.013.json") }));
    const res = await dart.list(counter(), { corp_code: "00126380", bgn_de: "20260101", end_de: "20261231" });
    expect(res.list).toEqual([]);
  });

  const statuses: [string, string, string][] = [
    ["010", "등록되지 않은 키입니다.", "auth"],
    ["011", "사용할 수 없는 키입니다.", "auth"],
    ["012", "접근할 수 없는 IP입니다.", "auth"],
    ["100", "필드의 부적절한 값입니다.", "bad_request"],
    ["101", "부적절한 접근입니다.", "bad_request"],
    ["800", "시스템 점검으로 인한 서비스가 중지 중입니다.", "server"],
    ["900", "정의되지 않은 오류가 발생하였습니다.", "server"],
  ];
  for (const [status, message, reason] of statuses)
    it(`status ${status} (HTTP 200) is a typed DartStatusError of reason ${reason}, without the key`, async () => {
      const dart = await client(() => ({ json: { status, message } }));
      const err = await dart
        .list(counter(), { corp_code: "00126380", bgn_de: "20260101", end_de: "20261231" })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DartStatusError);
      expect(err).toMatchObject({ dartStatus: status, reason });
      expect((err as Error).message).toContain(message);
      expect((err as Error).message).not.toContain(FAKE_DART_KEY);
    });

  it("020 (rate limit): no further call goes out until the quota resets at midnight KST", async () => {
    clock = fromKst(2025, 11, 20, 10);
    const dart = await client((r) =>
      r.path.endsWith("list.json")
        ? { json: { status: "020", message: "요청 제한을 초과하였습니다." } }
        : { json: fixture("dart.alotMatter.json") },
    );
    const q = { corp_code: "00126380", bsns_year: 2025, reprt_code: "11011" as const };
    await expect(
      dart.list(counter(), { corp_code: "00126380", bgn_de: "20250101", end_de: "20251120" }),
    ).rejects.toMatchObject({ dartStatus: "020" });
    const c = counter();
    await expect(dart.keyInfo(c, "api_02", q)).rejects.toMatchObject({ dartStatus: "020" });
    await expect(dart.document(c, "20251001800707")).rejects.toMatchObject({ dartStatus: "020" });
    expect(fake!.requests).toHaveLength(1); // never hammered
    expect(c.apiCalls).toBe(0);
    clock = fromKst(2025, 11, 21, 0, 1);
    expect((await dart.keyInfo(c, "api_02", q)).rows).toHaveLength(1);
    expect(fake!.requests).toHaveLength(2);
  });

  it("a timeout is a ProviderError of reason timeout", async () => {
    const dart = await client(() => ({ hang: true }), { timeoutMs: 100 });
    await expect(
      dart.list(counter(), { corp_code: "00126380", bgn_de: "20260101", end_de: "20261231" }),
    ).rejects.toMatchObject({ reason: "timeout" });
  });
});

/**
 * ../shared/reference/provider-apis.md §5.3, copied (the test reads no file outside the repository):
 * OpenDART's 28 periodic-report key-information endpoints (DS002) in order, with their Korean titles.
 */
const REFERENCE_5_3: [number, string, string][] = [
  [1, "irdsSttus", "증자(감자) 현황"],
  [2, "alotMatter", "배당에 관한 사항"],
  [3, "tesstkAcqsDspsSttus", "자기주식 취득 및 처분 현황"],
  [4, "hyslrSttus", "최대주주 현황"],
  [5, "hyslrChgSttus", "최대주주 변동현황"],
  [6, "mrhlSttus", "소액주주 현황"],
  [7, "exctvSttus", "임원 현황"],
  [8, "empSttus", "직원 현황"],
  [9, "hmvAuditIndvdlBySttus", "이사·감사의 개인별 보수 현황"],
  [10, "hmvAuditAllSttus", "이사·감사 전체의 보수현황"],
  [11, "indvdlByPay", "개인별 보수지급 금액(5억 이상 상위 5인)"],
  [12, "otrCprInvstmntSttus", "타법인 출자현황"],
  [13, "cndlCaplScritsNrdmpBlce", "조건부 자본증권 미상환 잔액"],
  [14, "unrstExctvMendngSttus", "미등기임원 보수현황"],
  [15, "cprndNrdmpBlce", "회사채 미상환 잔액"],
  [16, "srtpdPsndbtNrdmpBlce", "단기사채 미상환 잔액"],
  [17, "entrprsBilScritsNrdmpBlce", "기업어음증권 미상환 잔액"],
  [18, "detScritsIsuAcmslt", "채무증권 발행실적"],
  [19, "prvsrpCptalUseDtls", "사모자금의 사용내역"],
  [20, "pssrpCptalUseDtls", "공모자금의 사용내역"],
  [21, "drctrAdtAllMendngSttusGmtsckConfmAmount", "이사·감사 전체의 보수현황(주주총회 승인금액)"],
  [22, "drctrAdtAllMendngSttusMendngPymntamtTyCl", "이사·감사 전체의 보수현황(보수지급금액-유형별)"],
  [23, "stockTotqySttus", "주식의 총수 현황"],
  [24, "accnutAdtorNmNdAdtOpinion", "회계감사인의 명칭 및 감사의견"],
  [25, "adtServcCnclsSttus", "감사용역체결현황"],
  [26, "accnutAdtorNonAdtServcCnclsSttus", "회계감사인과의 비감사용역 계약체결 현황"],
  [27, "outcmpnyDrctrNdChangeSttus", "사외이사 및 그 변동현황"],
  [28, "newCaplScritsNrdmpBlce", "신종자본증권 미상환 잔액"],
];
/** Issue 11: api_01–api_10 keep seed 003's own text; where it differs from §5.3's title, the seed's. */
const SEED_003_TITLES: Record<number, string> = {
  9: "이사·감사의 개인별 보수현황(5억원 이상)",
  10: "이사·감사 전체의 보수현황(보수지급금액 - 이사·감사 전체)",
};

describe("003's api_01 … api_28 are §5.3's 28 endpoints, in its order", () => {
  it("has exactly 28, keyed api_01 … api_28, then accounts", () => {
    expect(DART_KEY_APIS).toHaveLength(28);
    expect(REPORT_API_KEYS).toEqual([
      ...REFERENCE_5_3.map(([n]) => `api_${String(n).padStart(2, "0")}`),
      "accounts",
    ]);
  });

  it.each(REFERENCE_5_3)("api_%i is %s (%s)", async (n, endpoint, title) => {
    const api = DART_KEY_APIS[n - 1]!;
    expect(api.key).toBe(`api_${String(n).padStart(2, "0")}`);
    expect(api.endpoint).toBe(endpoint);
    expect(api.title).toBe(SEED_003_TITLES[n] ?? title);
    // and the client calls that endpoint with 003's report parameters
    const dart = await client(() => ({ json: { status: "013", message: "조회된 데이타가 없습니다." } }));
    const q = { corp_code: "00126380", bsns_year: 2025, reprt_code: "11012" as const };
    expect(await dart.keyInfo(counter(), api.key, q)).toEqual({ status: "013", rows: [], synthetic: false });
    expect(fake!.requests.map((r) => r.path)).toEqual([`/api/${endpoint}.json`]);
    expect(Object.fromEntries(fake!.requests[0]!.query)).toEqual({
      crtfc_key: FAKE_DART_KEY,
      corp_code: "00126380",
      bsns_year: "2025",
      reprt_code: "11012",
    });
    await fake!.close();
    fake = undefined;
  });
});

describe("OpenDART key information", () => {
  it("calls the mapped endpoint: api_02 is alotMatter, accounts is fnlttSinglAcnt", async () => {
    const dart = await client(() => ({ json: fixture("dart.alotMatter.json") }));
    const q = { corp_code: "00126380", bsns_year: 2025, reprt_code: "11011" as const };
    const res = await dart.keyInfo(counter(), "api_02", q);
    expect(fake!.requests[0]?.path).toBe("/api/alotMatter.json");
    expect(Object.fromEntries(fake!.requests[0]!.query)).toMatchObject({
      corp_code: "00126380",
      bsns_year: "2025",
      reprt_code: "11011",
    });
    expect(res).toEqual({
      status: "000",
      synthetic: false,
      rows: [
        {
          rcept_no: "20260310001234",
          corp_cls: "Y",
          corp_code: "00126380",
          corp_name: "삼성전자",
          se: "주당 현금배당금(원)",
          stock_knd: "보통주",
          thstrm: "1,446",
          frmtrm: "1,444",
          lwfr: "1,444",
          stlm_dt: "2025-12-31",
        },
      ],
    });
    await dart.keyInfo(counter(), "accounts", q);
    await dart.keyInfo(counter(), "api_08", q);
    expect(fake!.requests.map((r) => r.path)).toEqual([
      "/api/alotMatter.json",
      "/api/fnlttSinglAcnt.json",
      "/api/empSttus.json",
    ]);
  });

  it("013 is an answer (no such section), numbers and nulls become strings", async () => {
    const dart = await client((_r, n) =>
      n === 0
        ? { json: fixture("dart.status.013.json") }
        : { json: { status: "000", message: "정상", list: [{ sm: 12, rm: null }] } },
    );
    const q = { corp_code: "00126380", bsns_year: 2025, reprt_code: "11011" as const };
    expect(await dart.keyInfo(counter(), "api_13", q)).toEqual({ status: "013", rows: [], synthetic: false });
    expect((await dart.keyInfo(counter(), "api_13", q)).rows).toEqual([{ sm: "12", rm: "-" }]);
  });
});

describe("OpenDART ZIP downloads", () => {
  it("document.xml: the ZIP's XML as plain text, with its real length", async () => {
    const xml = dartXml(
      "정정신고(보고)",
      "1. 정정관련 공시서류: 타법인주식및출자증권취득결정\n항목 | 정정전 | 정정후\n금액 | 1,000 | 1,200",
    );
    const dart = await client(() => ({ bytes: zipOf({ "20251001800707.xml": xml }) }));
    const doc = await dart.document(counter(), "20251001800707");
    expect(fake!.requests[0]?.query.get("rcept_no")).toBe("20251001800707");
    expect(doc.text).toBe(
      "정정신고(보고)\n1. 정정관련 공시서류: 타법인주식및출자증권취득결정\n항목 | 정정전 | 정정후\n금액 | 1,000 | 1,200",
    );
    expect(doc.files).toEqual(["20251001800707.xml"]);
  });

  it("document.xml: an EUC-KR document is decoded by its declaration", async () => {
    // "정정" in EUC-KR
    const body = new Uint8Array([
      ...strToU8('<?xml version="1.0" encoding="euc-kr"?><DOCUMENT><P>'),
      0xc1,
      0xa4,
      0xc1,
      0xa4,
      ...strToU8("</P></DOCUMENT>"),
    ]);
    const dart = await client(() => ({ bytes: zipOf({ "a.xml": body }) }));
    expect((await dart.document(counter(), "20251001800707")).text).toBe("정정");
  });

  it("document.xml: the XML error OpenDART sends instead of a ZIP is a DartStatusError", async () => {
    const dart = await client(() => ({
      raw: '<?xml version="1.0" encoding="UTF-8"?><result><status>014</status><message>파일이 존재하지 않습니다.</message></result>',
    }));
    await expect(dart.document(counter(), "20990101000000")).rejects.toMatchObject({
      dartStatus: "014",
      reason: "no_result",
    });
  });

  it("document.xml: a body that is neither a ZIP nor a status is malformed", async () => {
    const dart = await client(() => ({ raw: "<html>maintenance</html>" }));
    const err = await dart.document(counter(), "20990101000000").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ reason: "malformed" });
  });

  it("corpCode.xml: every company, stock codes trimmed (blank for unlisted), English names as given", async () => {
    const dart = await client(fakeOpenDart({ now }));
    const entries = await dart.corpCodes(counter());
    expect(fake!.requests[0]?.path).toBe("/api/corpCode.xml");
    expect(entries).toHaveLength(214);
    expect(entries.find((e) => e.corp_code === "00126380")).toEqual({
      corp_code: "00126380",
      corp_name: "삼성전자",
      stock_code: "005930",
      modify_date: "20250326",
      corp_eng_name: "SAMSUNG ELECTRONICS CO,.LTD",
    });
    expect(entries.find((e) => e.corp_code === "00434003")?.stock_code).toBe("");
    expect(entries.find((e) => e.corp_code === "00434003")?.corp_eng_name).toBeUndefined();
    expect(entries.find((e) => e.corp_name === "케이티앤지")?.corp_eng_name).toBe("KT&G Corporation");
    expect(entries.find((e) => e.corp_name === "F&F")?.stock_code).toBe("383220");
  });

  it("a wrong key gets OpenDART's 010 from the fake, as from OpenDART", async () => {
    const dart = await client(fakeOpenDart({ now }), { key: "b".repeat(40) });
    await expect(dart.corpCodes(counter())).rejects.toMatchObject({ dartStatus: "010", reason: "auth" });
  });
});
