// "nearby" places → circles to filter on (002 §6). Naver local search when its keys are set (as the
// seed does), else Kakao, else the embedded gazetteer; a failing provider falls back to the
// gazetteer with a warning. The radius fits the kind of place: a station is a short walk, a district
// is wide; a place the gazetteer cannot classify gets the configured default (002: 3 km).
import { Deadline } from "../platform/deadline.ts";
import { insidePhrase, mayBeUnlisted, resolvePhrase } from "../geo/area-resolve.ts";
import { lookupPlace } from "../geo/gazetteer.ts";
import { haversine } from "../geo/haversine.ts";
import { embeddedGeocode } from "../providers/embedded/index.ts";
import type { CallCounter } from "../providers/http.ts";
import type { NaverLocal } from "../providers/naver-local.ts";
import type { GeoPoint, PlaceSearchPort } from "../providers/port.ts";
import { geocodeFailed, notInNamedArea, notLocated } from "./warnings.ts";

export interface Circle {
  name: string;
  lat: number;
  lon: number;
  radiusM: number;
  source: "naver" | "kakao" | "gazetteer";
}

export interface GeocodeDeps {
  naver?: NaverLocal;
  kakao?: PlaceSearchPort;
}

/** metres by kind of place; `default` is 002's 3 km, configurable (QA_RADIUS_M) */
export const RADIUS_BY_KIND: Record<string, number> = {
  station: 1000,
  landmark: 1500,
  dong: 1500,
  gu: 3000,
  city: 10_000,
  province: 20_000,
};

function kindOf(name: string): string | undefined {
  const e = lookupPlace(name);
  if (e) return e.kind;
  if (/역$/.test(name)) return "station";
  if (/동$|\d가$/.test(name)) return "dong";
  if (/구$/.test(name)) return "gu";
  return undefined;
}

export async function resolveNearby(
  names: readonly string[],
  deps: GeocodeDeps,
  o: { defaultRadiusM: number; deadline?: Deadline; counter: CallCounter },
): Promise<{ circles: Circle[]; warnings: string[] }> {
  const warnings: string[] = [];
  const circles = await Promise.all(
    names.map(async (name): Promise<Circle | null> => {
      // a place named with its wider area ("강릉 교동"): the namesake inside it (shared/geo/area-resolve.ts),
      // never another town's; with none inside, no circle, and a warning
      const area = resolvePhrase(name);
      const provider = deps.naver ? "naver" : deps.kakao ? "kakao" : undefined;
      // a dong the tables may lack ("여수 교동"): a provider may place it, inside the area only
      if (area && !area.inside && !(provider && mayBeUnlisted(area))) {
        warnings.push(notInNamedArea(area.regions, area.name));
        return null;
      }
      const inside = area?.inside ? area.place : undefined;
      const radiusM =
        RADIUS_BY_KIND[inside?.kind ?? (area ? "dong" : undefined) ?? kindOf(name) ?? ""] ?? o.defaultRadiusM;
      // what to ask a provider: the gazetteer knows 홍대 means 홍대입구역
      const ask = lookupPlace(name)?.query ?? name;
      // the provider's point counts where it is the hierarchy's place, or (a dong the tables lack) inside the area
      const fits = (p: GeoPoint) =>
        !area || (area.inside ? haversine(p, area.place) <= radiusM : insidePhrase(p, name));
      if (provider) {
        try {
          const p: GeoPoint | null = deps.naver
            ? await deps.naver.geocode(o.counter, ask, o.deadline)
            : await deps.kakao!.geocode(o.counter, ask);
          if (p && fits(p)) return { name, lat: p.lat, lon: p.lng, radiusM, source: provider };
        } catch (err) {
          warnings.push(geocodeFailed(provider, name, err));
        }
      }
      if (area && !area.inside) {
        warnings.push(notInNamedArea(area.regions, area.name));
        return null;
      }
      const g = inside ?? embeddedGeocode(name);
      if (!g) {
        warnings.push(notLocated(name));
        return null;
      }
      return { name, lat: g.lat, lon: g.lng, radiusM, source: "gazetteer" };
    }),
  );
  return { circles: circles.filter((c): c is Circle => c !== null), warnings };
}
