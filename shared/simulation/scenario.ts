// A scenario: what changes in Mangwon-dong against a baseline — stores opened, closed, repriced or
// described anew, more or fewer floating visitors. A simulation started with one runs on the changed
// store set (applyScenario) and persona set; an experiment runs it against the baseline seed by seed.
import { createHash } from "node:crypto";
import { z } from "zod";
import { DongneError } from "../platform/errors.ts";
import { userRecord } from "../platform/safe-keys.ts";
import { mangwonDongOf } from "./dongs.ts";
import { CATEGORY_PRICE, freeStoreId } from "./stores.ts";
import { MAX_AGENTS, wellFormed } from "./limits.ts";
import { OpeningPeriod, Store } from "./types.ts";

/** A scenario that cannot apply to the world it is given: the API answers 400 naming the field. */
export class ScenarioError extends DongneError {
  declare readonly field: string;

  constructor(field: string, reason: string) {
    super("invalid", reason, { field, code: "invalid_request" });
  }
}

const won = (max = 1_000_000) =>
  z
    .number({ error: "숫자여야 합니다" })
    .int("원 단위 정수여야 합니다")
    .min(0, "0 이상이어야 합니다")
    .max(max, `${max} 이하여야 합니다`);
const count = (max: number) =>
  z
    .number({ error: "숫자여야 합니다" })
    .int("정수여야 합니다")
    .min(0, "0 이상이어야 합니다")
    .max(max, `${max} 이하여야 합니다`);
const StoreId = z.string().regex(/^S\d{3,8}$/, "S12345678 같은 가게 id여야 합니다");
const CATEGORIES = Object.keys(CATEGORY_PRICE) as [string, ...string[]];
/**
 * A scenario's text is kept in the simulation's record and read by the agents' prompts: it must be
 * well-formed Unicode (a lone surrogate such as \ud800 cannot be stored as UTF-8), bounded in length.
 */
const text = (min: number, max: number) =>
  z
    .string({ error: "문자열이어야 합니다" })
    .trim()
    .min(min, "비어 있으면 안 됩니다")
    .max(max, `최대 ${max}자입니다`)
    .refine(wellFormed, "올바른 문자열이어야 합니다 (짝 없는 서로게이트 문자 없이)");
const Keywords = z.array(text(1, 30)).max(6, "키워드는 최대 6개입니다");
const Description = text(1, 200);
/** An added store's menu (004's store card): a name and a price in won (null: no single price). */
const ScenarioMenu = z.object({ name: text(1, 60), price: won().nullable() });
/**
 * The most a scenario may name: an added store's menus and opening periods, the stores added, closed
 * or changed (Mangwon-dong has 606 demo stores, a few hundred with a registry imported), each change's
 * menu prices. Every count a scenario can raise is bounded here; the agents it can raise are bounded
 * by SIM_MAX_AGENTS (its floatingPool counts with the residents; the schema refuses more than MAX_AGENTS).
 */
export const SCENARIO_LIMITS = { menus: 50, hours: 14, add: 50, close: 500, change: 500, menuPrices: 50 };
/** A point's bounds: South Korea's, generously (the store must also lie inside Mangwon-dong). */
const coordinate = (min: number, max: number) =>
  z
    .number({ error: "숫자여야 합니다" })
    .min(min, `${min} 이상이어야 합니다`)
    .max(max, `${max} 이하여야 합니다`);

const problem = (ctx: z.RefinementCtx, path: string[], message: string) =>
  ctx.addIssue({ code: "custom", path, message });

