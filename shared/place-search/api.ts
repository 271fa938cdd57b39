// The place-search API, implemented once (seeds 000/001): planning and search run as workflows
// within the request's time budget, whichever way the workflows are started (locally or on Step
// Functions). Repeated rules-engine plans come from a bounded cache.
import { Deadline } from "../platform/deadline.ts";
import { DongneError } from "../platform/errors.ts";
import { recordMetrics } from "../platform/metrics.ts";
import type { Workflows } from "../workflows/port.ts";
import type { GooglePlacesPort } from "../providers/port.ts";
import { AgentResponse } from "../places/place.ts";
import { PlanCache } from "./plan-cache.ts";
import { checkPlan, type PlanProblem } from "./plan-check.ts";
import { decodeCursor, planForPage } from "./cursor.ts";
import { PlanResponse, type LatLngInput, type SearchPlan } from "./schemas.ts";

export class PlaceSearchService {
  private readonly cachedPlan: (query: string) => Promise<PlanResponse>;
  private readonly freshPlan: (query: string, location?: LatLngInput) => Promise<PlanResponse>;

  constructor(
    private readonly workflows: Workflows,
    private readonly opts: {
      /** a synchronous request's budget (API Gateway gives up at 29 s) */
      budgetMs: number;
      google: () => GooglePlacesPort | undefined;
      /** USD per million tokens, for the spend metric */
      pricePerMTok: { input: number; output: number };
      /** repeated rules-engine plans from memory (false: off) */
      planCache?: PlanCache | false;
    },
  ) {
    this.freshPlan = async (query: string, location?: LatLngInput) => {
      const deadline = Deadline.in(this.opts.budgetMs);
      const planned = PlanResponse.parse(
        await this.workflows.runSync(
          "plan",
          { query, ...(location ? { location } : {}), deadlineAt: deadline.at },
          deadline,
        ),
      );
      this.record("plan", planned.meta);
      return planned;
    };
    const cache = opts.planCache ?? new PlanCache();
    this.cachedPlan = cache ? cache.wrap((q) => this.freshPlan(q)) : (q) => this.freshPlan(q);
  }

  /** The plan of a query; one made around the user's position is never cached (positions don't repeat). */
  plan(query: string, location?: LatLngInput): Promise<PlanResponse> {
    return location ? this.freshPlan(query, location) : this.cachedPlan(query);
  }

  /** LLM use, estimated spend, provider calls and latency of one answer. */
  private record(
    operation: string,
    meta: {
      llmCalls: number;
      llmTokens: { input: number; output: number };
      durationMs: number;
      apiCalls?: number;
      providerFailures?: number;
    },
  ) {
    // LLM calls, tokens and spend are recorded where each call happens (shared/llm/gated.ts), at its
    // tier's price, failed and timed-out runs included
    recordMetrics(operation, {
      ...(meta.apiCalls !== undefined ? { ProviderCalls: meta.apiCalls } : {}),
      ...(meta.providerFailures !== undefined ? { ProviderFailures: meta.providerFailures } : {}),
      Latency: meta.durationMs,
    });
  }

  private async run(operation: string, input: Record<string, unknown>): Promise<AgentResponse> {
    const deadline = Deadline.in(this.opts.budgetMs);
    const answer = AgentResponse.parse(
      await this.workflows.runSync("search", { ...input, deadlineAt: deadline.at }, deadline),
    );
    this.record(operation, answer.meta);
    return answer;
  }

  search(query: string, location?: LatLngInput): Promise<AgentResponse> {
    return this.run("search", { query, ...(location ? { location } : {}) });
  }

  /**
   * The next page of an earlier answer (its meta.page.next): the cursor's plan runs again, asking its
   * searches for enough places to reach the page; nothing is planned again. A bad cursor: CursorError.
   */
  next(cursor: string): Promise<AgentResponse> {
    const { plan, page, seen } = decodeCursor(cursor);
    return this.run("search", { plan: planForPage(plan, page), page, seen });
  }

  execute(plan: SearchPlan, query?: string): Promise<AgentResponse> {
    return this.run("execute", { plan, ...(query ? { query } : {}) });
  }

  /** A Google photo's public image URL, resolved server-side so the key never leaves; null without Google. */
  async photoUri(name: string): Promise<string | null> {
    const google = this.opts.google();
    return google ? google.photoUri({ apiCalls: 0, deadline: Deadline.in(this.opts.budgetMs) }, name) : null;
  }
}

/**
 * POST /v1/search/execute: a plan the caller wrote, checked before it runs (allow-listed actions,
 * schemas, references); a failed check names its first problem and counts the others.
 */
export function checkedPlan(plan: unknown): SearchPlan {
  const checked = checkPlan(plan);
  if (checked.ok) return checked.plan;
  const [first, ...more] = checked.problems as [PlanProblem, ...PlanProblem[]]; // at least one
  const others = more
    .slice(0, 3)
    .map((p) => `${p.path}: ${p.message}`)
    .join("; ");
  const message = `${first.message}${more.length ? ` (+${more.length} more: ${others})` : ""}`;
  throw new DongneError("invalid", message, { code: "invalid_plan", field: `plan.${first.path}` });
}
