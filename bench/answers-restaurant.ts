// The restaurant answers as a person sees them (`npm run bench -- answers-restaurant [set.jsonl] [out.jsonl]`):
// each conversation of a blind set (default test/fixtures/eval/answers-blind2/restaurant-blind1.jsonl,
// whose README gives the vocabulary and the rules) asked through the in-process app with the rules
// alone (no keys, no LLM: the synthetic demo corpus), turn 0 without a conversation and every later
// turn with the conversationId the previous answer gave. Scored on what a person sees: the restaurants
// the answer shows (named in its text, in that order; bench/answers.ts `presented`) and its FIRST
// sentence, each shown restaurant judged by its stored document (category, name, menus, tags, reviews).
//   first question  not read as a follow-up; every shown restaurant of the asked kind (a word of `kind`
//                   in its category, name or menus), within 3 km of `near` (a 구: its address), meeting
//                   every `cond` and `maxPrice`; or the first sentence says none was found (`honestEmpty`
//                   insists on it when what is shown is not of the kind)
//   refers rank/pick the first restaurant the answer names is the referred one (the r-th shown at turn 0,
//                   its closest, cheapest, or one named with what it was judged by for highest_rated; the
//                   first sentence saying only N were shown when r > N), and the first sentence answers
//                   `asks` about it or says the data lacks it
//   refers all      every restaurant shown at turn 0 (up to 3) named, one in the first sentence
//   other_than_rank the excluded restaurant is not shown (a sentence naming it with 말고/빼고/제외 aside)
//   keepsPlace      the shown restaurants meet `near`, `kind`, `cond`, `maxPrice` (가성비/저렴 after a list:
//                   cheaper than the median of that list, or tagged so); or the first sentence says none
//   noPrior         says the previous answer had no restaurant and offers to search again; names none
// Any technical string in a person-facing field (test/helpers/person-text.ts) fails the turn.
import { writeFileSync } from "node:fs";
import { buildDemoCorpus, testWorld } from "../test/helpers/server.ts";
import { checkPersonText } from "../test/helpers/person-text.ts";
import {
  firstSentence,
  firstNamed,
  lines,
  mention,
  pct,
  presented,
  priceOf,
  squash,
  NONE,
  type Ask,
  type Doc,
} from "./answers.ts";
import { lookupPlace } from "../shared/geo/gazetteer.ts";
import { haversine } from "../shared/geo/haversine.ts";
import type { StoredDocument } from "../shared/places/restaurant-document.ts";

interface Refers {
  turn: number;
  rank?: number;
  pick?: "closest" | "cheapest" | "highest_rated";
  other_than_rank?: number;
  all?: boolean;
}
export interface RestaurantExpect {
  first?: boolean;
  kind?: string[];
  near?: string;
  cond?: string[];
  maxPrice?: number;
  refers?: Refers;
  keepsPlace?: boolean;
  asks?: string;
  noPrior?: boolean;
  honestEmpty?: boolean;
}
export interface RestaurantCase {
  id: string;
  class: string;
  turns: { q: string; expect: RestaurantExpect }[];
}

type Full = Doc & { lat: number; lon: number; category?: string; stored: StoredDocument | null };

export interface TurnResult {
  id: string;
  class: string;
  turn: number;
  q: string;
  role: "first" | "followup";
  right: boolean;
  why: string[];
  firstSentence: string;
  shown: string[];
  technical: string[];
}

const NEAR_M = 3000;
/** Words a first answer uses only when it reads the question as pointing back at an earlier answer. */
const READ_AS_FOLLOWUP =
  /앞서 (말씀|보여|소개|찾)|앞선 답|앞에서 (말씀|보여|소개)|이전 답|방금 (말씀|보여)드린|말씀드린/;
/** The first sentence says none was found. */
const SAYS_NONE =
  /찾지 못|못 찾|찾을 수 없|(식당|곳|가게|데|집|음식점|맛집)[은는이가]?\s?(하나도\s?)?없(습니다|어요|네요|어|고|었)/;

/** A canonical condition of the README, as a stored document may say it (tags, then reviews and description). */
const COND: Record<string, RegExp> = {
  주차: /주차|발렛/,
  예약: /예약/,
  포장: /포장|테이크아웃/,
  배달: /배달/,
  룸: /룸|방|프라이빗|개별실|독립/,
  반려동물: /반려|애견|펫|강아지/,
  단체석: /단체|회식/,
  와이파이: /와이파이|wi-?fi/i,
  "24시간": /24시간/,
  늦게까지: /24시간|늦게까지|심야|새벽/,
  "가성비/저렴": /가성비|저렴/,
  조용한: /조용/,
  데이트: /데이트|로맨틱/,
  혼밥: /혼밥|1인|혼자/,
  아이동반: /아이|유아|키즈|아기/,
};

