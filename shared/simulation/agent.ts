// 004's process_decision: step 1 (eat in Mangwon?), step 2 (category), then up to three rounds of
// step 3 (store) → step 4 (rating) → step 5 (next action), looping while step 5 is a store visit.
import { noUsage, type TokenUsage } from "../llm/port.ts";
import { WEEKDAYS, type DayInfo } from "./calendar.ts";
import type { DecisionEngine, StepContext } from "./engines/engine.ts";
import { memoryContext, ownRatings, recalledStores, visitMemory } from "./memory.ts";
import { knownOpenStores, searchRankedStores } from "./ranking.ts";
import { pick, rngFor, shuffle } from "../platform/random.ts";
import { nextPosition, startPosition, type Position } from "./space.ts";
import {
  FLOATING_ACTIONS,
  MAX_VISIT_LOOP,
  PERSPECTIVES,
  RESIDENT_ACTIONS,
  STORE_VISIT_ACTIONS,
  TIME_SLOT_CATEGORIES,
  type DecisionResult,
  type MemoryEntry,
  type Persona,
  type Store,
  type StoreAggregate,
  type TimeSlot,
  type Visit,
} from "./types.ts";

export interface AgentTurn {
  persona: Persona;
  /** the day's date, weekday and holiday */
  calendar?: DayInfo;
  day: number;
  slot: TimeSlot;
  stores: readonly Store[];
  /** earlier slots' ratings; step 1 does not read them, so the first call need not wait for the read */
  aggregates: Promise<Record<string, StoreAggregate>> | Record<string, StoreAggregate>;
  memory: MemoryEntry[];
  /** where the agent is as the turn begins (absent: where its day starts) */
  position?: Position;
  /** the persona set's mean eat-out tendency (absent: the agent is taken as typical) */
  populationEatOutTendency?: number;
  engine: DecisionEngine;
  seed: number;
}

/**
 * The next actions offered after a visit. 004's 야식 slot (22:00) is 식당 + 주점, 카페 제외: step 5
 * offers no 카페_가기 there, to either engine, so a café visit can never follow at 22:00.
 */
export function actionsFor(persona: Persona, slot: TimeSlot): readonly string[] {
  const all = persona.type === "resident" ? RESIDENT_ACTIONS : FLOATING_ACTIONS;
  return all.filter(
    (a) =>
      (a !== "카페_가기" || TIME_SLOT_CATEGORIES[slot].includes("카페")) &&
      // a resident without a workplace has nowhere to go to work
      (a !== "회사_가기" || persona.work_location !== undefined),
  );
}

/** 004's ratings: each aspect is the overall rating, one higher (at most 5) when its tag was chosen. */
export function aspectRatings(visit: Visit): NonNullable<DecisionResult["ratings"]> {
  const up = (tag: string) => Math.min(5, visit.rating + (visit.tags.includes(tag) ? 1 : 0));
  return { taste: up("맛"), value: up("가성비"), atmosphere: up("분위기") };
}

const findStore = (candidates: Store[], name: string) =>
  candidates.find((s) => s.name === name) ??
  candidates.find((s) => s.name.replace(/\s/g, "") === name.replace(/\s/g, ""));

type Outcome = DecisionResult & { usage: TokenUsage };

/** What a turn carries from step to step. */
interface TurnState {
  turn: AgentTurn;
  ctx: StepContext;
  /** the slot and weekday, for the stores' opening hours */
  when: { slot: TimeSlot; weekday?: number };
  /** the open stores the agent knows */
  known: Store[];
  /** 004's record of what each step decided */
  steps: Record<string, unknown>;
  /** the result before anything is decided */
  base: ReturnType<typeof emptyResult>;
}

/** One store round's step 3: the store chosen, and where its steps are recorded. */
interface Chosen {
  s3: { store_name: string; reason: string };
  store: Store;
  record: Record<string, unknown>;
  /** what the agent remembers in this round: its memory and this turn's visits so far */
  remembered: MemoryEntry[];
}

