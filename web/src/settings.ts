// The base map's tiles are a setting (an XYZ URL template and its attribution, OpenStreetMap's by
// default), kept in localStorage: they are a preference, not a secret. An empty URL draws no tiles.
export interface TileSettings {
  url: string;
  attribution: string;
}

export const DEFAULT_TILES: TileSettings = {
  url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  attribution: "© OpenStreetMap contributors",
};

const STORAGE = "dongne.tiles";

export function loadTiles(): TileSettings {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE) ?? "null") as Partial<TileSettings> | null;
    if (saved && typeof saved.url === "string" && typeof saved.attribution === "string")
      return { url: saved.url, attribution: saved.attribution };
  } catch {
    // a damaged setting falls back to the default
  }
  return DEFAULT_TILES;
}

export function saveTiles(t: TileSettings): void {
  if (t.url === DEFAULT_TILES.url && t.attribution === DEFAULT_TILES.attribution)
    localStorage.removeItem(STORAGE);
  else localStorage.setItem(STORAGE, JSON.stringify(t));
}

/** A tile URL Leaflet can use: http(s) with {z}, {x} and {y}; empty means no tiles. */
export function tileUrlProblem(url: string): string | null {
  if (url === "") return null;
  if (!/^https?:\/\//.test(url)) return "http:// 또는 https:// 로 시작해야 합니다.";
  for (const p of ["{z}", "{x}", "{y}"]) if (!url.includes(p)) return `${p} 자리가 있어야 합니다.`;
  return null;
}