const tagText = (d: Full) => {
  const s = d.stored;
  return [
    ...(s?.convenience ?? d.convenience),
    ...(s?.atmosphere ?? []),
    ...(s?.occasion ?? []),
    ...(s?.features ?? []),
  ].join(" ");
};

function kindOf(d: Full, kinds: readonly string[]): boolean {
  const hay = squash([d.category ?? "", d.title, ...d.menus.map((m) => m.name)].join(" "));
  return kinds.some((k) => hay.includes(squash(k)));
}

function nearOf(d: Full, near: string): boolean {
  if (/구$/.test(near)) return `${d.address} ${d.roadAddress}`.includes(near);
  const p = lookupPlace(near);
  if (!p) return true; // a name the tables lack: not judged
  return haversine({ lat: d.lat, lng: d.lon }, { lat: p.lat, lng: p.lng }) <= NEAR_M;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : Infinity;
};

/** What a shown restaurant breaks of kind, place, conditions and price ([] = all hold). */
function breaks(d: Full, e: RestaurantExpect, previous: Full[]): string[] {
  const out: string[] = [];
  const kinds = e.kind ?? [];
  if (kinds.length && !kindOf(d, kinds)) out.push(`${d.title}: not ${kinds[0]} (${d.category ?? "-"})`);
  if (e.near && !nearOf(d, e.near)) out.push(`${d.title}: not near ${e.near}`);
  const price = priceOf(d, kinds);
  for (const c of e.cond ?? []) {
    if (c === "가성비/저렴") {
      const cheap =
        COND[c]!.test(tagText(d)) ||
        (e.maxPrice !== undefined && price <= e.maxPrice) ||
        (previous.length > 0 && price < median(previous.map((p) => priceOf(p, kinds))));
      if (!cheap) out.push(`${d.title}: not cheaper (${price})`);
    } else if (!COND[c]?.test(tagText(d))) out.push(`${d.title}: no ${c}`);
  }
  if (e.maxPrice !== undefined && !(price <= e.maxPrice)) out.push(`${d.title}: ${price} > ${e.maxPrice}`);
  return out;
}

const ASKS: Record<string, (fs: string, d: Full) => boolean> = {
  hours: (fs) => /영업\s*시간|운영\s*시간|[0-9]{1,2}\s*시|[0-9]{1,2}:[0-9]{2}/.test(fs),
  price: (fs, d) =>
    NONE.test(fs) ||
    [...fs.matchAll(/([0-9][0-9,]*)\s*원/g)]
      .map((m) => Number((m[1] ?? "").replace(/,/g, "")))
      .some((p) => d.menus.some((m) => m.price === p)),
  parking: (fs, d) =>
    /주차|발렛/.test(fs) &&
    (NONE.test(fs) || /주차|발렛/.test(tagText(d)) || /불가|안 ?돼|안 ?됩|없|않/.test(fs)),
  reservation: (fs, d) =>
    /예약/.test(fs) && (NONE.test(fs) || /예약/.test(tagText(d)) || /불가|안 ?돼|안 ?됩|없|않/.test(fs)),
  menu: (fs, d) =>
    [...d.menus.map((m) => m.name), ...(d.stored?.review_food ?? d.review_food)].some(
      (n) => n && fs.includes(n),
    ) || /메뉴[^.]*(없|확인되지)/.test(fs),
  distance: (fs) => /[0-9][0-9,.]*\s*(m|km|미터|킬로|분)/.test(fs) || /거리[^.]*(없|확인되지)/.test(fs),
  phone: (fs) => /전화/.test(fs) && (/\d{2,4}-\d{3,4}-\d{4}/.test(fs) || NONE.test(fs) || /없/.test(fs)),
  address: (fs, d) =>
    [d.address, d.roadAddress]
      .flatMap((s) => [...s.matchAll(/[가-힣0-9]+(동|로|길)\s*[0-9][0-9-]*/g)].map((m) => m[0]))
      .some((p) => fs.includes(p)) || /주소[^.]*(없|확인되지)/.test(fs),
  reviews: (fs) => /리뷰|후기|평가|평점|별점|손님|방문자|맛있|맛집|분위기|인기|추천/.test(fs),
};

/** The sentence of the answer that holds position i. */
const sentenceAt = (text: string, i: number) => {
  const start = Math.max(text.lastIndexOf(".", i), text.lastIndexOf("\n", i)) + 1;
  const ends = [text.indexOf(".", i), text.indexOf("\n", i)].filter((x) => x >= 0);
  return text.slice(start, ends.length ? Math.min(...ends) : text.length);
};

