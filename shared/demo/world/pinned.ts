// The cells whose places other features read whole, pinned so their figures change only on purpose:
// the restaurant corpus (restaurant QA's demo documents, the dev deploy's embeddings) is the
// restaurants of the CORPUS cells, and the simulation's Mangwon-dong stores are the places of the
// MANGWON cells inside 망원1동 and 망원2동. A change to this table, the density or the shares changes
// those figures; test/unit/demo-world-pinned.test.ts states them, so such a change is seen.
import { boundaryRings } from "../../geo/admin-areas.ts";
import { cellKey, cellOf, cellsInCircle, type Cell } from "./grid.ts";

export interface PinnedArea {
  name: string;
  lat: number;
  lng: number;
  /** metres: the cells this close to the point */
  radius: number;
}

const STATIONS = "seoul_metro_stations.csv";
const DONGS = "seoul_legal_dong_centroids.csv";

/**
 * The neighbourhoods restaurant QA's examples, tests and benchmark ask about (002's 강남역 and 판교, the
 * Mangwon–Hongdae streets, 성수, 신촌, 잠실, 여의도, 건대, 이태원, 광화문): the cells within `radius` of
 * each point (points from the tables named, rounded to ~10 m).
 */
export const CORPUS_AREAS: readonly (PinnedArea & { source: string })[] = [
  { name: "망원역", lat: 37.5561, lng: 126.91, radius: 500, source: STATIONS },
  { name: "합정역", lat: 37.5495, lng: 126.9137, radius: 400, source: STATIONS },
  { name: "홍대입구역", lat: 37.5572, lng: 126.9254, radius: 400, source: STATIONS },
  { name: "연남동", lat: 37.563, lng: 126.9215, radius: 300, source: DONGS },
  { name: "상수역", lat: 37.5477, lng: 126.9229, radius: 300, source: STATIONS },
  { name: "강남역", lat: 37.4972, lng: 127.0279, radius: 400, source: STATIONS },
  { name: "성수역", lat: 37.5446, lng: 127.056, radius: 300, source: STATIONS },
  { name: "신촌역", lat: 37.5551, lng: 126.9369, radius: 300, source: STATIONS },
  { name: "잠실역", lat: 37.5138, lng: 127.1022, radius: 300, source: STATIONS },
  { name: "여의도역", lat: 37.5217, lng: 126.9244, radius: 300, source: STATIONS },
  { name: "건대입구역", lat: 37.5407, lng: 127.0702, radius: 300, source: STATIONS },
  { name: "이태원역", lat: 37.5345, lng: 126.9943, radius: 300, source: STATIONS },
  { name: "판교역", lat: 37.3948, lng: 127.1112, radius: 300, source: STATIONS },
  { name: "광화문역", lat: 37.5708, lng: 126.9762, radius: 300, source: STATIONS },
];

const sortCells = (cells: Iterable<Cell>): Cell[] => {
  const byKey = new Map<string, Cell>();
  for (const c of cells) byKey.set(cellKey(c), c);
  return [...byKey.values()].sort((a, b) => a.i - b.i || a.j - b.j);
};

/** The cells that hold any part of 망원1동 or 망원2동 (by their boundary's vertices and box). */
export function mangwonCells(): Cell[] {
  const rings = [...boundaryRings("mangwon_admin_dong_boundaries.csv").values()].flat();
  const lats = rings.flat().map(([, lat]) => lat);
  const lngs = rings.flat().map(([lng]) => lng);
  const sw = cellOf({ lat: Math.min(...lats), lng: Math.min(...lngs) });
  const ne = cellOf({ lat: Math.max(...lats), lng: Math.max(...lngs) });
  const out: Cell[] = [];
  for (let i = sw.i; i <= ne.i; i++) for (let j = sw.j; j <= ne.j; j++) out.push({ i, j });
  return sortCells(out);
}

/** The restaurant corpus's cells: those of CORPUS_AREAS and Mangwon-dong's, each once, in grid order. */
export function corpusCells(): Cell[] {
  return sortCells([
    ...mangwonCells(),
    ...CORPUS_AREAS.flatMap((a) => cellsInCircle(a, a.radius).map((x) => x.cell)),
  ]);
}
