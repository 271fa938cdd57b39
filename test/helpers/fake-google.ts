// A fake Google Places (New) + Routes on loopback, shaped as the real answers (provider-apis.md §3):
// searchText finds one place by name (pageSize 1) or lists places around the location bias, along a
// route (searchAlongRouteParameters) or around a place named in the query ("ramen near Shibuya");
// details add hours (nextCloseTime `closesInMinutes` from now), reviews and a summary; Routes answers
// a straight line and the route matrix straight distances × 1.25. Every place it returns is kept, so
// details and photos answer for it.
import { lookupPlace } from "../../shared/geo/gazetteer.ts";
import { haversine, type LatLng } from "../../shared/geo/haversine.ts";
import { decodePolyline, encodePolyline } from "../../shared/geo/polyline.ts";
import { straightLine } from "../../shared/geo/route.ts";
import { hashString } from "../../shared/platform/random.ts";
import type { Recorded, Reply } from "./fake-http.ts";

export interface FakeGoogleOptions {
  /** places a list search returns (at most its pageSize) */
  perSearch?: number;
  /** minutes from now until places close (details' currentOpeningHours.nextCloseTime) */
  closesInMinutes?: number;
}

type GPlace = Record<string, unknown> & { id: string; location: { latitude: number; longitude: number } };

const TOKYO = { lat: 35.6812, lng: 139.7671 };
const SEOUL = { lat: 37.5663, lng: 126.9779 };

/** Where a text query is: the place a "… near X" or "… in X" names, else its words the gazetteer knows. */
function placeOf(text: string): LatLng | undefined {
  const named = /\b(?:near|in)\s+(.+)$/i.exec(text)?.[1];
  for (const t of [named, text, ...text.split(/[\s,]+/).reverse()])
    if (t) {
      const e = lookupPlace(t);
      if (e) return e;
    }
  return undefined;
}

