// The Korean words for API codes (shared/korean/labels.ts): every value of the enums the page and the
// report page show has one, so a new status cannot reach a person as a code; an unknown code is shown
// as it is, never as nothing.
import { describe, expect, it } from "vitest";
import { koKey, koLabel, LABELS, type LabelKind } from "../../shared/korean/labels.ts";
import { ACTION_NAMES } from "../../shared/place-search/actions.ts";
import { PostProcessing, SortBy, StrategyType, TravelMode } from "../../shared/place-search/schemas.ts";
import { QaRoute } from "../../shared/restaurant-qa/state.ts";
import { Engine as NewsEngine } from "../../shared/news/schemas.ts";
import { SimulationParams, SimulationStatus } from "../../shared/simulation/schemas.ts";

const HANGUL = /[\uAC00-\uD7A3]/;

describe("Korean labels for API codes", () => {
  const enums: [LabelKind, readonly string[]][] = [
    ["simulationStatus", SimulationStatus.options],
    ["decision", ["visit", "stay_home", "llm_failed"]],
    ["dayType", ["weekday", "weekend", "holiday"]],
    ["agentType", ["resident", "floating"]],
    ["engine", SimulationParams.shape.engine.options],
    ["engine", NewsEngine.options],
    ["engine", ["rules", "llm", "rules-fallback", "skipped", "client", "offline", "llm+fallback"]],
    ["strategy", StrategyType.options],
    ["travelMode", TravelMode.options],
    ["qaRoute", QaRoute.options],
    ["sortBy", SortBy.options],
    ["planAction", ACTION_NAMES],
    ["planField", Object.keys(PostProcessing.shape)],
    ["dataSource", ["embedded-demo", "embedded-registry", "kakao", "google"]],
  ];

  it.each(enums)("every %s code has a Korean word", (kind, codes) => {
    for (const code of codes) expect(koLabel(kind, code), `${kind} ${code}`).toMatch(HANGUL);
  });

  it("the demo set is named as it is", () => {
    expect(koLabel("dataSource", "embedded-demo")).toBe("내장 데모 데이터");
  });

  it("an unknown code is shown as it is, never as nothing", () => {
    expect(koLabel("simulationStatus", "paused_by_operator")).toBe("paused_by_operator");
    expect(koLabel("decision", "constructor")).toBe("constructor"); // no inherited property answers
    expect(koLabel("engine", 3)).toBe("3");
    expect(koLabel("dataSource", "")).toBe("없음");
    expect(koKey("someNewFigure")).toBe("someNewFigure");
  });

  it("keys read as fields or codes: a run's parameters, the kinds of day", () => {
    expect(koKey("maxConcurrentLlmCalls")).toBe("동시 LLM 호출 상한");
    expect(koKey("holiday")).toBe("공휴일");
    expect(koKey("floating")).toBe("유동 인구");
  });

  it("no word is empty", () => {
    for (const table of Object.values(LABELS))
      for (const word of Object.values(table)) expect(word.trim()).not.toBe("");
  });
});
