// Follow-ups (issue 25): what a question says about the previous answer, read before the rest — "그 중에",
// "거기", "두 번째 집", "제일 싼 데", "그 근처" — so that the referring words are never read as places.
/** One of the previous answer's restaurants, by position (1-based, or the last) or by a superlative. */
export type FollowUpPick =
  { by: "position"; n: number | "last" } | { by: "nearest" | "cheapest" | "best_rated" };

export interface FollowUpReading {
  /** the question singles out one earlier restaurant */
  pick?: FollowUpPick;
  /** "거기", "그 집", "거긴": the restaurant the conversation last singled out (or its first) */
  same: boolean;
  /** "그 근처", "그 동네", "거기서 가까운": a new search around the earlier location */
  place: boolean;
  /** the question with the referring words taken out, for the ordinary reading */
  rest: string;
}

const ORDINAL: Record<string, number> = {
  첫: 1,
  한: 1,
  두: 2,
  세: 3,
  네: 4,
  다섯: 5,
  여섯: 6,
  일곱: 7,
  여덟: 8,
  아홉: 9,
  열: 10,
};
const TAIL = String.raw`\s*(?:집|가게|데|곳|거|꺼|것|식당|카페|술집)?(?:은|는|이|가|의|에서|에|도|를|을)?`;
const POSITION = new RegExp(
  String.raw`(첫|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|[1-9][0-9]?)\s*번\s*째${TAIL}`,
);
const LAST = new RegExp(String.raw`마지막${TAIL}`);
const MOST = String.raw`(?:제일|젤|가장|최고로)`;
const SUPERLATIVES: [RegExp, "nearest" | "cheapest" | "best_rated"][] = [
  [new RegExp(String.raw`(?:역|거기|여기)?(?:에서|서)?\s*${MOST}\s*가깝?(?:운|은|까운)?${TAIL}`), "nearest"],
  [new RegExp(String.raw`${MOST}\s*(?:싼|싸|저렴한|저렴|값싼)${TAIL}`), "cheapest"],
  [new RegExp(String.raw`가성비\s*(?:가|이)?\s*${MOST}?\s*(?:좋은|괜찮은)?${TAIL}`), "cheapest"],
  [
    new RegExp(
      String.raw`(?:평|평점|리뷰|후기|별점|평가)\s*(?:이|가)?\s*${MOST}\s*(?:좋은|높은|많은)${TAIL}`,
    ),
    "best_rated",
  ],
];
const SCOPE = /(?:그|이)\s*중(?:에서|에|엔)?/;
const PLACE_REF =
  /(?:거기|그|그곳|여기)\s*(?:근처|동네|주변|쪽|일대)(?:에서|에|는|은|도)?|거기서\s*(?:가까운|가까이|근처)|^\s*근처(?:에서|에)?/;
const SAME = /(?:거기|거긴|그곳|그\s*집|그\s*가게|그\s*식당|그\s*데)(?:은|는|이|가|의|에서|에|도)?/;

/**
 * The referring part of a follow-up, so that "그 중에", "거기", "두 번째 집" are never read as places:
 * what it points at, and the question without it.
 */
export function readFollowUp(query: string): FollowUpReading {
  let rest = ` ${query.normalize("NFC")} `;
  const cut = (re: RegExp) => {
    const m = re.exec(rest);
    if (m) rest = `${rest.slice(0, m.index)} ${rest.slice(m.index + m[0].length)}`;
    return m;
  };
  let pick: FollowUpPick | undefined;
  const scope = Boolean(cut(SCOPE));
  const pos = cut(POSITION);
  if (pos) pick = { by: "position", n: ORDINAL[pos[1]!] ?? Number(pos[1]) };
  else if (cut(LAST)) pick = { by: "position", n: "last" };
  else
    for (const [re, by] of SUPERLATIVES)
      if (cut(re)) {
        pick = { by };
        break;
      }
  const place = Boolean(cut(PLACE_REF));
  const same = !place && Boolean(cut(SAME));
  void scope;
  return { ...(pick ? { pick } : {}), same, place, rest: rest.replace(/\s+/g, " ").trim() };
}
