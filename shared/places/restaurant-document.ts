// The search document of 002 §5.5, field for field (place_id, title, address, roadAddress, lat, lon,
// menus, reviews, description, review_food, convenience, atmosphere, occasion, features, summary,
// embedding), with the additions this product needs: `location` (the geo_point both engines filter
// on), `category` when the crawl had one, `map_url` (the Naver Map place page), `collected_at`,
// `synthetic`, which `enrichment` engine filled the extracted fields, and `content_hash` (what makes
// re-ingesting the same record a no-op).
import { josaFor } from "../korean/josa.ts";
import { createHash } from "node:crypto";
import { z } from "zod";
import { DongneError } from "../platform/errors.ts";
import { DEMO_URL_BASE } from "../demo/places.ts";
import { inKorea, naverToLatLon } from "../geo/naver-coordinates.ts";
import { MAX_MENU_PRICE_WON, type CrawlRecord } from "./restaurant-crawl.ts";
import { parsePrice } from "./prices.ts";

export const DocumentMenu = z.object({
  name: z.string(),
  /** won, or null when the menu gives no single price (시가, 변동, a range) */
  price: z.number().int().nonnegative().nullable(),
  /** the price as written, kept when it is not a plain number */
  price_text: z.string().optional(),
});
export type DocumentMenu = z.infer<typeof DocumentMenu>;

export const RestaurantDocument = z.object({
  place_id: z.string(),
  search_keyword: z.string(),
  title: z.string(),
  address: z.string(),
  roadAddress: z.string(),
  lat: z.number(),
  lon: z.number(),
  location: z.object({ lat: z.number(), lon: z.number() }),
  category: z.string().optional(),
  /** the kinds of the vocabulary of kinds its category, menus and name say, with every ancestor */
  kinds: z.array(z.string()).optional(),
  menus: z.array(DocumentMenu),
  reviews: z.array(z.string()),
  description: z.string(),
  review_food: z.array(z.string()),
  convenience: z.array(z.string()),
  atmosphere: z.array(z.string()),
  occasion: z.array(z.string()),
  features: z.array(z.string()),
  summary: z.string(),
  embedding: z.array(z.number()),
  map_url: z.string().nullable(),
  collected_at: z.string(),
  synthetic: z.boolean().optional(),
  enrichment: z.enum(["llm", "rules"]),
  content_hash: z.string(),
});
export type RestaurantDocument = z.infer<typeof RestaurantDocument>;
/** A document as searches return it: everything but the vector. */
export type StoredDocument = Omit<RestaurantDocument, "embedding">;

/** A record that cannot become a document: which field, and why. */
export class FieldError extends DongneError {
  declare readonly field: string;

  constructor(field: string, reason: string) {
    super("invalid", reason, { field });
  }
}

/** 002 §5.1: coordinates to WGS84 (either Naver format) and prices to integers. */
export function preprocess(r: CrawlRecord): {
  lat: number;
  lon: number;
  coordinate_format: string;
  menus: DocumentMenu[];
} {
  let p: ReturnType<typeof naverToLatLon>;
  try {
    p = naverToLatLon(r.mapx, r.mapy);
  } catch {
    throw new FieldError("mapx", "mapx/mapy are not numbers");
  }
  if (!inKorea(p))
    throw new FieldError(
      Math.abs(p.lat - 36) > 3.5 ? "mapy" : "mapx",
      `(${p.lat}, ${p.lon}) read as ${p.format === "tm128" ? "TM128" : "WGS84 × 10⁷"} is outside Korea`,
    );
  const menus = r.menus.map((m, i) => {
    const price = parsePrice(m.price);
    // "99999999999999999999원" reads as a number no menu costs (nor an index's integer holds)
    if (price.price !== null && !(price.price <= MAX_MENU_PRICE_WON))
      throw new FieldError(
        `menus.${i}.price`,
        `가격 ‘${String(m.price).slice(0, 30)}’${josaFor(String(m.price).slice(0, 30), "이/가")} 너무 큽니다 (최대 ${MAX_MENU_PRICE_WON.toLocaleString("en-US")}원)`,
      );
    return {
      name: m.name,
      price: price.price,
      ...(price.price_text ? { price_text: price.price_text } : {}),
    };
  });
  return { lat: p.lat, lon: p.lon, coordinate_format: p.format, menus };
}

/**
 * The place's Naver Map page: its entry page for a crawled (numeric) id, a Naver Map search for its
 * name when collection had no id (local search returns none), the reserved .invalid page for demo data.
 */
export function mapUrlOf(placeId: string, synthetic: boolean | undefined, title?: string): string | null {
  if (synthetic) return `${DEMO_URL_BASE}${placeId}`;
  if (/^\d+$/.test(placeId)) return `https://map.naver.com/p/entry/place/${placeId}`;
  return title ? `https://map.naver.com/p/search/${encodeURIComponent(title)}` : null;
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/**
 * What decides whether a document must be rebuilt: the record's content (not when it was
 * collected) and how it is enriched and embedded. Same file, same settings → same hash → no write.
 */
export function contentHash(r: CrawlRecord, fingerprint: string): string {
  const { collected_at: _collected, ...content } = r;
  return createHash("sha256").update(stable({ content, fingerprint })).digest("hex").slice(0, 32);
}
