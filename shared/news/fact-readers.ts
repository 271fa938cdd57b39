// One reader per fact a question asks (question-form.ts's topics): each reads the loaded tables and
// writes the first sentence in the question's form, or says what it checked and did not find. The
// shares and people readers are in fact-readers-shares.ts.
import type { Topic } from "./question-form.ts";
import { personBeforePay } from "./question-form.ts";
import {
  changeSentence,
  checked,
  cite,
  count,
  newest,
  num,
  rowWhere,
  topicOf,
  won,
  yearBefore,
  type FactContext,
} from "./fact-tables.ts";
import {
  capitalChange,
  executives,
  holderChange,
  majorHolder,
  outsideDirectors,
  treasuryStock,
} from "./fact-readers-shares.ts";

type Reader = (ctx: FactContext) => string | undefined;

function dividend(ctx: FactContext): string | undefined {
  const t = newest(ctx, "api_02");
  const row = t && rowWhere(t.rows, "se", /주당\s?현금배당금/);
  if (!t || !row)
    return `${ctx.company}의 배당은 공시에서 찾지 못했습니다: ${checked(ctx, t, "배당에 관한 사항")}.`;
  const dps = num(row.thstrm);
  const before = num(row.frmtrm);
  const period = t.quarter === 4 ? `${t.year}년` : `${t.year}년 ${t.quarter}분기까지`;
  const perShare = dps ? `주당 현금배당금은 보통주 ${won(dps)}입니다` : "현금배당을 하지 않았습니다";
  if (ctx.form === "when")
    return `${ctx.company}의 배당 기준일은 공시에서 찾지 못했습니다: ${t.report}의 배당에 관한 사항에는 ${period} 주당 현금배당금(${dps ? won(dps) : "없음"})만 있고 기준일은 없습니다 ${cite(t)}.`;
  // a quarter's table with nothing paid so far this year, and the year not asked for: the last full
  // year, the table's 전기 column, answers (an annual payer pays after its business report)
  const thisYearAsked = new RegExp(`올해|금년|이번|분기|반기|${t.year}`).test(ctx.query);
  if (t.quarter !== 4 && !dps && before !== undefined && ctx.form !== "changed" && !thisYearAsked) {
    const last = `${t.year - 1}년`;
    const soFar = `${t.year}년 ${t.quarter}분기까지 지급한 현금배당은 없습니다`;
    const source = `${t.report}의 전기`;
    if (ctx.form === "yes_no")
      return before
        ? `예, ${topicOf(ctx.company, "은/는")} 배당을 합니다: ${last} 주당 현금배당금은 보통주 ${won(before)}입니다(${source}; ${soFar}) ${cite(t)}.`
        : `아니요, ${topicOf(ctx.company, "은/는")} ${last} 현금배당을 하지 않았습니다(${source}; ${soFar}) ${cite(t)}.`;
    return `${ctx.company}의 ${last} 주당 현금배당금은 ${before ? `보통주 ${won(before)}` : "0원"}입니다(${source}; ${soFar}) ${cite(t)}.`;
  }
  if (ctx.form === "changed" && dps !== undefined && before !== undefined)
    return `${changeSentence(
      ctx.query,
      `${ctx.company}의 주당 현금배당금(보통주)은`,
      { value: before, text: `${t.year - 1}년 ${won(before)}` },
      { value: dps, text: `${t.year}년 ${won(dps)}` },
    )}(${t.report}) ${cite(t)}.`;
  if (ctx.form === "yes_no")
    return dps
      ? `예, ${topicOf(ctx.company, "은/는")} 배당을 합니다: ${period} ${perShare} ${cite(t)}.`
      : `아니요, ${topicOf(ctx.company, "은/는")} ${period} 현금배당을 하지 않았습니다(${t.report}) ${cite(t)}.`;
  if (dps) return `${ctx.company}의 ${period} ${perShare}(${t.report}) ${cite(t)}.`;
  // how much, when none was paid: the amount is nothing, said as an amount
  if (ctx.form === "how_much")
    return `${ctx.company}의 ${period} 주당 현금배당금은 0원입니다: 현금배당을 하지 않았습니다(${t.report}) ${cite(t)}.`;
  return `${topicOf(ctx.company, "은/는")} ${period} 현금배당을 하지 않았습니다(${t.report}) ${cite(t)}.`;
}

