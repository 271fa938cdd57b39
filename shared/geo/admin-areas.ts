// The administrative area a point lies in, for lot-number (지번) addresses: 시/도, 시/군/구 and the
// 동/읍/면 whose area contains the point where a boundary is vendored (망원동: 망원1동 and 망원2동), else
// whose centroid is nearest. Seoul answers with its legal dongs (a lot address names the 법정동, e.g.
// 한강로2가); elsewhere the vendored table has administrative dongs only, read as the legal dong they
// are numbered from (우1동 → 우동, 좌제1동 → 좌동). 시/도 are written as Kakao's address_name writes them
// (서울, 부산, 경기, 강원특별자치도 …). Built on first use.
import { parseCsv, readDataFile } from "../data/files.ts";
import type { LatLng } from "./haversine.ts";

export interface AdminArea {
  /** Kakao's region_1depth_name: 서울, 부산, 경기, 강원특별자치도, 세종특별자치시 … */
  sido: string;
  /** 마포구, 수원시 장안구, 강릉시; empty in 세종특별자치시 */
  sigungu: string;
  /** 망원동, 한강로2가, 주문진읍 */
  dong: string;
  lat: number;
  lng: number;
}

/** Kakao's region_1depth_name for each 시/도 as the vendored tables spell it (old names included). */
const KAKAO_SIDO: Record<string, string> = {
  서울특별시: "서울",
  부산광역시: "부산",
  대구광역시: "대구",
  인천광역시: "인천",
  광주광역시: "광주",
  대전광역시: "대전",
  울산광역시: "울산",
  세종특별자치시: "세종특별자치시",
  경기도: "경기",
  강원도: "강원특별자치도",
  강원특별자치도: "강원특별자치도",
  충청북도: "충북",
  충청남도: "충남",
  전라북도: "전북특별자치도",
  전북특별자치도: "전북특별자치도",
  전라남도: "전남",
  경상북도: "경북",
  경상남도: "경남",
  제주도: "제주특별자치도",
  제주특별자치도: "제주특별자치도",
};
export const KAKAO_SIDO_NAMES: readonly string[] = [...new Set(Object.values(KAKAO_SIDO))];

/**
 * The legal dong an administrative dong is numbered from: 우1동 → 우동, 서대신제1동 → 서대신동,
 * 율량.사천동 → 율량동 (joined dongs: the first), 수성2.3가동 → 수성동. 읍 and 면 are their own. Null for
 * rows that are no dong (출장소) or are cut short in the source ("숭의1").
 */
export function legalDongOf(adminDong: string): string | null {
  if (!/[동읍면]$/.test(adminDong)) return null;
  if (/[읍면]$/.test(adminDong)) return adminDong;
  const first = adminDong.replace(/제(?=\d)/g, "").split(".")[0]!;
  const stem = first.replace(/\d.*$/, "").replace(/동$/, "");
  return stem ? `${stem}동` : null;
}

/** Dongs whose whole area is vendored as boundaries: inside them by containment, never by nearness. */
const BOUNDED = { sido: "서울", sigungu: "마포구", dong: "망원동" } as const;

export type Ring = [lng: number, lat: number][];

/** Even-odd ray casting on lng/lat (fine at a dong's scale). */
export function inRing(p: LatLng, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[j]!;
    if (y1 > p.lat !== y2 > p.lat && p.lng < ((x2 - x1) * (p.lat - y1)) / (y2 - y1) + x1) inside = !inside;
  }
  return inside;
}

/** A vendored boundary file (columns dong, ring, seq, lat, lng) as each dong's rings. */
export function boundaryRings(file: string): Map<string, Ring[]> {
  const rings = new Map<string, Ring>();
  for (const r of parseCsv(readDataFile(file))) {
    const key = `${r.dong}#${r.ring}`;
    const ring = rings.get(key) ?? [];
    ring[Number(r.seq)] = [Number(r.lng), Number(r.lat)];
    rings.set(key, ring);
  }
  const out = new Map<string, Ring[]>();
  for (const [key, ring] of rings) {
    const dong = key.slice(0, key.lastIndexOf("#"));
    out.set(dong, [...(out.get(dong) ?? []), ring]);
  }
  return out;
}

const CELL = 0.02; // degrees: ~2.2 km of latitude, ≥ 1.7 km of longitude in Korea (below 38.7°N)
const MIN_CELL_METRES = 1700;
const METRES_PER_DEGREE = 111_195;

interface Tables {
  areas: AdminArea[];
  grid: Map<string, AdminArea[]>;
  bounded: Ring[];
  /** the box around the bounded dongs' rings: a point outside it is in none of them */
  box: { south: number; north: number; west: number; east: number };
  boundedArea: AdminArea;
}
let tables: Tables | undefined;

const cellKey = (i: number, j: number) => `${i}:${j}`;

