// The first sentence's readers for shares and people: the largest shareholder (api_04) and its changes
// (api_05, the change table: a "did it change" question never reads the holdings), executives (api_07)
// and outside directors (api_27 with api_07's names), capital changes (api_01) and treasury shares
// (api_03). Each answers in the question's form or says what it checked.
import type { DartRow } from "../providers/opendart.ts";
import {
  changeSentence,
  checked,
  cite,
  count,
  newest,
  num,
  rowWhere,
  topicOf,
  particle,
  yearBefore,
  type FactContext,
  type Table,
} from "./fact-tables.ts";
import { askedValue } from "./question-form.ts";

/** "2025.06.12" → "2025년 6월 12일"; "2021.03" → "2021년 3월". */
export function koreanDate(dotted: string): string {
  const [y, m, d] = dotted.split(/[.-]/).map((x) => Number(x));
  if (!y || !m) return dotted;
  return `${y}년 ${m}월${d ? ` ${d}일` : ""}`;
}

const holderName = (nm: string | undefined) => (nm ?? "").replace(/\s*외\s*\d+\s*인$/, "");

const squash = (s: string) => s.replace(/\s+|\(주\)|㈜|주식회사/g, "").toUpperCase();

export function majorHolder(ctx: FactContext): string | undefined {
  if (ctx.form === "changed" && newest(ctx, "api_05")) return holderChange(ctx);
  const t = newest(ctx, "api_04");
  const holder = t && rowWhere(t.rows, "relate", /본인/);
  if (!t || !holder)
    return `${ctx.company}의 최대주주는 공시에서 찾지 못했습니다: ${checked(ctx, t, "최대주주 현황")}.`;
  const all = rowWhere(t.rows, "nm", /^계$/);
  const own = holder.trmend_posesn_stock_qota_rt;
  const with_ = all ? `, 특수관계인을 합치면 ${all.trmend_posesn_stock_qota_rt}%` : "";
  if (ctx.form === "changed") {
    const before = holder.bsis_posesn_stock_qota_rt;
    return `${changeSentence(
      ctx.query,
      `${ctx.company}의 최대주주 ${holder.nm}의 지분율은`,
      { value: num(before) ?? 0, text: `기초 ${before}%` },
      { value: num(own) ?? 0, text: `기말 ${own}%` },
    )}(${t.report}) ${cite(t)}.`;
  }
  if (ctx.form === "how_much")
    return `${ctx.company}의 최대주주 ${holder.nm}의 지분율은 ${own}%${with_}입니다(${t.report}) ${cite(t)}.`;
  const asked = ctx.form === "yes_no" ? askedValue(ctx.query) : undefined;
  if (asked) {
    const same = squash(holder.nm ?? "").includes(squash(asked));
    const said = `(지분 ${own}%${with_}; ${t.report}) ${cite(t)}`;
    return same
      ? `예, ${ctx.company}의 최대주주는 ${holder.nm}입니다${said}.`
      : `아니요, ${ctx.company}의 최대주주는 ${asked}${particle(asked, "이/가")} 아니라 ${holder.nm}입니다${said}.`;
  }
  if (ctx.form === "how_many" && all)
    return `${ctx.company}의 최대주주와 특수관계인은 모두 ${all.trmend_posesn_stock_co}주(${all.trmend_posesn_stock_qota_rt}%)를 가지고 있습니다(${t.report}) ${cite(t)}.`;
  return `${ctx.company}의 최대주주는 ${holder.nm}입니다(지분 ${own}%${with_}; ${t.report}) ${cite(t)}.`;
}

/** The rows of api_05 where the holder is another than in the row before (or the cause says so). */
function holderSwitches(rows: DartRow[]): DartRow[] {
  return rows.filter(
    (r, i) =>
      /최대주주\s?변경/.test(r.change_cause ?? "") ||
      (i > 0 && holderName(r.mxmm_shrholdr_nm) !== holderName(rows[i - 1]!.mxmm_shrholdr_nm)),
  );
}

