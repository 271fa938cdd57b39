// The vendored gazetteer, nationwide: every station row geocodes offline to its own point, a city's main
// railway station is the station (not the city hall), and names several cities share need their region.
import { describe, expect, it } from "vitest";
import { parseCsv, readDataFile } from "../../shared/data/files.ts";
import { gazetteerKeys, lookupPlace, lookupRomanizedStation } from "../../shared/geo/gazetteer.ts";
import { isKnownWord } from "../../shared/korean/segment.ts";
import { looseLatin } from "../../shared/geo/gazetteer-index.ts";
import { shortRegion } from "../../shared/geo/gazetteer-tables.ts";
import { haversine } from "../../shared/geo/haversine.ts";
import { embeddedGeocode } from "../../shared/providers/embedded/index.ts";

function farRows(
  file: string,
  name: (r: Record<string, string>) => string,
  region: (r: Record<string, string>) => string,
) {
  const far: string[] = [];
  for (const r of parseCsv(readDataFile(file))) {
    const station = `${name(r)
      .replace(/\(.*\)$/, "")
      .trim()
      .replace(/역$/, "")}역`;
    const listed = { lat: Number(r.lat), lng: Number(r.lng) };
    // the station by itself, with its region, or with its line: one of the ways people write it
    const tries = [station, `${region(r)} ${station}`, `${station} ${r.line}`];
    const ok = tries.some((q) => {
      const at = embeddedGeocode(q);
      return at !== null && haversine(at, listed) <= 200;
    });
    if (!ok) far.push(`${station} ${r.line}`);
  }
  return far;
}

