// Naver's mapx/mapy → WGS84 lat/lon (002 §5.1). Since the second half of 2023 they are WGS84 degrees
// × 10⁷ as integers ("1271551201" → 127.1551201); before, KATECH/TM128 metres ("315997"). A value
// above 10⁸ can only be the first kind (TM128 eastings are six digits), so the two are told apart
// by size (provider-apis.md §4.2) and TM128 is converted: inverse Transverse Mercator on the Bessel
// ellipsoid, then the Bessel → WGS84 datum shift (Helmert, position-vector convention as PROJ's
// +towgs84 for KATEC).

export type CoordinateFormat = "wgs84e7" | "tm128";

export interface LatLon {
  lat: number;
  lon: number;
}

/** KATEC / TM128: +proj=tmerc +lat_0=38 +lon_0=128 +k=0.9999 +x_0=400000 +y_0=600000 +ellps=bessel */
const TM128 = { lat0: 38, lon0: 128, k0: 0.9999, x0: 400_000, y0: 600_000 } as const;
const BESSEL = { a: 6_377_397.155, f: 1 / 299.1528128 } as const;
const WGS84 = { a: 6_378_137, f: 1 / 298.257223563 } as const;
/** +towgs84=-115.80,474.99,674.11,1.16,-2.31,-1.63,6.43 (metres, arc-seconds, ppm) */
const TOWGS84 = { dx: -115.8, dy: 474.99, dz: 674.11, rx: 1.16, ry: -2.31, rz: -1.63, ppm: 6.43 } as const;

const RAD = Math.PI / 180;
const ARCSEC = RAD / 3600;

function meridianArc(phi: number, a: number, e2: number): number {
  const e4 = e2 * e2;
  const e6 = e4 * e2;
  return (
    a *
    ((1 - e2 / 4 - (3 * e4) / 64 - (5 * e6) / 256) * phi -
      ((3 * e2) / 8 + (3 * e4) / 32 + (45 * e6) / 1024) * Math.sin(2 * phi) +
      ((15 * e4) / 256 + (45 * e6) / 1024) * Math.sin(4 * phi) -
      ((35 * e6) / 3072) * Math.sin(6 * phi))
  );
}

/** Inverse Transverse Mercator (Snyder, USGS PP 1395, eq. 8-12 … 8-18) → Bessel lat/lon in radians. */
function inverseTm(x: number, y: number): { phi: number; lambda: number } {
  const { a, f } = BESSEL;
  const e2 = 2 * f - f * f;
  const ep2 = e2 / (1 - e2);
  const m = meridianArc(TM128.lat0 * RAD, a, e2) + (y - TM128.y0) / TM128.k0;
  const mu = m / (a * (1 - e2 / 4 - (3 * e2 * e2) / 64 - (5 * e2 ** 3) / 256));
  const e1 = (1 - Math.sqrt(1 - e2)) / (1 + Math.sqrt(1 - e2));
  const phi1 =
    mu +
    ((3 * e1) / 2 - (27 * e1 ** 3) / 32) * Math.sin(2 * mu) +
    ((21 * e1 ** 2) / 16 - (55 * e1 ** 4) / 32) * Math.sin(4 * mu) +
    ((151 * e1 ** 3) / 96) * Math.sin(6 * mu) +
    ((1097 * e1 ** 4) / 512) * Math.sin(8 * mu);
  const sin = Math.sin(phi1);
  const cos = Math.cos(phi1);
  const tan = Math.tan(phi1);
  const c1 = ep2 * cos * cos;
  const t1 = tan * tan;
  const n1 = a / Math.sqrt(1 - e2 * sin * sin);
  const r1 = (a * (1 - e2)) / (1 - e2 * sin * sin) ** 1.5;
  const d = (x - TM128.x0) / (n1 * TM128.k0);
  const phi =
    phi1 -
    ((n1 * tan) / r1) *
      ((d * d) / 2 -
        ((5 + 3 * t1 + 10 * c1 - 4 * c1 * c1 - 9 * ep2) * d ** 4) / 24 +
        ((61 + 90 * t1 + 298 * c1 + 45 * t1 * t1 - 252 * ep2 - 3 * c1 * c1) * d ** 6) / 720);
  const lambda =
    TM128.lon0 * RAD +
    (d -
      ((1 + 2 * t1 + c1) * d ** 3) / 6 +
      ((5 - 2 * c1 + 28 * t1 - 3 * c1 * c1 + 8 * ep2 + 24 * t1 * t1) * d ** 5) / 120) /
      cos;
  return { phi, lambda };
}

function toEcef(phi: number, lambda: number, ell: { a: number; f: number }): [number, number, number] {
  const e2 = 2 * ell.f - ell.f * ell.f;
  const n = ell.a / Math.sqrt(1 - e2 * Math.sin(phi) ** 2);
  return [
    n * Math.cos(phi) * Math.cos(lambda),
    n * Math.cos(phi) * Math.sin(lambda),
    n * (1 - e2) * Math.sin(phi),
  ];
}

function fromEcef([x, y, z]: [number, number, number], ell: { a: number; f: number }): LatLon {
  const e2 = 2 * ell.f - ell.f * ell.f;
  const p = Math.hypot(x, y);
  let phi = Math.atan2(z, p * (1 - e2));
  for (let i = 0; i < 6; i++) {
    const n = ell.a / Math.sqrt(1 - e2 * Math.sin(phi) ** 2);
    const h = p / Math.cos(phi) - n;
    phi = Math.atan2(z, p * (1 - (e2 * n) / (n + h)));
  }
  return { lat: phi / RAD, lon: Math.atan2(y, x) / RAD };
}

/** KATEC/TM128 metres → WGS84 degrees. */
export function tm128ToWgs84(x: number, y: number): LatLon {
  const { phi, lambda } = inverseTm(x, y);
  const [bx, by, bz] = toEcef(phi, lambda, BESSEL);
  const s = 1 + TOWGS84.ppm * 1e-6;
  const rx = TOWGS84.rx * ARCSEC;
  const ry = TOWGS84.ry * ARCSEC;
  const rz = TOWGS84.rz * ARCSEC;
  const wgs: [number, number, number] = [
    TOWGS84.dx + s * (bx - rz * by + ry * bz),
    TOWGS84.dy + s * (rz * bx + by - rx * bz),
    TOWGS84.dz + s * (-ry * bx + rx * by + bz),
  ];
  return fromEcef(wgs, WGS84);
}

/** South Korea and its waters, generously: a point outside is a bad record, not a restaurant. */
export function inKorea(p: LatLon): boolean {
  return p.lat >= 32.5 && p.lat <= 39 && p.lon >= 124 && p.lon <= 132;
}

const round7 = (x: number) => Math.round(x * 1e7) / 1e7;

/** mapx/mapy as Naver writes them (integer strings, or numbers) → lat/lon, and which format it was. */
export function naverToLatLon(
  mapx: string | number,
  mapy: string | number,
): LatLon & { format: CoordinateFormat } {
  const x = Number(mapx);
  const y = Number(mapy);
  if (!Number.isFinite(x) || !Number.isFinite(y)) throw new RangeError("mapx/mapy must be numbers");
  if (Math.abs(x) > 1e8) return { lat: round7(y / 1e7), lon: round7(x / 1e7), format: "wgs84e7" };
  const p = tm128ToWgs84(x, y);
  return { lat: round7(p.lat), lon: round7(p.lon), format: "tm128" };
}
