// The first sentence answers in the question's form from the table that holds the fact
// (shared/news/fact-answer.ts and its readers): a name, 예/아니요, a count, an amount, a date, changed or
// not — a largest shareholder's change from the change table (api_05), never the holdings — or what was
// checked and not found; on synthetic data it says so first. Tables are written here, as OpenDART's.
import { describe, expect, it } from "vitest";
import { factSentence } from "../../shared/news/fact-answer.ts";
import { composeResponse, ledByAskedFact } from "../../shared/news/generate.ts";
import type { SearchState } from "../../shared/news/schemas.ts";
import { NO_COMPANY_NOTE } from "../../shared/news/search-publications.ts";
import { leadSentence } from "../../shared/news/offline-answer.ts";
import { askedThing, questionForm, thresholdOf } from "../../shared/news/question-form.ts";
import { parseKoreanWon } from "../../shared/korean/numerals.ts";
import { apiKeysFor } from "../../shared/news/query.ts";
import type { ContextDoc, LoadedTable } from "../../shared/news/load-documents.ts";
import type { DartRow } from "../../shared/providers/opendart.ts";

const report = (
  n: number,
  year: number,
  quarter: number,
  tables: [string, DartRow[]][],
  synthetic = false,
): ContextDoc => ({
  n,
  type: "regular",
  id: `2026111499${n}`,
  title: "",
  url: "",
  header: "",
  body: "",
  synthetic,
  company: "가나전자",
  tables: tables.map(([apiKey, rows]): LoadedTable => ({ apiKey, rows, year, quarter })),
});

const HOLDERS: DartRow[] = [
  {
    nm: "홍길동",
    relate: "본인",
    bsis_posesn_stock_qota_rt: "20.10",
    trmend_posesn_stock_qota_rt: "21.00",
    trmend_posesn_stock_co: "1,000",
  },
  {
    nm: "홍길순",
    relate: "특수관계인",
    bsis_posesn_stock_qota_rt: "3.00",
    trmend_posesn_stock_qota_rt: "3.00",
    trmend_posesn_stock_co: "150",
  },
  {
    nm: "계",
    relate: "-",
    bsis_posesn_stock_qota_rt: "23.10",
    trmend_posesn_stock_qota_rt: "24.00",
    trmend_posesn_stock_co: "1,150",
  },
];
const CHANGES: DartRow[] = [
  { change_on: "2024.05.02", mxmm_shrholdr_nm: "갑 외 2인", qota_rt: "30.00", change_cause: "장내매수" },
  {
    change_on: "2026.03.10",
    mxmm_shrholdr_nm: "홍길동 외 1인",
    qota_rt: "24.00",
    change_cause: "최대주주 변경(주식 양수도)",
  },
];
const DIVIDEND: DartRow[] = [
  { se: "주당 현금배당금(원)", stock_knd: "보통주", thstrm: "1,500", frmtrm: "1,400", lwfr: "1,300" },
];
const employees = (total: string, women: string, pay = "100,000,000"): DartRow[] => [
  { fo_bbm: "전사", sexdstn: "여", sm: women, jan_salary_am: pay },
  { fo_bbm: "합계", sexdstn: "합계", sm: total, jan_salary_am: pay },
];
const BOARD = (names: string[]): DartRow[] =>
  names.map((nm, i) => ({
    nm,
    ofcps: i === 0 ? "대표이사" : "사외이사",
    rgist_exctv_at: "등기임원",
    hffc_pd: i === 0 ? "2021.03 ~ 현재" : "2024.03 ~ 현재",
  }));
const CAPITAL: DartRow[] = [
  {
    isu_dcrs_de: "2023.06.12",
    isu_dcrs_stle: "유상증자(주주배정)",
    isu_dcrs_stock_knd: "보통주",
    isu_dcrs_qy: "5,000,000",
  },
];
const TREASURY: DartRow[] = [
  {
    acqs_mth1: "총계",
    bsis_qy: "1,000",
    change_qy_acqs: "500",
    change_qy_dsps: "0",
    change_qy_incnr: "0",
    trmend_qy: "1,500",
  },
];

