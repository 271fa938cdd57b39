// The bounds of what a simulation or experiment request may ask, each with its reason: the request
// schemas (schemas.ts, scenario.ts, experiment-schemas.ts) and the agent cap (world.ts) read them.
//
/*
 * Every number a request may carry is bounded so that what the schema accepts DynamoDB can store (a
 * number there has at most 38 significant digits and a magnitude of 0 or between 1e-130 and 1e126:
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/HowItWorks.NamingRulesDataTypes.html#HowItWorks.DataTypes.Number).
 * Whole numbers are at least 1 apart from 0; a decimal's range starts at a floor like 0.01, so 1e-131
 * or 5e-324 is refused up front (400), never written (a 5xx) — identically by /estimate and the start.
 * test/unit/simulation-request-bounds.test.ts walks every number field of these schemas.
 */

/** The most agents one run may have, residents and every scenario visitor together: a slot's Map hands
 * Collect one AgentSummary (~150 bytes) per agent in one state, which must stay well under Step
 * Functions' 256 KB (500 agents: ~75 KB). A scenario's floatingPool counts (world.ts: checkAgentCap). */
export const MAX_AGENTS = 500;
/** The longest run: 14 days × 4 slots (and with MAX_AGENTS, 7,000 agent-days: under the default daily allowance). */
export const MAX_DAYS = 14;
/** A run's LLM budget: at least a cent (a smaller one cannot cover one call), at most this many USD. */
export const MIN_BUDGET_USD = 0.01;
export const MAX_BUDGET_USD = 100_000;
/** Day 1 may be any date of 2000–2099: the calendar knows weekdays there (holidays for 2018–2027). */
export const FIRST_START_DATE = "2000-01-01";
export const LAST_START_DATE = "2099-12-31";

/*
 * The counts a request can raise, and what bounds each:
 * - agents per run: MAX_AGENTS, residents and scenario visitors together (a 400 naming the field, the
 *   same for /estimate, the start and every experiment arm: world.ts decides it once for all three);
 * - days × agents: MAX_DAYS × MAX_AGENTS = 7,000 agent-days a run, charged to the caller's daily
 *   allowance (SIM_MAX_AGENT_DAYS_PER_CALLER) with the visitors counted;
 * - an experiment's seeds × arms × days × agents: MAX_SEEDS (20) × 2 × MAX_DAYS × MAX_AGENTS at most,
 *   every arm within MAX_AGENTS, and the whole charged to the allowance at once (429, no arm started);
 * - a scenario's stores, menus, hours and menu prices: SCENARIO_LIMITS (scenario.ts);
 * - the visitors a day: at most the pool (world.ts), itself at most MAX_AGENTS.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Text DynamoDB (UTF-8) can keep: no lone surrogate. */
export const wellFormed = (t: string): boolean => !LONE_SURROGATE.test(t);
