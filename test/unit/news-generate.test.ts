import { describe, expect, it } from "vitest";
import { EmbeddedCompanyDirectory } from "../../shared/news/company-directory.ts";
import { DartSession } from "../../shared/news/dart-access.ts";
import { type NewsDeps } from "../../shared/news/wiring.ts";
import {
  SNIPPET_NOTE,
  SYNTHETIC_NOTE,
  answerSchema,
  numbersIn,
  renderContext,
  unsupportedNumbers,
} from "../../shared/news/generate.ts";
import { ACCOUNTS_NOT_IN_DATA, loadDocuments } from "../../shared/news/load-documents.ts";
import { offlineAnswer } from "../../shared/news/offline-answer.ts";
import { MemoryReportStore } from "../../shared/news/report-store.ts";
import {
  analyzeQueryStep,
  formatResultsStep,
  generateResponseStep,
  searchNewsStep,
  searchPublicationsStep,
  selectDocumentsStep,
} from "../../shared/news/steps.ts";
import { koreanWon } from "../../shared/korean/numerals.ts";
import { Deadline } from "../../shared/platform/deadline.ts";
import { fromKst } from "../../shared/platform/time.ts";
import { EmbeddedDart } from "../../shared/providers/embedded/dart-sample.ts";
import { EmbeddedNews } from "../../shared/providers/embedded/news-sample.ts";
import { DartStatusError, type DartPort } from "../../shared/providers/opendart.ts";
import { scriptedLlm } from "../helpers/scripted-llm.ts";
import { DEFAULT_NEWS_SETTINGS } from "../../shared/news/config.ts";

const now = () => fromKst(2025, 11, 20, 10);

function sampleDeps(over: Partial<NewsDeps> = {}): NewsDeps {
  return {
    news: new EmbeddedNews({ now }),
    dart: new EmbeddedDart({ now }),
    store: new MemoryReportStore(),
    companies: new EmbeddedCompanyDirectory(),
    settings: DEFAULT_NEWS_SETTINGS,
    now,
    ...over,
  };
}

/** The state GenerateResponse receives: everything up to an offline selection. */
async function selected(query: string, deps: NewsDeps) {
  const a = await analyzeQueryStep({ query }, deps);
  const f = await formatResultsStep([await searchNewsStep(a, deps), await searchPublicationsStep(a, deps)]);
  return selectDocumentsStep(f, {});
}

describe("the numbers check", () => {
  const context = "[1] (정기보고서) 삼성전자 2025년 2분기\n| 주당 현금배당금(원) | 보통주 | 1,446 |";

  it("finds figures the context does not hold, ignoring citation markers and commas", () => {
    expect(unsupportedNumbers("주당 배당금은 1,446원입니다 [1].", context)).toEqual([]);
    expect(unsupportedNumbers("주당 배당금은 1446원 [1], 전년보다 3.5% 늘었습니다 [1, 2].", context)).toEqual(
      ["3.5"],
    );
    expect(unsupportedNumbers("2025년 2분기 기준 [1]", context)).toEqual([]);
  });

  it("an answer with a made-up number or a missing document fails the answer schema", () => {
    const schema = answerSchema(context, 1);
    expect(schema.safeParse({ answer: "1,446원 [1]", cited: [1] }).success).toBe(true);
    const made = schema.safeParse({ answer: "1,500원 [1]", cited: [1] });
    expect(made.success).toBe(false);
    expect(made.error?.issues[0]?.message).toContain("1500");
    expect(schema.safeParse({ answer: "1,446원 [2]", cited: [2] }).success).toBe(false);
  });
});

/** The numbers an answer may state: the context's, and each amount read out in 조/억/만 exactly (koreanWon). */
const readable = (context: string) =>
  `${context}\n${numbersIn(context)
    .map((n) => koreanWon(Number(n)))
    .join("\n")}`;