export function holderChange(ctx: FactContext): string | undefined {
  const t = newest(ctx, "api_05");
  if (!t)
    return `${ctx.company}의 최대주주 변동은 공시에서 찾지 못했습니다: ${checked(ctx, t, "최대주주 변동현황")}.`;
  const rows = [...t.rows].sort((a, b) => (a.change_on ?? "").localeCompare(b.change_on ?? ""));
  const last = rows.at(-1);
  const switches = holderSwitches(rows);
  const lastSwitch = switches.at(-1);
  const before = (r: DartRow) => holderName(rows[rows.indexOf(r) - 1]?.mxmm_shrholdr_nm) || "이전 최대주주";
  if (ctx.form === "when") {
    if (lastSwitch)
      return `${ctx.company}의 최대주주가 마지막으로 바뀐 때는 ${koreanDate(lastSwitch.change_on ?? "")}입니다: ${before(lastSwitch)}에서 ${holderName(lastSwitch.mxmm_shrholdr_nm)}${particle(holderName(lastSwitch.mxmm_shrholdr_nm), "으로/로")} 바뀌었습니다(${lastSwitch.change_cause}) ${cite(t)}.`;
    return `${ctx.company}의 최대주주가 바뀐 기록은 공시에서 찾지 못했습니다: ${t.report}의 최대주주 변동현황(최근 5년)에 ${
      last
        ? `지분율 변동만 있고 마지막 변동은 ${koreanDate(last.change_on ?? "")}(${last.change_cause})입니다`
        : "변동 기록이 없습니다"
    } ${cite(t)}.`;
  }
  const inYear = rows.filter((r) => (r.change_on ?? "").startsWith(`${t.year}.`));
  const stake = /지분/.test(ctx.query);
  const switched = switches.filter((r) => inYear.includes(r)).at(-1);
  if (switched)
    return `예, 바뀌었습니다: ${koreanDate(switched.change_on ?? "")}에 ${ctx.company}의 최대주주가 ${before(switched)}에서 ${holderName(switched.mxmm_shrholdr_nm)}${particle(holderName(switched.mxmm_shrholdr_nm), "으로/로")} 바뀌었습니다(${switched.change_cause}; ${t.report}) ${cite(t)}.`;
  const moved = inYear.at(-1);
  if (moved && stake)
    return `예, 있었습니다: ${koreanDate(moved.change_on ?? "")}에 ${ctx.company} 최대주주(${holderName(moved.mxmm_shrholdr_nm)}) 측 지분율이 ${moved.qota_rt}%${particle(`${moved.qota_rt}%`, "으로/로")} 바뀌었습니다(${moved.change_cause}; ${t.report}) ${cite(t)}.`;
  const holder = holderName(last?.mxmm_shrholdr_nm);
  return `아니요, ${t.year}년에는 ${ctx.company}의 최대주주가 바뀌지 않았습니다: ${
    holder ? `최대주주는 ${holder} 그대로이고` : "최대주주 변동현황에"
  } ${moved ? `${koreanDate(moved.change_on ?? "")}에 지분율만 ${moved.qota_rt}%${particle(`${moved.qota_rt}%`, "으로/로")} 바뀌었습니다` : "올해 변동 기록이 없습니다"}(${t.report}) ${cite(t)}.`;
}

const registered = (rows: DartRow[]) => rows.filter((r) => r.rgist_exctv_at === "등기임원");
const names = (rows: DartRow[], max = 5) =>
  rows.length > max
    ? `${rows
        .slice(0, max)
        .map((r) => r.nm)
        .join(", ")} 외 ${rows.length - max}명`
    : rows.map((r) => r.nm).join(", ");
const sinceOf = (r: DartRow) => /^(\d{4})\.(\d{2})/.exec(r.hffc_pd ?? "")?.[0];