const docs = [
  report(1, 2026, 3, [
    ["api_04", HOLDERS],
    ["api_05", CHANGES],
    ["api_08", employees("1,200", "300")],
    ["api_07", BOARD(["갑수", "을수", "병수"])],
    ["api_01", CAPITAL],
    ["api_03", TREASURY],
  ]),
  report(2, 2025, 4, [
    ["api_02", DIVIDEND],
    ["api_08", employees("1,100", "280", "95,000,000")],
  ]),
  report(3, 2025, 3, [
    ["api_08", employees("1,100", "280")],
    ["api_07", BOARD(["갑수", "을수", "정수"])],
  ]),
  report(4, 2024, 4, [["api_08", employees("1,000", "250", "90,000,000")]]),
];
const first = (q: string, d = docs) => factSentence(q, d, "가나전자");

describe("the first sentence, by form", () => {
  it.each([
    [
      "가나전자 최대주주 누구야",
      /^가나전자의 최대주주는 홍길동입니다\(지분 21\.00%, 특수관계인을 합치면 24\.00%; 2026년 3분기 분기보고서\) \[1\]\.$/,
    ],
    ["가나전자 대표 누구", /^가나전자의 대표이사는 갑수입니다/],
    ["가나전자 사외이사 누구누구", /^가나전자의 사외이사는 을수, 병수입니다/],
    [
      "가나전자 배당 줬어?",
      /^예, 가나전자는 배당을 합니다: 2025년 주당 현금배당금은 보통주 1,500원입니다 \[2\]\.$/,
    ],
    [
      "가나전자 유상증자 한 적 있어?",
      /^예, 가나전자는 2023년 6월 12일에 유상증자\(주주배정\)로 보통주 5,000,000주를 발행했습니다/,
    ],
    ["가나전자 감자 했어?", /^아니요, 가나전자는 최근 5년 동안 감자를 하지 않았습니다/],
    ["가나전자 자사주 샀어?", /^예, 가나전자는 2026년 1월 1일부터 9월 30일까지 자사주 500주를 취득했습니다/],
    ["가나전자 직원 몇 명", /^가나전자의 직원은 1,200명입니다/],
    ["가나전자 여직원 몇명", /^가나전자의 여성 직원은 300명입니다\(전체 1,200명/],
    ["가나전자 자사주 몇 주", /^가나전자는 자사주\(자기주식\) 1,500주를 가지고 있습니다/],
    [
      "가나전자 주당 배당금 얼마",
      /^가나전자의 2025년 주당 현금배당금은 보통주 1,500원입니다\(2025년 사업보고서\) \[2\]\.$/,
    ],
    [
      "가나전자 직원 평균 연봉 얼마",
      /^가나전자 직원의 1인 평균 급여는 2025년 9,500만 원입니다\(2025년 사업보고서\) \[2\]\.$/,
    ],
    [
      "가나전자 최대주주 지분율",
      /^가나전자의 최대주주 홍길동의 지분율은 21\.00%, 특수관계인을 합치면 24\.00%입니다/,
    ],
    ["가나전자 유상증자 언제 했어", /^가나전자의 마지막 유상증자는 2023년 6월 12일입니다/],
    [
      "가나전자 최대주주 언제 바뀌었어",
      /^가나전자의 최대주주가 마지막으로 바뀐 때는 2026년 3월 10일입니다: 갑에서 홍길동으로 바뀌었습니다/,
    ],
    ["가나전자 대표 언제 바뀌었어", /^가나전자의 대표이사가 지금의 갑수로 바뀐 때는 2021년 3월입니다/],
    [
      "가나전자 배당 기준일 언제야",
      /^가나전자의 배당 기준일은 공시에서 찾지 못했습니다: 2025년 사업보고서의 배당에 관한 사항에는/,
    ],
    [
      "가나전자 자사주 언제 샀어",
      /^가나전자는 2026년 1월 1일에서 9월 30일 사이에 자사주 500주를 취득했습니다/,
    ],
  ])("%s", (q, sentence) => {
    expect(first(q)).toMatch(sentence);
  });
});

describe("did it change", () => {
  it("a largest shareholder's change is read from the change table, not the holdings", () => {
    expect(first("가나전자 최대주주 바뀌었어?")).toMatch(
      /^예, 바뀌었습니다: 2026년 3월 10일에 가나전자의 최대주주가 갑에서 홍길동으로 바뀌었습니다\(최대주주 변경\(주식 양수도\); 2026년 3분기 분기보고서\) \[1\]\.$/,
    );
    // the holdings alone (no change table loaded) never answer "changed" as if they were
    const holdingsOnly = [report(1, 2026, 3, [["api_04", HOLDERS]])];
    expect(first("가나전자 최대주주 바뀌었어?", holdingsOnly)).toMatch(
      /^가나전자의 최대주주 변동은 공시에서 찾지 못했습니다/,
    );
  });

  it("a count is compared with the same period a year before; a year's pay with the business report before", () => {
    expect(first("가나전자 직원 수 늘었어?")).toBe(
      "예, 늘었습니다: 가나전자의 직원은 2025년 3분기 분기보고서 1,100명에서 2026년 3분기 분기보고서 1,200명으로 늘었습니다 [1, 3].",
    );
    expect(first("가나전자 직원 줄었어?")).toMatch(/^아니요, 늘었습니다:/);
    expect(first("가나전자 연봉 작년이랑 비교하면")).toMatch(
      /^예, 늘었습니다: 가나전자 직원의 1인 평균 급여는 2024년 사업보고서 9,000만 원에서 2025년 사업보고서 9,500만 원으로 늘었습니다 \[2, 4\]\.$/,
    );
    expect(first("가나전자 배당 작년보다 늘었어?")).toMatch(
      /^예, 늘었습니다: 가나전자의 주당 현금배당금\(보통주\)은 2024년 1,400원에서 2025년 1,500원으로 늘었습니다/,
    );
    expect(first("가나전자 자사주 줄었어?")).toMatch(
      /^아니요, 늘었습니다: 가나전자의 자사주는 2026년 초 1,000주에서/,
    );
  });

  it("a board is compared by its members", () => {
    expect(first("가나전자 임원 바뀐 거 있어?")).toMatch(
      /^예, 바뀌었습니다: 2025년 3분기 분기보고서 이후 가나전자의 등기임원 중 병수가 새로 선임되고 정수가 물러났습니다 \[1, 3\]\.$/,
    );
  });
});

describe("profit or loss, the audit, a dividend of nothing", () => {
  const ACCOUNTS = (operating: string, net: string): DartRow[] => [
    {
      fs_div: "CFS",
      account_nm: "매출액",
      thstrm_amount: "900,000,000,000",
      frmtrm_amount: "800,000,000,000",
    },
    { fs_div: "CFS", account_nm: "영업이익", thstrm_amount: operating, frmtrm_amount: "10,000,000,000" },
    { fs_div: "CFS", account_nm: "당기순이익", thstrm_amount: net, frmtrm_amount: "5,000,000,000" },
  ];
  const AUDIT: DartRow[] = [
    { bsns_year: "제55기(당기)", adtor: "가나회계법인", adt_opinion: "적정" },
    { bsns_year: "제54기(전기)", adtor: "가나회계법인", adt_opinion: "적정" },
  ];

  it("적자 or 흑자: 예/아니요 by the sign, a loss said as a loss", () => {
    const loss = [report(1, 2025, 4, [["accounts", ACCOUNTS("-32,000,000,000", "-41,000,000,000")]])];
    const profit = [report(1, 2025, 4, [["accounts", ACCOUNTS("32,000,000,000", "21,000,000,000")]])];
    expect(first("가나전자 작년 적자였어?", loss)).toBe(
      "예, 가나전자는 2025년 영업적자였습니다: 영업손실 320억 원(2025년 사업보고서) [1].",
    );
    expect(first("가나전자 작년 적자였어?", profit)).toMatch(
      /^아니요, 가나전자는 2025년 영업흑자였습니다: 영업이익 320억 원/,
    );
    expect(first("가나전자 순이익 흑자야?", loss)).toMatch(
      /^아니요, 가나전자는 2025년 순적자였습니다: 당기순손실 410억 원/,
    );
    expect(first("가나전자 영업이익 얼마", loss)).toMatch(/영업이익은 적자로, 영업손실 320억 원입니다/);
  });

  it("the auditor's opinion and the auditor, from the business report", () => {
    const d = [report(1, 2026, 3, [["api_24", AUDIT]]), report(2, 2025, 4, [["api_24", AUDIT]])];
    expect(first("가나전자 감사의견", d)).toBe(
      "가나전자의 2025년(제55기) 감사의견은 적정입니다(감사인 가나회계법인, 2025년 사업보고서) [2].",
    );
    expect(first("가나전자 감사의견 적정이야?", d)).toMatch(
      /^예, 가나전자의 2025년\(제55기\) 감사의견은 적정입니다/,
    );
    expect(first("가나전자 감사인 누구", d)).toMatch(
      /^가나전자의 2025년\(제55기\) 감사인은 가나회계법인입니다/,
    );
  });

  it("how much, when no dividend was paid: 0원, and why", () => {
    const none = [report(1, 2025, 4, [["api_02", [{ ...DIVIDEND[0]!, thstrm: "-" }]]])];
    expect(first("가나전자 작년 배당금 얼마", none)).toBe(
      "가나전자의 2025년 주당 현금배당금은 0원입니다: 현금배당을 하지 않았습니다(2025년 사업보고서) [1].",
    );
  });
});

describe("not found, synthetic, no fact", () => {
  it("a fact the tables do not hold: what was checked", () => {
    const none = [report(1, 2026, 3, [["api_02", []]])];
    expect(first("가나전자 주당 배당금 얼마", none)).toBe(
      "가나전자의 배당은 공시에서 찾지 못했습니다: 가나전자 2026년 3분기 분기보고서의 배당에 관한 사항을 확인했습니다 [1].",
    );
    expect(first("가나전자 직원 몇 명", [])).toBe(
      "가나전자의 직원 수는 공시에서 찾지 못했습니다: 가나전자의 정기보고서에서 직원 현황을 불러오지 못했습니다.",
    );
  });

  it("synthetic tables: the sentence says so first", () => {
    const synthetic = [report(1, 2026, 3, [["api_08", employees("1,200", "300")]], true)];
    expect(first("가나전자 직원 몇 명", synthetic)).toMatch(
      /^합성 데이터 기준, 가나전자의 직원은 1,200명입니다/,
    );
  });

  it("a question asking nothing in particular has no such sentence", () => {
    expect(first("가나전자")).toBeUndefined();
  });
});

describe("several companies, a quarter's dividend table, questions no report fact holds", () => {
  const of = (d: ContextDoc, company: string): ContextDoc => ({ ...d, company });
  const two = [
    of(report(1, 2026, 3, [["api_08", employees("1,200", "300")]]), "가나전자"),
    of(report(2, 2026, 3, [["api_08", employees("900", "200")]]), "다라화학"),
    of(report(3, 2025, 3, [["api_08", employees("1,100", "280")]]), "가나전자"),
    of(report(4, 2025, 3, [["api_08", employees("950", "210")]]), "다라화학"),
  ];

  it("each company is answered from its own reports", () => {
    expect(factSentence("가나전자랑 다라화학 직원 수 비교", two, "가나전자")).toMatch(
      /^가나전자의 직원은 1,200명입니다\(.*\) \[1\]; 다라화학의 직원은 900명입니다\(.*\) \[2\]\.$/,
    );
    expect(factSentence("가나전자 다라화학 직원 늘었어?", two, "가나전자")).toMatch(
      /^예, 늘었습니다: 가나전자의 직원은 .* \[1, 3\]; 아니요, 줄었습니다: 다라화학의 직원은 .* \[2, 4\]\.$/,
    );
  });

  it("a quarter's table with nothing paid yet answers with the last full year (its 전기 column)", () => {
    const quarter = [report(1, 2026, 3, [["api_02", [{ ...DIVIDEND[0]!, thstrm: "-" }]]])];
    expect(first("가나전자 배당 얼마", quarter)).toBe(
      "가나전자의 2025년 주당 현금배당금은 보통주 1,400원입니다(2026년 3분기 분기보고서의 전기; 2026년 3분기까지 지급한 현금배당은 없습니다) [1].",
    );
    expect(first("가나전자 배당 줘?", quarter)).toMatch(/^예, 가나전자는 배당을 합니다: 2025년/);
    // this year asked: what was paid so far
    expect(first("가나전자 올해 배당 얼마", quarter)).toMatch(
      /^가나전자의 2026년 3분기까지 주당 현금배당금은 0원입니다/,
    );
  });

  const news = (n: number, title: string, date: string): ContextDoc => ({
    n,
    type: "news",
    id: `news-${n}`,
    title,
    url: "",
    header: `${date} ${title}`,
    body: "",
    synthetic: false,
    company: "가나전자",
  });

  it("no report fact: the newest headline with the asked words, else not found and what was checked", () => {
    const d = [
      report(1, 2026, 3, [["accounts", []]]),
      news(2, "가나전자 주가 3% 상승 마감", "2026-11-20"),
      news(3, "가나전자 주가 1% 하락", "2026-11-28"),
    ];
    expect(leadSentence("가나전자 주가 얼마", d, "가나전자")).toBe(
      "가나전자의 주가는 공시 항목에서 찾지 못해 뉴스에서 찾았습니다: 가장 최근 기사는 2026-11-28의 ‘가나전자 주가 1% 하락’입니다 [3].",
    );
    expect(leadSentence("가나전자 언제 상장했어", d, "가나전자")).toMatch(
      /^가나전자의 상장은 공시에서 찾지 못했습니다: 가나전자 2026년 3분기 분기보고서와 뉴스 2건을 확인했습니다\.$/,
    );
    expect(leadSentence("가나전자", d, "가나전자")).toBeUndefined();
  });

  it.each([
    ["삼성전자 주가 얼마", "주가"],
    ["카카오 언제 상장했어", "상장"],
    ["네이버 본사 어디야", "본사"],
    ["LG전자 신제품 뭐 나왔어", "신제품"],
    ["기아 전기차 판매량 몇 대야", "전기차 판매량"],
    ["삼성전자", undefined],
  ])("askedThing(%s) = %s", (q, thing) => {
    expect(askedThing(q)).toBe(thing);
  });
});

describe("an LLM answer led by the rules' sentence", () => {
  const usage = { inputTokens: 1, outputTokens: 1 } as unknown as Parameters<typeof ledByAskedFact>[4];
  const d = [report(1, 2025, 4, [["api_02", DIVIDEND]])];

  it("a yes-or-no answer that says 예 itself keeps its own first sentence", () => {
    const own = ledByAskedFact(
      "가나전자 배당 줘?",
      d,
      "가나전자",
      { answer: "예, 가나전자는 주당 1,500원을 배당했습니다 [1].", cited: [1] },
      usage,
    );
    expect(own.body).toBe("예, 가나전자는 주당 1,500원을 배당했습니다 [1].");
    const none = ledByAskedFact(
      "가나전자 배당 줘?",
      d,
      "가나전자",
      { answer: "가나전자는 주당 1,500원을 배당했습니다 [1].", cited: [1] },
      usage,
    );
    expect(none.body).toMatch(/^예, 가나전자는 배당을 합니다/);
  });
});

describe("what leads the response", () => {
  const newsDoc: ContextDoc = {
    n: 1,
    type: "news",
    id: "news-1",
    title: "반도체 수출 늘어",
    url: "https://news.example/1",
    header: "2026-11-28 반도체 수출 늘어",
    body: "",
    synthetic: false,
  };
  const written = {
    body: "가장 최근 뉴스는 2026-11-28의 ‘반도체 수출 늘어’입니다 [1].",
    cited: new Set([1]),
    usage: {},
  };
  const state = (query: string) => ({ query, search_notes: [NO_COMPANY_NOTE] }) as unknown as SearchState;

  it("a news question naming no company: its news first, then that no filings were searched", () => {
    const r = composeResponse(state("반도체 뉴스"), [newsDoc], written, {
      notLoaded: [],
      synthetic: false,
    });
    expect((r.generated_response ?? "").split("\n\n").slice(0, 2)).toEqual([written.body, NO_COMPANY_NOTE]);
  });

  it("any other question naming no company: that first", () => {
    const r = composeResponse(state("배당 많이 주는 회사"), [newsDoc], written, {
      notLoaded: [],
      synthetic: false,
    });
    expect((r.generated_response ?? "").startsWith(NO_COMPANY_NOTE)).toBe(true);
  });
});

describe("did it change, in other words", () => {
  it("바뀜, 바꼈 and 그대로 ask whether it changed; a few words between the fact and the verb still read the change table", () => {
    expect(first("가나전자 최대주주 바뀜?")).toMatch(/^예, 바뀌었습니다/);
    expect(first("가나전자 최대주주 작년에 바뀌었어?")).toMatch(/최대주주/);
    expect(apiKeysFor("가나전자 최대주주 작년에 바뀌었어?")).toContain("api_05");
    expect(apiKeysFor("가나전자 최대주주 그대로야?")).toContain("api_05");
  });

  it("asked whether it stayed, 예 means unchanged", () => {
    expect(first("가나전자 최대주주 그대로야?")).toMatch(/^아니요, 바뀌었습니다/);
    expect(first("가나전자 대표이사 그대로야?")).toMatch(
      /^예, 가나전자의 대표이사는 2025년 3분기 분기보고서와 2026년 3분기 분기보고서 모두 갑수입니다 \[1, 3\]\.$/,
    );
  });

  it("a CEO's change is the CEO's, not the board's", () => {
    expect(first("가나전자 대표이사 바뀜?")).toMatch(/^아니요, 가나전자의 대표이사는 .* 모두 갑수입니다/);
    const before = report(3, 2025, 3, [["api_07", BOARD(["을수", "갑수"])]]);
    expect(first("가나전자 CEO 교체됐어?", [docs[0]!, before])).toBe(
      "예, 바뀌었습니다: 가나전자의 대표이사는 2025년 3분기 분기보고서의 을수에서 2026년 3분기 분기보고서의 갑수로 바뀌었습니다 [1, 3].",
    );
  });
});

describe("a yes-or-no question against an amount", () => {
  it("reads the amount asked and its direction", () => {
    expect(thresholdOf("가나전자 직원 평균연봉 1억 넘어?")).toEqual({
      amount: 100_000_000,
      above: true,
      inclusive: false,
    });
    expect(thresholdOf("배당 500원 이상이야?")).toEqual({ amount: 500, above: true, inclusive: true });
    expect(thresholdOf("보수 10억 안 넘지?")).toMatchObject({ amount: 1_000_000_000, above: false });
    expect(thresholdOf("가나전자 2025년 배당 줬어?")).toBeUndefined();
    expect(questionForm("가나전자 직원 평균연봉 1억 넘어?")).toBe("yes_no");
  });

  it("answers 예 or 아니요 by the figure, which it states", () => {
    expect(first("가나전자 직원 평균연봉 9천만원 넘어?")).toMatch(
      /^예, 넘습니다: 가나전자 직원의 1인 평균 급여는 2025년 9,500만 원입니다/,
    );
    expect(first("가나전자 직원 평균연봉 1억 넘어?")).toMatch(/^아니요, 넘지 않습니다: /);
    expect(first("가나전자 직원 평균연봉 9,500만원 이상이야?")).toMatch(/^예, 같습니다: /);
    expect(first("가나전자 직원 평균연봉 9,500만원 넘어?")).toMatch(/^아니요, 같습니다: /);
    expect(first("가나전자 배당 2천원 넘어?")).toMatch(/^아니요, 넘지 않습니다: .*1,500원/);
  });

  it("parses amounts as koreanWon writes them and as people type them", () => {
    expect(parseKoreanWon("1억 4,728만 406원입니다")).toBe(147_280_406);
    expect(parseKoreanWon("5천만원")).toBe(50_000_000);
    expect(parseKoreanWon("1.5억")).toBe(150_000_000);
    expect(parseKoreanWon("920원")).toBe(920);
    expect(parseKoreanWon("2025년 사업보고서")).toBeUndefined();
  });
});

describe("is it X?", () => {
  it("the largest shareholder checked against a name: 예 or 아니요, and who it is", () => {
    expect(first("가나전자 최대주주가 홍길동 맞아?")).toMatch(
      /^예, 가나전자의 최대주주는 홍길동입니다\(지분 21\.00%/,
    );
    expect(first("가나전자 최대주주가 다라화학이야?")).toMatch(
      /^아니요, 가나전자의 최대주주는 다라화학이 아니라 홍길동입니다/,
    );
  });
});
