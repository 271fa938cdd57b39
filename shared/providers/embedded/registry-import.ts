// Importer for the Small Business store registry (소상공인시장진흥공단 상가(상권)정보, data.go.kr 15083033,
// KOGL Type 1): streams the CSV (UTF-8, UTF-8 with BOM, or CP949), accepts the header variants of
// different releases, filters by 시군구/행정동/category, maps categories to Kakao codes and counts
// what it skips. Output: one normalized Place per line (JSONL) under the data directory.
import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { KakaoCategoryCode } from "../../places/categories.ts";
import { KAKAO_CATEGORIES } from "../../places/categories.ts";
import type { Place } from "../../places/place.ts";
import { splitCsvLine } from "../../data/files.ts";

export const REGISTRY_SOURCE = "소상공인시장진흥공단 상가(상권)정보 (data.go.kr 15083033, 공공누리 제1유형)";

export interface ImportFilter {
  sigungu?: string;
  dong?: string;
  /** matched against 대/중/소분류명 (e.g. "음식", "커피") */
  category?: string;
}

export interface ImportReport {
  rowsRead: number;
  imported: number;
  skippedNoCoordinates: number;
  skippedBadRow: number;
  filteredOut: number;
  encoding: "utf-8" | "utf-8-bom" | "cp949";
  byCategory: Record<string, number>;
}

/** Column names across releases → our field. Only 상호명 and 경도/위도 are required. */
const COLUMNS = {
  id: ["상가업소번호"],
  name: ["상호명"],
  branch: ["지점명"],
  large: ["상권업종대분류명"],
  middle: ["상권업종중분류명"],
  small: ["상권업종소분류명"],
  industry: ["표준산업분류명"],
  sigungu: ["시군구명"],
  adminDong: ["행정동명"],
  legalDong: ["법정동명"],
  jibun: ["지번주소"],
  road: ["도로명주소"],
  building: ["건물명"],
  floor: ["층정보"],
  lng: ["경도", "x", "X"],
  lat: ["위도", "y", "Y"],
} satisfies Record<string, [string, ...string[]]>;
const REQUIRED: (keyof typeof COLUMNS)[] = ["name", "lng", "lat"];

/** Registry categories → Kakao category groups, first match wins (checked on 대 > 중 > 소 joined). */
const CATEGORY_RULES: [RegExp, KakaoCategoryCode][] = [
  [/커피|카페|비알코올|제과|베이커리|빵|디저트|아이스크림|빙수/, "CE7"],
  [/편의점/, "CS2"],
  [/약국/, "PM9"],
  [/병원|의원|치과|한의원|보건/, "HP8"],
  [/숙박|호텔|모텔|여관|펜션|게스트/, "AD5"],
  [/학원|교습|교육/, "AC5"],
  [/어린이집|유치원/, "PS3"],
  [/부동산|중개/, "AG2"],
  [/주차/, "PK6"],
  [/주유|충전소/, "OL7"],
  [/은행|금융/, "BK9"],
  [/슈퍼|마트|식료품/, "MT1"],
  [/음식|식당|한식|중식|일식|양식|주점|분식|치킨|패스트푸드|구내식당|뷔페/, "FD6"],
  [/공연|전시|미술관|박물관|도서관|영화/, "CT1"],
];

export function kakaoCodeFor(path: string): KakaoCategoryCode | null {
  return CATEGORY_RULES.find(([re]) => re.test(path))?.[1] ?? null;
}

/** Decodes chunks as UTF-8, switching to CP949 if the start of the file is not valid UTF-8. */
class Decoder {
  encoding: ImportReport["encoding"] = "utf-8";
  private decoder: InstanceType<typeof TextDecoder> | undefined;

  decode(chunk: Buffer): string {
    if (!this.decoder) {
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
        this.encoding = "utf-8-bom";
        chunk = chunk.subarray(3);
        this.decoder = new TextDecoder("utf-8");
      } else {
        try {
          // a cut multi-byte character at the end of the probe is fine; invalid bytes inside are not
          new TextDecoder("utf-8", { fatal: true }).decode(chunk.subarray(0, Math.max(0, chunk.length - 4)));
          this.decoder = new TextDecoder("utf-8");
        } catch {
          this.encoding = "cp949";
          this.decoder = new TextDecoder("euc-kr"); // WHATWG euc-kr is CP949 (UHC)
        }
      }
    }
    return this.decoder.decode(chunk, { stream: true });
  }
}

