// The places of a cell that are real, not drawn: the subway and urban-rail stations of the vendored
// rail tables ("망원역 6호선", as Kakao names them; so a cell no urban rail reaches has none) and an
// office at each 동/읍/면's centroid ("망원1동 행정복지센터"). Their names are real; the records are the
// demo world's (synthetic, with made-up lot numbers).
import { adminAreaOf, areaAddress } from "../../geo/admin-areas.ts";
import type { LatLng } from "../../geo/haversine.ts";
import type { Rng } from "../../platform/random.ts";
import { railStations } from "../rail-stations.ts";
import { allAnchors } from "./anchors.ts";
import { cellKey, cellOf, type Cell } from "./grid.ts";

export interface RealPlace {
  name: string;
  code: string;
  path: string;
  at: LatLng;
  address: string;
  tags: string[];
  avgPrice: number;
}

interface Seed {
  name: string;
  code: string;
  path: string;
  at: LatLng;
}

let byCell: Map<string, Seed[]> | undefined;

function file(): Map<string, Seed[]> {
  if (byCell) return byCell;
  byCell = new Map();
  const add = (s: Seed) => {
    const key = cellKey(cellOf(s.at));
    const list = byCell!.get(key);
    if (list) list.push(s);
    else byCell!.set(key, [s]);
  };
  for (const s of railStations())
    add({
      name: `${s.station} ${s.line}`,
      code: "SW8",
      path: `교통,수송 > 지하철,전철 > ${s.line}`,
      at: { lat: s.lat, lng: s.lng },
    });
  for (const a of allAnchors())
    if (a.dong)
      add({
        name: `${a.dong} 행정복지센터`,
        code: "PO3",
        path: "사회,공공기관 > 지방행정기관 > 행정복지센터",
        at: { lat: a.lat, lng: a.lng },
      });
  return byCell;
}

/** The real places whose point lies in the cell, in the tables' order, each with a drawn lot. */
export function realPlacesIn(cell: Cell, rand: Rng): RealPlace[] {
  return (file().get(cellKey(cell)) ?? []).map((s) => {
    const main = 1 + Math.floor(rand() * 999);
    const address = `${areaAddress(adminAreaOf(s.at))} ${main}`;
    return { ...s, address, tags: [], avgPrice: 0 };
  });
}
