// Mangwon-dong is the administrative dongs 망원1동 and 망원2동: which one a point lies in, by their
// boundaries (shared/data/mangwon_admin_dong_boundaries.csv: KOSTAT's 2013 census boundaries, see its .md),
// read when first asked.
import { parseCsv, readDataFile } from "../data/files.ts";
import type { LatLng } from "../geo/haversine.ts";

export const MANGWON_DONGS = ["망원1동", "망원2동"] as const;
export type MangwonDong = (typeof MANGWON_DONGS)[number];

type Ring = [lng: number, lat: number][];
interface Boundary {
  dong: MangwonDong;
  rings: Ring[];
  box: { south: number; north: number; west: number; east: number };
}
let boundaries: Boundary[] | undefined;

function dongBoundaries(): Boundary[] {
  if (boundaries) return boundaries;
  const rings = new Map<string, Ring>();
  for (const r of parseCsv(readDataFile("mangwon_admin_dong_boundaries.csv"))) {
    const key = `${r.dong}#${r.ring}`;
    const ring = rings.get(key) ?? [];
    ring[Number(r.seq)] = [Number(r.lng), Number(r.lat)];
    rings.set(key, ring);
  }
  boundaries = MANGWON_DONGS.map((dong) => {
    const own = [...rings].filter(([k]) => k.startsWith(`${dong}#`)).map(([, r]) => r);
    const lngs = own.flat().map(([lng]) => lng);
    const lats = own.flat().map(([, lat]) => lat);
    return {
      dong,
      rings: own,
      box: {
        south: Math.min(...lats),
        north: Math.max(...lats),
        west: Math.min(...lngs),
        east: Math.max(...lngs),
      },
    };
  });
  return boundaries;
}

/** Even-odd ray casting on lng/lat (fine at a dong's scale). */
function inRing(p: LatLng, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[j]!;
    if (y1 > p.lat !== y2 > p.lat && p.lng < ((x2 - x1) * (p.lat - y1)) / (y2 - y1) + x1) inside = !inside;
  }
  return inside;
}

/** 망원1동 or 망원2동 when the point is inside that administrative dong, else null. */
export function mangwonDongOf(p: LatLng): MangwonDong | null {
  for (const { dong, rings, box } of dongBoundaries()) {
    if (p.lat < box.south || p.lat > box.north || p.lng < box.west || p.lng > box.east) continue;
    if (rings.filter((r) => inRing(p, r)).length % 2 === 1) return dong;
  }
  return null;
}