export function fakeGoogle(opts: FakeGoogleOptions = {}) {
  const known = new Map<string, GPlace>();
  const perSearch = opts.perSearch ?? 8;
  const closesIn = opts.closesInMinutes ?? 45;

  const place = (name: string, at: LatLng, i: number): GPlace => {
    const id = `g${Math.abs(hashString(`${name}:${at.lat.toFixed(5)}:${at.lng.toFixed(5)}`)).toString(36)}`;
    const g: GPlace = {
      id,
      displayName: { text: name, languageCode: "ko" },
      formattedAddress:
        at.lat > 33 && at.lat < 39 && at.lng > 124 && at.lng < 132
          ? `서울 강남구 역삼동 ${i + 1}`
          : `${i + 1}-2-3 Jinnan, Shibuya City, Tokyo`,
      location: { latitude: Number(at.lat.toFixed(6)), longitude: Number(at.lng.toFixed(6)) },
      types: ["restaurant", "food", "point_of_interest"],
      primaryType: "restaurant",
      rating: Number((3.6 + ((i * 0.37) % 1.3)).toFixed(1)),
      userRatingCount: 100 + i * 37,
      currentOpeningHours: { openNow: i % 3 !== 2 },
      photos: [{ name: `places/${id}/photos/p${i}` }],
      googleMapsUri: `https://maps.google.com/?cid=${id}`,
      nationalPhoneNumber: `02-555-0${100 + i}`,
    };
    known.set(id, g);
    return g;
  };

  const around = (name: string, center: LatLng, n: number) =>
    Array.from({ length: n }, (_, i) =>
      place(
        `${name} ${i + 1}`,
        { lat: center.lat + 0.0012 * (i + 1), lng: center.lng + 0.0009 * ((i % 3) - 1) },
        i,
      ),
    );

  return (r: Recorded): Reply => {
    if (r.path === "/v1/places:searchText") {
      const text = String(r.body.textQuery);
      const bias = r.body.locationBias?.circle?.center as { latitude: number; longitude: number } | undefined;
      const near = bias ? { lat: bias.latitude, lng: bias.longitude } : undefined;
      if (r.body.pageSize === 1) {
        // a name no gazetteer knows ("명동교자") is somewhere in the city its script suggests
        const at = near ?? placeOf(text) ?? (/[가-힣]/.test(text) ? SEOUL : undefined);
        return { json: at ? { places: [place(text.replace(/,.*$/, ""), at, 0)] } : {} };
      }
      const encoded = r.body.searchAlongRouteParameters?.polyline?.encodedPolyline as string | undefined;
      if (encoded) {
        const line = decodePolyline(encoded);
        const n = Math.min(perSearch, 6);
        const points = Array.from(
          { length: n },
          (_, i) => line[Math.floor((i * (line.length - 1)) / Math.max(1, n - 1))]!,
        );
        return {
          json: {
            places: points.map((p, i) => place(`${text} ${i + 1}`, { lat: p.lat + 0.001, lng: p.lng }, i)),
          },
        };
      }
      const center = near ?? placeOf(text) ?? TOKYO;
      return { json: { places: around(text, center, Math.min(perSearch, Number(r.body.pageSize ?? 20))) } };
    }
    if (r.path.endsWith("/media"))
      return { json: { photoUri: `https://lh3.googleusercontent.test/${r.path.split("/")[3]}.jpg` } };
    if (r.path.startsWith("/v1/places/")) {
      const id = decodeURIComponent(r.path.slice("/v1/places/".length));
      const g = known.get(id);
      if (!g)
        return { status: 404, json: { error: { code: 404, message: "not found", status: "NOT_FOUND" } } };
      const name = (g.displayName as { text: string }).text;
      return {
        json: {
          ...g,
          currentOpeningHours: {
            openNow: true,
            weekdayDescriptions: ["월요일: 오전 11:00~오후 10:00", "화요일: 오전 11:00~오후 10:00"],
            nextCloseTime: new Date(Date.now() + closesIn * 60_000).toISOString(),
          },
          utcOffsetMinutes: 540,
          editorialSummary: { text: `${name}: 현지인이 즐겨 찾는 곳` },
          reviews: [
            {
              rating: 5,
              text: { text: "콘센트 많고 조용해요. 국물이 진해요." },
              authorAttribution: { displayName: "kim" },
              relativePublishTimeDescription: "1주 전",
            },
            {
              rating: 2,
              text: { text: "웨이팅이 길어요." },
              authorAttribution: { displayName: "lee" },
              relativePublishTimeDescription: "2달 전",
            },
          ],
        },
      };
    }
    if (r.path === "/directions/v2:computeRoutes") {
      const ll = (w: { location: { latLng: { latitude: number; longitude: number } } }) => ({
        lat: w.location.latLng.latitude,
        lng: w.location.latLng.longitude,
      });
      const a = ll(r.body.origin);
      const b = ll(r.body.destination);
      const d = haversine(a, b) * 1.2;
      return {
        json: {
          routes: [
            {
              distanceMeters: Math.round(d),
              duration: `${Math.round(d / 10)}s`,
              // a road has many vertices: its encoded polyline runs to thousands of characters
              polyline: { encodedPolyline: encodePolyline(straightLine(a, b, 400)) },
            },
          ],
        },
      };
    }
    if (r.path === "/distanceMatrix/v2:computeRouteMatrix") {
      const ll = (w: { waypoint: { location: { latLng: { latitude: number; longitude: number } } } }) => ({
        lat: w.waypoint.location.latLng.latitude,
        lng: w.waypoint.location.latLng.longitude,
      });
      const origin = ll(r.body.origins[0]);
      return {
        json: (r.body.destinations as Parameters<typeof ll>[0][]).map((d, i) => ({
          originIndex: 0,
          destinationIndex: i,
          condition: "ROUTE_EXISTS",
          distanceMeters: Math.round(haversine(origin, ll(d)) * 1.25),
          duration: `${Math.round(haversine(origin, ll(d)) / 1.2)}s`,
        })),
      };
    }
    return { status: 404, json: { error: { code: 404, message: `no ${r.path}`, status: "NOT_FOUND" } } };
  };
}
