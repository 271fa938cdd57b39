// Kakao Mobility car directions (provider-apis.md §2): flat vertexes → points. A failed route is HTTP
// 200 with a non-zero result_code, reported as a "no_result" error so the executor falls back.
import { z } from "zod";
import type { LatLng } from "../geo/haversine.ts";
import { vertexesToPoints } from "../geo/polyline.ts";
import { ProviderError, ProviderHttp, type CallCounter } from "./http.ts";
import type { RoutePort, RouteResult } from "./port.ts";

const Route = z.object({
  result_code: z.number(),
  result_msg: z.string(),
  summary: z.object({ distance: z.number(), duration: z.number() }).optional(),
  sections: z.array(z.object({ roads: z.array(z.object({ vertexes: z.array(z.number()) })) })).optional(),
});
// at least one route, in the type as well as at run time
const Directions = z.object({ routes: z.tuple([Route], Route) });

export class KakaoMobility implements RoutePort {
  readonly name = "kakao";
  private readonly http: ProviderHttp;

  constructor(opts: { apiKey: string; baseUrl?: string; timeoutMs?: number; retryDelayMs?: number }) {
    this.http = new ProviderHttp({
      provider: "kakao-mobility",
      baseUrl: opts.baseUrl ?? "https://apis-navi.kakaomobility.com",
      timeoutMs: opts.timeoutMs ?? 8000,
      retryDelayMs: opts.retryDelayMs,
      headers: { authorization: `KakaoAK ${opts.apiKey}` },
      secrets: [opts.apiKey],
    });
  }

  async route(
    c: CallCounter,
    origin: LatLng,
    destination: LatLng,
    opts: { priority?: string; avoid?: string },
  ): Promise<RouteResult> {
    const r = await this.http.json(c, "/v1/directions", Directions, {
      query: {
        origin: `${origin.lng},${origin.lat}`,
        destination: `${destination.lng},${destination.lat}`,
        priority: opts.priority ?? "RECOMMEND",
        avoid: opts.avoid,
      },
    });
    const route = r.routes[0];
    if (route.result_code !== 0 || !route.summary || !route.sections) {
      throw new ProviderError(
        "kakao-mobility",
        "no_result",
        `no route (result_code ${route.result_code}: ${route.result_msg})`,
      );
    }
    const vertexes = route.sections.flatMap((s) => s.roads.flatMap((road) => road.vertexes));
    return {
      points: vertexesToPoints(vertexes),
      distanceMeters: route.summary.distance,
      durationSeconds: route.summary.duration,
    };
  }
}
