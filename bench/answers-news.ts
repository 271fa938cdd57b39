// The news answers as a person sees them (`npm run bench -- answers-news [set.jsonl]`): each question of
// a blind set (default test/fixtures/eval/answers-blind2/news-blind1.jsonl, whose README gives the
// vocabulary) asked the way the API route asks it — NewsService → the news workflow through the local
// runner, no keys (the synthetic samples), no LLM — on a fixed day (2026-12-02 KST, the set's "now":
// 작년 = 2025, 올해 = 2026). Scored on what a person reads:
//   first    the FIRST sentence of generated_response answers in the asked form (who: a name; yes_no:
//            예/아니요 or a plain yes/no statement; how_many: a count with its unit; how_much: an amount
//            with its unit; when: a date; changed: changed or not, a major-holder change read from the
//            change table (api_05); news: a headline of the list) about the asked fact, or says plainly
//            that the filings do not hold it (공시/보고서 … 찾지 못했습니다/없습니다) naming what was checked;
//            an unknown company: said unknown; a company with no periodic report: said so
//   company  the company handled as its status asks: known → that company's filings only and its name
//            said; ambiguous → one of the acceptable picks answered for, the others named (two or more);
//            unknown → no filings of any company, never "no company in the question"; no_periodic → no
//            other company's filings, its missing periodic reports said
//   clean    no technical string in any person-facing field (test/helpers/person-text.ts)
// A question is right when all three hold. Per form (class) and per name form, and the findings by kind.
import { readFileSync } from "node:fs";
import { testWorld } from "../test/helpers/server.ts";
import { checkPersonText, type PersonTextFinding } from "../test/helpers/person-text.ts";
import { firstSentence } from "./answers.ts";
import { loadConfig } from "../shared/platform/config.ts";
import { fromKst } from "../shared/platform/time.ts";
import { createNewsDeps } from "../shared/news/wiring.ts";
import { listedCompanies } from "../shared/data/listed-companies.ts";
import type { NewsSearchResponse } from "../shared/news/schemas.ts";

export interface NewsCase {
  id: string;
  class: string;
  q: string;
  nameForm: string;
  expect: {
    company: string | string[] | null;
    status: "known" | "ambiguous" | "unknown" | "no_periodic";
    form: "who" | "yes_no" | "how_many" | "how_much" | "when" | "changed" | "news";
    fact: string;
    first: string;
  };
}

export interface NewsScore {
  id: string;
  form: string;
  nameForm: string;
  first: boolean;
  company: boolean;
  clean: boolean;
  right: boolean;
  /** the first sentence states a figure and says it rests on synthetic data */
  syntheticFirst: boolean | null;
  findings: PersonTextFinding[];
  firstText: string;
  why: string[];
}

const squash = (s: string) => s.normalize("NFC").replace(/\s+/g, "").toUpperCase();

/** A company's names: DART's and the vendored aliases (현대자동차 ↔ 현대차, NAVER ↔ 네이버). */
function namesOf(name: string): string[] {
  const c = listedCompanies().find((x) => squash(x.corp_name) === squash(name));
  return c ? [c.corp_name, ...c.aliases] : [name];
}
const sameCompany = (a: string, b: string) => namesOf(b).some((n) => squash(n) === squash(a));
const mentions = (text: string, name: string) => namesOf(name).some((n) => squash(text).includes(squash(n)));

const FACT_WORD: Record<string, RegExp> = {
  dividend: /배당/,
  major_holder: /최대\s?주주|대주주|지분/,
  major_holder_change: /최대\s?주주|대주주|지분/,
  executives: /대표|임원|이사|회장|경영진|CEO/,
  employees: /직원|임직원|인원|근로자|인력/,
  pay: /연봉|보수|급여|성과급|임금/,
  capital_change: /증자|감자|신주|발행|자본금/,
  treasury_stock: /자사주|자기\s?주식/,
  revenue: /매출/,
  profit: /이익/,
  news: /뉴스|기사|보도|소식/,
};

const NOT_FOUND =
  /(공시|보고서)[^.]*(찾지 못했|찾지 못해|없습니다|없어|나와 있지 않|확인되지 않|담겨 있지 않)/;