function scoreFirstLike(
  e: RestaurantExpect,
  a: Ask,
  shown: Full[],
  fs: string,
  previous: Full[],
  why: string[],
) {
  const none = SAYS_NONE.test(fs);
  const broken = shown.flatMap((d) => breaks(d, e, previous));
  if (e.first && READ_AS_FOLLOWUP.test(a.answer)) why.push("read as a follow-up");
  if (!shown.length) {
    if (!none) why.push("nothing shown and the first sentence does not say none was found");
    return;
  }
  if (broken.length && !none) why.push(...broken);
  if (e.honestEmpty && !none && broken.length) why.push("widened without saying so");
}

function scoreFollowup(e: RestaurantExpect, a: Ask, shown: Full[], fs: string, base: Full[], why: string[]) {
  const r = e.refers;
  if (e.noPrior) {
    if (!/(앞선|이전|앞의|방금|지난|앞서)[^.]*(없|찾지 못|못 찾)|찾은 (식당|곳|가게)이 없/.test(a.answer))
      why.push("does not say the previous answer found nothing");
    if (!/(다시|새로|새롭게)[^.]*(찾|검색)|찾아 ?드릴|검색해 ?드릴/.test(a.answer))
      why.push("offers no new search");
    if (shown.length && e.kind === undefined) why.push(`talks about ${shown.map((d) => d.title).join(", ")}`);
    return;
  }
  if (r && (r.rank !== undefined || r.pick)) {
    let target: Full | undefined;
    if (r.rank !== undefined) {
      if (r.rank > base.length) {
        if (!new RegExp(`${base.length}\\s*(곳|개|군데)`).test(fs))
          why.push(`only ${base.length} shown and the first sentence does not say so`);
        return;
      }
      target = base[r.rank - 1];
    } else if (r.pick === "closest") {
      target = [...base]
        .filter((d) => typeof d.distance === "number")
        .sort((x, y) => x.distance! - y.distance!)[0];
    } else if (r.pick === "cheapest") {
      target = [...base].sort((x, y) => priceOf(x, []) - priceOf(y, []))[0];
    } else if (r.pick === "highest_rated") {
      const named = firstNamed(a.answer, base);
      if (!(named && /평|리뷰|후기|별점/.test(a.answer)) && !/평점[^.]*(없|않)/.test(a.answer))
        why.push("highest_rated: no shown restaurant named with what it was judged by");
      target = named as Full | undefined;
      if (!target) return;
    }
    if (!target) {
      why.push("no restaurant to refer to");
      return;
    }
    const named = firstNamed(a.answer, [...base, ...shown]);
    if (named?.place_id !== target.place_id)
      why.push(`named ${named?.title ?? "nothing"} first, wanted ${target.title}`);
    else if (e.asks && !ASKS[e.asks]!(fs, target)) why.push(`${e.asks} not answered in "${fs}"`);
    return;
  }
  if (r?.all) {
    const want = base.slice(0, 3);
    const missing = want.filter((d) => mention(a.answer, d) < 0);
    if (missing.length) why.push(`does not name ${missing.map((d) => d.title).join(", ")}`);
    if (!want.some((d) => fs.includes(d.title))) why.push("none of them in the first sentence");
    return;
  }
  if (r?.other_than_rank !== undefined) {
    const excluded = base[r.other_than_rank - 1];
    if (excluded) {
      const i = mention(a.answer, excluded);
      if (i >= 0 && !/말고|빼고|제외|외에|아닌/.test(sentenceAt(a.answer, i)))
        why.push(`shows the excluded ${excluded.title}`);
    }
    const rest = shown.filter((d) => d.place_id !== excluded?.place_id);
    if (!rest.length && !SAYS_NONE.test(fs)) why.push("no other restaurant and no word that none is left");
    const sub = { ...e, near: e.keepsPlace ? e.near : undefined };
    const broken = rest.flatMap((d) => breaks(d, sub, base));
    if (broken.length && !SAYS_NONE.test(fs)) why.push(...broken);
    if (e.asks && rest[0] && !ASKS[e.asks]!(fs, rest[0])) why.push(`${e.asks} not answered in "${fs}"`);
    return;
  }
  // keepsPlace, or a new search inside the conversation
  scoreFirstLike(e, a, shown, fs, base, why);
}

/**
 * The restaurants an answer shows, in order. Answers that cite [place_id] are read by their ids only: a
 * namesake that is not cited ("강남 일식당" twice in the documents) is not shown.
 */
