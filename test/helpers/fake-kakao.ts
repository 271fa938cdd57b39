// A fake Kakao Local answer for route searches: geocodes 강남역 and 판교역 (keyword search, size 1);
// around any point, one place per keyword, named after it and the point, filed under the keyword's kind
// as Kakao files a place of that kind (category_name from the vocabulary of kinds).
import { kindOfWord, pathOf } from "../../shared/places/kinds.ts";
import { fixture, type Recorded, type Reply } from "./fake-http.ts";

/** Kakao's category_name for a place of the kind a keyword names ("해장국" → "음식점 > 한식 > 해장국"). */
export const categoryFor = (keyword: string) => {
  const k = kindOfWord(keyword);
  return k ? pathOf(k) : "음식점";
};

export const STATIONS: Record<string, [number, number]> = {
  강남역: [127.027926, 37.497175],
  판교역: [127.112217, 37.394761],
};

export function kakaoLocal(r: Recorded): Reply {
  const q = r.query.get("query")!;
  const doc = fixture("kakao.keyword.json").documents[0];
  if (r.query.get("size") === "1" && STATIONS[q]) {
    const [x, y] = STATIONS[q];
    return {
      json: {
        meta: { total_count: 1, pageable_count: 1, is_end: true },
        documents: [{ ...doc, place_name: q, x: String(x), y: String(y) }],
      },
    };
  }
  const x = Number(r.query.get("x"));
  const y = Number(r.query.get("y"));
  const id = `${q}-${x.toFixed(3)}-${y.toFixed(3)}`;
  return {
    json: {
      meta: { total_count: 1, pageable_count: 1, is_end: true },
      documents: [
        {
          ...doc,
          id,
          place_name: `${q} 집`,
          place_url: `http://place.map.kakao.com/${id}`,
          category_group_code: "FD6",
          category_name: categoryFor(q),
          x: String(x + 0.001),
          y: String(y),
          distance: "90",
        },
      ],
    },
  };
}