export function executives(ctx: FactContext): string | undefined {
  const t = newest(ctx, "api_07");
  if (!t || !t.rows.length)
    return `${ctx.company}의 임원은 공시에서 찾지 못했습니다: ${checked(ctx, t, "임원 현황")}.`;
  const board = registered(t.rows);
  const ceo = t.rows.filter((r) => /대표/.test(r.ofcps ?? ""));
  if (/사외\s?이사/.test(ctx.query)) return outsideDirectors(ctx);
  if (ctx.form === "how_many")
    return `${ctx.company}의 임원은 모두 ${count(t.rows.length, "명")}입니다: 등기임원 ${count(board.length, "명")}, 미등기임원 ${count(t.rows.length - board.length, "명")}(${t.report}) ${cite(t)}.`;
  if (ctx.form === "changed" || (ctx.form === "yes_no" && /바뀌|바뀐|교체|새로/.test(ctx.query)))
    return /대표|CEO|사장|최고경영자/i.test(ctx.query) && ceo.length
      ? ceoChange(ctx, t)
      : boardChange(ctx, t);
  if (ctx.form === "when") {
    const start = ceo[0] && sinceOf(ceo[0]);
    if (ceo[0] && start)
      return `${ctx.company}의 대표이사가 지금의 ${ceo[0].nm}${particle(ceo[0].nm ?? "", "으로/로")} 바뀐 때는 ${koreanDate(start)}입니다(재직기간 기준, ${t.report}) ${cite(t)}.`;
    return `${ctx.company}의 대표이사가 바뀐 때는 공시에서 찾지 못했습니다: ${checked(ctx, t, "임원 현황")}.`;
  }
  if (/회장/.test(ctx.query)) {
    const chair = t.rows.filter((r) => /회장/.test(r.ofcps ?? ""));
    if (chair.length) return `${ctx.company}의 회장은 ${names(chair)}입니다(${t.report}) ${cite(t)}.`;
    return `${ctx.company}의 임원 현황에 회장 직함은 없고, 대표이사는 ${names(ceo) || "공시에 없습니다"}입니다(${t.report}) ${cite(t)}.`;
  }
  if (/대표|CEO|사장|최고경영자/i.test(ctx.query) && ceo.length)
    return `${ctx.company}의 대표이사는 ${names(ceo)}입니다(${t.report}) ${cite(t)}.`;
  return `${ctx.company}의 등기임원은 ${names(board.map((r) => ({ ...r, nm: `${r.nm}(${r.ofcps})` })))}입니다(${t.report}) ${cite(t)}.`;
}

/** The CEO now against a year before (or, with no report a year before, since when the CEO serves). */
function ceoChange(ctx: FactContext, t: Table): string {
  const isCeo = (r: DartRow) => /대표/.test(r.ofcps ?? "");
  const now = t.rows.filter(isCeo);
  const b = yearBefore(ctx, t);
  const then = b?.rows.filter(isCeo) ?? [];
  const who = `${ctx.company}의 대표이사`;
  if (!b || !then.length) {
    const start = sinceOf(now[0]!);
    const fresh = start?.startsWith(String(t.year));
    const since = start ? `${koreanDate(start)}부터 재직하고 있습니다` : "재직하고 있습니다";
    return `${fresh ? "예" : "아니요"}, ${who} ${names(now)}${particle(now.at(-1)?.nm ?? "", "은/는")} ${since}(${t.report}) ${cite(t)}.`;
  }
  const key = (rows: DartRow[]) =>
    rows
      .map((r) => r.nm ?? "")
      .sort()
      .join(",");
  if (key(now) === key(then))
    return `아니요, ${who}는 ${b.report}${particle(b.report, "와/과")} ${t.report} 모두 ${names(now)}입니다 ${cite(t, b)}.`;
  return `예, 바뀌었습니다: ${who}는 ${b.report}의 ${names(then)}에서 ${t.report}의 ${names(now)}${particle(now.at(-1)?.nm ?? "", "으로/로")} 바뀌었습니다 ${cite(t, b)}.`;
}

