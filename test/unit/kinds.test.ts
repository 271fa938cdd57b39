// Reading the vocabulary of kinds: a word to its node and path, narrower-than, the bounded words a broad
// kind accepts, the kinds a document's text names with every ancestor — and the index filter built on
// them: 고기 finds the place whose menu says 한우 등심, 한정식 does not find a 냉면 place.
import { describe, expect, it } from "vitest";
import { HashedNgramEmbedder } from "../../shared/embed/hashed-ngrams.ts";
import { LocalSearchIndex } from "../../shared/index/local-engine.ts";
import {
  isNarrower,
  kindOfWord,
  kindsInText,
  narrowerWords,
  pathOf,
  readWish,
  WISH_TERMS,
} from "../../shared/places/kinds.ts";
import { restaurantIndexDefinition } from "../../shared/restaurant-qa/index-mapping.ts";
import { ingestRecords } from "../../shared/restaurant-qa/ingest.ts";
import { foodFilter } from "../../shared/restaurant-qa/query-builder.ts";

describe("the vocabulary of kinds", () => {
  it("maps a word to its node, in Kakao's path format", () => {
    expect(pathOf(kindOfWord("삼겹살")!)).toBe("음식점 > 한식 > 육류,고기 > 삼겹살");
    expect(kindOfWord("고깃집")!.name).toBe("육류,고기");
    expect(kindOfWord("뭉게뭉게")).toBeUndefined();
  });

  it("keeps narrow kinds narrow and knows what lies under what", () => {
    const hanjeongsik = kindOfWord("한정식")!;
    expect(isNarrower(hanjeongsik, kindOfWord("한식")!)).toBe(true);
    expect(isNarrower(kindOfWord("한식")!, hanjeongsik)).toBe(false);
    expect(isNarrower(kindOfWord("평양냉면")!, kindOfWord("냉면")!)).toBe(true);
  });

  it("lets a broad kind accept the kinds under it, within a bound", () => {
    const meat = narrowerWords(kindOfWord("고기")!, 32);
    expect(meat).toEqual(expect.arrayContaining(["삼겹살", "한우", "곱창"]));
    expect(meat.length).toBeLessThanOrEqual(32);
    expect(narrowerWords(kindOfWord("평양냉면")!, 32)).not.toContain("냉면");
  });

  it("reads the kinds a document names, with every ancestor", () => {
    const kinds = kindsInText("한식>육류,고기 / 마장 한우 / 한우 등심 / 된장찌개");
    expect(kinds).toEqual(expect.arrayContaining(["음식점", "한식", "육류,고기", "소고기", "한우"]));
    expect(kindsInText("냉면 / 물냉면")).not.toContain("한정식");
  });

  it("reads wishes as kinds of the tree", () => {
    const rainy = WISH_TERMS.find((w) => w.term === "비 오는 날")!.wish;
    const kinds = readWish(rainy).kinds.map((k) => k.name);
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds.every((k) => kindOfWord(k) !== undefined)).toBe(true);
  });
});

describe("the kind filter on the index", () => {
  const record = (id: string, title: string, category: string, menu: string) => ({
    place_id: id,
    title,
    category,
    address: "서울 마포구 망원동 1",
    mapx: "1269101000",
    mapy: "375561000",
    menus: [{ name: menu, price: "15,000원" }],
    reviews: ["맛있어요"],
  });

  it("finds a 한우 place for 고기, and no 냉면 place for 한정식", async () => {
    const index = new LocalSearchIndex("restaurants", restaurantIndexDefinition(128));
    await ingestRecords(
      [
        record("1", "마포 소고기", "한식>소고기", "한우 등심"),
        record("2", "을밀 냉면", "한식>냉면", "물냉면"),
        record("3", "서촌 상차림", "한식>한정식", "한정식 코스"),
      ],
      { index, embedder: new HashedNgramEmbedder(128) },
    );
    const ids = async (q: Parameters<typeof foodFilter>[0]) =>
      (await index.search({ query: { bool: { filter: [foodFilter(q)!] } }, size: 10 })).hits
        .map((h) => h.id)
        .sort();
    expect(await ids({ menu: ["고기"] })).toEqual(["1"]);
    expect(await ids({ menu: ["한정식"] })).toEqual(["3"]);
  });
});