async function* lines(path: string, decoder: Decoder): AsyncGenerator<string> {
  let rest = "";
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 16 })) {
    rest += decoder.decode(chunk as Buffer);
    const parts = rest.split(/\r?\n/);
    rest = parts.pop() ?? "";
    yield* parts;
  }
  if (rest) yield rest;
}

export function registryRowToPlace(row: Record<string, string>): Place | null {
  const lat = Number(row.lat);
  const lng = Number(row.lng);
  if (
    !row.lat ||
    !row.lng ||
    !Number.isFinite(lat) ||
    !Number.isFinite(lng) ||
    lat < 33 ||
    lat > 39 ||
    lng < 124 ||
    lng > 132
  )
    return null;
  const path = [row.large, row.middle, row.small].filter(Boolean).join(" > ") || row.industry || "";
  const code = kakaoCodeFor(path);
  const name = [row.name, row.branch].filter(Boolean).join(" ");
  const id = row.id || `${name}@${lat},${lng}`;
  return {
    id: `registry-${id}`,
    provider: "embedded",
    displayName: name,
    formattedAddress: row.jibun || row.road || "",
    roadAddress: row.road || null,
    location: { latitude: lat, longitude: lng },
    lat,
    lng,
    categoryCode: code,
    categoryName: path,
    categoryGroupName: code ? KAKAO_CATEGORIES[code] : null,
    detailCategory: row.small || row.middle || null,
    phone: null,
    placeUrl: `https://map.kakao.com/?q=${encodeURIComponent(`${name} ${row.road || row.jibun || ""}`.trim())}`,
    distance: null,
    rating: null,
    reviewCount: null,
    openNow: null,
    photoUrl: null,
    category: code ? KAKAO_CATEGORIES[code] : null,
    tags: [],
    synthetic: false,
  };
}

export async function importRegistry(
  csvPath: string,
  outPath: string,
  filter: ImportFilter = {},
): Promise<ImportReport> {
  const decoder = new Decoder();
  const report: ImportReport = {
    rowsRead: 0,
    imported: 0,
    skippedNoCoordinates: 0,
    skippedBadRow: 0,
    filteredOut: 0,
    encoding: "utf-8",
    byCategory: {},
  };
  mkdirSync(dirname(outPath), { recursive: true });
  const out = createWriteStream(outPath, { encoding: "utf8" });
  let index: Record<string, number> | undefined;
  let width = 0;
  for await (const line of lines(csvPath, decoder)) {
    if (!line.trim()) continue;
    const cells = splitCsvLine(line);
    if (!index) {
      const header = cells.map((c) => c.replace(/^\uFEFF/, "").trim());
      index = Object.fromEntries(
        Object.entries(COLUMNS).map(([field, names]) => [field, header.findIndex((h) => names.includes(h))]),
      );
      width = header.length;
      const missing = REQUIRED.filter((f) => !header.some((h) => COLUMNS[f].includes(h)));
      if (missing.length)
        throw new Error(
          `not a store registry CSV: no ${missing.map((f) => COLUMNS[f][0]).join(", ")} column`,
        );
      continue;
    }
    report.rowsRead++;
    if (cells.length < width - 1) {
      report.skippedBadRow++;
      continue;
    }
    const row = Object.fromEntries(
      Object.entries(index).map(([f, i]) => [f, i >= 0 ? (cells[i] ?? "").trim() : ""]),
    );
    const path = [row.large, row.middle, row.small].join(" ");
    if (
      (filter.sigungu && row.sigungu !== filter.sigungu) ||
      (filter.dong && !(row.adminDong?.startsWith(filter.dong) || row.legalDong?.startsWith(filter.dong))) ||
      (filter.category && !path.includes(filter.category))
    ) {
      report.filteredOut++;
      continue;
    }
    const place = registryRowToPlace(row);
    if (!place) {
      report.skippedNoCoordinates++;
      continue;
    }
    report.imported++;
    const group = place.categoryGroupName ?? "기타";
    report.byCategory[group] = (report.byCategory[group] ?? 0) + 1;
    if (!out.write(JSON.stringify(place) + "\n"))
      await new Promise<void>((r) => out.once("drain", () => r()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
  report.encoding = decoder.encoding;
  return report;
}
