// Mangwon-dong is the administrative dongs 망원1동 and 망원2동: which one a point lies in, by their
// boundaries (shared/data/mangwon_admin_dong_boundaries.csv: KOSTAT's 2013 census boundaries, see its .md),
// read when first asked.
import { boundaryRings, inRing, type Ring } from "../geo/admin-areas.ts";
import type { LatLng } from "../geo/haversine.ts";

export const MANGWON_DONGS = ["망원1동", "망원2동"] as const;
export type MangwonDong = (typeof MANGWON_DONGS)[number];

interface Boundary {
  dong: MangwonDong;
  rings: Ring[];
  box: { south: number; north: number; west: number; east: number };
}
let boundaries: Boundary[] | undefined;

function dongBoundaries(): Boundary[] {
  if (boundaries) return boundaries;
  const rings = boundaryRings("mangwon_admin_dong_boundaries.csv");
  boundaries = MANGWON_DONGS.map((dong) => {
    const own = rings.get(dong) ?? [];
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

/** 망원1동 or 망원2동 when the point is inside that administrative dong, else null. */
export function mangwonDongOf(p: LatLng): MangwonDong | null {
  for (const { dong, rings, box } of dongBoundaries()) {
    if (p.lat < box.south || p.lat > box.north || p.lng < box.west || p.lng > box.east) continue;
    if (rings.filter((r) => inRing(p, r)).length % 2 === 1) return dong;
  }
  return null;
}