/** A store that opens: its card, as the agents' step 3 sees it, at a point inside Mangwon-dong. */
export const AddedStore = z
  .object({
    name: text(1, 60),
    category: z.enum(CATEGORIES, { error: `${CATEGORIES.join(", ")} 중 하나여야 합니다` }),
    avg_price: won(),
    keywords: Keywords.default([]),
    description: Description,
    lat: coordinate(33, 39),
    lng: coordinate(124, 132),
    menus: z
      .array(ScenarioMenu)
      .max(SCENARIO_LIMITS.menus, `메뉴는 최대 ${SCENARIO_LIMITS.menus}개입니다`)
      .optional(),
    hours: z
      .array(OpeningPeriod.extend({ days: OpeningPeriod.shape.days.unwrap().max(7).optional() }))
      .max(SCENARIO_LIMITS.hours, `영업 시간대는 최대 ${SCENARIO_LIMITS.hours}개입니다`)
      .optional(),
  })
  .superRefine((s, ctx) => {
    if (!mangwonDongOf(s)) problem(ctx, ["lat"], "망원동(망원1동 또는 망원2동) 안이 아닙니다");
  });
export type AddedStore = z.infer<typeof AddedStore>;

/** A store's new prices (a whole price, menu prices by name, or a percentage of all) or card text. */
export const StoreChange = z
  .object({
    store_id: StoreId,
    avg_price: won().optional(),
    /** menu name → new price; each must name one of the store's menus */
    menu_prices: userRecord(text(1, 60), won())
      .refine(
        (m) => Object.keys(m).length <= SCENARIO_LIMITS.menuPrices,
        `메뉴는 최대 ${SCENARIO_LIMITS.menuPrices}개입니다`,
      )
      .optional(),
    /** every price (avg_price and menus) changed by this percentage, rounded to 100 won */
    price_change_pct: z
      .number({ error: "숫자여야 합니다" })
      .min(-90, "-90 이상이어야 합니다")
      .max(500, "500 이하여야 합니다")
      // a change under 0.01 % moves no price (prices round to 100 won), so it is kept as 0: a decimal
      // that near 0 (1e-131) DynamoDB could not store
      .transform((p) => (Math.abs(p) < 0.01 ? 0 : p))
      .optional(),
    description: Description.optional(),
    keywords: Keywords.optional(),
  })
  .superRefine((c, ctx) => {
    const { store_id: _, ...changes } = c;
    if (Object.values(changes).every((v) => v === undefined))
      problem(ctx, [], "바뀌는 것이 없습니다 (prices, description, keywords 중 하나를 주세요)");
    if (c.price_change_pct !== undefined && (c.avg_price !== undefined || c.menu_prices !== undefined))
      problem(ctx, ["price_change_pct"], "비율(price_change_pct)과 prices 중 하나만 주세요");
  });
export type StoreChange = z.infer<typeof StoreChange>;

/** The floating visitors: the pool they are drawn from (004: 113) and how many come a day (53). */
export const VisitorChange = z
  // the pool counts with the residents against SIM_MAX_AGENTS (world.ts: checkAgentCap); alone it can be no more
  .object({ floatingPool: count(MAX_AGENTS).optional(), floatingPerDay: count(MAX_AGENTS).optional() })
  .superRefine((v, ctx) => {
    if (v.floatingPool === undefined && v.floatingPerDay === undefined)
      problem(ctx, [], "floatingPool이나 floatingPerDay를 주세요");
    if (v.floatingPool !== undefined && v.floatingPerDay !== undefined && v.floatingPerDay > v.floatingPool)
      problem(ctx, ["floatingPerDay"], "floatingPool 이하여야 합니다");
  });

export const Scenario = z
  .object({
    /** a label for reports */
    name: z
      .string({ error: "문자열이어야 합니다" })
      .trim()
      .max(100, "최대 100자입니다")
      .refine(wellFormed, "올바른 문자열이어야 합니다 (짝 없는 서로게이트 문자 없이)")
      .optional(),
    add: z
      .array(AddedStore)
      .max(SCENARIO_LIMITS.add, `가게는 최대 ${SCENARIO_LIMITS.add}곳입니다`)
      .optional(),
    close: z
      .array(StoreId)
      .max(SCENARIO_LIMITS.close, `가게는 최대 ${SCENARIO_LIMITS.close}곳입니다`)
      .optional(),
    change: z
      .array(StoreChange)
      .max(SCENARIO_LIMITS.change, `가게는 최대 ${SCENARIO_LIMITS.change}곳입니다`)
      .optional(),
    visitors: VisitorChange.optional(),
  })
  .refine((s) => s.add?.length || s.close?.length || s.change?.length || s.visitors, {
    message: "바뀌는 것이 없습니다: add, close, change, visitors 중 하나를 주세요",
  });
