// The bounds of what a simulation or experiment request may ask, each with its reason: the request
// schemas (schemas.ts, scenario.ts, experiment-schemas.ts) and the agent cap (world.ts) read them.
//
import { AGENTS_CEILING } from "./config.ts";

/*
 * Every number a request may carry is bounded so that what the schema accepts DynamoDB can store (a
 * number there has at most 38 significant digits and a magnitude of 0 or between 1e-130 and 1e126:
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/HowItWorks.NamingRulesDataTypes.html#HowItWorks.DataTypes.Number).
 * Whole numbers are at least 1 apart from 0; a decimal's range starts at a floor like 0.01, so 1e-131
 * or 5e-324 is refused up front (400), never written (a 5xx) — identically by /estimate and the start.
 * test/unit/simulation-request-bounds.test.ts walks every number field of these schemas.
 */

/**
 * What a request's agent counts are checked against by schema: no configuration may allow more
 * (SIM_MAX_AGENTS, default DEFAULT_MAX_AGENTS = 10,000, is the cap a run meets; world.ts: checkAgentCap).
 * Nothing of a run travels through Step Functions' state per agent (a slot's state holds at most
 * MAX_BATCHES batch numbers; each step writes what it produced to the table), so the cap is about
 * what a run costs and how long its report takes to read, not about a state's 256 KB.
 */
export const MAX_AGENTS = AGENTS_CEILING;
/** A slot's Map items: at most this many batch numbers (~6 KB of state), however many agents. */
export const MAX_BATCHES = 1_000;
/** The longest run: 14 days × 4 slots. */
export const MAX_DAYS = 14;
/** A run's LLM budget: at least a cent (a smaller one cannot cover one call), at most this many USD. */
export const MIN_BUDGET_USD = 0.01;
export const MAX_BUDGET_USD = 100_000;
/** Day 1 may be any date of 2000–2099: the calendar knows weekdays there (holidays for 2018–2027). */
export const FIRST_START_DATE = "2000-01-01";
export const LAST_START_DATE = "2099-12-31";

/*
 * The counts a request can raise, and what bounds each:
 * - agents per run: SIM_MAX_AGENTS (default 10,000), residents and scenario visitors together (a 400
 *   naming the field, the same for /estimate, the start and every experiment arm: world.ts decides it
 *   once for all three); the schemas refuse more than MAX_AGENTS whatever is configured;
 * - days × agents: MAX_DAYS × SIM_MAX_AGENTS a run, charged to the caller's daily allowance
 *   (SIM_MAX_AGENT_DAYS_PER_CALLER, default 10,000 agent-days) with the visitors counted;
 * - an experiment's seeds × arms × days × agents: MAX_SEEDS (20) × 2 × MAX_DAYS × SIM_MAX_AGENTS at
 *   most, every arm within the cap, and the whole charged to the allowance at once (429, no arm started);
 * - a scenario's stores, menus, hours and menu prices: SCENARIO_LIMITS (scenario.ts);
 * - the visitors a day: at most the pool (world.ts), itself within the cap.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Text DynamoDB (UTF-8) can keep: no lone surrogate. */
export const wellFormed = (t: string): boolean => !LONE_SURROGATE.test(t);
