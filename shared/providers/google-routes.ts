// Google Routes API (provider-apis.md §3.6): computeRoutes for polylines abroad, computeRouteMatrix for
// distance_filter. Google has no driving routes in Korea: an empty answer is "no_result", and the
// executor falls back (straight line, haversine) with a warning.
import { z } from "zod";
import type { LatLng } from "../geo/haversine.ts";
import { decodePolyline } from "../geo/polyline.ts";
import { ProviderError, ProviderHttp, type CallCounter } from "./http.ts";
import type { RoutePort, RouteResult, TravelDistancePort, TravelEstimate } from "./port.ts";

const Routes = z.object({
  routes: z
    .array(
      z.object({
        distanceMeters: z.number().optional(),
        duration: z.string().optional(),
        polyline: z.object({ encodedPolyline: z.string() }),
      }),
    )
    .optional(),
});
const Matrix = z.array(
  z.object({
    originIndex: z.number().optional(),
    destinationIndex: z.number(),
    status: z.object({ code: z.number().optional() }).optional(),
    condition: z.string().optional(),
    distanceMeters: z.number().optional(),
    duration: z.string().optional(),
  }),
);

const TRAVEL_MODE: Record<string, string> = {
  walking: "WALK",
  driving: "DRIVE",
  bicycling: "BICYCLE",
  transit: "TRANSIT",
  DRIVE: "DRIVE",
  WALK: "WALK",
  BICYCLE: "BICYCLE",
  TRANSIT: "TRANSIT",
};
const seconds = (d: string | undefined) => (d ? Number(d.replace(/s$/, "")) : null);
const waypoint = (p: LatLng) => ({ location: { latLng: { latitude: p.lat, longitude: p.lng } } });

export class GoogleRoutes implements RoutePort, TravelDistancePort {
  readonly name = "google";
  private readonly http: ProviderHttp;

  constructor(opts: { apiKey: string; baseUrl?: string; timeoutMs?: number; retryDelayMs?: number }) {
    this.http = new ProviderHttp({
      provider: "google-routes",
      baseUrl: opts.baseUrl ?? "https://routes.googleapis.com",
      timeoutMs: opts.timeoutMs ?? 8000,
      retryDelayMs: opts.retryDelayMs,
      headers: { "x-goog-api-key": opts.apiKey },
      secrets: [opts.apiKey],
    });
  }

  async route(
    c: CallCounter,
    origin: LatLng,
    destination: LatLng,
    opts: { mode: string },
  ): Promise<RouteResult> {
    const mode = TRAVEL_MODE[opts.mode] ?? "DRIVE";
    const r = await this.http.json(c, "/directions/v2:computeRoutes", Routes, {
      method: "POST",
      headers: {
        "x-goog-fieldmask": "routes.duration,routes.distanceMeters,routes.polyline.encodedPolyline",
      },
      body: {
        origin: waypoint(origin),
        destination: waypoint(destination),
        travelMode: mode,
        ...(mode === "DRIVE" ? { routingPreference: "TRAFFIC_UNAWARE" } : {}),
      },
    });
    const route = r.routes?.[0];
    if (!route)
      throw new ProviderError(
        "google-routes",
        "no_result",
        "no route (Google has no driving routes in Korea)",
      );
    return {
      points: decodePolyline(route.polyline.encodedPolyline),
      distanceMeters: route.distanceMeters ?? 0,
      durationSeconds: seconds(route.duration),
    };
  }

  async distances(
    c: CallCounter,
    origin: LatLng,
    destinations: LatLng[],
    mode: string,
  ): Promise<(TravelEstimate | null)[]> {
    const out: (TravelEstimate | null)[] = destinations.map(() => null);
    // at most 625 elements per request; one origin, so batches of 625 destinations
    for (let start = 0; start < destinations.length; start += 625) {
      const batch = destinations.slice(start, start + 625);
      const r = await this.http.json(c, "/distanceMatrix/v2:computeRouteMatrix", Matrix, {
        method: "POST",
        headers: {
          "x-goog-fieldmask": "originIndex,destinationIndex,status,condition,distanceMeters,duration",
        },
        body: {
          origins: [{ waypoint: waypoint(origin) }],
          destinations: batch.map((d) => ({ waypoint: waypoint(d) })),
          travelMode: TRAVEL_MODE[mode] ?? "DRIVE",
        },
      });
      for (const e of r) {
        const ok =
          (e.status?.code ?? 0) === 0 && e.condition === "ROUTE_EXISTS" && e.distanceMeters !== undefined;
        if (ok)
          out[start + e.destinationIndex] = { distance: e.distanceMeters!, duration: seconds(e.duration) };
      }
    }
    if (destinations.length && out.every((x) => x === null)) {
      throw new ProviderError(
        "google-routes",
        "no_result",
        "no route to any place (Google has no driving routes in Korea)",
      );
    }
    return out;
  }
}
