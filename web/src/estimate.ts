// What a simulation would cost, shown under the form before it starts (POST /v1/simulations/estimate)
// and kept up to date as the form changes: a pause in typing sends one request, and a newer one
// cancels the older, so the line always answers the form as it is now.
import type { SpendEstimate } from "../../shared/simulation/spend.ts";
import { api, problemText } from "./api.ts";
import { h } from "./dom.ts";
import { num } from "./format.ts";

const DEBOUNCE_MS = 400;

const usd = (x: number) => `$${x < 0.01 && x > 0 ? x.toFixed(4) : x.toFixed(2)}`;
const about = (x: number) => num(Math.round(x));

/** The estimate as one sentence: an offline or replayed run costs nothing; what the LLM would need is said too. */
export function estimateText(e: SpendEstimate): string {
  const days = `에이전트·일 ${num(e.agentDays)}`;
  if (e.engine !== "llm") {
    const why = e.engine === "offline" ? "오프라인 엔진(규칙과 어휘)으로 돌아가" : "녹화된 답으로 다시 돌려";
    return `예상 LLM 호출 0회, 0원 — ${why} LLM을 부르지 않습니다 (${days}). LLM 엔진이라면 ~${about(e.withLlm.calls)}회, 약 ${usd(e.withLlm.costUsd)}.`;
  }
  const budget = e.budgetUsd === null ? "" : ` (예산 ${usd(e.budgetUsd)})`;
  return `예상 LLM 호출 ~${about(e.calls)}회, 토큰 입력 ~${about(e.inputTokens)} / 출력 ~${about(e.outputTokens)}, 약 ${usd(e.costUsd)}${budget} (${days}).`;
}

export class SpendPreview {
  readonly el = h("p", { id: "sim-estimate", class: "estimate note", "aria-live": "polite" });
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: AbortController | null = null;

  /** `body`: the start's body as the form has it now; null while it is not one yet (a field empty). */
  constructor(private readonly body: () => Record<string, unknown> | null) {}

  /** The form changed: estimate again once it has been still for a moment. */
  schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), DEBOUNCE_MS);
  }

  private async run(): Promise<void> {
    this.inFlight?.abort();
    const body = this.body();
    this.el.classList.remove("is-error");
    if (!body) {
      this.el.textContent = "일수와 시드를 입력하면 예상 비용을 보여 드립니다.";
      return;
    }
    const ctrl = new AbortController();
    this.inFlight = ctrl;
    this.el.textContent = "예상 비용을 계산하는 중…";
    try {
      // asked in the background: a missing API key is said, not asked for
      const e = await api<SpendEstimate>("v1/simulations/estimate", {
        body,
        signal: ctrl.signal,
        askForKey: false,
      });
      if (ctrl.signal.aborted) return;
      this.el.textContent = estimateText(e);
    } catch (err) {
      if (ctrl.signal.aborted) return;
      this.el.classList.add("is-error");
      this.el.textContent = `예상 비용을 계산하지 못했습니다: ${problemText(err)}`;
    }
  }
}