function employees(ctx: FactContext): string | undefined {
  const t = newest(ctx, "api_08");
  const total = t && rowWhere(t.rows, "sexdstn", /합계/);
  if (!t || !total)
    return `${ctx.company}의 직원 수는 공시에서 찾지 못했습니다: ${checked(ctx, t, "직원 현황")}.`;
  const women = rowWhere(t.rows, "sexdstn", /^여/);
  const men = rowWhere(t.rows, "sexdstn", /^남/);
  const sm = num(total.sm) ?? 0;
  if (ctx.form === "changed") {
    const b = yearBefore(ctx, t);
    const before = b && num(rowWhere(b.rows, "sexdstn", /합계/)?.sm);
    if (b && before !== undefined)
      return `${changeSentence(
        ctx.query,
        `${ctx.company}의 직원은`,
        { value: before, text: `${b.report} ${count(before, "명")}` },
        { value: sm, text: `${t.report} ${count(sm, "명")}` },
      )} ${cite(t, b)}.`;
  }
  if (/여(직원|성|자)|여사원/.test(ctx.query) && women)
    return `${ctx.company}의 여성 직원은 ${count(num(women.sm) ?? 0, "명")}입니다(전체 ${count(sm, "명")}, ${t.report}) ${cite(t)}.`;
  if (/남(직원|성|자)|남사원/.test(ctx.query) && men)
    return `${ctx.company}의 남성 직원은 ${count(num(men.sm) ?? 0, "명")}입니다(전체 ${count(sm, "명")}, ${t.report}) ${cite(t)}.`;
  return `${ctx.company}의 직원은 ${count(sm, "명")}입니다(${t.report}${
    men && women ? `; 남성 ${count(num(men.sm) ?? 0, "명")}, 여성 ${count(num(women.sm) ?? 0, "명")}` : ""
  }) ${cite(t)}.`;
}

function employeePay(ctx: FactContext): string | undefined {
  const t = newest(ctx, "api_08");
  const total = t && rowWhere(t.rows, "sexdstn", /합계/);
  const pay = num(total?.jan_salary_am);
  if (!t || pay === undefined)
    return `${ctx.company} 직원의 급여는 공시에서 찾지 못했습니다: ${checked(ctx, t, "직원 현황")}.`;
  const period = t.quarter === 4 ? `${t.year}년` : `${t.year}년 ${t.quarter}분기까지(누적)`;
  if (/성과급|상여|보너스/.test(ctx.query))
    return `${ctx.company}의 성과급 지급 여부는 공시에서 찾지 못했습니다: ${t.report}의 직원 현황에는 ${period} 직원 1인 평균 급여(${won(pay)})만 있습니다 ${cite(t)}.`;
  if (ctx.form === "changed") {
    const b = yearBefore(ctx, t);
    const before = b && num(rowWhere(b.rows, "sexdstn", /합계/)?.jan_salary_am);
    if (b && before !== undefined)
      return `${changeSentence(
        ctx.query,
        `${ctx.company} 직원의 1인 평균 급여는`,
        { value: before, text: `${b.report} ${won(before)}` },
        { value: pay, text: `${t.report} ${won(pay)}` },
      )} ${cite(t, b)}.`;
  }
  return `${ctx.company} 직원의 1인 평균 급여는 ${period} ${won(pay)}입니다(${t.report}) ${cite(t)}.`;
}

function executivePay(ctx: FactContext): string | undefined {
  const person = personBeforePay(ctx.query);
  const all = newest(ctx, "api_10");
  const row = all?.rows[0];
  const avg = num(row?.jan_avrg_mendng_am);
  const average =
    all && avg !== undefined
      ? `등기이사 1인 평균 보수는 ${won(avg)}입니다(${count(num(row?.nmpr) ?? 0, "명")}, ${all.report}) ${cite(all)}`
      : undefined;
  if (person) {
    const paid = ["api_11", "api_09"]
      .map((k) => newest(ctx, k))
      .find((t) => t?.rows.some((r) => r.nm?.startsWith(person)));
    const mine = paid?.rows.find((r) => r.nm?.startsWith(person));
    if (paid && mine)
      return `${person}의 보수는 ${won(num(mine.mendng_totamt) ?? 0)}입니다(${paid.report}) ${cite(paid)}.`;
    const where = newest(ctx, "api_11") ?? all;
    return `${person}의 개인 보수는 공시에서 찾지 못했습니다: ${ctx.company} ${where?.report ?? "정기보고서"}의 개인별 보수(5억 원 이상)에 없고, ${average ?? "이사 전체 보수도 불러오지 못했습니다"}.`;
  }
  if (!all || avg === undefined)
    return `${ctx.company} 임원의 보수는 공시에서 찾지 못했습니다: ${checked(ctx, all, "이사·감사 전체의 보수현황")}.`;
  if (ctx.form === "changed") {
    const b = yearBefore(ctx, all);
    const before = b && num(b.rows[0]?.jan_avrg_mendng_am);
    if (b && before !== undefined)
      return `${changeSentence(
        ctx.query,
        `${ctx.company} 등기이사의 1인 평균 보수는`,
        { value: before, text: `${b.report} ${won(before)}` },
        { value: avg, text: `${all.report} ${won(avg)}` },
      )} ${cite(all, b)}.`;
  }
  return `${ctx.company}의 ${average}.`;
}

