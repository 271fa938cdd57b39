// Issue 25's measure (`npm run bench -- answers`): the blind answer set (test/fixtures/eval/
// answers-blind1.md), run once through the in-process app with the rules alone (llm: null). Restaurant
// follow-ups (restaurant-qa/followups-blind1.jsonl): per class, the share of expecting turns answered in
// the first sentence and the share resolved; news (eval/news-blind1.jsonl): per class, the share
// answered in the first sentence, selection precision and recall, no unasked kind, company handling.
import { readFileSync } from "node:fs";
import { testWorld } from "../test/helpers/server.ts";
import { factOfKey } from "../shared/news/query.ts";

const fixture = (dir: string, file: string) => new URL(`../test/fixtures/${dir}/${file}`, import.meta.url);
export const lines = <T>(url: URL): T[] =>
  readFileSync(url, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

/** The set's first sentence: Markdown marks dropped, up to a terminator followed by space or the end (with its markers), or a line break. */
export function firstSentence(text: string): string {
  const body = text
    .replace(/^\s*\n/g, "")
    .split("\n")
    .map((l) => l.replace(/^\s*(#+|\*\*|-|>)\s*/, "").replace(/\*\*/g, ""))
    .find((l) => l.trim());
  if (!body) return "";
  const m = /[.?!。](?=\s|$)/.exec(body);
  if (!m) return body;
  const end = m.index + 1;
  const markers = /^(\s*\[[^\]\n]+\])*/.exec(body.slice(end))![0];
  return body.slice(0, end + markers.length);
}

export const squash = (s: string) => s.normalize("NFC").replace(/\s+/g, "").toLowerCase();
const placeKey = (s: string) => squash(s).replace(/역$/, "").replace(/입구$/, "");
const matchesAny = (patterns: string[] | undefined, text: string) =>
  !patterns?.length || patterns.some((p) => new RegExp(p).test(text));

// ---- restaurant follow-ups

export interface Doc {
  place_id: string;
  title: string;
  address: string;
  roadAddress: string;
  menus: { name: string; price?: number | null }[];
  convenience: string[];
  review_food: string[];
  distance?: number;
  relevant?: boolean;
}
export interface Ask {
  answer: string;
  documents: Doc[];
  conversationId?: string;
  structured_query: {
    location?: { name: string }[];
    menu?: string[];
    cuisine?: string[];
    convenience?: string[];
  };
}
interface Expect {
  ref: string;
  refAttr?: string;
  keepsLocation?: string;
  kind?: string;
  kindAlt?: string[];
  convenience?: string[];
  location?: string;
  notPlace?: string[];
  first?: string[];
}
interface Exchange {
  id: string;
  class: string;
  turns: { query: string; expect?: Expect }[];
}

/**
 * Where an answer first mentions a restaurant: its [place_id], else its title where the title is not
 * the start of a longer one ("강남 돼지국밥집" inside "강남 돼지국밥집 강남점").
 */
export function mention(answer: string, d: Doc): number {
  const id = answer.indexOf(`[${d.place_id}]`);
  if (id >= 0) {
    const before = answer.lastIndexOf(d.title, id);
    return before >= 0 && id - before - d.title.length <= 2 ? before : id;
  }
  const re = new RegExp(`${d.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![ ]?[가-힣A-Za-z0-9])`);
  return re.exec(answer)?.index ?? -1;
}

/** The order in which an answer presents its restaurants: first mention of title or [place_id]; else the relevant documents. */
export function presented(a: Ask): Doc[] {
  const pos = (d: Doc) => mention(a.answer, d);
  const named = a.documents
    .map((d) => ({ d, i: pos(d) }))
    .filter((x) => x.i >= 0)
    .sort((x, y) => x.i - y.i);
  return named.length ? named.map((x) => x.d) : a.documents.filter((d) => d.relevant !== false);
}

export const priceOf = (d: Doc, dishes: string[]) => {
  const priced = d.menus.filter((m) => typeof m.price === "number");
  const ofDish = priced.filter((m) => dishes.some((k) => m.name.includes(k)));
  const pool = ofDish.length ? ofDish : priced;
  return pool.length ? Math.min(...pool.map((m) => m.price as number)) : Infinity;
};

const ATTR_WORD: Record<string, RegExp> = {
  parking: /주차/,
  pet: /반려|애견/,
  reservation: /예약/,
  takeout: /포장/,
  room: /룸|방/,
  grill: /구워/,
};
export const NONE = /정보 ?없음|정보가 없|자료에[^.]*없|확인되지 않|나와 있지 않/;
const YES = /가능|됩니다|돼요|있습니다|있어요|합니다|해 줍니다|구워 ?줍니다/;

export function firstNamed(answer: string, docs: Doc[]): Doc | undefined {
  let best: { d: Doc; i: number } | undefined;
  for (const d of docs) {
    const i = mention(answer, d);
    if (i >= 0 && (!best || i < best.i)) best = { d, i };
  }
  return best?.d;
}

interface TurnOutcome {
  id: string;
  cls: string;
  resolved: boolean;
  first: boolean;
  why: string[];
}

function scoreTurn(
  e: Expect,
  a: Ask | null,
  base: Doc[],
  baseQuery: Ask | null,
  earlier: { location?: string[]; kinds: string[] },
): { resolved: string[]; first: string[] } {
  const resolved: string[] = [];
  const firstWhy: string[] = [];
  if (!a) return { resolved: ["no conversationId came back"], first: ["no answer"] };
  const fs = firstSentence(a.answer);
  if (!matchesAny(e.first, fs)) firstWhy.push(`first sentence "${fs}" lacks ${e.first!.join(" | ")}`);
  const locNames = (a.structured_query.location ?? []).map((l) => l.name);
  const kinds = [...(a.structured_query.menu ?? []), ...(a.structured_query.cuisine ?? [])].map(squash);
  for (const w of e.notPlace ?? []) {
    const sw = squash(w);
    if (
      locNames.some((n) =>
        [sw, ...["에", "에서", "서", "은", "는", "이", "가", "도", "의"].map((p) => sw + p)].includes(
          squash(n),
        ),
      )
    )
      resolved.push(`"${w}" read as a place`);
  }
  // the designated restaurant
  let target: Doc | undefined;
  let short = false;
  const dishes = [...(baseQuery?.structured_query.menu ?? [])];
  if (e.ref === "nearest") {
    const withD = base.filter((d) => typeof d.distance === "number");
    target = withD.sort((x, y) => x.distance! - y.distance!)[0];
  } else if (e.ref === "cheapest") {
    target = [...base].sort((x, y) => priceOf(x, dishes) - priceOf(y, dishes))[0];
  } else if (e.ref === "best_rated") {
    const named = firstNamed(a.answer, base);
    if (!(named && /평|리뷰|후기|별점/.test(a.answer)) && !/평점[^.]*(없|않)/.test(a.answer))
      resolved.push("best_rated: no base restaurant named with what it judged by");
    if (named && !fs.includes(named.title) && !fs.includes(`[${named.place_id}]`))
      firstWhy.push("best_rated: the restaurant is not in the first sentence");
    target = named;
  } else if (e.ref.startsWith("position:")) {
    const p = e.ref.slice(9);
    const n = p === "last" ? base.length : Number(p);
    if (n > base.length || n < 1) {
      short = true;
      if (!new RegExp(`${base.length}\\s*(곳|개|군데)`).test(fs)) {
        resolved.push(`only ${base.length} shown and the first sentence does not say so`);
        firstWhy.push("count not in the first sentence");
      }
    } else target = base[n - 1];
  }
  const single = !["place", "none"].includes(e.ref) && !short;
  if (single && e.ref !== "best_rated") {
    if (!target) resolved.push(`${e.ref}: no restaurant to designate`);
    else {
      const named = firstNamed(a.answer, [...base, ...a.documents]);
      if (named?.place_id !== target.place_id)
        resolved.push(`${e.ref}: first named ${named?.title ?? "nothing"}, wanted ${target.title}`);
      if (!fs.includes(target.title) && !fs.includes(`[${target.place_id}]`))
        firstWhy.push(`${target.title} not in the first sentence`);
    }
  }
  if (target && e.refAttr) {
    const attr = e.refAttr;
    if (attr === "menu") {
      const names = [...target.menus.map((m) => m.name), ...target.review_food].filter(Boolean);
      if (!names.some((n) => fs.includes(n))) resolved.push("menu: no menu item in the first sentence");
    } else if (attr === "price") {
      const prices = [...fs.matchAll(/([0-9][0-9,]*)\s*원/g)].map((m) =>
        Number((m[1] ?? "").replace(/,/g, "")),
      );
      if (!prices.some((p) => target.menus.some((m) => m.price === p)))
        resolved.push("price: no menu price of the restaurant in the first sentence");
    } else if (attr === "address") {
      const parts = [target.address, target.roadAddress].flatMap((s) =>
        [...s.matchAll(/[가-힣0-9]+(구|동|로|길)\s*[0-9][0-9-]*/g)].map((m) => m[0]),
      );
      if (!parts.some((p) => fs.includes(p))) resolved.push("address: not in the first sentence");
    } else if (ATTR_WORD[attr]) {
      const has = target.convenience.some((c) => ATTR_WORD[attr]!.test(c));
      if (
        has
          ? !YES.test(fs) || NONE.test(fs)
          : !(NONE.test(fs) || /불가|안 ?돼|안 ?됩니다|없습니다|않습니다/.test(fs))
      )
        resolved.push(
          `${attr}: the first sentence does not agree with the document (${has ? "yes" : "no info"})`,
        );
    } else if (attr === "hours") {
      if (!matchesAny(["정보 ?없음|정보가 없|영업시간|[0-9]{1,2}\\s*시"], fs))
        resolved.push("hours: not answered");
    }
  }
  const hasLoc = (want: string) => locNames.some((n) => placeKey(n) === placeKey(want));
  if (e.keepsLocation && !hasLoc(e.keepsLocation))
    resolved.push(`location ${e.keepsLocation} not kept (${locNames.join(",")})`);
  if (e.kind) {
    const want = [e.kind, ...(e.kindAlt ?? [])].map(squash);
    if (!want.some((k) => kinds.includes(k)))
      resolved.push(`kind ${e.kind} not searched ([${kinds.join(",")}])`);
    if (e.ref === "place")
      for (const k of earlier.kinds)
        if (!want.includes(k) && kinds.includes(k)) resolved.push(`earlier kind ${k} still required`);
  }
  for (const c of e.convenience ?? [])
    if (!(a.structured_query.convenience ?? []).map(squash).includes(squash(c)))
      resolved.push(`convenience ${c} missing`);
  if (e.ref === "none") {
    if (e.location && !hasLoc(e.location)) resolved.push(`new location ${e.location} not used`);
    for (const l of earlier.location ?? [])
      if (locNames.some((n) => placeKey(n) === placeKey(l))) resolved.push(`earlier location ${l} kept`);
    if (firstNamed(a.answer, base) && !a.documents.some((d) => base.some((b) => b.place_id === d.place_id)))
      resolved.push("answers about the earlier results");
  }
  if (e.ref === "place") {
    const r = /반경\s*([0-9.]+)\s*(m|km)/.exec(a.answer);
    if (r) {
      const m = Number(r[1]) * (r[2] === "km" ? 1000 : 1);
      if (a.documents.some((d) => typeof d.distance === "number" && d.distance > m * 1.05))
        resolved.push("documents outside the stated radius");
    }
  }
  return { resolved, first: firstWhy };
}

async function followups(ask: (q: string, id?: string) => Promise<Ask>): Promise<{
  turns: TurnOutcome[];
  exchanges: { cls: string; ok: boolean }[];
}> {
  const turns: TurnOutcome[] = [];
  const exchanges: { cls: string; ok: boolean }[] = [];
  for (const x of lines<Exchange>(fixture("restaurant-qa", "followups-blind1.jsonl"))) {
    let prev: Ask | null = null;
    let base: Doc[] = [];
    let baseAnswer: Ask | null = null;
    let ok = true;
    for (const [i, t] of x.turns.entries()) {
      let a: Ask | null = null;
      if (i === 0 || prev?.conversationId) {
        try {
          a = await ask(t.query, i === 0 ? undefined : prev!.conversationId);
        } catch (err) {
          a = null;
          if (process.env.VERBOSE) console.log(`${x.id} error ${(err as Error).message.slice(0, 200)}`);
        }
      }
      if (t.expect) {
        const earlier = {
          location: baseAnswer?.structured_query.location?.map((l) => l.name),
          kinds: [
            ...(baseAnswer?.structured_query.menu ?? []),
            ...(baseAnswer?.structured_query.cuisine ?? []),
          ].map(squash),
        };
        const s = scoreTurn(t.expect, a, base, baseAnswer, earlier);
        const o = {
          id: `${x.id}#${i + 1}`,
          cls: x.class,
          resolved: !s.resolved.length,
          first: !s.first.length,
          why: [...s.resolved, ...s.first],
        };
        turns.push(o);
        ok &&= o.resolved;
      }
      if (a && (i === 0 || t.expect?.ref === "none" || t.expect?.ref === "place")) {
        base = presented(a);
        baseAnswer = a;
      }
      prev = a;
    }
    exchanges.push({ cls: x.class, ok });
  }
  return { turns, exchanges };
}

// ---- news

interface NewsCase {
  id: string;
  class: string;
  query: string;
  expect: {
    company: string | null;
    companyAny?: string[];
    companyStatus: "known" | "unknown" | "none" | "ambiguous";
    facts: string[];
    allowFacts?: string[];
    notFacts?: string[];
    period?: "recent" | { year: number; quarter?: number };
    first?: string[];
    direction?: "up" | "down";
    alsoNames?: string[];
    closest?: string[];
  };
}
interface NewsRes {
  generated_response: string | null;
  selected_documents: {
    news: { title: string }[];
    regular: { company_name: string; year: number; quarter: number; api_keys_to_check: string[] }[];
    revision: { basic_info: { company: string; rcept_no: string } }[];
  } | null;
}

const ALIAS: Record<string, string> = {
  현대차: "현대자동차",
  네이버: "NAVER",
  하이닉스: "SK하이닉스",
  kb금융: "KB금융지주",
  포스코홀딩스: "POSCO홀딩스",
};
const corp = (s: string) => {
  const k = squash(s).replace(/\(주\)|주식회사/g, "");
  return squash(ALIAS[k] ?? k);
};
const SHOWN: Record<string, RegExp> = {
  periodic: /매출액|영업이익|당기순이익/,
  dividend: /배당/,
  executives: /임원|사외이사/,
  correction: /정정/,
  major_holder: /최대주주/,
  news: /뉴스|기사/,
};
const DOWN = /하락|떨어|내려|내린|내렸|약세|급락|부진|밀려|빠졌|빠진/;
const UP = /상승|올라|오른|올랐|강세|급등|호조|뛰었|뛴/;

interface NewsOutcome {
  id: string;
  cls: string;
  first: boolean;
  precision: number;
  recall: number;
  clean: boolean;
  company: boolean;
  why: string[];
}

function scoreNews(c: NewsCase, r: NewsRes): NewsOutcome {
  const e = c.expect;
  const why: string[] = [];
  const text = r.generated_response ?? "";
  const fs = firstSentence(text);
  const first = matchesAny(e.first, fs);
  if (!first) why.push(`first "${fs}"`);
  const sel = r.selected_documents ?? { news: [], regular: [], revision: [] };
  const kinds = new Set<string>();
  if (sel.news.length) kinds.add("news");
  if (sel.revision.length) kinds.add("correction");
  for (const g of sel.regular) for (const k of g.api_keys_to_check) kinds.add(factOfKey(k));
  if (sel.revision.length || /[0-9]{14}/.test(text)) kinds.add("disclosure_list");
  // periods: other periods than asked count against precision
  let offPeriod = false;
  if (e.period && e.period !== "recent" && sel.regular.length) {
    const p = e.period;
    const want = (g: { year: number; quarter: number }) =>
      g.year === p.year && (p.quarter ? g.quarter === p.quarter : g.quarter === 4);
    if (!sel.regular.some(want)) why.push("asked period not selected");
    offPeriod = sel.regular.some((g) => !want(g));
  }
  const allow = new Set(e.allowFacts ?? []);
  const counted = [...kinds].filter(
    (k) => !allow.has(k) && !(k === "disclosure_list" && !e.facts.includes(k)),
  );
  const units = counted.length + (offPeriod ? 1 : 0);
  const precision = units ? counted.filter((k) => e.facts.includes(k)).length / units : 1;
  const recall = e.facts.length ? e.facts.filter((k) => kinds.has(k)).length / e.facts.length : 1;
  if (recall < 1) why.push(`asked ${e.facts.filter((k) => !kinds.has(k)).join(",")} not selected`);
  if (precision < 1) why.push(`selected [${[...kinds].join(",")}]${offPeriod ? " + other periods" : ""}`);
  let clean = true;
  for (const k of e.notFacts ?? [])
    if (kinds.has(k) || SHOWN[k]?.test(text)) {
      clean = false;
      why.push(`unasked ${k} ${kinds.has(k) ? "selected" : "shown"}`);
    }
  // company handling
  let company = true;
  const pubs = [...sel.regular.map((g) => g.company_name), ...sel.revision.map((v) => v.basic_info.company)];
  if (e.companyStatus === "known" || e.companyStatus === "ambiguous") {
    const wanted = (e.companyAny ?? [e.company!]).map(corp);
    const answered = pubs.length ? pubs.map(corp) : [];
    if (answered.some((n) => !wanted.includes(n))) company = false;
    const sq = squash(text);
    const nameIn = (n: string) =>
      sq.includes(squash(n)) ||
      Object.entries(ALIAS).some(([a, b]) => squash(b) === squash(n) && sq.includes(a));
    if (!(e.companyAny ?? [e.company!]).some(nameIn)) company = false;
    if (e.companyStatus === "ambiguous") {
      const picked = (e.companyAny ?? [e.company!]).map(corp);
      if (!(e.alsoNames ?? []).some((n) => !picked.includes(corp(n)) && text.includes(n))) company = false;
      if (/찾지 못|특정할 수 없|여러 회사/.test(fs) && !pubs.length && e.facts.length) company = false;
    }
  } else {
    if (pubs.length) company = false;
    if (e.companyStatus === "unknown" && e.closest?.length) {
      const two = fs + firstSentence(text.slice(text.indexOf(fs) + fs.length));
      if (!e.closest.every((n) => two.includes(n))) company = false;
    }
    if (e.companyStatus === "none" && /찾지 못|찾을 수 없/.test(fs)) company = false;
  }
  if (!company) why.push("company handling");
  if (e.direction && sel.news.length) {
    const t = sel.news[0]?.title ?? "";
    const [want, other] = e.direction === "down" ? [DOWN, UP] : [UP, DOWN];
    if (other.test(t) && !want.test(t)) why.push(`first news "${t}" is about the other direction`);
  }
  return { id: c.id, cls: c.class, first, precision, recall, clean, company, why };
}

export const pct = (n: number, d: number) => `${n}/${d} (${d ? ((100 * n) / d).toFixed(0) : "–"} %)`;

export async function benchAnswers() {
  console.log("## Answers (issue 25): blind set 1, rules alone");
  const world = await testWorld({}, { LOG_LEVEL: "SILENT" });
  try {
    const qa = world.context.services.restaurants;
    const ask = (query: string, conversationId?: string) =>
      qa.ask({ query, conversationId }, "bench") as Promise<Ask>;
    const { turns, exchanges } = await followups(ask);
    console.log("\n### Restaurant follow-ups (restaurant-qa/followups-blind1.jsonl)\n");
    console.log(
      "| class | answered in the first sentence | resolved | exchanges resolved |\n|---|---|---|---|",
    );
    const classes = [...new Set(turns.map((t) => t.cls))];
    for (const cls of [...classes, "**all**"]) {
      const ts = cls === "**all**" ? turns : turns.filter((t) => t.cls === cls);
      const xs = cls === "**all**" ? exchanges : exchanges.filter((x) => x.cls === cls);
      console.log(
        `| ${cls} | ${pct(ts.filter((t) => t.first).length, ts.length)} | ${pct(ts.filter((t) => t.resolved).length, ts.length)} | ${pct(xs.filter((x) => x.ok).length, xs.length)} |`,
      );
    }
    if (process.env.VERBOSE)
      for (const t of turns.filter((t) => t.why.length)) console.log(`${t.id}: ${t.why.join("; ")}`);

    const news: NewsOutcome[] = [];
    for (const c of lines<NewsCase>(fixture("eval", "news-blind1.jsonl"))) {
      try {
        news.push(scoreNews(c, await world.context.services.news.search({ query: c.query })));
      } catch (err) {
        news.push({
          id: c.id,
          cls: c.class,
          first: false,
          precision: 0,
          recall: 0,
          clean: false,
          company: false,
          why: [`error: ${(err as Error).message}`],
        });
      }
    }
    console.log("\n### News and disclosures (eval/news-blind1.jsonl)\n");
    console.log(
      "| class | answered in the first sentence | precision | recall | no unasked kind | company handled |\n|---|---|---|---|---|---|",
    );
    for (const cls of [...new Set(news.map((n) => n.cls)), "**all**"]) {
      const ns = cls === "**all**" ? news : news.filter((n) => n.cls === cls);
      const avg = (f: (n: NewsOutcome) => number) =>
        (ns.reduce((s, n) => s + f(n), 0) / ns.length).toFixed(2);
      console.log(
        `| ${cls} | ${pct(ns.filter((n) => n.first).length, ns.length)} | ${avg((n) => n.precision)} | ${avg((n) => n.recall)} | ${pct(ns.filter((n) => n.clean).length, ns.length)} | ${pct(ns.filter((n) => n.company).length, ns.length)} |`,
      );
    }
    if (process.env.VERBOSE)
      for (const n of news.filter((n) => n.why.length)) console.log(`${n.id}: ${n.why.join("; ")}`);
  } finally {
    await world.close();
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await benchAnswers();
