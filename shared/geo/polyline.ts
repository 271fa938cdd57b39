// Google's encoded polyline algorithm, precision 5 (provider-apis.md §3.9). Kakao gives flat vertexes;
// Google Search Along Route wants an encoded polyline, so we encode our own.
import type { LatLng } from "./haversine.ts";

function encodeValue(v: number): string {
  let n = v < 0 ? ~(v << 1) : v << 1;
  let out = "";
  while (n >= 0x20) {
    out += String.fromCharCode((0x20 | (n & 0x1f)) + 63);
    n >>= 5;
  }
  return out + String.fromCharCode(n + 63);
}

export function encodePolyline(points: LatLng[]): string {
  let lat = 0;
  let lng = 0;
  let out = "";
  for (const p of points) {
    const la = Math.round(p.lat * 1e5);
    const ln = Math.round(p.lng * 1e5);
    out += encodeValue(la - lat) + encodeValue(ln - lng);
    lat = la;
    lng = ln;
  }
  return out;
}

export function decodePolyline(encoded: string): LatLng[] {
  const points: LatLng[] = [];
  let i = 0;
  let lat = 0;
  let lng = 0;
  const next = () => {
    let result = 0;
    let shift = 0;
    let b: number;
    do {
      if (i >= encoded.length) throw new Error("truncated polyline");
      b = encoded.charCodeAt(i++) - 63;
      result |= (b & 0x1f) << shift;
      shift += 5;
    } while (b >= 0x20);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (i < encoded.length) {
    lat += next();
    lng += next();
    points.push({ lat: lat / 1e5, lng: lng / 1e5 });
  }
  return points;
}

/** Kakao Mobility vertexes are flat [x1, y1, x2, y2, …] with x = longitude; consecutive repeats dropped. */
export function vertexesToPoints(vertexes: number[]): LatLng[] {
  const points: LatLng[] = [];
  for (let i = 0; i + 1 < vertexes.length; i += 2) {
    const p = { lat: vertexes[i + 1]!, lng: vertexes[i]! }; // i + 1 < length
    const last = points.at(-1);
    if (!last || last.lat !== p.lat || last.lng !== p.lng) points.push(p);
  }
  return points;
}
