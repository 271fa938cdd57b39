// What the executor runs against, chosen once from configuration: Kakao + Kakao Mobility with a Kakao
// key, else the embedded provider; Google Places/Routes with a Google key, else none (a warning).
import type { Config } from "../platform/config.ts";
import { mapLimit, Semaphore } from "../platform/concurrency.ts";
import { GooglePlaces } from "./google-places.ts";
import { GoogleRoutes } from "./google-routes.ts";
import { EmbeddedPlaces, HaversineDistances, StraightLineRoutes } from "./embedded/index.ts";
import { KakaoLocal } from "./kakao-local.ts";
import { KakaoMobility } from "./kakao-mobility.ts";
import type { GooglePlacesPort, PlaceSearchPort, RoutePort, TravelDistancePort } from "./port.ts";

export interface ExecDeps {
  places: PlaceSearchPort;
  /** Korean road routes (Kakao Mobility), or straight lines offline */
  routes: RoutePort;
  /** routes abroad (Google Routes); undefined offline */
  googleRoutes?: RoutePort;
  /** travel distances for distance_filter (Google Route Matrix), else haversine */
  travel: TravelDistancePort;
  google?: GooglePlacesPort;
  /** runs independent provider calls with the configured concurrency limit */
  mapLimit<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]>;
}

export function limitTo(n: number): ExecDeps["mapLimit"] {
  return (items, fn) => mapLimit(items, n, (item) => fn(item));
}

/**
 * Every call of the port goes through one semaphore, so nested fan-outs (sample points × keywords)
 * never have more than `limit` provider calls in flight.
 */
export function gatePlaces(port: PlaceSearchPort, limit: number): PlaceSearchPort {
  const gate = new Semaphore(limit);
  return {
    name: port.name,
    dataSource: port.dataSource,
    synthetic: port.synthetic,
    geocode: (c, q) => gate.use(() => port.geocode(c, q)),
    reverseGeocode: (c, p) => gate.use(() => port.reverseGeocode(c, p)),
    keywordSearch: (c, q, a) => gate.use(() => port.keywordSearch(c, q, a)),
    categorySearch: (c, q, a) => gate.use(() => port.categorySearch(c, q, a)),
  };
}

let embedded: EmbeddedPlaces | undefined;

/** The embedded places are generated or loaded once per process. */
export function embeddedPlaces(dataDir: string): EmbeddedPlaces {
  embedded ??= EmbeddedPlaces.load(dataDir);
  return embedded;
}

export function createExecDeps(config: Config, concurrency = config.providerConcurrency): ExecDeps {
  const { baseUrls, timeoutMs } = config.providers;
  const kakaoKey = config.providers.place === "kakao" ? config.providers.kakaoKey : undefined;
  const googleKey = config.providers.googleKey;
  const googleRoutes = googleKey
    ? new GoogleRoutes({ apiKey: googleKey, baseUrl: baseUrls.googleRoutes, timeoutMs })
    : undefined;
  return {
    places: gatePlaces(
      kakaoKey
        ? new KakaoLocal({ apiKey: kakaoKey, baseUrl: baseUrls.kakao, timeoutMs })
        : embeddedPlaces(config.dataDir),
      concurrency,
    ),
    routes: kakaoKey
      ? new KakaoMobility({ apiKey: kakaoKey, baseUrl: baseUrls.kakaoMobility, timeoutMs })
      : new StraightLineRoutes(),
    googleRoutes,
    travel: googleRoutes ?? new HaversineDistances(),
    google: googleKey
      ? new GooglePlaces({ apiKey: googleKey, baseUrl: baseUrls.googlePlaces, timeoutMs })
      : undefined,
    mapLimit: limitTo(concurrency),
  };
}
