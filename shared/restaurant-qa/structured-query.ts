// 002 §4's structured query, field for field: location [{name, relation: exact|nearby}], cuisine,
// menu, convenience, atmosphere, occasion — plus `price` (per menu item, in won) where the question
// asks for one ("2만원 이하"). Empty fields are left out, as in the seed's examples.
import { z } from "zod";
import { Atmosphere, Convenience, Occasion } from "./vocabulary.ts";

export const QueryLocation = z.object({
  name: z.string().trim().min(1).max(60),
  /** exact: a restaurant's name; nearby: a place to search around */
  relation: z.enum(["exact", "nearby"]),
});
export type QueryLocation = z.infer<typeof QueryLocation>;

const words = (max: number) => z.array(z.string().trim().min(1).max(30)).max(max);

export const PriceRange = z
  .object({ min: z.number().int().nonnegative().optional(), max: z.number().int().positive().optional() })
  .refine((p) => p.min !== undefined || p.max !== undefined, "give min or max");

export const StructuredQuery = z.object({
  location: z.array(QueryLocation).max(5).optional(),
  cuisine: words(5).optional(),
  menu: words(8).optional(),
  convenience: z.array(Convenience).max(11).optional(),
  atmosphere: z.array(Atmosphere).max(12).optional(),
  occasion: z.array(Occasion).max(11).optional(),
  price: PriceRange.optional(),
});
export type StructuredQuery = z.infer<typeof StructuredQuery>;

/** Drops empty arrays and duplicate values: the seed's examples only show fields that say something. */
export function compact(q: StructuredQuery): StructuredQuery {
  const out: StructuredQuery = {};
  if (q.location?.length)
    out.location = q.location.filter(
      (l, i, all) => all.findIndex((m) => m.name === l.name && m.relation === l.relation) === i,
    );
  for (const f of ["cuisine", "menu", "convenience", "atmosphere", "occasion"] as const) {
    const v = q[f];
    if (v?.length) (out as Record<string, unknown>)[f] = [...new Set(v)];
  }
  if (q.price) out.price = q.price;
  return out;
}

/** True when the query names something the index must satisfy (not only boosts). */
export const hasHardConditions = (q: StructuredQuery) =>
  Boolean(q.location?.length || q.cuisine?.length || q.menu?.length || q.convenience?.length || q.price);
