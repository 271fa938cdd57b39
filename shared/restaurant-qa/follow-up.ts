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
  /** "첫번째 거 말고", "저 집 빼고": the picked (or singled-out) restaurant is left out of a new search */
  exclude: boolean;
  /** "더 싼 데", "좀 저렴한 곳": cheaper than the picked restaurant, or than the earlier list */
  cheaper: boolean;
  /** "다른 데", "딴 데 없어?", "또 있어?": places other than the earlier answer's, in a new search */
  others: boolean;
  /** "나머지 중에", "나머지는": the earlier answer's list without the one left out (or singled out) */
  remaining: boolean;
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
  첫째: 1,
  둘째: 2,
  셋째: 3,
  넷째: 4,
  다섯째: 5,
};
const TAIL = String.raw`\s*(?:집|가게|데|곳|거|꺼|것|식당|카페|술집)?(?:은|는|이|가|의|에서|에|도|를|을)?`;
// "세 번째 거", "2번째꺼", "셋째 집", and a bare number "3번은", "1번 예약되나" (not "2번 출구", "1번 국도")
const POSITION = new RegExp(
  String.raw`(?:(?:그|저|이)\s*)?(첫|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|[1-9][0-9]?)\s*번\s*째(?:로)?${TAIL}|(첫째|둘째|셋째|넷째|다섯째)${TAIL}|(?<![0-9])([1-9])\s*번(?!\s*(?:째|출구|국도|버스|마을|선|지|길|가|게이트|홈))${TAIL}`,
);
const LAST = new RegExp(String.raw`(?:마지막|(?:맨|제일|가장)\s*(?:아래|밑|끝|뒤)(?:에|에서|쪽)?)${TAIL}`);
/** "맨 위에 거", "제일 앞에 있는 집", "맨 처음 거": the first of the list as it was shown */
const TOP = new RegExp(
  String.raw`(?:맨|제일|가장)\s*(?:위|앞|처음|첫)(?:에|에서|쪽)?\s*(?:있는|나온|나왔던)?${TAIL}`,
);
const MOST = String.raw`(?:제일|젤|가장|최고로)`;
const MOST_OR_MORE = String.raw`(?:제일|젤|가장|최고로|더)`;
const SUPERLATIVES: [RegExp, "nearest" | "cheapest" | "best_rated"][] = [
  [
    new RegExp(String.raw`(?:역|거기|여기)?(?:에서|서)?\s*${MOST_OR_MORE}\s*가깝?(?:운|은|까운)?${TAIL}`),
    "nearest",
  ],
  [new RegExp(String.raw`${MOST}\s*(?:싼|싸|저렴한|저렴|값싼)${TAIL}`), "cheapest"],
  [new RegExp(String.raw`가성비\s*(?:가|이)?\s*${MOST}?\s*(?:좋은|괜찮은)?${TAIL}`), "cheapest"],
  [
    new RegExp(
      String.raw`(?:평|평점|리뷰|후기|별점|평가)\s*(?:이|가)?\s*${MOST}\s*(?:좋은|높은|많은)${TAIL}`,
    ),
    "best_rated",
  ],
];
const COMPARE =
  /어느\s*(?:쪽|곳|집|게|거|데)[이가은는]?\s*(?:더\s*)?(?:나아|나을|낫|좋|괜찮)|(?:어디|뭐)가\s*(?:더\s*)?(?:나아|나을|낫)|둘\s*중\s*(?:에)?\s*(?:어디|뭐|어느)/;
const SCOPE = /(?:그|이|나머지)\s*중(?:에서|에|엔)?/;
/** "나머지 중에", "나머지는", "나머지 두 곳": the rest of the earlier list */
const REMAINING = /나머지(?:\s*(?:중(?:에서|에|엔)?|들|는|도|에서|[0-9한두세네]\s*(?:곳|군데|개|집)))?/;
/** "다른 데", "딴 데", "또 다른 곳", "비슷한 데 또", "또 있어?": places the earlier answer did not show */
const OTHERS =
  /(?:다른|딴|또\s*다른)\s*(?:데|곳|집|가게|식당|데는|곳은|집은|거)|딴\s*데|(?:비슷한|그런)\s*(?:데|곳|집)\s*(?:가|이|도)?\s*또|또\s*(?:있|없|어디|추천)/;