export type Scenario = z.infer<typeof Scenario>;

/** Which store set a simulation runs on: "" for the baseline, else a hash of the scenario. */
export const scenarioKey = (scenario: Scenario | undefined): string =>
  scenario ? createHash("sha256").update(JSON.stringify(scenario)).digest("hex").slice(0, 16) : "";

const roundTo100 = (won: number) => Math.max(0, Math.round(won / 100) * 100);

function changed(store: Store, c: StoreChange, field: string): Store {
  const factor = 1 + (c.price_change_pct ?? 0) / 100;
  const menuNames = new Set(store.menus?.map((m) => m.name));
  for (const name of Object.keys(c.menu_prices ?? {}))
    if (!menuNames.has(name))
      throw new ScenarioError(`${field}.menu_prices.${name}`, `${store.name}에는 "${name}" 메뉴가 없습니다`);
  const menus = store.menus?.map((m) => ({
    ...m,
    price:
      c.menu_prices && Object.hasOwn(c.menu_prices, m.name)
        ? c.menu_prices[m.name]!
        : m.price === null
          ? null
          : roundTo100(m.price * factor),
  }));
  return Store.parse({
    ...store,
    avg_price: c.avg_price ?? roundTo100(store.avg_price * factor),
    ...(menus ? { menus } : {}),
    ...(c.description !== undefined ? { description: c.description } : {}),
    ...(c.keywords !== undefined ? { keywords: c.keywords } : {}),
  });
}

/**
 * The store set with the scenario applied: closed stores gone, changed ones changed, added ones last.
 * Pure and deterministic. An added store's id is derived from its name and point (the same store gets
 * the same id in every scenario) and never takes an existing store's id.
 */
export function applyScenario(stores: readonly Store[], scenario: Scenario): Store[] {
  const ids = new Set(stores.map((s) => s.store_id));
  const closed = new Set<string>();
  scenario.close?.forEach((id, i) => {
    if (!ids.has(id)) throw new ScenarioError(`scenario.close.${i}`, `망원동에 ${id} 가게가 없습니다`);
    if (closed.has(id)) throw new ScenarioError(`scenario.close.${i}`, `${id} 가게를 두 번 닫습니다`);
    closed.add(id);
  });
  const changes = new Map<string, { change: StoreChange; field: string }>();
  scenario.change?.forEach((change, i) => {
    const field = `scenario.change.${i}`;
    const id = change.store_id;
    if (!ids.has(id)) throw new ScenarioError(`${field}.store_id`, `망원동에 ${id} 가게가 없습니다`);
    if (closed.has(id)) throw new ScenarioError(`${field}.store_id`, `${id} 가게는 이 시나리오에서 닫힙니다`);
    if (changes.has(id)) throw new ScenarioError(`${field}.store_id`, `${id} 가게를 두 번 바꿉니다`);
    changes.set(id, { change, field });
  });
  const kept = stores
    .filter((s) => !closed.has(s.store_id))
    .map((s) => {
      const c = changes.get(s.store_id);
      return c ? changed(s, c.change, c.field) : s;
    });
  const taken = new Set(ids);
  // step 3 answers with a store's name: an added store's must be its own
  const names = new Set(kept.map((s) => s.name));
  const added = (scenario.add ?? []).map((a, i) => {
    if (names.has(a.name))
      throw new ScenarioError(`scenario.add.${i}.name`, `${a.name}라는 이름의 가게가 이미 있습니다`);
    names.add(a.name);
    const place_id = `scenario:${a.name}@${a.lat.toFixed(6)},${a.lng.toFixed(6)}`;
    const store_id = freeStoreId(place_id, taken);
    taken.add(store_id);
    return Store.parse({
      ...a,
      store_id,
      place_id,
      synthetic: true,
      dong: mangwonDongOf(a) ?? undefined,
      detail: a.keywords[0] ?? a.category,
    });
  });
  return [...kept, ...added];
}