const GENERIC = /^(정보|자료|공시|확인|보고서|현황|없음|해당|내용|사항|기준|표|목록)/;
const NAME =
  /[가-힣A-Za-z0-9]+\(합성\)|(?:은|는|이|가)\s+[‘'"]?([가-힣A-Za-z][^\s,.()]{0,20})[’'"]?(?:\s*\([^)]*\))?\s*(?:,|와|과|외|등|입니다|이며|이고|씨|\[)/;
const YES_NO_LEAD = /^(?:합성 데이터 기준,\s*)?(예|네|아니요|아니오|아니에요)[,.\s]/;
const YES_NO_VERB = /(했습니다|줬습니다|지급했습니다|있습니다|없습니다|않았습니다|않습니다|합니다|했어요)/;
const COUNT = /\d[\d,]*\s*(명|주|곳|건|개|회)/;
const AMOUNT = /\d[\d,.]*\s*(원|억|조|만\s?원|%|퍼센트)/;
const DATE = /\d{4}[.\-/]\s?\d{1,2}[.\-/]\s?\d{1,2}|\d{4}년\s*\d{1,2}월(\s*\d{1,2}일)?|\d{1,2}월\s*\d{1,2}일/;
const CHANGE = /바뀌|바꿨|바뀐|변동|변경|늘|줄|증가|감소|그대로|같습니다|달라|유지|교체|선임|퇴임|새로/;
const UNKNOWN =
  /찾지 못|없는 회사|등록되(어 있)?지 않|알 수 없|확인되지 않|모릅니다|목록에 없|없습니다|공시 대상이 아닌/;
const NO_COMPANY = /회사 이름이 없어|어느 회사인지/;
const NO_PERIODIC =
  /(정기\s?보고서|사업\s?보고서|정기 공시)[^.]*(내지 않|없습니다|제출하지 않|없어|않습니다)|비상장/;

/** A "not found" sentence names what was checked: the company (any acceptable pick). */
const checkedNamed = (c: NewsCase, fs: string) =>
  [c.expect.company ?? []].flat().some((name) => mentions(fs, name));

function formAnswered(c: NewsCase, fs: string, res: NewsSearchResponse, why: string[]): boolean {
  const { form, fact } = c.expect;
  const factWord = FACT_WORD[fact] ?? /./;
  if (form === "news") {
    const titles = (res.searched_list?.news ?? []).map((n) => n.title);
    const ok = titles.some((t) => t.length >= 6 && fs.includes(t.slice(0, Math.min(12, t.length))));
    if (!ok) why.push("no headline in the first sentence");
    return ok;
  }
  if (!factWord.test(fs)) {
    why.push(`the asked fact (${fact}) is not in the first sentence`);
    return false;
  }
  if (NOT_FOUND.test(fs) && checkedNamed(c, fs)) return true;
  const ok = {
    who: () => {
      const m = NAME.exec(fs);
      return !!m && !(m[1] && GENERIC.test(m[1]));
    },
    yes_no: () => YES_NO_LEAD.test(fs) || (YES_NO_VERB.test(fs) && !/정리했|불러온/.test(fs)),
    how_many: () => COUNT.test(fs),
    how_much: () => AMOUNT.test(fs),
    when: () => DATE.test(fs),
    changed: () => CHANGE.test(fs),
  }[form]();
  if (!ok) why.push(`not in the ${form} form`);
  // a change of the largest shareholder is read from the change table, not the holdings
  if (ok && form === "changed" && fact === "major_holder_change") {
    const keys = (res.selected_documents?.regular ?? []).flatMap((r) => r.api_keys_to_check);
    if (!keys.includes("api_05")) {
      why.push(`the change table (api_05) was not read (${keys.join(",") || "no report"})`);
      return false;
    }
  }
  return ok;
}

function companyHandled(c: NewsCase, fs: string, res: NewsSearchResponse, why: string[]): boolean {
  const text = res.generated_response ?? "";
  const sel = res.selected_documents;
  const pubs = [
    ...(sel?.regular ?? []).map((r) => r.company_name),
    ...(sel?.revision ?? []).map((v) => v.basic_info.company),
  ];
  const e = c.expect;
  if (NO_COMPANY.test(text)) {
    why.push("answered as if no company were named");
    return false;
  }
  if (e.status === "known") {
    const name = e.company as string;
    if (pubs.some((p) => !sameCompany(p, name))) why.push(`filings of ${pubs.join(",")}`);
    else if (!mentions(text, name)) why.push(`${name} not named`);
    else return true;
    return false;
  }
  if (e.status === "ambiguous") {
    const picks = e.company as string[];
    const word = c.q.match(/[가-힣A-Za-z]+/g)?.find((w) => picks.filter((p) => p.startsWith(w)).length >= 2);
    const pick = picks.find((p) => pubs.some((x) => sameCompany(x, p))) ?? picks.find((p) => fs.includes(p));
    if (!pick) {
      why.push("none of the acceptable picks answered for");
      return false;
    }
    const others = new Set(
      listedCompanies()
        .map((x) => x.corp_name)
        .filter((n) => word && n.startsWith(word) && n !== pick && text.includes(n)),
    );
    if (others.size < 2) why.push(`the other candidates are not named (${[...others].join(",")})`);
    return others.size >= 2;
  }
  if (pubs.length) {
    why.push(`filings of ${pubs.join(",")} for a company with none`);
    return false;
  }
  const said = e.status === "unknown" ? UNKNOWN.test(fs) : NO_PERIODIC.test(fs);
  if (!said) why.push(`${e.status} not said in the first sentence`);
  return said;
}

export function scoreNewsAnswer(c: NewsCase, res: NewsSearchResponse): NewsScore {
  const why: string[] = [];
  // the question quoted back ("‘삼전 직원 수 늘었어?’에 대해 …") is not an answer in any form
  const fs = firstSentence(res.generated_response ?? "").replaceAll(`‘${c.q}’`, "‘…’");
  const company = companyHandled(c, fs, res, why);
  const first = ["unknown", "no_periodic"].includes(c.expect.status)
    ? company
    : formAnswered(c, fs, res, why);
  const findings = checkPersonText(res);
  // a figure is a number the answer states, not a year, a citation or a list's name (KOSPI 200)
  const figure = /\d/.test(fs.replace(/\[\d+\]|\d{4}년|\d분기|접수번호 \d+|KOSPI 200|코스피 ?200/g, ""));
  return {
    id: c.id,
    form: c.expect.form,
    nameForm: c.nameForm,
    first,
    company,
    clean: findings.length === 0,
    right: first && company && findings.length === 0,
    syntheticFirst: res.meta.synthetic && figure ? /합성/.test(fs) : null,
    findings,
    firstText: fs,
    why,
  };
}

const pct = (n: number, d: number) => `${n}/${d} (${d ? Math.round((100 * n) / d) : 0} %)`;

function table(scores: NewsScore[], by: (s: NewsScore) => string, head: string): string[] {
  const lines = [
    `| ${head} | first sentence answers | company handled | no technical string | right (all three) |`,
    "|---|---|---|---|---|",
  ];
  const groups = [...new Set(scores.map(by))];
  for (const g of [...groups, "**all**"]) {
    const xs = g === "**all**" ? scores : scores.filter((s) => by(s) === g);
    const count = (f: (s: NewsScore) => boolean) => pct(xs.filter(f).length, xs.length);
    lines.push(
      `| ${g} | ${count((s) => s.first)} | ${count((s) => s.company)} | ${count((s) => s.clean)} | ${count((s) => s.right)} |`,
    );
  }
  return lines;
}

/** The report of one run: per form, per name form, the technical strings by kind. */
export function newsReport(scores: NewsScore[]): string {
  const kinds = new Map<string, number>();
  for (const s of scores) for (const f of s.findings) kinds.set(f.kind, (kinds.get(f.kind) ?? 0) + 1);
  const withFigure = scores.filter((s) => s.syntheticFirst !== null);
  return [
    ...table(scores, (s) => s.form, "form"),
    "",
    ...table(scores, (s) => s.nameForm, "name form"),
    "",
    `technical strings: ${[...kinds.values()].reduce((a, b) => a + b, 0)} in ${scores.filter((s) => !s.clean).length} answers (${[...kinds].map(([k, n]) => `${k} ${n}`).join(", ") || "none"})`,
    `first sentences with a synthetic figure that say so: ${pct(withFigure.filter((s) => s.syntheticFirst).length, withFigure.length)}`,
  ].join("\n");
}

/** The bench's fixed day: 2026-12-02, noon KST. */
export const NEWS_BENCH_NOW = fromKst(2026, 12, 2, 12);

export async function benchAnswersNews(
  file = process.argv[3] ?? "test/fixtures/eval/answers-blind2/news-blind1.jsonl",
) {
  const cases = readFileSync(new URL(`../${file}`, import.meta.url), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as NewsCase);
  const config = loadConfig({ DATA_DIR: "/nonexistent-dongne-data", LOG_LEVEL: "SILENT" });
  const deps = createNewsDeps(config.news, { now: () => NEWS_BENCH_NOW });
  const world = await testWorld({ services: { "news.deps": deps } }, { LOG_LEVEL: "SILENT" });
  const scores: NewsScore[] = [];
  try {
    for (const c of cases) {
      const res = await world.context.services.news.search({ query: c.q });
      scores.push(scoreNewsAnswer(c, res));
    }
  } finally {
    await world.close();
  }
  console.log(`## News answers: ${file} (${cases.length} questions, rules alone, no keys)\n`);
  console.log(newsReport(scores));
  if (process.env.VERBOSE)
    for (const s of scores)
      console.log(
        `\n${s.id} [${s.form}/${s.nameForm}] ${s.right ? "RIGHT" : "wrong"}: ${s.firstText}\n  ${[
          ...s.why,
          ...s.findings.map((f) => `${f.path}: ${f.kind} ‘${f.match}’`),
        ].join("\n  ")}`,
      );
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await benchAnswersNews(process.argv[2]);
