// A fake Kakao Local whose keyword search answers as the real one does: besides places of the kind,
// places whose names merely contain the word ("바람족발" for 바, "족발골목 공영주차장" for 족발) and
// places of neighbouring kinds (a 와인바 for 칵테일바, a 보쌈 house for 족발, a 막국수 house for
// 평양냉면). Geocoding (size 1) answers a station or dong at the gazetteer's point.
import { lookupPlace } from "../../shared/geo/gazetteer.ts";
import type { Recorded, Reply } from "./fake-http.ts";

/** [place_name, category_name] of what a keyword search returns, best-ranked first (Kakao's accuracy). */
export const KEYWORD_RESULTS: Record<string, [string, string][]> = {
  칵테일바: [
    ["바람족발 신사점", "음식점 > 한식 > 육류,고기 > 족발,보쌈"],
    ["바다횟집", "음식점 > 한식 > 해물,생선 > 회"],
    ["신사 칵테일바 블루", "음식점 > 술집 > 칵테일바"],
    ["가로수 와인바", "음식점 > 술집 > 와인바"],
    ["사케 바 하루", "음식점 > 술집 > 일본식주점"],
    ["바버샵 신사", "가정,생활 > 미용 > 바버샵"],
  ],
  평양냉면: [
    ["오장동 함흥냉면", "음식점 > 한식 > 냉면"],
    ["필동면옥", "음식점 > 한식 > 냉면"],
    ["을지로 평양냉면", "음식점 > 한식 > 냉면"],
    ["우래옥", "음식점 > 한식 > 냉면"],
    ["춘천막국수", "음식점 > 한식 > 국수 > 막국수"],
    ["평양냉면 전문 주차장", "교통,수송 > 교통시설 > 주차장"],
  ],
  족발: [
    ["원조족발", "음식점 > 한식 > 육류,고기 > 족발,보쌈"],
    ["할매보쌈", "음식점 > 한식 > 육류,고기 > 족발,보쌈"],
    ["족발골목 공영주차장", "교통,수송 > 교통시설 > 주차장 > 공영주차장"],
    ["장충동 족발보쌈", "음식점 > 한식 > 육류,고기 > 족발,보쌈"],
    ["족발야시장", "음식점 > 한식 > 육류,고기 > 족발,보쌈"],
    ["족발 카페", "음식점 > 카페"],
  ],
  치과: [
    ["서교 내과의원", "의료,건강 > 병원 > 의원"],
    ["서교 치과의원", "의료,건강 > 병원 > 의원"],
    ["연세 치과", "의료,건강 > 병원 > 치과"],
    ["치과 옆 약국", "의료,건강 > 약국"],
    ["홍대 이비인후과의원", "의료,건강 > 병원 > 의원"],
    ["바른 치과의원", "의료,건강 > 병원 > 의원"],
  ],
};

/**
 * Places the vendored tables lack that Kakao knows by address: legal dongs outside Seoul (여수 교동, in
 * 여수 중앙동) and a namesake Kakao's ranking puts first although it is in another city (대전 봉명동
 * answered with 천안's).
 */
export const GEOCODED: Record<string, { name: string; lat: number; lng: number; address: string }> = {
  "여수 교동": { name: "교동", lat: 34.7397, lng: 127.7347, address: "전남 여수시 교동" },
  "대전 봉명동": { name: "봉명동", lat: 36.801, lng: 127.1357, address: "충남 천안시 동남구 봉명동" },
};

/** Kakao Local: geocodes by the gazetteer, answers keyword searches from KEYWORD_RESULTS around the point. */
export function kakaoKeyword(r: Recorded): Reply {
  const q = r.query.get("query") ?? "";
  const empty = { meta: { total_count: 0, pageable_count: 0, is_end: true }, documents: [] as unknown[] };
  if (r.query.get("size") === "1") {
    const g = GEOCODED[q];
    if (g)
      return {
        json: { ...empty, documents: [{ ...doc(g.name, "", g.lng, g.lat, q, 0), address_name: g.address }] },
      };
    const e = lookupPlace(q);
    if (!e) return { json: empty };
    return { json: { ...empty, documents: [doc(e.name, "지하철역", e.lng, e.lat, q, 0)] } };
  }
  const x = Number(r.query.get("x"));
  const y = Number(r.query.get("y"));
  const rows = KEYWORD_RESULTS[q] ?? [];
  // spread around the point, 100 m apart, all inside the radius
  const documents = rows.map(([name, category], i) => doc(name, category, x + 0.001 * (i + 1), y, q, i));
  const meta = { total_count: documents.length, pageable_count: documents.length, is_end: true };
  return { json: { meta, documents } };
}

function doc(name: string, category: string, x: number, y: number, q: string, i: number) {
  const id = `${q}-${i}`;
  return {
    id,
    place_name: name,
    category_name: category,
    category_group_code: category.startsWith("음식점") ? "FD6" : "",
    category_group_name: "",
    phone: "",
    address_name: "서울 마포구 서교동 1",
    road_address_name: "",
    x: String(x),
    y: String(y),
    place_url: `http://place.map.kakao.com/${id}`,
    distance: String(90 * (i + 1)),
  };
}