describe("the offline answer never states a number that is not in the loaded context (amounts may be read out in 조/억/만)", () => {
  for (const query of [
    "삼성전자 배당",
    "SK하이닉스 2025년 2분기 매출",
    "LG 임원 현황",
    "NAVER 직원 평균 연봉",
    "현대차와 기아 작년 실적",
    "카카오 자사주",
    "셀트리온 최대주주",
    "KB금융 회사채 미상환 잔액",
  ]) {
    it(query, async () => {
      const deps = sampleDeps();
      const state = await selected(query, deps);
      const session = new DartSession(deps.dart, deps.store, {
        budget: 100,
        deadline: Deadline.none(),
        docMaxChars: 20_000,
        listTtlMinutes: 60,
        now,
      });
      const { docs } = await loadDocuments(state, deps, session);
      expect(docs.length).toBeGreaterThan(0);
      const answer = offlineAnswer(query, docs);
      expect(unsupportedNumbers(answer, readable(`${renderContext(docs)}\n${query}`))).toEqual([]);
    });
  }
});

describe("GenerateResponse", () => {
  it("uses a grounded LLM answer, cites what it used, and says news are snippets", async () => {
    const deps = sampleDeps();
    const state = await selected("삼성전자 배당", deps);
    const newsN =
      (state.selected_documents?.regular.length ?? 0) + (state.selected_documents?.revision.length ?? 0) + 1;
    const llm = scriptedLlm([
      (req: { prompt: string }) => {
        const dps = /\| 주당 현금배당금\(원\) \| 보통주 \| ([\d,]+) \|/.exec(req.prompt)?.[1];
        return {
          answer: `주당 현금배당금은 ${dps}원입니다 [1]. 뉴스 요약에 따르면 배당을 결정했습니다 [${newsN}].`,
          cited: [1, newsN],
        };
      },
    ]);
    const out = await generateResponseStep(state, { ...deps, llm });
    expect(out.usage.GenerateResponse?.engine).toBe("llm");
    expect(out.citations.map((c) => c.type)).toEqual(["regular", "news"]);
    expect(out.generated_response).toContain(SNIPPET_NOTE);
    expect(out.generated_response).toContain(SYNTHETIC_NOTE);
    expect(out.generated_response).toContain("출처\n[1] 삼성전자 ");
  });

  it("an answer with a number not in the context is retried, then replaced by the offline answer", async () => {
    const deps = sampleDeps();
    const state = await selected("삼성전자 배당", deps);
    const llm = scriptedLlm([{ answer: "주당 배당금은 99,999원입니다 [1].", cited: [1] }]);
    const out = await generateResponseStep(state, { ...deps, llm });
    expect(llm.rejections).toHaveLength(2);
    expect(llm.rejections[0]).toContain("99999");
    expect(out.usage.GenerateResponse?.engine).toBe("offline-fallback");
    expect(out.usage.GenerateResponse?.warnings.join(" ")).toContain("검증");
    expect(out.generated_response).not.toContain("99,999");
    expect(out.generated_response).toContain("■ 정기보고서");
  });

  it("without news among the cited documents there is no snippet note", async () => {
    const deps = sampleDeps();
    const state = await selected("삼성전자 배당", deps);
    const llm = scriptedLlm([{ answer: "배당 자료는 보고서에 있습니다 [1].", cited: [1] }]);
    const out = await generateResponseStep(state, { ...deps, llm });
    expect(out.generated_response).not.toContain(SNIPPET_NOTE);
  });

  it("lists what could not be loaded", async () => {
    const deps = sampleDeps();
    const state = await selected("삼성전자 직원", deps);
    const failing: DartPort = {
      ...deps.dart,
      name: deps.dart.name,
      synthetic: true,
      list: deps.dart.list.bind(deps.dart),
      document: deps.dart.document.bind(deps.dart),
      corpCodes: deps.dart.corpCodes.bind(deps.dart),
      keyInfo: async () => {
        throw new DartStatusError("800", "시스템 점검으로 인한 서비스가 중지 중입니다.");
      },
    };
    // the selection asks for a key the search did not prefetch
    const sel = state.selected_documents!;
    const asked = {
      ...state,
      selected_documents: {
        ...sel,
        regular: sel.regular.map((r) => ({ ...r, api_keys_to_check: ["api_23"] })),
      },
    };
    const out = await generateResponseStep(asked, { ...deps, dart: failing });
    expect(out.generated_response).toMatch(
      /불러오지 못한 자료\n- 삼성전자 2025년 3분기 분기보고서 — 주식의 총수 현황: OpenDART가 오류를 알려 왔습니다: 시스템 점검/,
    );
    // the status is the notice's, not the sentence's
    expect(out.usage.GenerateResponse?.warnings.join(" ")).not.toContain("800");
    expect(out.usage.GenerateResponse?.notices).toContainEqual(
      expect.objectContaining({ code: "opendart_status", status: "800" }),
    );
  });

  it("the OpenDART budget is the question's: the answer may only spend what the search left", async () => {
    const deps = sampleDeps({ settings: { ...DEFAULT_NEWS_SETTINGS, dartCallBudget: 12 } });
    const state = await selected("삼성전자 배당", deps);
    const searchCalls = state.usage.SearchPublications!.dartCalls;
    const sel = state.selected_documents!;
    const greedy = {
      ...state,
      selected_documents: {
        ...sel,
        regular: sel.regular.map((r) => ({
          ...r,
          api_keys_to_check: ["api_02", "api_04", "api_07", "api_08", "api_23"],
        })),
      },
    };
    const out = await generateResponseStep(greedy, deps);
    expect(searchCalls + out.usage.GenerateResponse!.dartCalls).toBeLessThanOrEqual(12);
    expect(out.usage.GenerateResponse!.warnings.join(" ")).toContain("호출 예산(질문당 12회)");
    expect(out.generated_response).toContain("불러오지 못한 자료");
  });

  it("accounts answering 013: the answer says the figure is not in the data, and states none", async () => {
    // OpenDART has no main accounts for this report (status 013, "no data" — an answer, not an error)
    const dart = new EmbeddedDart({ now });
    const keyInfo: DartPort["keyInfo"] = dart.keyInfo.bind(dart);
    const noAccounts: DartPort["keyInfo"] = async (counter, key, q, deadline) =>
      key === "accounts" ? { status: "013", rows: [], synthetic: true } : keyInfo(counter, key, q, deadline);
    dart.keyInfo = noAccounts;
    const deps = sampleDeps({ dart });
    const state = await selected("삼성전자 2025년 2분기 매출", deps);
    expect(state.selected_documents?.regular.map((r) => r.api_keys_to_check)).toEqual([["accounts"]]);

    const offline = await generateResponseStep(state, deps);
    const regular = offline
      .generated_response!.split(/■ 정정보고서|■ 뉴스/)[0]!
      .trim()
      .split("\n");
    // the report's part is its header, the section's title and the sentence saying the figure is not there
    expect(regular.at(-3)).toMatch(
      /^\[1\] 삼성전자 2025년 2분기 반기보고서 \(접수번호 \d+, 보고 기간 2025년 1월 1일~6월 30일\)$/,
    );
    expect(regular.slice(-2)).toEqual([
      "재무제표 주요계정(매출액·영업이익·당기순이익·자산·부채·자본)",
      ACCOUNTS_NOT_IN_DATA,
    ]);
    expect(offline.pub_errors).toEqual([]); // 013 is no data, not an error

    // an LLM that makes a revenue figure up is rejected (twice), and the offline answer says it is not there
    const llm = scriptedLlm([{ answer: "삼성전자의 2분기 매출액은 74조원입니다 [1].", cited: [1] }]);
    const out = await generateResponseStep(state, { ...deps, llm });
    expect(llm.requests[0]?.prompt).toContain(ACCOUNTS_NOT_IN_DATA);
    expect(llm.rejections[0]).toContain("74");
    expect(out.usage.GenerateResponse?.engine).toBe("offline-fallback");
    expect(out.generated_response).toContain(ACCOUNTS_NOT_IN_DATA);
    expect(out.generated_response).not.toContain("74조");
  });

  it("with nothing found answers so, without an LLM call", async () => {
    const deps = sampleDeps();
    const state = await selected("배당 많이 주는 회사", deps);
    const llm = scriptedLlm([{ answer: "x", cited: [] }]);
    const out = await generateResponseStep(state, { ...deps, llm });
    expect(llm.requests).toHaveLength(0);
    expect(out.generated_response).toContain("찾은 뉴스나 공시가 없어");
    expect(out.generated_response).toMatch(/^질문에 회사 이름이 없어/);
  });
});