export async function processDecision(turn: AgentTurn): Promise<Outcome> {
  const t = startTurn(turn);
  try {
    const s1 = await turn.engine.step1(t.ctx);
    t.steps.step1 = s1;
    if (!s1.eat_in_mangwon)
      return { ...t.base, decision: "stay_home", reason: s1.reason, usage: t.ctx.usage };
    return await visitStores(t, await chooseCategory(t));
  } catch (err) {
    return failedTurn(t, err);
  }
}

function startTurn(turn: AgentTurn): TurnState {
  const { persona, day, slot } = turn;
  const rng = rngFor(turn.seed, `${persona.id}:${day}:${slot}`);
  const when = { slot, weekday: turn.calendar ? WEEKDAYS.indexOf(turn.calendar.weekday) : undefined };
  const known = knownOpenStores(turn.stores, persona, when);
  const ctx: StepContext = {
    persona,
    day,
    calendar: turn.calendar,
    slot,
    memory: memoryContext(turn.memory, { day, slot }),
    ownRatings: new Map(),
    position: turn.position ?? startPosition(persona),
    known,
    populationEatOutTendency: turn.populationEatOutTendency ?? persona.eat_out_tendency,
    aggregates: {}, // set before step 3
    rng,
    session: [],
    usage: noUsage(),
  };
  const steps: Record<string, unknown> = {};
  return { turn, ctx, when, known, steps, base: emptyResult(steps, ctx.position) };
}

function emptyResult(steps: Record<string, unknown>, position: Position) {
  return {
    steps,
    visited_store: null,
    visited_category: null,
    ratings: null,
    error: null,
    visits: [] as Visit[],
    next_action: null,
    left_mangwon: false,
    position,
  };
}

/** Step 2 weighs the categories by what the agent knows of their open stores, its own ratings too. */
async function chooseCategory({ turn, ctx, known, steps }: TurnState): Promise<string> {
  const { day, slot } = turn;
  ctx.aggregates = await turn.aggregates;
  ctx.memory = memoryContext(turn.memory, { day, slot, known });
  ctx.ownRatings = ownRatings(turn.memory, known);
  const categories = TIME_SLOT_CATEGORIES[slot];
  const s2 = await turn.engine.step2(ctx, categories);
  if (!categories.includes(s2.category))
    throw new Error(`step2: "${s2.category}" is not a category for ${slot}`);
  steps.step2 = s2;
  return s2.category;
}

/** Up to three store rounds (step 3 → 4 → 5), going on while step 5 is a store visit. */
async function visitStores(t: TurnState, firstCategory: string): Promise<Outcome> {
  const { ctx } = t;
  const actions = actionsFor(t.turn.persona, t.turn.slot);
  let category = firstCategory;
  let nextAction: string | null = null;
  let firstReason: string | null = null;
  for (let round = 0; round < MAX_VISIT_LOOP; round++) {
    const chosen = await chooseStore(t, category, round);
    if (!chosen) {
      // 004: no store nearby → stay_home (not an error); a later round just ends the loop
      if (round === 0) return noStoreNearby(t, category);
      break;
    }
    nextAction = await rateAndMoveOn(t, chosen, round, actions);
    if (round === 0) firstReason = chosen.s3.reason;
    if (!(STORE_VISIT_ACTIONS as readonly string[]).includes(nextAction)) break;
    category = "카페"; // 004: 카페_가기 → step 3 among the cafés
  }
  return {
    ...t.base,
    ...visited(ctx.session, ctx.usage),
    reason: firstReason,
    next_action: nextAction,
    left_mangwon: nextAction === "망원동_떠나기",
    position: ctx.position,
  };
}

function noStoreNearby(t: TurnState, category: string): Outcome {
  const reason = `no ${category} store nearby`;
  t.steps.step3 = { store_name: null, reason };
  return { ...t.base, decision: "stay_home", reason, usage: t.ctx.usage };
}