const PLACE_REF =
  /(?:거기|그|그곳|여기|같은|그\s*같은)\s*(?:근처|동네|주변|쪽|일대|지역|곳)(?:에서|에|는|은|도)?|거기서\s*(?:가까운|가까이|근처)|^\s*근처(?:에서|에)?/;
const SAME =
  /(?:(?:아까|방금|앞에서)\s*(?:말한|말씀하신|얘기한|추천한|알려준)?\s*(?:그\s*)?(?:집|가게|식당|데|곳)|거기|거긴|그곳|저기|그\s*집|저\s*집|그\s*가게|저\s*가게|그\s*식당|그\s*데|그집|저집|그거|저거|그것|저것|그게|저게|걔네|걔|쟤네|쟤)(?:은|는|이|가|의|에서|서|에|도|까지|들)?(?![가-힣])/;
/** a question for places (곳만, 데는, 집들): "거기서 포장되는 곳만" asks for several */
const PLACES_ASKED = /(?:곳|데|집|가게|식당)\s*(?:들)?\s*(?:만|은|는|도|이|가|있어|있나|없어)?\s*[?]?\s*$/;
/** "말고", "빼고", "제외하고": the one named before it is left out */
const EXCLUDE = /(?:말고|말구|빼고|제외하고|제외|외에)/;
/** "더 싼", "좀 저렴한", "덜 비싼": a comparison on price */
const CHEAPER =
  /(?:더|좀|조금|좀\s*더|덜\s*비싼)\s*(?:싼|싸|저렴|값싼)|덜\s*비싼|(?:비싸|비쌈)[가-힣]*\s*(?:더\s*)?(?:싼|저렴)/;

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
  const remaining = Boolean(cut(REMAINING));
  const scope = Boolean(cut(SCOPE)) || remaining;
  const others = !remaining && OTHERS.test(rest);
  if (others) cut(OTHERS);
  const cheaper = CHEAPER.test(rest);
  const pos = cut(POSITION);
  if (pos) {
    const word = pos[1] ?? pos[2] ?? pos[3]!;
    pick = { by: "position", n: ORDINAL[word] ?? Number(word) };
  } else if (cut(TOP)) pick = { by: "position", n: 1 };
  else if (cut(LAST)) pick = { by: "position", n: "last" };
  else
    for (const [re, by] of SUPERLATIVES)
      if (cut(re)) {
        pick = { by };
        break;
      }
  // "어느 쪽이 나아?", "둘 중에 어디가 좋아?": the better of them, by their reviews
  if (!pick && COMPARE.test(rest)) pick = { by: "best_rated" };
  let exclude = false;
  if (pick && EXCLUDE.test(rest)) exclude = Boolean(cut(EXCLUDE));
  let placeThere = false;
  const place0 = Boolean(cut(PLACE_REF));
  const sameAt = place0 ? null : SAME.exec(rest);
  let same = Boolean(sameAt) && Boolean(cut(SAME));
  // "거기서 포장되는 곳만", "그 집에서 가까운 데": places there, not the one restaurant
  if (same && /^(?:거기|그곳|저기)(?:에서|서)$/.test(sameAt![0].trim()) && PLACES_ASKED.test(rest)) {
    same = false;
    placeThere = true;
  }
  if (same && !pick && EXCLUDE.test(rest)) exclude = Boolean(cut(EXCLUDE));
  void scope;
  return {
    ...(pick ? { pick } : {}),
    same,
    place: place0 || placeThere,
    exclude,
    cheaper,
    others,
    remaining,
    rest: rest.replace(/\s+/g, " ").trim(),
  };
}

const COUNT_WORD: Record<string, number> = {
  한: 1,
  하나: 1,
  두: 2,
  둘: 2,
  세: 3,
  셋: 3,
  네: 4,
  넷: 4,
  다섯: 5,
};

/** "한 곳만", "두 군데만", "하나만 추천", "1곳만": how many restaurants the question asks to be shown. */
export function askedCount(query: string): number | undefined {
  const m =
    /(?<![가-힣0-9])(한|두|세|네|다섯|[1-5])\s*(?:곳|군데|개|집|가게)\s*만|(?<![가-힣])(하나|둘|셋|넷|다섯)\s*만/.exec(
      query.normalize("NFC"),
    );
  if (!m) return undefined;
  const w = m[1] ?? m[2]!;
  return COUNT_WORD[w] ?? Number(w);
}
