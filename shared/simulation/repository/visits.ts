// Store visits (VISIT#…: a slot's rating buffer) and the stores' rating aggregates they are flushed
// into (STORE#<store>), each store's share of a slot applied exactly once.
import { dictionary } from "../../platform/safe-keys.ts";
import { z } from "zod";
import { mapLimit } from "../../platform/concurrency.ts";
import { StoreAggregate, Visit } from "../types.ts";
import {
  jsonText,
  simulationPk,
  visitSk,
  type Item,
  type Page,
  type PageFrom,
  type SimulationTable,
} from "./table.ts";

const StoreItem = z
  .object({
    sk: z.string(),
    count: z.number().default(0),
    sum: z.number().default(0),
    recent: z.array(StoreAggregate.shape.recent.element).default([]),
  })
  .catchall(z.unknown());

/** A visit's item in the simulation's partition. */
export const visitItem = (id: string, v: Visit): Item => ({
  pk: simulationPk(id),
  sk: visitSk(v),
  visit: JSON.stringify(v),
  store: v.store_id,
});

/** A VISIT item's visit (JSON text; an item written as a map still reads). */
const StoredVisit = jsonText(Visit);

/**
 * The ratings a store's item keeps besides its sums: the store card shows the last three (004's card
 * lists a few), the API's store ratings the last five. Kept to these, an item stays the same size
 * however many visits a run makes (appended without end, the busiest store's passed DynamoDB's 400 KB
 * at about 60,000 visits).
 */
export const RECENT_KEPT = 5;

type Recent = StoreAggregate["recent"];

/**
 * One store's share of a slot's visits, as the conditional update that applies it once: sums and tags
 * added, the recent ratings set to the last RECENT_KEPT of `before` and these.
 */
function storeUpdate(key: string, list: readonly Visit[], before: Recent) {
  const names: Record<string, string> = { "#count": "count", "#sum": "sum" };
  const values: Record<string, unknown> = {
    ":n": list.length,
    ":sum": list.reduce((s, v) => s + v.rating, 0),
    ":slot": new Set([key]),
    ":k": key,
    ":recent": [
      ...before,
      ...list.map((v) => ({ agent_id: v.agent_id, rating: v.rating, tags: v.tags })),
    ].slice(-RECENT_KEPT),
  };
  const adds = ["#count :n", "#sum :sum", "slots :slot"];
  const tagCounts = new Map<string, number>();
  for (const t of list.flatMap((v) => v.tags)) tagCounts.set(t, (tagCounts.get(t) ?? 0) + 1);
  [...tagCounts.entries()].forEach(([tag, n], i) => {
    names[`#t${i}`] = `tag_${tag}`;
    values[`:t${i}`] = n;
    adds.push(`#t${i} :t${i}`);
  });
  return {
    UpdateExpression: `ADD ${adds.join(", ")} SET recent = :recent`,
    ConditionExpression: "attribute_not_exists(slots) OR NOT contains(slots, :k)",
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

export class VisitRepository {
  constructor(private readonly table: SimulationTable) {}

  /** Buffers visits alone (a turn's path writes them with its decision: agents' `saveTurn`). */
  save(id: string, visits: Visit[]): Promise<void> {
    return this.table.putAll(visits.map((v) => visitItem(id, v)));
  }

  /** The visits whose slot key starts with `prefix` (all of them by default), in key order. */
  async list(id: string, prefix = ""): Promise<Visit[]> {
    return (await this.table.queryAll(id, `VISIT#${prefix}`)).map((i) => StoredVisit.parse(i.visit));
  }

  /** Every visit, a page at a time in (day, slot, agent, order) order. */
  async *pages(id: string, from?: PageFrom): AsyncGenerator<Page<Visit>> {
    for await (const page of this.table.pages(id, "VISIT#", undefined, from))
      yield Object.assign(
        page.map((i) => StoredVisit.parse(i.visit)),
        { next: page.next },
      );
  }

  /**
   * Applies one slot's buffered ratings to the stores' aggregates. Each store's share of the slot is
   * one conditional UpdateItem guarded by the slot key, so a flush that stopped midway can simply be
   * run again: stores already done refuse the update, the rest take it (their recent ratings read
   * again, after the stores done before).
   */
  async flushSlot(id: string, key: string): Promise<{ applied: number; skipped: number }> {
    const byStore = new Map<string, Visit[]>();
    const [visits, before] = await Promise.all([this.list(id, key), this.aggregates(id)]);
    for (const v of visits) {
      const list = byStore.get(v.store_id);
      if (list) list.push(v);
      else byStore.set(v.store_id, [v]);
    }
    let applied = 0;
    let skipped = 0;
    // stores are independent: their updates go out together (each is still one conditional update)
    await mapLimit(
      [...byStore.entries()].sort((a, b) => a[0].localeCompare(b[0])),
      16,
      async ([store, list]) => {
        const key_ = { pk: simulationPk(id), sk: `STORE#${store}` };
        if (await this.table.update(key_, storeUpdate(key, list, before[store]?.recent ?? []))) applied++;
        else skipped++;
      },
    );
    return { applied, skipped };
  }

  async aggregates(id: string): Promise<Record<string, StoreAggregate>> {
    // keyed by store ids and tags: maps without a prototype (shared/platform/safe-keys.ts)
    const out = dictionary<StoreAggregate>();
    for (const raw of await this.table.queryAll(id, "STORE#")) {
      const i = StoreItem.parse(raw);
      const store_id = i.sk.slice("STORE#".length);
      const tags = dictionary<number>();
      for (const [k, v] of Object.entries(i))
        if (k.startsWith("tag_") && typeof v === "number") tags[k.slice(4)] = v;
      out[store_id] = { store_id, count: i.count, sum: i.sum, tags, recent: i.recent.slice(-RECENT_KEPT) };
    }
    return out;
  }
}
