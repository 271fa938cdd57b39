// Kakao-shaped local search (Kakao in Korea, the embedded data offline): geocoding and keyword and
// category searches, with 000's fallback: a foreign place Kakao cannot find is tried once with Google.
import { z } from "zod";
import { lookupPlace } from "../../geo/gazetteer.ts";
import {
  insidePhrase,
  mayBeUnlisted,
  regionsNamed,
  resolvePhrase,
  type NamedPlace,
} from "../../geo/area-resolve.ts";
import { normalizeName } from "../../korean/normalize.ts";
import { haversine } from "../../geo/haversine.ts";
import { embeddedGeocode } from "../../providers/embedded/index.ts";
import type { GeoPoint } from "../../providers/port.ts";
import type { Place } from "../../places/place.ts";
import {
  BUDGET_SPENT,
  GOOGLE_OFFLINE,
  isBudgetSpent,
  isForeignPoint,
  pointResult,
  result,
  searched,
  tag,
  warn,
  type ExecContext,
} from "./context.ts";
import {
  code,
  defineAction,
  kakaoArea,
  kakaoCircle,
  lat,
  lng,
  pointOutput,
  searchOutput,
  text,
  tripRole,
} from "./params.ts";
import { abroadRetried, keywordFailed, noKakaoAbroad, notInNamedArea, notLocated } from "../warnings.ts";

type Area = { x?: number | string; y?: number | string; radius?: number | string; size?: number };

const area = (p: Area & { sort?: "accuracy" | "distance" }) => ({
  x: p.x === undefined ? undefined : Number(p.x),
  y: p.y === undefined ? undefined : Number(p.y),
  radius: p.radius === undefined ? undefined : Number(p.radius),
  size: p.size ?? 15,
  sort: p.sort,
});

const isForeign = (query: string) => {
  const e = lookupPlace(query) ?? lookupPlace(query.split(/[,\s]+/)[0] ?? "");
  return e !== undefined && e.country !== "KR";
};

/** 000: "검색 계획의 provider 필드에 따라" — a Google plan's searches go to Google when it is configured. */
const googleFor = (ctx: ExecContext) => (ctx.plan.provider === "google" ? ctx.deps.google : undefined);

async function geocode(ctx: ExecContext, query: string): Promise<GeoPoint> {
  const { deps, counter } = ctx;
  const google = googleFor(ctx);
  if (google) {
    const g = await google.findPlace(counter, query);
    if (g) return g;
  }
  // "부산 중구 중앙동", "강릉 교동": the namesake inside the named area, whatever the provider's first pick
  const area = resolvePhrase(query);
  if (area && !area.inside) {
    // a dong the tables may lack: a provider that knows addresses is asked, and kept only inside the area
    const asked = mayBeUnlisted(area) && deps.places.name !== "embedded";
    const found = asked ? await deps.places.geocode(counter, query) : null;
    if (found && insidePhrase(found, query)) return found;
    throw new Error(notInNamedArea(area.regions, area.name));
  }
  const found = await deps.places.geocode(counter, query);
  if (area?.inside) return insideArea(found, area.place, query);
  // "천안 두정동" the tables do not hold: a point for the city alone is no point for the place in it
  if (found && onlyTheRegion(found, query)) throw new Error(notLocated(query));
  // a place named with its city or gu is the one inside it or none: a namesake the provider found
  // elsewhere (a station of the name in another province) is not searched in its stead
  if (found && regionsLead(query) && !insidePhrase(found, query)) {
    const words = query.trim().split(/\s+/);
    throw new Error(
      notInNamedArea(
        words.slice(0, -1).map((name) => ({ name })),
        words.at(-1)!,
      ),
    );
  }
  if (found) return found;
  if (isForeign(query)) {
    // 000: 0 Kakao results for a foreign place → Google, once
    if (deps.google) {
      warn(ctx, abroadRetried(query));
      const g = await deps.google.findPlace(counter, query);
      if (g) return g;
    } else {
      const offline = embeddedGeocode(query);
      if (offline) {
        warn(ctx, GOOGLE_OFFLINE);
        return offline;
      }
    }
  }
  throw new Error(notLocated(query));
}

/**
 * The provider answered a place named within a region ("천안 두정동", "포항 죽도시장") with the region
 * itself: its name is the region word's. Searching there would move the place to the city's centre.
 */
function onlyTheRegion(found: GeoPoint, query: string): boolean {
  const words = query.trim().split(/\s+/);
  if (words.length < 2 || !words.slice(0, -1).every((w) => regionsNamed(w).length)) return false;
  const stem = (w: string) =>
    normalizeName(w).replace(/(특별자치시|특별자치도|광역시|특별시|[시군구도])$/, "");
  const name = stem(found.name);
  return !stem(words.at(-1)!).startsWith(name) && words.slice(0, -1).some((w) => stem(w) === name);
}

/** Every word before the last names a 시도 or 시군구 ("제주시 ○○거리", "부산 해운대구 ○○"). */
function regionsLead(query: string): boolean {
  const words = query.trim().split(/\s+/);
  return words.length >= 2 && words.slice(0, -1).every((w) => regionsNamed(w).length > 0);
}

/** How far a provider's point may lie from the hierarchy's and be the same place (001: a station's 1 km, a dong's 2 km). */
const SAME_PLACE_M: Record<NamedPlace["kind"], number> = { station: 1000, dong: 2000, landmark: 2000 };

