// The demo world's map cells: a fixed grid of 0.01° of latitude by 0.01° of longitude (~1.11 km by
// ~0.89 km in Korea, about one square kilometre), the same squares the place index files its places
// in. A cell is named by the two whole numbers of its south-west corner ("3749:12702"); each is built
// whole, from the seed and its own name only, so a place never depends on the query that asked for it.
// Cells are sub-divided into 10 × 10 blocks (~110 m by ~90 m) where places are spread by density.
import { haversine, type LatLng } from "../../geo/haversine.ts";

export const CELL_DEG = 0.01;
/** blocks per side of a cell: places are spread over its 100 blocks by the density at each */
export const BLOCKS = 10;
const M_PER_DEG = 111_195;

export interface Cell {
  /** row: floor(lat / CELL_DEG) */
  i: number;
  /** column: floor(lng / CELL_DEG) */
  j: number;
}

export const cellKey = (c: Cell): string => `${c.i}:${c.j}`;

export function parseCellKey(key: string): Cell | undefined {
  const m = /^(-?\d+):(-?\d+)$/.exec(key);
  return m ? { i: Number(m[1]), j: Number(m[2]) } : undefined;
}

export const cellOf = (p: LatLng): Cell => ({
  i: Math.floor(p.lat / CELL_DEG),
  j: Math.floor(p.lng / CELL_DEG),
});

function sixDecimals(x: number): number {
  return Number(x.toFixed(6));
}

/** The cell's corners in degrees (rounded so that neighbours share their edges exactly). */
export function cellBounds(c: Cell): { south: number; north: number; west: number; east: number } {
  return {
    south: sixDecimals(c.i * CELL_DEG),
    north: sixDecimals((c.i + 1) * CELL_DEG),
    west: sixDecimals(c.j * CELL_DEG),
    east: sixDecimals((c.j + 1) * CELL_DEG),
  };
}

export const cellCenter = (c: Cell): LatLng => ({
  lat: (c.i + 0.5) * CELL_DEG,
  lng: (c.j + 0.5) * CELL_DEG,
});

/** The centre of block (bi, bj) of a cell, bi counted northwards and bj eastwards from 0. */
export function blockCenter(c: Cell, bi: number, bj: number): LatLng {
  const step = CELL_DEG / BLOCKS;
  return { lat: c.i * CELL_DEG + (bi + 0.5) * step, lng: c.j * CELL_DEG + (bj + 0.5) * step };
}

/** A block's area in km² (a degree of longitude shrinks with the cosine of the latitude). */
export function blockAreaKm2(lat: number): number {
  const side = (CELL_DEG / BLOCKS) * (M_PER_DEG / 1000);
  return side * side * Math.cos((lat * Math.PI) / 180);
}

/** Metres from a point to the nearest point of a cell (0 inside it). */
export function distanceToCell(p: LatLng, c: Cell): number {
  const b = cellBounds(c);
  const nearest = {
    lat: Math.min(Math.max(p.lat, b.south), b.north),
    lng: Math.min(Math.max(p.lng, b.west), b.east),
  };
  return nearest.lat === p.lat && nearest.lng === p.lng ? 0 : haversine(p, nearest);
}

/** The cells a circle touches, nearest first (ties in row, then column order): what a search reads. */
export function cellsInCircle(center: LatLng, radius: number): { cell: Cell; distance: number }[] {
  if (!Number.isFinite(center.lat) || !Number.isFinite(center.lng) || !(radius >= 0)) return [];
  const dLat = radius / M_PER_DEG;
  const dLng = radius / (M_PER_DEG * Math.max(0.1, Math.cos((center.lat * Math.PI) / 180)));
  const i0 = Math.floor((center.lat - dLat) / CELL_DEG);
  const i1 = Math.floor((center.lat + dLat) / CELL_DEG);
  const j0 = Math.floor((center.lng - dLng) / CELL_DEG);
  const j1 = Math.floor((center.lng + dLng) / CELL_DEG);
  if (![i0, i1, j0, j1].every(Number.isSafeInteger) || (i1 - i0 + 1) * (j1 - j0 + 1) > 20_000) return [];
  const out: { cell: Cell; distance: number }[] = [];
  for (let i = i0; i <= i1; i++)
    for (let j = j0; j <= j1; j++) {
      const distance = distanceToCell(center, { i, j });
      if (distance <= radius) out.push({ cell: { i, j }, distance });
    }
  return out.sort((a, b) => a.distance - b.distance || a.cell.i - b.cell.i || a.cell.j - b.cell.j);
}
