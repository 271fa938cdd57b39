// The default persona set (004: residents, and 113 floating visitors of whom 53 come on a given day),
// generated deterministically; or a custom set from a JSON file (an array of Persona, see README).
import { readFileSync } from "node:fs";
import { z } from "zod";
import { embeddedGeocode } from "../providers/embedded/index.ts";
import { Persona, TIME_SLOTS, type Generation } from "./types.ts";
import { mulberry32, pick, rngFor, shuffle, type Rng } from "../platform/random.ts";

export const DEFAULT_RESIDENTS = 47;
export const DEFAULT_FLOATING = 113;
/** 004: 113명 중 53명 랜덤 샘플링 */
export const DAILY_FLOATING_SHARE = 53 / 113;

/** 004's six entry points into Mangwon-dong. */
export const ENTRY_POINT_NAMES = [
  "망원역",
  "합정역",
  "마포구청역",
  "망원 한강공원",
  "망원시장",
  "홍대입구역",
];

let entryPointsFound: Record<string, { lat: number; lng: number }> | undefined;

/**
 * The entry points on the real geography, geocoded when first asked: the gazetteer takes ~60 ms to
 * build, which every Lambda importing this module (the API among them) paid at its cold start before.
 */
export function entryPoints(): Record<string, { lat: number; lng: number }> {
  entryPointsFound ??= Object.fromEntries(
    ENTRY_POINT_NAMES.map((name) => {
      const p = embeddedGeocode(name)!;
      return [name, { lat: p.lat, lng: p.lng }];
    }),
  );
  return entryPointsFound;
}
export const MANGWON_CENTER = { lat: 37.5558, lng: 126.9045 };

const SURNAMES = [
  "김",
  "이",
  "박",
  "최",
  "정",
  "강",
  "조",
  "윤",
  "장",
  "임",
  "한",
  "오",
  "서",
  "신",
  "권",
  "황",
];
const GIVEN = [
  "민준",
  "서연",
  "도윤",
  "지우",
  "하준",
  "서윤",
  "예준",
  "하은",
  "지호",
  "수아",
  "현우",
  "지민",
  "유진",
  "성민",
  "영희",
  "정훈",
  "미경",
  "상철",
  "순자",
  "은지",
];
const AGES: Record<Generation, [number, number]> = {
  Z1: [19, 24],
  Z2: [25, 29],
  Y: [30, 44],
  X: [45, 59],
  S: [60, 78],
};
const JOBS: Record<Generation, string[]> = {
  Z1: ["대학생", "카페 아르바이트생", "취업준비생"],
  Z2: ["주니어 개발자", "디자이너", "마케터", "프리랜서 일러스트레이터"],
  Y: ["회사원", "스타트업 기획자", "초등학교 교사", "간호사", "자영업자"],
  X: ["회사 부장", "식당 사장", "공무원", "택시 기사"],
  S: ["은퇴자", "시장 상인", "경비원"],
};
const TRAITS = [
  "새로운 맛집을 찾아다니는",
  "익숙한 단골집을 좋아하는",
  "가성비를 따지는",
  "분위기를 중시하는",
  "건강식을 챙기는",
  "혼밥을 즐기는",
  "친구들과 어울리기 좋아하는",
];
const CATEGORIES = ["한식", "일식", "중식", "양식", "분식", "아시아", "카페", "주점"];

function around(rng: Rng, center: { lat: number; lng: number }, metres: number) {
  const r = metres * Math.sqrt(rng());
  const t = rng() * 2 * Math.PI;
  return {
    lat: Number((center.lat + (r * Math.cos(t)) / 111_000).toFixed(6)),
    lng: Number(
      (center.lng + (r * Math.sin(t)) / (111_000 * Math.cos((center.lat * Math.PI) / 180))).toFixed(6),
    ),
  };
}

function person(rng: Rng, id: string, type: "resident" | "floating"): Persona {
  const generation = pick(rng, ["Z1", "Z2", "Y", "Y", "X", "S"] as const);
  const [lo, hi] = AGES[generation];
  const prefs = shuffle(rng, [...CATEGORIES]).slice(0, 2 + Math.floor(rng() * 2));
  const base = {
    id,
    type,
    name: `${pick(rng, SURNAMES)}${pick(rng, GIVEN)}`,
    age: lo + Math.floor(rng() * (hi - lo + 1)),
    gender: pick(rng, ["남", "여"] as const),
    generation,
    occupation: pick(rng, JOBS[generation]),
    personality: `${pick(rng, TRAITS)} 사람`,
    preferred_categories: prefs,
    price_sensitivity: 1 + Math.floor(rng() * 5),
    eat_out_tendency: Number((0.35 + rng() * 0.55).toFixed(2)),
  };
  if (type === "resident") {
    const works = generation !== "S" && rng() < 0.7;
    const office = pick(rng, ["합정역", "여의도역", "강남역", "홍대입구역", "망원역"]);
    return {
      ...base,
      home_location: around(rng, MANGWON_CENTER, 700),
      ...(works ? { work_location: embeddedGeocode(office)! } : {}),
    };
  }
  return {
    ...base,
    entry_point: pick(rng, ENTRY_POINT_NAMES),
    entry_time_slot: pick(rng, ["07:00", "12:00", "12:00", "18:00", "18:00", "22:00"]),
  };
}

export function defaultPersonas(
  residents = DEFAULT_RESIDENTS,
  floating = DEFAULT_FLOATING,
  seed = 4004,
): Persona[] {
  const rng = mulberry32(seed);
  const pad = (n: number) => String(n).padStart(3, "0");
  return [
    ...Array.from({ length: residents }, (_, i) => person(rng, `R${pad(i + 1)}`, "resident")),
    ...Array.from({ length: floating }, (_, i) => person(rng, `P${pad(i + 1)}`, "floating")),
  ];
}

/** `agents` personas keeping the default resident/floating proportions. */
export function personasFor(agents?: number): Persona[] {
  if (!agents) return defaultPersonas();
  const residents = Math.max(
    1,
    Math.round((agents * DEFAULT_RESIDENTS) / (DEFAULT_RESIDENTS + DEFAULT_FLOATING)),
  );
  return defaultPersonas(residents, Math.max(0, agents - residents));
}

export function loadPersonas(file: string): Persona[] {
  return z
    .array(Persona)
    .min(1)
    .parse(JSON.parse(readFileSync(file, "utf8")));
}

/**
 * 004: every resident, and a daily sample of the floating visitors (53 of 113; `perDay` of them where a
 * scenario sets the daily sample).
 */
export function activeToday(personas: Persona[], day: number, seed: number, perDay?: number): Persona[] {
  const residents = personas.filter((p) => p.type === "resident");
  const floating = personas.filter((p) => p.type === "floating");
  const today = shuffle(rngFor(seed, `floating-day-${day}`), [...floating]).slice(
    0,
    perDay ?? Math.round(floating.length * DAILY_FLOATING_SHARE),
  );
  return [...residents, ...today.sort((a, b) => a.id.localeCompare(b.id))];
}

/** Floating visitors arrive at their entry slot; earlier slots are skipped (004). */
export const hasArrived = (p: Persona, slot: string) =>
  p.type === "resident" ||
  !p.entry_time_slot ||
  TIME_SLOTS.indexOf(slot as never) >= TIME_SLOTS.indexOf(p.entry_time_slot as never);
