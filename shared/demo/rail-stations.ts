// The real subway and urban-rail stations of the vendored tables, one per station and line, named as
// Kakao names them ("망원역 6호선"): the demo set's SW8 places are these, never made up, so an area with
// no urban rail (강릉, 남해) has no subway station.
import { parseCsv, readDataFile } from "../data/files.ts";
import { haversine, type LatLng } from "../geo/haversine.ts";

export interface RailStation extends LatLng {
  /** "망원역" */
  station: string;
  /** "6호선", "인천1호선", "경의중앙선" */
  line: string;
}

/** One spelling per line across the two tables: "서울 도시철도 6호선" is 6호선, "인천지하철 1호선" 인천1호선. */
export function lineName(line: string): string {
  return line
    .replace(/\(.*\)$/, "")
    .replace(/^서울 ?도시철도 /, "")
    .replace(/^인천지하철 /, "인천")
    .replace(/^(부산|대구|대전|광주) ?도시철도 /, "$1")
    .trim();
}

let stations: RailStation[] | undefined;

/** Seoul's table first (its own source), then the national one; a station and line once. */
export function railStations(): readonly RailStation[] {
  if (stations) return stations;
  const out: RailStation[] = [];
  for (const file of ["seoul_metro_stations.csv", "korea_urban_rail_stations.csv"])
    for (const r of parseCsv(readDataFile(file))) {
      const base = r.station_name!.replace(/\(.*\)$/, "").trim();
      const s: RailStation = {
        station: base.endsWith("역") ? base : `${base}역`,
        line: lineName(r.line!),
        lat: Number(r.lat),
        lng: Number(r.lng),
      };
      if (!s.line || !Number.isFinite(s.lat)) continue;
      const twin = out.find((o) => o.station === s.station && o.line === s.line && haversine(o, s) < 1500);
      if (!twin) out.push(s);
    }
  stations = out;
  return out;
}

/** The stations within radius metres of a point, nearest first. */
export function stationsNear(p: LatLng, radius: number): RailStation[] {
  const dLat = radius / 111_000;
  return railStations()
    .filter((s) => Math.abs(s.lat - p.lat) <= dLat && Math.abs(s.lng - p.lng) <= dLat * 1.5)
    .map((s) => ({ s, d: haversine(p, s) }))
    .filter((x) => x.d <= radius)
    .sort((a, b) => a.d - b.d)
    .map((x) => x.s);
}
