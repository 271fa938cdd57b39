// ?format=geojson: the AgentResponse as an RFC 7946 FeatureCollection (points are [lng, lat]); the
// query, search parameters and meta ride along as foreign members.
import type { AgentResponse } from "../places/place.ts";

export function toGeoJson(r: AgentResponse) {
  return {
    type: "FeatureCollection" as const,
    features: r.places.map((p) => {
      const { location: _location, lat: _lat, lng: _lng, ...properties } = p;
      return {
        type: "Feature" as const,
        id: `${p.provider}:${p.id}`,
        geometry: { type: "Point" as const, coordinates: [p.lng, p.lat] },
        properties,
      };
    }),
    query: r.query,
    searchParams: r.searchParams,
    totalCount: r.totalCount,
    meta: r.meta,
    ...(r.disclaimer ? { disclaimer: r.disclaimer } : {}),
    ...(r.itinerary ? { itinerary: r.itinerary } : {}),
  };
}
