// 002 §4's structured query, field for field: location [{name, relation: exact|nearby}], cuisine,
// menu, convenience, atmosphere, occasion — plus `price` (per menu item, in won) where the question
// asks for one ("2만원 이하"). Empty fields are left out, as in the seed's examples.
import { listWith, withJosa } from "../korean/josa.ts";
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

/** Opening hours asked ("24시간", "새벽 두시쯤", "늦게까지"): open all day, or open late (at the hour named). */
export const HoursAsk = z.object({
  need: z.enum(["24시간", "늦게까지"]),
  /** the hour asked, 0–23 (KST), when the question names one or says "지금" */
  at: z.number().int().min(0).max(23).optional(),
});
export type HoursAsk = z.infer<typeof HoursAsk>;

export const StructuredQuery = z.object({
  location: z.array(QueryLocation).max(5).optional(),
  cuisine: words(5).optional(),
  menu: words(8).optional(),
  convenience: z.array(Convenience).max(11).optional(),
  atmosphere: z.array(Atmosphere).max(12).optional(),
  occasion: z.array(Occasion).max(11).optional(),
  price: PriceRange.optional(),
  hours: HoursAsk.optional(),
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
  if (q.hours) out.hours = q.hours;
  return out;
}

/** True when the query names something the index must satisfy (not only boosts). */
export const hasHardConditions = (q: StructuredQuery) =>
  Boolean(
    q.location?.length || q.cuisine?.length || q.menu?.length || q.convenience?.length || q.price || q.hours,
  );

/** The structured query's bounds (the schema above): what a producer must fit before handing it on. */
export const STRUCTURED_QUERY_BOUNDS = {
  location: 5,
  cuisine: 5,
  menu: 8,
  convenience: 11,
  atmosphere: 12,
  occasion: 11,
  /** characters of a location name / of a cuisine or menu word */
  locationName: 60,
  word: 30,
} as const;

const FIELD_NAMES: Record<string, string> = {
  location: "장소",
  cuisine: "음식 종류",
  menu: "메뉴",
  convenience: "편의 조건",
  atmosphere: "분위기",
  occasion: "모임 조건",
};

/**
 * Fits a structured query into its schema's bounds by construction: lists cut to their maximum (the
 * first ones kept, as the question names them), words longer than a field takes left out. Each cut is
 * a Korean warning naming what was left out; a query within the bounds comes back unchanged.
 */
export function fitStructuredQuery(q: StructuredQuery): { query: StructuredQuery; warnings: string[] } {
  const warnings: string[] = [];
  const out: StructuredQuery = { ...q };
  const B = STRUCTURED_QUERY_BOUNDS;
  if (q.location) {
    const long = q.location.filter((l) => l.name.trim().length > B.locationName || !l.name.trim());
    let kept = q.location.filter((l) => !long.includes(l));
    if (long.length)
      warnings.push(
        `장소 이름이 ${B.locationName}자를 넘어 ${long.length}개를 빼고 찾았어요: ${long.map((l) => `‘${l.name.slice(0, 20)}…’`).join(", ")}`,
      );
    if (kept.length > B.location) {
      const cut = kept.slice(B.location);
      kept = kept.slice(0, B.location);
      warnings.push(
        `장소는 한 번에 ${B.location}곳까지 찾을 수 있어 ${listWith(
          cut.map((l) => `‘${l.name}’`),
          "은/는",
        )} 빼고 찾았어요`,
      );
    }
    out.location = kept;
  }
  for (const f of ["cuisine", "menu"] as const) {
    const v = q[f];
    if (!v) continue;
    const long = v.filter((w) => w.trim().length > B.word || !w.trim());
    let kept = v.filter((w) => !long.includes(w));
    if (long.length)
      warnings.push(`${FIELD_NAMES[f]} 낱말이 ${B.word}자를 넘어 ${long.length}개를 빼고 찾았어요`);
    if (kept.length > B[f]) {
      const cut = kept.slice(B[f]);
      kept = kept.slice(0, B[f]);
      warnings.push(
        `${FIELD_NAMES[f]}는 한 번에 ${B[f]}개까지 찾을 수 있어 ${listWith(
          cut.map((w) => `‘${w}’`),
          "은/는",
        )} 빼고 찾았어요`,
      );
    }
    out[f] = kept;
  }
  for (const f of ["convenience", "atmosphere", "occasion"] as const) {
    const v = q[f];
    if (v && v.length > B[f]) {
      (out as Record<string, unknown>)[f] = v.slice(0, B[f]);
      warnings.push(
        `${withJosa(FIELD_NAMES[f] ?? f, "은/는")} ${B[f]}개까지 쓰고 나머지 ${v.length - B[f]}개는 빼고 찾았어요`,
      );
    }
  }
  if (!warnings.length) return { query: q, warnings };
  return { query: compact(out), warnings };
}
