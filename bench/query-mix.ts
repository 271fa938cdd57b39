// Distinct, realistic queries for cold-path benchmarks: real station and dong names from the gazetteer
// × dishes × the seeds' query patterns, shuffled by a seeded generator.
import { allGazetteerEntries } from "../shared/geo/gazetteer.ts";
import { mulberry32, pick } from "../shared/platform/random.ts";

const DISHES = [
  "카페",
  "국밥",
  "마라탕",
  "삼겹살",
  "초밥",
  "파스타",
  "빵집",
  "와인바",
  "칼국수",
  "돈가스",
  "브런치",
  "치킨",
  "횟집",
  "쌀국수",
  "떡볶이",
];
const PATTERNS = [
  (a: string, _b: string, f: string) => `${a} 근처 ${f}`,
  (a: string, _b: string, f: string) => `${a}에서 걸어서 10분 이내 ${f}`,
  (a: string, b: string, f: string) => `${a}에서 ${b} 가는 길에 ${f}`,
  (a: string, _b: string, f: string) => `${a} 주차되는 ${f} 추천해줘`,
  (a: string, _b: string, f: string) => `${a} 애견동반 ${f}`,
  (a: string, b: string, f: string) => `${a}와 ${b} 사이 ${f} 맛집`,
];

export function distinctQueries(n: number, seed = 7): string[] {
  const places = [
    ...new Set(
      allGazetteerEntries()
        .filter((e) => (e.kind === "station" || e.kind === "dong") && !e.national) // the Seoul-area mix the figures were first measured on
        .map((e) => e.name),
    ),
  ];
  const rand = mulberry32(seed);
  const out = new Set<string>();
  while (out.size < n)
    out.add(pick(rand, PATTERNS)(pick(rand, places), pick(rand, places), pick(rand, DISHES)));
  return [...out];
}
