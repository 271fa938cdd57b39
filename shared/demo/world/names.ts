// Made-up names for the demo world's places: a word of the place's kind (catalog.ts: a word that names
// that kind and no other), after the name of the area people know it by (the station or street near
// it, its dong, its district) or a shared word (옛날, 소담), with a suffix, or a branch of a name
// ("소담 국밥 망원점") when the short ones are taken. Institutions are one word ("한빛초등학교",
// "망원우체국"); a bank is a made-up company's branch ("새빛은행 망원지점"). SYNTHETIC.
import type { AdminArea } from "../../geo/admin-areas.ts";
import { pick, type Rng } from "../../platform/random.ts";
import type { WorldKind } from "./catalog.ts";

export const PREFIXES = [
  "옛날",
  "원조",
  "소문난",
  "정든",
  "행복한",
  "착한",
  "봄날",
  "달빛",
  "골목",
  "우리",
  "할매",
  "이모네",
  "고향",
  "시골",
  "오늘",
  "온기",
  "소담",
  "한결",
  "초록",
  "노을",
  "모퉁이",
  "다정",
  "숲속",
  "별빛",
  "하루",
  "산들",
  "새벽",
  "동네",
  "작은",
  "마중",
] as const;

/** Words schools, nurseries, churches and companies are named with ("한빛초등학교", "새싹어린이집"). */
export const INSTITUTION_WORDS = [
  "한빛",
  "새빛",
  "푸른",
  "늘푸른",
  "한결",
  "하늘",
  "바른",
  "새싹",
  "꿈나무",
  "해맑은",
  "다솜",
  "열린",
  "으뜸",
  "중앙",
  "제일",
] as const;

/** The stem of a dong, for a branch or an office's name: 역삼동 → 역삼, 한강로2가 → 한강로, 주문진읍 → 주문진. */
export const dongStem = (dong: string): string => dong.replace(/\d*(가|동|읍|면|리)$/, "");

/** The district's stem: 마포구 → 마포, 수원시 장안구 → 장안, 강릉시 → 강릉. */
export const districtStem = (sigungu: string): string =>
  (sigungu.split(" ").at(-1) ?? "").replace(/(.{2,})[시군구]$/, "$1");

/** Words that end in a house already (집, 포차, 샵, 바 …): no suffix after them. */
const HOUSE = /(집|점|관|옥|루|각|당|샵|숍|포차|방|장|바|실|소|터|원|센터)$/;

export interface NameContext {
  rand: Rng;
  kind: WorldKind;
  at: AdminArea;
  /** the word of the station, street or sight nearest the place, if one is near */
  landmark?: string;
  /** the words a famous local speciality is called by here ("충무김밥") */
  localWords?: readonly string[];
}

function wordFor(c: NameContext): string {
  if (c.localWords?.length && c.rand() < 0.6) return pick(c.rand, c.localWords);
  return pick(c.rand, c.kind.words);
}

/** The area words a name may use, most specific first, each once. */
function localWords(c: NameContext, institution: boolean): string[] {
  const dong = dongStem(c.at.dong);
  const district = districtStem(c.at.sigungu);
  // an office or a school is named for its dong or district first, a shop for the area people know
  const places = institution ? [dong, district, c.landmark] : [c.landmark, dong, district];
  const out: string[] = [];
  for (const p of places) if (p && p.length >= 2 && !out.includes(p)) out.push(p);
  return out;
}

function joined(style: string, prefix: string, word: string, suffix: string): string {
  return style === "shop" ? `${prefix} ${word}${suffix}`.trim() : `${prefix}${word}${suffix}`;
}

/** Candidate names for a place, best first; the caller takes the first not yet taken. */
export function namesFor(c: NameContext): string[] {
  const { rand, kind } = c;
  const word = wordFor(c);
  const drawn = pick(rand, kind.traits.suffixes);
  // a word that already names a house ("짬뽕집", "실내포차") takes no suffix ("짬뽕집루")
  const house = HOUSE.test(word) && !/(학원|의원)$/.test(drawn);
  const suffix =
    house || (drawn.trim() && (word.includes(drawn.trim()) || drawn.includes(word))) ? "" : drawn;
  const style = kind.traits.style;
  const local = localWords(c, style !== "shop");
  const out: string[] = [];
  if (kind.traits.areaOnly) {
    for (const l of local) out.push(joined(style, l, word, suffix));
    return out;
  }
  const words = style === "shop" ? PREFIXES : INSTITUTION_WORDS;
  const shared = [pick(rand, words), pick(rand, words), pick(rand, words)];
  if (style === "branch") {
    for (const s of shared) for (const l of local) out.push(`${s}${word} ${l}지점`);
    return out;
  }
  const first = rand() < 0.45 && local[0] ? [local[0], ...shared] : shared;
  for (const f of first) out.push(joined(style, f, word, suffix));
  if (style === "joined") {
    // an institution has no branches: its name is its place's or a word, or both ("망원소담부동산")
    for (const l of local) out.push(joined(style, l, word, suffix));
    for (const l of local) for (const s of shared) out.push(joined(style, l + s, word, suffix));
    return [...new Set(out)];
  }
  const base = out[0]!.replace(/ 본점$/, "");
  // a branch names a place the base name does not already name ("역삼 삼겹살 역삼점" is no branch)
  for (const l of local) if (!base.includes(l)) out.push(`${base} ${l}점`);
  return out;
}
