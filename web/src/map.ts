// The one Leaflet map the views share: each view draws into its own layer group and only the current
// view's group is on the map. Tiles come from the settings; when they do not load (no network, a bad
// URL, or no URL) the places, lines and the scale are still drawn, on a plain background.
import * as L from "leaflet";
import { h } from "./dom.ts";
import { loadTiles, type TileSettings } from "./settings.ts";

const SEOUL: L.LatLngTuple = [37.5665, 126.978];

/** Colours for days, segments and categories: distinct, readable on light tiles and on the plain background. */
export const PALETTE = [
  "#d7263d",
  "#1b65a6",
  "#2e8540",
  "#8e44ad",
  "#e67e22",
  "#008b8b",
  "#b8860b",
  "#c2185b",
];
export const colour = (i: number) => PALETTE[((i % PALETTE.length) + PALETTE.length) % PALETTE.length]!;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Leaflet renders attribution as HTML: the setting is text, escaped, with OpenStreetMap linked as its licence asks. */
const attributionHtml = (text: string) =>
  escapeHtml(text).replace(
    "OpenStreetMap",
    '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a>',
  );

export type ViewName = "search" | "qa" | "sim";

export class MapPane {
  readonly map: L.Map;
  private tiles: L.TileLayer | null = null;
  private readonly groups = new Map<ViewName, L.FeatureGroup>();
  private current: ViewName | null = null;
  private readonly notice: HTMLElement;

  constructor(private readonly el: HTMLElement) {
    this.map = L.map(el, { center: SEOUL, zoom: 11, keyboard: true, worldCopyJump: true });
    L.control.scale({ metric: true, imperial: false }).addTo(this.map);
    // under the map, not over it: a note never covers a marker
    this.notice = h("p", { class: "map-notice", role: "status", hidden: true });
    el.after(this.notice);
    this.setTiles(loadTiles());
  }

  setTiles(t: TileSettings): void {
    this.tiles?.remove();
    this.tiles = null;
    this.offline(t.url === "" ? "배경 지도 없이 표시합니다 (타일 주소가 비어 있음)." : null);
    if (t.url === "") return;
    let loaded = 0;
    const layer = L.tileLayer(t.url, { attribution: attributionHtml(t.attribution), maxZoom: 19 });
    layer.on("tileload", () => {
      loaded++;
      this.offline(null);
    });
    layer.on("tileerror", () => {
      if (!loaded)
        this.offline(
          "배경 지도 타일을 불러오지 못해 바탕 없이 표시합니다 (장소와 경로, 축척은 그대로입니다).",
        );
    });
    layer.addTo(this.map);
    this.tiles = layer;
  }

  private offline(message: string | null): void {
    this.el.classList.toggle("tiles-off", message !== null);
    const changed = this.notice.hidden !== (message === null);
    this.notice.hidden = message === null;
    this.notice.textContent = message ?? "";
    // the note sits under the map (never over its markers): the map's height changes with it
    if (changed) this.map.invalidateSize();
  }

  /** The view's layer group, emptied: it draws afresh. */
  layer(view: ViewName): L.FeatureGroup {
    let g = this.groups.get(view);
    if (!g) {
      g = L.featureGroup();
      this.groups.set(view, g);
    }
    g.clearLayers();
    if (this.current === view) g.addTo(this.map);
    return g;
  }

  show(view: ViewName | null): void {
    for (const [name, g] of this.groups) if (name !== view) g.remove();
    this.current = view;
    if (view) this.groups.get(view)?.addTo(this.map);
    // the container may just have become visible or changed size
    requestAnimationFrame(() => this.map.invalidateSize());
  }

  fit(view: ViewName): void {
    const g = this.groups.get(view);
    const b = g?.getBounds();
    if (b?.isValid()) this.map.fitBounds(b, { padding: [28, 28], maxZoom: 16 });
  }
}

export interface MarkerLook {
  label: string;
  colour: string;
  /** square: lodging and origins; ring: not cited, secondary */
  shape?: "pin" | "square" | "ring";
  title: string;
  /** pixels across (default 28): simulation stores are sized by visits */
  size?: number;
  /** a class beside `mk`, telling this kind of marker from the others (an agent's path) */
  className?: string;
}

/** A keyboard-focusable marker drawing its label in a coloured badge (no image files, no inline HTML). */
export function badgeMarker(at: L.LatLngExpression, look: MarkerLook): L.Marker {
  const size = look.size ?? 28;
  const badge = h("span", { class: `badge badge-${look.shape ?? "pin"}` }, look.label);
  badge.style.setProperty("--c", look.colour);
  badge.style.setProperty("--s", `${size}px`);
  return L.marker(at, {
    icon: L.divIcon({
      html: badge,
      className: look.className ? `mk ${look.className}` : "mk",
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
      popupAnchor: [0, -size / 2],
    }),
    title: look.title,
    alt: look.title,
    keyboard: true,
    riseOnHover: true,
  });
}

/**
 * Keeps a list and the map's markers in step: hovering or focusing either highlights both; choosing a
 * row opens its marker's popup; choosing a marker brings its row into view.
 */
export function syncListAndMap(
  map: L.Map,
  pairs: { marker: L.Marker; row: HTMLElement; focus: HTMLElement }[],
): void {
  const set = (i: number, on: boolean) => {
    const p = pairs[i]!;
    p.row.classList.toggle("is-active", on);
    p.marker.getElement()?.classList.toggle("is-active", on);
    p.marker.setZIndexOffset(on ? 1000 : 0);
  };
  pairs.forEach((p, i) => {
    const on = () => set(i, true);
    const off = () => set(i, false);
    p.row.addEventListener("mouseenter", on);
    p.row.addEventListener("mouseleave", off);
    p.focus.addEventListener("focus", on);
    p.focus.addEventListener("blur", off);
    p.focus.addEventListener("click", () => {
      map.panTo(p.marker.getLatLng());
      p.marker.openPopup();
    });
    p.marker.on("mouseover", on);
    p.marker.on("mouseout", off);
    p.marker.on("click keypress", () => {
      p.row.scrollIntoView({ block: "nearest", behavior: "smooth" });
      on();
      setTimeout(off, 1500);
    });
  });
}