/** The registered directors now against a year before: who came, who left. */
function boardChange(ctx: FactContext, t: Table): string {
  const b = yearBefore(ctx, t);
  const now = registered(t.rows).map((r) => r.nm ?? "");
  if (!b) {
    const fresh = registered(t.rows).filter((r) => sinceOf(r)?.startsWith(String(t.year)));
    return fresh.length
      ? `예, 바뀌었습니다: ${t.year}년에 ${names(fresh)}${particle(fresh.at(-1)?.nm ?? "", "이/가")} 새로 등기임원이 됐습니다(${t.report}) ${cite(t)}.`
      : `아니요, ${t.year}년에 새로 선임된 ${ctx.company} 등기임원은 없습니다(${t.report}) ${cite(t)}.`;
  }
  const then = registered(b.rows).map((r) => r.nm ?? "");
  const came = now.filter((n) => !then.includes(n));
  const left = then.filter((n) => !now.includes(n));
  if (!came.length && !left.length)
    return `아니요, ${ctx.company}의 등기임원은 ${b.report}${particle(b.report, "와/과")} ${t.report}에서 같습니다 ${cite(t, b)}.`;
  const parts = [
    came.length ? `${came.join(", ")}${particle(came.at(-1)!, "이/가")} 새로 선임되고` : "",
    left.length ? `${left.join(", ")}${particle(left.at(-1)!, "이/가")} 물러났습니다` : "새로 선임됐습니다",
  ];
  return `예, 바뀌었습니다: ${b.report} 이후 ${ctx.company}의 등기임원 중 ${parts.join(" ")} ${cite(t, b)}.`.replace(
    "선임되고 새로 선임됐습니다",
    "선임됐습니다",
  );
}

export function outsideDirectors(ctx: FactContext): string | undefined {
  const counts = newest(ctx, "api_27");
  const people = newest(ctx, "api_07");
  const outside = people?.rows.filter((r) => r.ofcps === "사외이사") ?? [];
  const row = counts?.rows[0];
  if (ctx.form === "how_many" && counts && row)
    return `${ctx.company}의 사외이사는 ${count(num(row.otcmp_drctr_co) ?? 0, "명")}입니다(이사 ${count(num(row.drctr_co) ?? 0, "명")} 중, ${counts.report}) ${cite(counts)}.`;
  if (ctx.form === "changed" && people) return boardChange(ctx, people);
  if (people && outside.length)
    return `${ctx.company}의 사외이사는 ${names(outside, 8)}입니다(${people.report}) ${cite(people)}.`;
  if (counts && row)
    return `${ctx.company}의 사외이사는 ${count(num(row.otcmp_drctr_co) ?? 0, "명")}입니다(${counts.report}) ${cite(counts)}.`;
  return `${ctx.company}의 사외이사는 공시에서 찾지 못했습니다: ${checked(ctx, people ?? counts, "임원 현황")}.`;
}

const CAPITAL_KINDS: [RegExp, RegExp, string][] = [
  [/유상/, /유상/, "유상증자"],
  [/무상/, /무상/, "무상증자"],
  [/감자/, /감자/, "감자"],
  [/소각/, /소각/, "주식 소각"],
  [/합병/, /합병/, "합병 신주 발행"],
  [/전환/, /전환/, "전환권 행사 신주 발행"],
];