function build(): Tables {
  const areas: AdminArea[] = [];
  for (const r of parseCsv(readDataFile("seoul_legal_dong_centroids.csv")))
    areas.push({
      sido: "서울",
      sigungu: r.sigungu!,
      dong: r.dong_ko!,
      lat: Number(r.lat),
      lng: Number(r.lng),
    });
  // the source keeps abolished dongs beside their successors, at the same point: one a point, the one
  // that looks current (a 시 over the 군 it was, an 읍 over the 면 it was, a 구 of a 시 over the 시 merged
  // into it, else the later code)
  // and a city's dongs from before it was divided into gu (용인시 역삼동, now 용인시 처인구 역삼동) are left out
  const rows = parseCsv(readDataFile("korea_admin_centroids.csv"));
  const divided = new Set(
    rows.map((r) => r.sigungu!.split(" ")).flatMap((w) => (w.length > 1 ? [w[0]] : [])),
  );
  const current = new Map<string, { area: AdminArea; rank: number; code: string }>();
  for (const r of rows) {
    const dong = r.level === "dong" ? legalDongOf(r.dong!) : null;
    const sido = KAKAO_SIDO[r.sido!];
    if (!dong || !sido || divided.has(r.sigungu)) continue;
    const area = { sido, sigungu: r.sigungu!, dong, lat: Number(r.lat), lng: Number(r.lng) };
    // a 구 of a 시 over a 시 of one word at the same point: 마산시 and 진해시 (codes later than 창원시's)
    // were merged into 창원시 in 2010 and are its 마산합포구, 마산회원구 and 진해구 today
    const rank =
      (/^\S+시/.test(area.sigungu) ? 2 : 0) +
      (dong.endsWith("읍") ? 1 : 0) +
      (area.sigungu.includes(" ") ? 0.5 : 0);
    const key = `${r.lat},${r.lng}`;
    const held = current.get(key);
    if (!held || rank > held.rank || (rank === held.rank && r.adm_cd10! > held.code))
      current.set(key, { area, rank, code: r.adm_cd10! });
  }
  for (const { area } of current.values()) areas.push(area);
  const grid = new Map<string, AdminArea[]>();
  const boundedArea = areas.find((a) => a.sigungu === BOUNDED.sigungu && a.dong === BOUNDED.dong)!;
  for (const a of areas) {
    if (a === boundedArea) continue;
    const key = cellKey(Math.floor(a.lat / CELL), Math.floor(a.lng / CELL));
    grid.set(key, [...(grid.get(key) ?? []), a]);
  }
  const bounded = [...boundaryRings("mangwon_admin_dong_boundaries.csv").values()].flat();
  const vertices = bounded.flat();
  const box = {
    south: Math.min(...vertices.map(([, lat]) => lat)),
    north: Math.max(...vertices.map(([, lat]) => lat)),
    west: Math.min(...vertices.map(([lng]) => lng)),
    east: Math.max(...vertices.map(([lng]) => lng)),
  };
  return { areas, grid, bounded, box, boundedArea };
}

function getTables(): Tables {
  tables ??= build();
  return tables;
}

/** Every area a point can be given (Seoul's legal dongs, the legal dongs and 읍/면 elsewhere). */
export function adminAreas(): readonly AdminArea[] {
  return getTables().areas;
}

/** True when the point lies inside a dong whose boundary is vendored (망원동). */
export function inBoundedDong(p: LatLng): boolean {
  const { bounded, box } = getTables();
  if (p.lat < box.south || p.lat > box.north || p.lng < box.west || p.lng > box.east) return false;
  return bounded.some((ring) => inRing(p, ring));
}

/** The area a point lies in: by boundary where one is vendored, else the nearest centroid. */
export function adminAreaOf(p: LatLng): AdminArea {
  const t = getTables();
  if (inBoundedDong(p)) return t.boundedArea;
  const ci = Math.floor(p.lat / CELL);
  const cj = Math.floor(p.lng / CELL);
  // planar distance on a local scale (exact enough to rank centroids a few km apart), haversine-free
  const kx = Math.cos((p.lat * Math.PI) / 180);
  let best: AdminArea | undefined;
  let bestD = Infinity;
  // rings of cells outwards until no nearer centroid can lie beyond the ring just searched
  for (let r = 0; r < 200; r++) {
    // the ring's cells only (its top and bottom rows whole, the columns between at its two sides)
    for (let i = ci - r; i <= ci + r; i++) {
      const edge = i === ci - r || i === ci + r;
      for (let j = cj - r; j <= cj + r; j += edge || r === 0 ? 1 : 2 * r) {
        for (const a of t.grid.get(cellKey(i, j)) ?? []) {
          const d = Math.hypot(a.lat - p.lat, (a.lng - p.lng) * kx) * METRES_PER_DEGREE;
          if (d < bestD) [best, bestD] = [a, d];
        }
      }
    }
    if (best && bestD <= r * MIN_CELL_METRES) break;
  }
  return best ?? t.areas[0]!;
}

/** "서울 마포구 망원동", "세종특별자치시 어진동": the area as an address begins. */
export function areaAddress(a: AdminArea): string {
  return [a.sido, a.sigungu, a.dong].filter(Boolean).join(" ");
}