/** The provider's point where it is the place the hierarchy names; else the hierarchy's own point. */
function insideArea(found: GeoPoint | null, place: NamedPlace, query: string): GeoPoint {
  if (found && haversine(found, place) <= SAME_PLACE_M[place.kind]) return found;
  return { name: query, lat: place.lat, lng: place.lng, address: place.query };
}

async function keywordSearch(
  ctx: ExecContext,
  query: string,
  p: Area & { sort?: "accuracy" | "distance"; category_group_code?: string; tripRole?: string },
): Promise<Place[]> {
  searched(ctx, query);
  const a = area(p);
  const tags = { keyword: query, ...(p.tripRole ? { tripRole: p.tripRole } : {}) };
  const google = googleFor(ctx);
  if (google) {
    const near = a.y !== undefined && a.x !== undefined ? { lat: a.y, lng: a.x } : undefined;
    return tag(
      await google.textSearch(ctx.counter, query, { near, radius: a.radius, size: Math.min(a.size, 20) }),
      tags,
    );
  }
  const places = await ctx.deps.places.keywordSearch(ctx.counter, query, {
    ...a,
    category: p.category_group_code,
  });
  if (places.length === 0 && ctx.deps.google && a.y !== undefined && a.x !== undefined) {
    const near = { lat: a.y, lng: a.x };
    if (isForeignPoint(near)) {
      warn(ctx, noKakaoAbroad(query));
      // as many as the step asked for (Google gives at most 20): the plan check counts no more
      return ctx.deps.google.textSearch(ctx.counter, query, {
        near,
        radius: a.radius,
        size: Math.min(a.size, 20),
      });
    }
  }
  return tag(places, tags);
}

async function categorySearch(ctx: ExecContext, category: string, p: Area & { tripRole?: string }) {
  searched(ctx, category);
  return tag(
    await ctx.deps.places.categorySearch(ctx.counter, category, area(p)),
    p.tripRole ? { tripRole: p.tripRole } : {},
  );
}

export const localSearchActions = {
  geocode: defineAction({
    params: z.object({ query: text }).strict(),
    output: pointOutput,
    run: async (p, ctx) => result(pointResult(await geocode(ctx, p.query))),
  }),
  reverse_geocode: defineAction({
    params: z.object({ x: lng, y: lat }).strict(),
    // the point it describes comes back with its address: the answer puts the address on the place
    // (or the search centre) at those coordinates, and "near me" searches around it
    output: [...pointOutput, "roadAddress", "region"],
    run: async (p, ctx) => {
      const at = { lat: Number(p.y), lng: Number(p.x) };
      const r = await ctx.deps.places.reverseGeocode(ctx.counter, at);
      return result({
        x: at.lng,
        y: at.lat,
        lat: at.lat,
        lng: at.lng,
        name: r.region ?? r.address ?? `${at.lat.toFixed(5)}, ${at.lng.toFixed(5)}`,
        address: r.address,
        roadAddress: r.roadAddress,
        region: r.region,
        id: null,
      });
    },
  }),
  keyword_search: defineAction({
    params: z
      .object({
        query: text,
        ...kakaoArea,
        sort: z.enum(["accuracy", "distance"]).optional(),
        category_group_code: code.optional(),
        tripRole: tripRole.optional(),
      })
      .strict(),
    output: searchOutput,
    run: async (p, ctx) => {
      const places = await keywordSearch(ctx, p.query, p);
      return result({ places, totalCount: places.length });
    },
  }),
  category_search: defineAction({
    params: z.object({ category: code, ...kakaoCircle, tripRole: tripRole.optional() }).strict(),
    output: searchOutput,
    run: async (p, ctx) => {
      const places = await categorySearch(ctx, p.category, p);
      return result({ places, totalCount: places.length });
    },
  }),
  multi_keyword_search: defineAction({
    params: z
      .object({ queries: z.array(text).min(1).max(10), ...kakaoArea, tripRole: tripRole.optional() })
      .strict(),
    output: [...searchOutput, "keywordsSearched"],
    run: async (p, ctx) => {
      // one keyword failing (after its retry) costs that keyword only
      let failed = 0;
      const lists = await ctx.deps.mapLimit(p.queries, (q) =>
        keywordSearch(ctx, q, p).catch((err: Error) => {
          failed++;
          warn(ctx, isBudgetSpent(err) ? BUDGET_SPENT : keywordFailed(q, err));
          return [] as Place[];
        }),
      );
      if (failed === p.queries.length) throw new Error("every keyword search failed");
      // the executor removes (and counts) the places two keywords both found
      const places = lists.flat();
      return result({ places, totalCount: places.length, keywordsSearched: p.queries });
    },
  }),
  multi_category_search: defineAction({
    // 001's trip example gives only `queries` (관광지, 명소): those words are searched; `categories`
    // are searched by Kakao's category endpoint; a plan may give both
    params: z
      .object({
        categories: z.array(code).min(1).max(6).optional(),
        queries: z.array(text).min(1).max(10).optional(),
        ...kakaoCircle,
        tripRole: tripRole.optional(),
      })
      .strict()
      .refine((p) => p.categories !== undefined || p.queries !== undefined, {
        path: ["queries"],
        message: "queries나 categories를 주세요",
      }),
    output: [...searchOutput, "keywordsSearched"],
    run: async (p, ctx) => {
      const searches = [
        ...(p.categories ?? []).map((c) => () => categorySearch(ctx, c, p)),
        ...(p.queries ?? []).map((q) => () => keywordSearch(ctx, q, p)),
      ];
      const lists = await ctx.deps.mapLimit(searches, (search) => search());
      const places = lists.flat();
      return result({ places, totalCount: places.length, keywordsSearched: p.queries ?? [] });
    },
  }),
};