export function capitalChange(ctx: FactContext): string | undefined {
  const t = newest(ctx, "api_01");
  const kind = CAPITAL_KINDS.find(([asked]) => asked.test(ctx.query));
  const what = kind?.[2] ?? "증자(신주 발행)";
  const match = (r: DartRow) =>
    kind ? kind[1].test(r.isu_dcrs_stle ?? "") : !/소각|감자/.test(r.isu_dcrs_stle ?? "");
  const thisYear = /올해|금년|올\s/.test(ctx.query) ? String(t?.year ?? "") : "";
  const rows = (t?.rows ?? [])
    .filter((r) => match(r) && (r.isu_dcrs_de ?? "").startsWith(thisYear))
    .sort((a, b) => (a.isu_dcrs_de ?? "").localeCompare(b.isu_dcrs_de ?? ""));
  const last = rows.at(-1);
  const scope = thisYear ? `${thisYear}년` : "최근 5년";
  const where = t ? `${t.report}의 증자(감자) 현황(${scope})` : `${ctx.company}의 증자(감자) 현황`;
  if (!last) {
    if (ctx.form === "when")
      return `${ctx.company}의 ${what}${particle(what, "은/는")} 공시에서 찾지 못했습니다: ${where}에 기록이 없습니다${t ? ` ${cite(t)}` : ""}.`;
    return `아니요, ${topicOf(ctx.company, "은/는")} ${scope} 동안 ${what}${particle(what, "을/를")} 하지 않았습니다(${where})${t ? ` ${cite(t)}` : ""}.`;
  }
  const did = `${koreanDate(last.isu_dcrs_de ?? "")}에 ${last.isu_dcrs_stle}로 ${last.isu_dcrs_stock_knd} ${last.isu_dcrs_qy}주를 ${/소각|감자/.test(last.isu_dcrs_stle ?? "") ? "줄였습니다" : "발행했습니다"}`;
  if (ctx.form === "when")
    return `${ctx.company}의 마지막 ${what}${particle(what, "은/는")} ${koreanDate(last.isu_dcrs_de ?? "")}입니다: ${did.split("에 ").slice(1).join("에 ")} ${cite(t)}.`;
  return `예, ${topicOf(ctx.company, "은/는")} ${did} ${cite(t)}.`;
}

export function treasuryStock(ctx: FactContext): string | undefined {
  const t = newest(ctx, "api_03");
  const total = t && (rowWhere(t.rows, "acqs_mth1", /총계|합계/) ?? t.rows.at(-1));
  if (!t || !total)
    return `${ctx.company}의 자사주는 공시에서 찾지 못했습니다: ${checked(ctx, t, "자기주식 취득 및 처분 현황")}.`;
  const end = `${t.year}년 ${t.quarter * 3}월 ${t.quarter === 1 || t.quarter === 4 ? 31 : 30}일`;
  const span = `${t.year}년 1월 1일부터 ${end.slice(6)}까지`;
  const bought = num(total.change_qy_acqs) ?? 0;
  const cut = num(total.change_qy_incnr) ?? 0;
  const open = num(total.bsis_qy) ?? 0;
  const close = num(total.trmend_qy) ?? 0;
  if (ctx.form === "how_many" || ctx.form === "statement" || ctx.form === "how_much" || ctx.form === "who")
    return `${topicOf(ctx.company, "은/는")} 자사주(자기주식) ${total.trmend_qy}주를 가지고 있습니다(${end} 기준, ${t.report}) ${cite(t)}.`;
  if (ctx.form === "changed")
    return `${changeSentence(
      ctx.query,
      `${ctx.company}의 자사주는`,
      { value: open, text: `${t.year}년 초 ${total.bsis_qy}주` },
      { value: close, text: `${end} ${total.trmend_qy}주` },
    )}(${t.report}) ${cite(t)}.`;
  const cancelling = /소각/.test(ctx.query);
  const n = cancelling ? cut : bought;
  const verb = cancelling ? "소각했습니다" : "취득했습니다";
  if (ctx.form === "when")
    return n
      ? `${topicOf(ctx.company, "은/는")} ${t.year}년 1월 1일에서 ${end.slice(6)} 사이에 자사주 ${cancelling ? total.change_qy_incnr : total.change_qy_acqs}주를 ${verb}: 정기보고서에는 날짜가 따로 없어 ${t.report}의 기간으로 답합니다 ${cite(t)}.`
      : `${ctx.company}의 자사주 ${cancelling ? "소각" : "취득"}은 공시에서 찾지 못했습니다: ${t.report}(${span})의 자기주식 현황에 없습니다 ${cite(t)}.`;
  return n
    ? `예, ${topicOf(ctx.company, "은/는")} ${span} 자사주 ${cancelling ? total.change_qy_incnr : total.change_qy_acqs}주를 ${verb}(${t.report}) ${cite(t)}.`
    : `아니요, ${topicOf(ctx.company, "은/는")} ${span} 자사주를 ${cancelling ? "소각하지" : "취득하지"} 않았습니다(${t.report}) ${cite(t)}.`;
}