function shownOf(a: Ask): Doc[] {
  const cited = a.documents.filter((d) => a.answer.includes(`[${d.place_id}]`));
  if (!cited.length) return presented(a);
  return cited.sort((x, y) => mention(a.answer, x) - mention(a.answer, y));
}

async function fullDocs(docs: Doc[], get: (id: string) => Promise<StoredDocument | null>) {
  return Promise.all(
    docs.map(async (d) => ({ ...(d as Full), stored: await get(d.place_id).catch(() => null) })),
  );
}

export async function runRestaurantSet(
  file: string,
  ask: (q: string, id?: string) => Promise<Ask & { [k: string]: unknown }>,
  get: (id: string) => Promise<StoredDocument | null>,
): Promise<TurnResult[]> {
  const out: TurnResult[] = [];
  for (const c of lines<RestaurantCase>(new URL(file, `file://${process.cwd()}/`))) {
    let conversationId: string | undefined;
    // what each turn showed: a follow-up is scored against the list of the turn it refers to (turn 0
    // unless its `refers` names another)
    const shownAt: Full[][] = [];
    for (const [i, t] of c.turns.entries()) {
      const base = shownAt[t.expect.refers?.turn ?? 0] ?? [];
      const why: string[] = [];
      let a: (Ask & { [k: string]: unknown }) | null = null;
      try {
        a = await ask(t.q, i === 0 ? undefined : conversationId);
      } catch (err) {
        why.push(`error: ${(err as Error).message.slice(0, 200)}`);
      }
      const fs = a ? firstSentence(a.answer) : "";
      const shown = a ? await fullDocs(shownOf(a), get) : [];
      const technical = a ? checkPersonText(a).map((f) => `${f.kind} ‘${f.match}’`) : [];
      if (technical.length) why.push(`technical: ${technical.join(", ")}`);
      if (a) {
        if (i === 0) scoreFirstLike(t.expect, a, shown, fs, [], why);
        else scoreFollowup(t.expect, a, shown, fs, base, why);
      }
      out.push({
        id: c.id,
        class: c.class,
        turn: i,
        q: t.q,
        role: i === 0 ? "first" : "followup",
        right: !why.length,
        why,
        firstSentence: fs,
        shown: shown.map((d) => d.title),
        technical,
      });
      shownAt.push(shown);
      conversationId = a?.conversationId ?? conversationId;
    }
  }
  return out;
}

/** The per-class table: first questions (turn 0), follow-up turns, whole chains. */
export function restaurantTable(results: readonly TurnResult[]): string {
  const rows = [
    "| class | first questions right | follow-up turns right | conversations right |",
    "|---|---|---|---|",
  ];
  const classes = [...new Set(results.map((r) => r.class))];
  for (const cls of [...classes, "**all**"]) {
    const rs = cls === "**all**" ? results : results.filter((r) => r.class === cls);
    const firsts = rs.filter((r) => r.role === "first");
    const fus = rs.filter((r) => r.role === "followup");
    const ids = [...new Set(rs.map((r) => r.id))];
    const ok = ids.filter((id) => rs.filter((r) => r.id === id).every((r) => r.right));
    rows.push(
      `| ${cls} | ${pct(firsts.filter((r) => r.right).length, firsts.length)} | ${fus.length ? pct(fus.filter((r) => r.right).length, fus.length) : "–"} | ${pct(ok.length, ids.length)} |`,
    );
  }
  const tech = results.filter((r) => r.technical.length).length;
  rows.push("", `turns with a technical string: ${tech}/${results.length}`);
  return rows.join("\n");
}

export async function benchAnswersRestaurant(
  file = "test/fixtures/eval/answers-blind2/restaurant-blind1.jsonl",
  outFile?: string,
) {
  console.log(`## Restaurant answers: ${file}, rules alone`);
  const world = await testWorld({}, { LOG_LEVEL: "SILENT" });
  try {
    // the corpus built first, as npm start builds it at boot: no question's time budget pays for it
    await buildDemoCorpus(world);
    const qa = world.context.services.restaurants;
    const results = await runRestaurantSet(
      file,
      (query, conversationId) => qa.ask({ query, conversationId }, "bench"),
      (id) => qa.get(id),
    );
    console.log(`\n${restaurantTable(results)}\n`);
    if (outFile) writeFileSync(outFile, results.map((r) => JSON.stringify(r)).join("\n") + "\n");
    if (process.env.VERBOSE)
      for (const r of results.filter((r) => !r.right))
        console.log(`${r.id}#${r.turn} ${r.q} → "${r.firstSentence}": ${r.why.join("; ")}`);
  } finally {
    await world.close();
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1])
  await benchAnswersRestaurant(process.argv[2], process.argv[3]);
