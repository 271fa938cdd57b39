// Place names → kind and coordinates, from the vendored datasets and the known-places tables.
// Bare names that mean several things resolve by priority: a named region (서울, 제주도) beats a
// station, a station beats a gu or dong (001 geocodes "강남" as 강남역).
import { parseCsv, readDataFile } from "../data/files.ts";
import { FOREIGN_PLACES, KOREAN_PLACES, type KnownPlace } from "./known-places.ts";
import type { LocationKind } from "../place-search/schemas.ts";

export interface GazetteerEntry {
  name: string;
  query: string;
  kind: LocationKind;
  lat: number;
  lng: number;
  country: string;
  en?: string;
  /** city of a foreign district or landmark */
  city?: string;
  /** gu of a Seoul station or dong, when known */
  gu?: string;
}

/** Lowercase, without spaces, dots, dashes or middle dots: how names are compared. */
export function normalizeName(s: string): string {
  return s
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\s.\-·'’]/g, "");
}

/** Station names that are also everyday words ("주차 가능", "대화가 편한"): only "X역" means the station. */
const COMMON_WORDS = new Set([
  "가능",
  "중앙",
  "온수",
  "미사",
  "상수",
  "약수",
  "개화",
  "신흥",
  "태평",
  "산성",
  "오류",
  "대화",
  "중동",
  "백운",
  "사리",
  "도심",
  "송정",
  "정왕",
  "구일",
  "신내",
  "야목",
  "달월",
]);

const PRIORITY = { region: 5, station: 4, landmark: 3, gu: 2, dong: 1, bare: 0 } as const;

class Gazetteer {
  private readonly index = new Map<string, { entry: GazetteerEntry; priority: number }>();
  readonly entries: GazetteerEntry[] = [];

  private readonly seen = new Set<GazetteerEntry>();

  add(keys: string[], entry: GazetteerEntry, priority: number): void {
    if (!this.seen.has(entry)) {
      this.seen.add(entry);
      this.entries.push(entry);
    }
    for (const key of keys) {
      const k = normalizeName(key);
      if (!k) continue;
      const prev = this.index.get(k);
      if (!prev || prev.priority < priority) this.index.set(k, { entry, priority });
    }
  }

  lookup(term: string): GazetteerEntry | undefined {
    return this.index.get(normalizeName(term))?.entry;
  }
}

function fromKnown(p: KnownPlace): GazetteerEntry {
  const name = p.names[0];
  const query = p.kind === "foreign" ? (p.city ? `${p.en}, ${p.city}` : p.en) : (p.query ?? name);
  return { name, query, kind: p.kind, lat: p.lat, lng: p.lng, country: p.country, en: p.en, city: p.city };
}

function build(): Gazetteer {
  const g = new Gazetteer();

  for (const p of FOREIGN_PLACES) g.add([...p.names, p.en], fromKnown(p), PRIORITY.region);
  for (const p of KOREAN_PLACES) {
    g.add([...p.names, p.en], fromKnown(p), p.kind === "landmark" ? PRIORITY.landmark : PRIORITY.region);
  }

  const seenStations = new Set<string>();
  for (const r of parseCsv(readDataFile("seoul_metro_stations.csv"))) {
    const base = r.station_name.replace(/\(.*\)$/, "").trim();
    if (seenStations.has(base)) continue;
    seenStations.add(base);
    const name = base.endsWith("역") ? base : `${base}역`;
    const entry: GazetteerEntry = {
      name,
      query: name,
      kind: "station",
      lat: Number(r.lat),
      lng: Number(r.lng),
      country: "KR",
    };
    // "X역" always means the station; the bare "X" only when no region or landmark claims it.
    g.add([name], entry, PRIORITY.region + 1);
    if (!COMMON_WORDS.has(base)) g.add([base], entry, PRIORITY.station);
  }

  const admin = parseCsv(readDataFile("seoul_admin_dong_centroids.csv"));
  for (const r of admin) {
    const lat = Number(r.lat);
    const lng = Number(r.lng);
    if (r.level === "sigungu") {
      const entry: GazetteerEntry = {
        name: r.sigungu,
        query: `서울 ${r.sigungu}`,
        kind: "gu",
        lat,
        lng,
        country: "KR",
      };
      g.add([r.sigungu], entry, PRIORITY.region);
      g.add([r.sigungu.replace(/구$/, "")], entry, PRIORITY.gu);
    } else if (r.level === "dong") {
      const short = r.dong.replace(/제(\d)/, "$1");
      const entry: GazetteerEntry = {
        name: short,
        query: `${r.sigungu} ${short}`,
        kind: "dong",
        lat,
        lng,
        country: "KR",
        gu: r.sigungu,
      };
      g.add([r.dong, short], entry, PRIORITY.dong);
    }
  }

  for (const r of parseCsv(readDataFile("seoul_legal_dong_centroids.csv"))) {
    const entry: GazetteerEntry = {
      name: r.dong_ko,
      query: `${r.sigungu} ${r.dong_ko}`,
      kind: "dong",
      lat: Number(r.lat),
      lng: Number(r.lng),
      country: "KR",
      en: r.dong_en,
      gu: r.sigungu,
    };
    // the legal dong (망원동) outranks an admin dong of the same name and answers for its bare stem
    g.add([r.dong_ko, r.dong_en], entry, PRIORITY.dong + 0.5);
    const stem = r.dong_ko.replace(/\d*가?동$/, "");
    if (stem.length >= 2 && !COMMON_WORDS.has(stem)) g.add([stem], entry, PRIORITY.bare);
  }
  return g;
}

let instance: Gazetteer | undefined;
function gazetteer(): Gazetteer {
  instance ??= build();
  return instance;
}

export function lookupPlace(term: string): GazetteerEntry | undefined {
  return gazetteer().lookup(term);
}

export function allGazetteerEntries(): readonly GazetteerEntry[] {
  return gazetteer().entries;
}