describe("gazetteer", () => {
  it("geocodes every station of the Seoul-area table within 200 m of its listed point", () => {
    expect(
      farRows(
        "seoul_metro_stations.csv",
        (r) => r.station_name ?? "",
        () => "",
      ),
    ).toEqual([]);
  });

  it("geocodes every station of the national table within 200 m of its listed point", () => {
    expect(
      farRows(
        "korea_urban_rail_stations.csv",
        (r) => r.station_name ?? "",
        (r) => shortRegion(r.sido ?? ""),
      ),
    ).toEqual([]);
  });

  it.each([
    ["부산역", "부산"],
    ["대전역", "대전"],
    ["동대구역", "대구"],
    ["광주송정역", "광주"],
    ["강릉역", "강릉"],
  ])("%s is the station, kilometres from the city centre %s", (station, city) => {
    const s = lookupPlace(station)!;
    const c = lookupPlace(city)!;
    expect(s.kind).toBe("station");
    expect(haversine(s, c)).toBeGreaterThan(1000);
    expect(haversine(embeddedGeocode(station)!, s)).toBeLessThan(1);
  });

  it("a gu name without 구 is its station (001: 강남 → 강남역); with 구 it is the district", () => {
    expect(lookupPlace("강남")).toMatchObject({ kind: "station", query: "강남역" });
    expect(lookupPlace("서초")).toMatchObject({ kind: "station", query: "서초역" });
    expect(lookupPlace("강남구")).toMatchObject({ kind: "gu" });
  });

  it("names several cities share answer bare for Seoul, and for the others with their region", () => {
    expect(lookupPlace("교대역")!.lat).toBeGreaterThan(37);
    expect(lookupPlace("대구 교대역")!.lat).toBeLessThan(36);
    expect(lookupPlace("중구")!.query).toBe("서울 중구");
    expect(lookupPlace("부산 중구")!.query).toBe("부산 중구");
  });

  it("knows the country: dongs, gu, parks, beaches, markets, universities, romanized station names", () => {
    expect(lookupPlace("해운대구")).toMatchObject({ kind: "gu" });
    expect(lookupPlace("두류공원")).toMatchObject({ kind: "landmark" });
    expect(lookupPlace("경포해수욕장")).toMatchObject({ kind: "landmark" });
    expect(lookupPlace("자갈치시장")).toMatchObject({ kind: "landmark" });
    expect(lookupPlace("연세대학교")).toMatchObject({ kind: "landmark" });
    expect(lookupPlace("sinchon")).toMatchObject({ query: "신촌역" });
    expect(lookupPlace("Jamsil station")).toMatchObject({ query: "잠실역" });
  });

  it("has every city as a region: 세종 (no 시군구 below it) and cities known only by their gu (청주)", () => {
    expect(lookupPlace("세종")).toMatchObject({ name: "세종시", kind: "city" });
    expect(lookupPlace("세종특별자치시")).toMatchObject({ kind: "city" });
    const cheongju = lookupPlace("청주")!;
    expect(cheongju).toMatchObject({ name: "청주시", kind: "city" });
    expect(haversine(cheongju, lookupPlace("충북 청주시 흥덕구")!)).toBeLessThan(15_000);
  });

  it("reads the station tables' English names and loose romanizations before 'station'", () => {
    expect(lookupPlace("Hongik Univ. station")).toMatchObject({ name: "홍대입구역" });
    expect(lookupPlace("Hongik University station")).toMatchObject({ name: "홍대입구역" });
    expect(lookupRomanizedStation("Samsung")).toMatchObject({ name: "삼성역" });
    expect(lookupRomanizedStation("Shinchon")).toMatchObject({ name: "신촌역" });
    expect(lookupRomanizedStation("Kangnam")).toMatchObject({ name: "강남역" });
    expect(looseLatin("Seolleung")).toBe(looseLatin("Sunreung"));
  });

  it("knows a school's station by the school's short name and a station right in front by what it faces", () => {
    expect(lookupPlace("숙대")).toMatchObject({ name: "숙대입구역", kind: "station" });
    expect(lookupPlace("한성대")).toMatchObject({ name: "한성대입구역" });
    expect(lookupPlace("총신대")).toMatchObject({ name: "총신대입구역" });
    expect(lookupPlace("외대")).toMatchObject({ name: "외대앞역" });
    expect(lookupPlace("동묘")).toMatchObject({ name: "동묘앞역" });
    expect(lookupPlace("sukdae")).toMatchObject({ name: "숙대입구역" });
    // a mountain's or fortress's entrance can lie kilometres from it: no short name
    expect(lookupPlace("대모산")?.name).not.toBe("대모산입구역");
    expect(lookupPlace("남한산성")?.name).not.toBe("남한산성입구역");
    // what already has the name keeps it (건대 is the landmark, not a new reading)
    expect(lookupPlace("건대")?.query).toBe("건대입구역");
  });

  it("reads a two-part station name by the first syllable of each part, only where one station yields it", () => {
    expect(lookupPlace("가디")).toMatchObject({ name: "가산디지털단지역" });
    expect(lookupPlace("남터")).toMatchObject({ name: "남부터미널역" });
    expect(lookupPlace("고터")).toMatchObject({ name: "고속터미널역" });
    // a junction numbered by its roads (미아사거리) gives none: 미사 stays the station of that name only
    expect(lookupPlace("미사")?.name).not.toBe("미아사거리역");
    expect(lookupPlace("석사")).toBeUndefined();
    // whole words only: never offered to the segmenter or the typo index
    const keys = new Set([...gazetteerKeys()].map(([k]) => k));
    expect(keys.has("가디")).toBe(false);
    expect(isKnownWord("가디")).toBe(false);
  });

  it("knows a town or township by its name in Latin letters where one town has it", () => {
    expect(lookupPlace("Guryongpo")).toMatchObject({ name: "구룡포읍", kind: "dong" });
    expect(lookupPlace("Jumunjin")).toMatchObject({ name: "주문진읍" });
    // 한림읍 (제주) and 한림면 (김해): neither
    expect(lookupPlace("Hallim")).toBeUndefined();
  });
});
