// The figures other features read from the demo world's pinned cells (shared/demo/world/pinned.ts): the
// restaurant corpus (restaurant QA's demo documents and the dev deploy's embeddings) and the
// simulation's Mangwon-dong stores. They change only on purpose: a change to the pinned cells, the
// density, the shares or the naming fails here first, and docs/place-search.md states the new figures.
// Cost: reads the pinned places the worker shares (~27,000) and writes their corpus once.
import { describe, expect, it } from "vitest";
import { generateDemoCorpus } from "../../shared/demo/corpus.ts";
import { pinnedDemoPlaces } from "../../shared/demo/places.ts";
import { corpusCells, mangwonCells } from "../../shared/demo/world/pinned.ts";
import { mangwonStores, storeSetSummary } from "../../shared/simulation/stores.ts";

describe("the demo world's pinned figures", () => {
  it("pins 35 cells: the corpus areas' and Mangwon-dong's 12", () => {
    expect(corpusCells()).toHaveLength(35);
    expect(mangwonCells()).toHaveLength(12);
    expect(pinnedDemoPlaces()).toHaveLength(27_499);
  });

  it("writes a restaurant corpus of 11,120 documents (12,557 before the world was cell-based)", () => {
    expect(generateDemoCorpus(pinnedDemoPlaces()).records).toHaveLength(11_120);
  });

  it("gives the simulation 606 Mangwon-dong stores (73 before), a few hundred eateries as a real one has", () => {
    const summary = storeSetSummary(mangwonStores(pinnedDemoPlaces()));
    expect(summary).toMatchObject({ total: 606, synthetic: 606, withMenus: 507 });
    expect(summary.byDong).toEqual({ 망원1동: 356, 망원2동: 250 });
    expect(summary.byCategory).toEqual({
      한식: 272,
      카페: 99,
      주점: 63,
      중식: 47,
      분식: 42,
      양식: 40,
      일식: 29,
      아시아: 14,
    });
  });
});