/** Step 3 of a round: a store among the ranked open candidates (null: none nearby). */
async function chooseStore(t: TurnState, category: string, round: number): Promise<Chosen | null> {
  const { turn, ctx } = t;
  const { persona, day, slot } = turn;
  // a store known to be closed at this slot (and weekday) is no candidate, nor one visited in this
  // slot already: a second café of the loop is another café, or the loop ends
  const visited = new Set(ctx.session.map((v) => v.store_id));
  const searched = searchRankedStores(
    ctx.rng,
    turn.stores,
    persona,
    category,
    ctx.aggregates,
    t.when,
    visited,
  );
  // the places it has been to are candidates too, whatever the search drew (a regular needs no search),
  // shuffled in with the rest so that their place in the list tells nothing
  const remembered = [...turn.memory, ...ctx.session.map(visitMemory)];
  const drawn = new Set([...visited, ...searched.map((s) => s.store_id)]);
  const recalled = recalledStores(remembered, t.known, category, drawn);
  const candidates = recalled.length ? shuffle(ctx.rng, [...searched, ...recalled]) : searched;
  // step 3 recalls what bears on these stores, with the agent's own ratings of them
  ctx.memory = memoryContext(remembered, { day, slot, category, candidates });
  ctx.ownRatings = ownRatings(remembered, candidates);
  const s3 = candidates.length ? await turn.engine.step3(ctx, category, candidates) : null;
  if (!s3) return null;
  // each round's steps are kept as they are decided: a failure later in the turn keeps them
  const record: Record<string, unknown> = round === 0 ? t.steps : {};
  if (round > 0) t.steps[`loop${round + 1}`] = record;
  record.step3 = s3;
  // the engines answer from the candidates (the LLM's schema lists them); anything else breaks
  // the rules and fails the step instead of passing for a decision
  const store = findStore(candidates, s3.store_name);
  if (!store) throw new Error(`step3: "${s3.store_name}" is not among the candidates`);
  return { s3, store, record, remembered };
}

/** Steps 4 and 5 of a round: the chosen store visited and rated, then the next action (returned). */
async function rateAndMoveOn(
  { turn, ctx }: TurnState,
  { store, record, remembered }: Chosen,
  round: number,
  actions: readonly string[],
): Promise<string> {
  const { persona, day, slot, engine } = turn;
  const perspective = pick(ctx.rng, PERSPECTIVES);
  // each later step recalls only what bears on it: step 4 this store, step 5 the day (a prompt's
  // memory is input tokens on every call)
  ctx.memory = memoryContext(remembered, { day, slot, category: store.category, candidates: [store] });
  const s4 = await engine.step4(ctx, store, perspective);
  record.step4 = s4;
  ctx.session.push({
    visit_id: `${persona.id}#d${day}#${slot}#${round + 1}`,
    agent_id: persona.id,
    day,
    time_slot: slot,
    order: round + 1,
    store_id: store.store_id,
    store_name: store.name,
    category: store.category,
    rating: s4.rating,
    tags: s4.selected_tags,
    comment: s4.comment,
    perspective,
  });
  ctx.position = { name: store.name, lat: store.lat, lng: store.lng }; // at the store now
  ctx.memory = memoryContext(turn.memory, { day, slot }); // this slot's visits: session_activity
  const s5 = await engine.step5(ctx, actions);
  record.step5 = s5;
  ctx.position = nextPosition(s5, persona, ctx.position, ctx.rng);
  return s5.action;
}

/**
 * What earlier steps decided stands: a store visited and rated (step 4) is a visit even when a later
 * step failed; only a turn with no rated visit failed as a whole.
 */
function failedTurn({ ctx, base }: TurnState, err: unknown): Outcome {
  const error = err instanceof Error ? err.message : String(err);
  if (ctx.session.length)
    return { ...base, ...visited(ctx.session, ctx.usage), reason: null, error, position: ctx.position };
  return { ...base, decision: "llm_failed", reason: null, error, usage: ctx.usage };
}

/** A turn that visited: 004's result names its first store and that visit's ratings. */
function visited(session: Visit[], usage: TokenUsage) {
  const first = session[0]!; // called only with at least one rated visit
  return {
    decision: "visit" as const,
    visited_store: first.store_name,
    visited_category: first.category,
    ratings: aspectRatings(first),
    visits: session,
    usage,
  };
}