/** 적자 or 흑자: a loss is said as one ("영업손실 3,000억 원"), never as a negative profit. */
const DEFICIT = /적자|흑자/;
const lossName = (account: string) => account.replace("이익", "손실");

function accounts(ctx: FactContext): string | undefined {
  const t = newest(ctx, "accounts");
  const deficit = DEFICIT.test(ctx.query);
  const want = /영업\s?(이익|손실|적자|흑자)/.test(ctx.query)
    ? "영업이익"
    : /순\s?(이익|손실|적자|흑자)|순익/.test(ctx.query)
      ? "당기순이익"
      : deficit
        ? "영업이익"
        : "매출액";
  const rows = t?.rows.some((r) => r.fs_div === "CFS")
    ? t.rows.filter((r) => r.fs_div === "CFS")
    : (t?.rows ?? []);
  const row = rows.find((r) => r.account_nm === want);
  const now = num(row?.thstrm_amount);
  if (!t || !row || now === undefined)
    return `${ctx.company}의 ${want}은 공시에서 찾지 못했습니다: ${checked(ctx, t, "재무제표 주요계정")}.`;
  const before = num(row.frmtrm_amount);
  const said = now < 0 ? `${lossName(want)} ${won(-now)}` : `${want} ${won(now)}`;
  if (deficit && ctx.form !== "changed") {
    // "적자였어?" is answered 예 on a loss, "흑자야?" on a profit; any other form states which it was
    const loss = now < 0;
    const asked = /적자/.test(ctx.query) ? loss : !loss;
    const which = `${want === "영업이익" ? "영업" : "순"}${loss ? "적자" : "흑자"}`;
    const lead = ctx.form === "yes_no" ? `${asked ? "예" : "아니요"}, ` : "";
    return `${lead}${topicOf(ctx.company, "은/는")} ${t.report.replace(/ \S+보고서$/, "")} ${which}였습니다: ${said}(${t.report}) ${cite(t)}.`;
  }
  if (ctx.form === "changed" && before !== undefined)
    return `${changeSentence(
      ctx.query,
      `${ctx.company}의 ${want}은`,
      { value: before, text: `전년 같은 기간 ${won(before)}` },
      { value: now, text: won(now) },
    )}(${t.report}) ${cite(t)}.`;
  if (now < 0) return `${t.report} 기준 ${ctx.company}의 ${want}은 적자로, ${said}입니다 ${cite(t)}.`;
  return `${t.report} 기준 ${ctx.company}의 ${want}은 ${won(now)}입니다 ${cite(t)}.`;
}

/** The auditor's opinion on the latest business year the report covers (api_24's 당기 row). */
function audit(ctx: FactContext): string | undefined {
  const t = newest(ctx, "api_24");
  const row = t && (rowWhere(t.rows, "bsns_year", /당기/) ?? t.rows[0]);
  const opinion = row?.adt_opinion?.trim();
  if (!t || !row || !opinion || opinion === "-")
    return `${ctx.company}의 감사의견은 공시에서 찾지 못했습니다: ${checked(ctx, t, "회계감사인의 명칭 및 감사의견")}.`;
  const term = row.bsns_year?.replace(/\(당기\)/, "") ?? "";
  const year = t.quarter === 4 ? `${t.year}년${term ? `(${term})` : ""}` : term;
  const auditor = row.adtor?.trim();
  if (ctx.form === "who" && auditor)
    return `${ctx.company}의 ${year} 감사인은 ${auditor}입니다(감사의견 ${opinion}, ${t.report}) ${cite(t)}.`;
  const clean = opinion === "적정";
  const lead =
    ctx.form === "yes_no" && /적정|문제|괜찮/.test(ctx.query) ? `${clean ? "예" : "아니요"}, ` : "";
  return `${lead}${ctx.company}의 ${year} 감사의견은 ${opinion}입니다${auditor ? `(감사인 ${auditor}, ${t.report})` : `(${t.report})`} ${cite(t)}.`;
}

function news(ctx: FactContext): string | undefined {
  const about = ctx.company ? `${ctx.company} 관련 ` : "";
  if (!ctx.news.length) return `${about}최근 뉴스는 찾지 못했습니다.`;
  const latest = [...ctx.news].sort((a, b) => b.header.localeCompare(a.header))[0]!;
  const date = latest.header.slice(0, 10);
  return `${about}가장 최근 뉴스는 ${date}의 ‘${latest.title}’입니다 [${latest.n}].`;
}

export const TOPIC_READERS: Record<Topic, Reader> = {
  dividend,
  major_holder: majorHolder,
  holder_change: holderChange,
  executives,
  outside_directors: outsideDirectors,
  employees,
  employee_pay: employeePay,
  executive_pay: executivePay,
  capital_change: capitalChange,
  treasury_stock: treasuryStock,
  accounts,
  audit,
  news,
};
