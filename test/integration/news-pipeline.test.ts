// The in-process flow (pipeline.ts, the steps called in the definition's order) and the state machine
// (workflow/definition.ts through the local runner, each step in its Lambda envelope) give the same
// response for the same question and deps: preferences that skip a branch, no company, the offline
// engines, an LLM that answers and one that cannot be reached.
import { describe, expect, it } from "vitest";
import type { LlmPort } from "../../shared/llm/port.ts";
import { toResponse } from "../../shared/news/api.ts";
import { runNewsSearch } from "../../shared/news/pipeline.ts";
import { MemoryReportStore } from "../../shared/news/report-store.ts";
import { SearchState, type NewsSearchRequest } from "../../shared/news/schemas.ts";
import { createNewsDeps, type NewsDeps } from "../../shared/news/wiring.ts";
import { newsConfig, NewsEnvSchema } from "../../shared/news/config.ts";
import { fromKst } from "../../shared/platform/time.ts";
import { MACHINES } from "../../shared/runtime/machines.ts";
import type { Runtime } from "../../shared/runtime/port.ts";
import { localArn } from "../../shared/workflows/asl.ts";
import { LocalWorkflow, localTasks } from "../../shared/workflows/local-runner.ts";
import { scriptedLlm } from "../helpers/scripted-llm.ts";

const NOW = fromKst(2025, 11, 20, 10);
const base = createNewsDeps(newsConfig(NewsEnvSchema.parse({})), { now: () => NOW });

/** The news machine as the local Workflows port builds it; its steps get `current` as the runtime's deps. */
let current: NewsDeps = base;
const rt = { service: () => current } as unknown as Runtime;
const machine = new LocalWorkflow(MACHINES.news.definition(localArn), localTasks(MACHINES.news.steps, rt));

/** A model that picks nothing (the rules then choose what is asked) and answers citing the first. */
const answeringLlm = () =>
  scriptedLlm([
    (req: { tier?: string }) =>
      req.tier === "fast"
        ? { news: [], regular: [], revision: [], selection_summary: "" }
        : { answer: "불러온 자료를 정리했습니다 [1].", cited: [1] },
  ]);
const unreachableLlm = () => scriptedLlm([{ unavailable: "overloaded" }]);

const QUESTIONS: NewsSearchRequest[] = [
  { query: "삼성전자 배당" },
  { query: "SK하이닉스 2025년 2분기 매출", search_preference: "publications" },
  { query: "카카오 최신 뉴스", search_preference: "news" },
  { query: "LG 임원 현황" },
  { query: "삼성전자 정정 공시" },
  { query: "요즘 배당 많이 주는 회사" },
];
const ENGINES: [string, (() => LlmPort) | undefined, string][] = [
  ["the offline engines", undefined, "offline"],
  ["an LLM that answers", answeringLlm, "llm"],
  ["an LLM that cannot be reached", unreachableLlm, "offline-fallback"],
];

describe("the in-process news flow and the state machine", () => {
  it.each(ENGINES)("give the same responses with %s", async (_, llm, engine) => {
    const engines = new Set<string>();
    for (const request of QUESTIONS) {
      // each run on a cold report cache, with a model of its own (scripted replies are consumed)
      const fresh = () => ({ ...base, store: new MemoryReportStore(), llm: llm?.() });
      const inProcess = await runNewsSearch(request, fresh());
      current = fresh();
      const state = SearchState.parse(await machine.run(request));
      expect(toResponse(state, NOW.getTime()), request.query).toEqual(inProcess);
      engines.add(inProcess.meta.engine);
    }
    expect([...engines]).toContain(engine);
  });
});
