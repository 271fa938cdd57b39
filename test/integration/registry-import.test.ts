// The store-registry importer on real-format files: UTF-8 with BOM and the full 2022+ header, CP949
// with a shorter header, quoted fields; filters; rows without coordinates skipped and counted.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { EmbeddedPlaces, REGISTRY_FILE } from "../../shared/providers/embedded/index.ts";
import { importRegistry, kakaoCodeFor } from "../../shared/providers/embedded/registry-import.ts";
import { Place } from "../../shared/places/place.ts";

const dir = mkdtempSync(join(tmpdir(), "dongne-registry-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/registry/${name}`, import.meta.url));
const readPlaces = (file: string) =>
  readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((l) => Place.parse(JSON.parse(l)));

describe("importRegistry", () => {
  it("UTF-8 with BOM, full header: maps categories, skips rows without coordinates and counts them", async () => {
    const out = join(dir, "a.jsonl");
    const report = await importRegistry(fixture("registry-utf8-bom.csv"), out);
    expect(report).toMatchObject({
      encoding: "utf-8-bom",
      rowsRead: 5,
      imported: 4,
      skippedNoCoordinates: 1,
      filteredOut: 0,
    });
    const places = readPlaces(out);
    const byName = Object.fromEntries(places.map((p) => [p.displayName, p]));
    expect(byName["망원동 손칼국수"]).toMatchObject({
      categoryCode: "FD6",
      lat: 37.5561,
      lng: 126.9041,
      roadAddress: "서울특별시 마포구 포은로 100",
      synthetic: false,
    });
    expect(byName["포은로 커피"]!.categoryCode).toBe("CE7");
    expect(byName["망원약국"]).toMatchObject({
      categoryCode: "PM9",
      roadAddress: null,
      formattedAddress: "서울특별시 마포구 망원동 380",
    });
  });

  it("CP949 with a shorter header, filtered by 시군구 and 행정동", async () => {
    const out = join(dir, "b.jsonl");
    const report = await importRegistry(fixture("registry-cp949.csv"), out, {
      sigungu: "마포구",
      dong: "망원1",
    });
    expect(report).toMatchObject({
      encoding: "cp949",
      rowsRead: 5,
      imported: 2,
      skippedNoCoordinates: 1,
      filteredOut: 2,
    });
    expect(
      readPlaces(out)
        .map((p) => p.displayName)
        .sort(),
    ).toEqual(["망원동 손칼국수", "망원약국"]);
  });

  it("filters by category words and keeps quoted commas", async () => {
    const out = join(dir, "c.jsonl");
    expect((await importRegistry(fixture("registry-utf8-bom.csv"), out, { category: "카페" })).imported).toBe(
      1,
    );
    const quoted = join(dir, "d.jsonl");
    await importRegistry(fixture("registry-quoted.csv"), quoted);
    expect(readPlaces(quoted)[0]).toMatchObject({
      displayName: "망원, 한 그릇 본점",
      formattedAddress: "서울특별시 마포구 망원동 1, 1층",
    });
  });

  it("refuses a file that is not the registry", async () => {
    await expect(importRegistry(fixture("not-registry.csv"), join(dir, "e.jsonl"))).rejects.toThrow(/상호명/);
  });

  it("maps registry categories to Kakao codes", () => {
    expect(kakaoCodeFor("음식 > 비알코올 > 카페")).toBe("CE7");
    expect(kakaoCodeFor("음식 > 한식 > 국밥/탕")).toBe("FD6");
    expect(kakaoCodeFor("숙박 > 일반 숙박 > 모텔")).toBe("AD5");
    expect(kakaoCodeFor("수리·개인 > 세탁")).toBeNull();
  });

  it("an imported registry replaces the demo places, labelled real", async () => {
    await importRegistry(fixture("registry-utf8-bom.csv"), join(dir, REGISTRY_FILE));
    const e = EmbeddedPlaces.load(dir);
    expect(e.dataSource).toBe("embedded-registry");
    expect(e.synthetic).toBe(false);
    const found = await e.keywordSearch({ apiCalls: 0 }, "칼국수", {
      x: 126.9041,
      y: 37.5561,
      radius: 500,
      size: 15,
    });
    expect(found.map((p) => p.displayName)).toEqual(["망원동 손칼국수"]);
  });
});
