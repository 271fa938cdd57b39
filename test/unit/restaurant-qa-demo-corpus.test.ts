import { describe, expect, it } from "vitest";
import { pinnedDemoPlaces } from "../../shared/demo/places.ts";
import { CrawlRecord } from "../../shared/places/restaurant-crawl.ts";
import { generateDemoCorpus } from "../../shared/demo/corpus.ts";
import { menuOf, NODE_PROFILES } from "../../shared/demo/kind-profiles.ts";
import { enrichWithRules } from "../../shared/restaurant-qa/enrich-rules.ts";
import { parsePrice } from "../../shared/places/prices.ts";

const places = pinnedDemoPlaces();
const MANGWON = { south: 37.55, north: 37.562, west: 126.895, east: 126.915 };

describe("synthetic demo corpus", () => {
  const a = generateDemoCorpus(places, { bounds: MANGWON });

  it("is deterministic, in the crawl format, and labelled synthetic", () => {
    const b = generateDemoCorpus(places, { bounds: MANGWON });
    expect(b.records).toEqual(a.records);
    expect(a.records.length).toBeGreaterThan(30);
    for (const r of a.records) {
      expect(CrawlRecord.parse(r).synthetic).toBe(true);
      expect(r.reviews!.length).toBeGreaterThanOrEqual(3);
      expect(r.reviews!.length).toBeLessThanOrEqual(8);
    }
    expect(generateDemoCorpus(places, { bounds: MANGWON, seed: 7 }).records).not.toEqual(a.records);
  });

  it("writes no empty review anywhere in the whole corpus, and every review says something", () => {
    const all = generateDemoCorpus(places);
    expect(all.records.length).toBeGreaterThan(10_000);
    const empty = all.records.flatMap((r) =>
      r.reviews!.flatMap((text, i) => (text.trim() ? [] : [`${r.place_id}#${i}`])),
    );
    expect(empty).toEqual([]);
    // not only an opener or a closer ("재방문했어요."): a fact, or a word about a dish
    for (const r of all.records.slice(0, 2000))
      for (const text of r.reviews!) expect(text.split(" ").length, text).toBeGreaterThanOrEqual(2);
  });

  it("prices menus within their kind's range, written as the map writes them", () => {
    for (const r of a.records) {
      const t = a.truths.get(r.place_id)!;
      const menu = menuOf(t.kind, (t.node && NODE_PROFILES[t.node]?.signature) || []);
      for (const m of r.menus!) {
        const row = menu.find(([name]) => name === m.name)!;
        const p = parsePrice(m.price);
        if (p.price !== null) {
          expect(p.price).toBeGreaterThanOrEqual(row[1] - 500);
          expect(p.price).toBeLessThanOrEqual(row[2] + 500);
        } else expect(p.price_text).toMatch(/시가|변동|~/);
      }
    }
  });

  it("writes reviews that reflect each restaurant's true conveniences", () => {
    let said = 0;
    let total = 0;
    for (const r of a.records) {
      const t = a.truths.get(r.place_id)!;
      const e = enrichWithRules({ reviews: r.reviews!, description: r.description!, menus: [] });
      total += t.convenience.length;
      said += t.convenience.filter((c) => e.convenience.includes(c)).length;
      // nothing the restaurant lacks is read as offered
      for (const c of e.convenience) expect(t.convenience, `${r.place_id} ${c}`).toContain(c);
    }
    expect(said / total).toBeGreaterThan(0.95);
  });
});
