// The embedded provider reads only the places its text index names for a keyword query. That index may
// name too many, never too few: every place the matcher accepts is among the candidates, for words
// taken from the places themselves, from the lexicon, cut mid-word, and made up.
import { describe, expect, it } from "vitest";
import { pinnedDemoPlaces } from "../../shared/demo/places.ts";
import { LEXICON } from "../../shared/places/lexicon.ts";
import type { Place } from "../../shared/places/place.ts";
import { mulberry32 } from "../../shared/platform/random.ts";
import { PlaceIndex } from "../../shared/providers/embedded/place-index.ts";
import { matcher, requiredText } from "../../shared/providers/embedded/matcher.ts";

const places: readonly Place[] = pinnedDemoPlaces().slice(0, 6000);
const index = new PlaceIndex(places);

describe("the embedded places' text index", () => {
  it("names every place the matcher accepts, for words of every kind", () => {
    const rng = mulberry32(26);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rng() * xs.length)]!;
    const fromPlaces = places.flatMap((p) => [
      ...p.displayName.split(/\s+/),
      ...p.categoryName.split(/\s*>\s*/),
    ]);
    const fromLexicon = LEXICON.flatMap((e) => [...e.terms, ...e.keywords]).map((t) => t.replace(/^=/, ""));
    const syllables = [..."가나다라마바사아자차카타파하국밥면집점역앞"];
    const word = (): string => {
      const r = rng();
      if (r < 0.35) return pick(fromPlaces);
      if (r < 0.6) return pick(fromLexicon);
      if (r < 0.75) {
        const w = pick(fromPlaces);
        const start = Math.floor(rng() * w.length);
        return w.slice(start, start + 1 + Math.floor(rng() * 3));
      }
      if (r < 0.85) return pick(["맛집", "근처", "추천", "식당", "주변"]);
      return Array.from({ length: 1 + Math.floor(rng() * 3) }, () => pick(syllables)).join("");
    };
    let accepted = 0;
    for (let q = 0; q < 400; q++) {
      const query = Array.from({ length: 1 + Math.floor(rng() * 3) }, word).join(" ");
      const score = matcher(query);
      const named = index.candidates(requiredText(query));
      const kept = new Set(named ?? places);
      for (const p of places)
        if (score(p) > 0) {
          accepted++;
          expect(kept.has(p), `${p.displayName} matches "${query}" but is not a candidate`).toBe(true);
        }
      // candidates come in the index's order, so ties rank as they did over the whole set
      if (named)
        expect(named.map((p) => places.indexOf(p))).toEqual(
          [...named.map((p) => places.indexOf(p))].sort((a, b) => a - b),
        );
    }
    // the check saw matches, not only empty answers
    expect(accepted).toBeGreaterThan(2000);
    // 400 queries scored over 6,000 places: ~25 s on a loaded shared machine, past the default 30 s at times
  }, 120_000);

  it("finds in a circle the same accepted places from the candidates as from the cells", () => {
    const rng = mulberry32(27);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rng() * xs.length)]!;
    const words = places.flatMap((p) => p.displayName.split(/\s+/));
    let found = 0;
    for (let q = 0; q < 150; q++) {
      const query = `${pick(words)}${rng() < 0.3 ? " 맛집" : ""}`;
      const center = pick(places);
      const radius = pick([50, 300, 1000, 5000, 20_000]);
      const accept = matcher(query);
      const only = index.candidates(requiredText(query));
      const key = (xs: Iterable<{ place: Place; distance: number }>) =>
        [...xs]
          .filter((x) => accept(x.place) > 0)
          .map((x) => `${x.place.id}@${x.distance.toFixed(3)}`)
          .sort();
      const expected = key(index.within(center, radius));
      expect(key(index.within(center, radius, only)), query).toEqual(expected);
      found += expected.length;
    }
    expect(found).toBeGreaterThan(100);
  });
});
