// The OpenDART sample's tables are internally consistent and plausible for every vendored company
// (shared/providers/embedded/sample-facts.ts states the ranges): totals are the sums of their rows, ratios
// their figures' ratios, a count in one table is the rows of another, pay-band tables list no one under
// the band, and every figure is within what real reports of a company that size show. The sample news
// chooses its particles (no "이(가)").
// Cost: every company's tables for two periods (about 7,000 generated tables, a few seconds).
import { describe, expect, it } from "vitest";
import { listedCompanies } from "../../shared/data/listed-companies.ts";
import { fromKst } from "../../shared/platform/time.ts";
import { EmbeddedDart } from "../../shared/providers/embedded/dart-sample.ts";
import { EmbeddedNews } from "../../shared/providers/embedded/news-sample.ts";
import type { DartRow, ReprtCode } from "../../shared/providers/opendart.ts";

const now = () => fromKst(2026, 12, 2, 12);
const dart = new EmbeddedDart({ now });
const n = (s: string | undefined) => (s && /\d/.test(s) ? Number(s.replace(/,/g, "")) : 0);
const listed = listedCompanies().filter((c) => c.stock_code);
const PERIODS: [number, ReprtCode][] = [
  [2025, "11011"],
  [2026, "11014"],
];

async function tables(corp: string, year: number, code: ReprtCode) {
  const get = async (key: string) =>
    (await dart.keyInfo({ apiCalls: 0 }, key, { corp_code: corp, bsns_year: year, reprt_code: code })).rows;
  const keys = ["api_02", "api_03", "api_04", "api_05", "api_06", "api_07", "api_08", "api_09", "api_10"];
  const more = ["api_11", "api_14", "api_15", "api_22", "api_23", "api_27", "accounts"];
  const rows = await Promise.all([...keys, ...more].map(get));
  return Object.fromEntries([...keys, ...more].map((k, i) => [k, rows[i]!])) as Record<string, DartRow[]>;
}

const problems: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) problems.push(what);
};

/** Shares: issued = issued so far − decreased; outstanding = issued − treasury; treasury's identity. */
function shares(t: Record<string, DartRow[]>, at: string) {
  for (const r of t.api_23!) {
    check(
      n(r.istc_totqy) === n(r.now_to_isu_stock_totqy) - n(r.now_to_dcrs_stock_totqy),
      `${at} api_23 issued`,
    );
    check(n(r.distb_stock_co) === n(r.istc_totqy) - n(r.tesstk_co), `${at} api_23 outstanding`);
    check(n(r.isu_stock_totqy) >= n(r.istc_totqy), `${at} api_23 authorised`);
  }
  const kinds = t.api_23!.filter((r) => r.se !== "합계");
  const total = t.api_23!.find((r) => r.se === "합계")!;
  check(kinds.reduce((s, r) => s + n(r.istc_totqy), 0) === n(total.istc_totqy), `${at} api_23 합계`);
  for (const r of t.api_03!)
    check(
      n(r.bsis_qy) + n(r.change_qy_acqs) - n(r.change_qy_dsps) - n(r.change_qy_incnr) === n(r.trmend_qy),
      `${at} api_03 ${r.acqs_mth2}`,
    );
  const treasury = t.api_03!.find((r) => r.acqs_mth1 === "총계")!;
  const common = t.api_23!.find((r) => r.se === "보통주")!;
  check(n(treasury.trmend_qy) === n(common.tesstk_co), `${at} api_03 = api_23 treasury`);
  const holders = t.api_04!.filter((r) => r.nm !== "계");
  const sum = t.api_04!.find((r) => r.nm === "계")!;
  check(
    holders.reduce((s, r) => s + n(r.trmend_posesn_stock_co), 0) === n(sum.trmend_posesn_stock_co),
    `${at} api_04 계`,
  );
  check(
    Math.abs(
      (100 * n(sum.trmend_posesn_stock_co)) / n(common.istc_totqy) - n(sum.trmend_posesn_stock_qota_rt),
    ) < 0.01,
    `${at} api_04 rate`,
  );
  const last = t.api_05?.at(-1);
  if (last)
    check(
      Math.abs(n(last.qota_rt) - n(sum.trmend_posesn_stock_qota_rt)) < 0.02,
      `${at} api_05 last = api_04 계`,
    );
  check(
    n(sum.trmend_posesn_stock_qota_rt) >= 5 && n(sum.trmend_posesn_stock_qota_rt) <= 60,
    `${at} api_04 stake range`,
  );
  const minority = t.api_06![0]!;
  check(
    n(minority.shrholdr_co) <= n(minority.shrholdr_tot_co) &&
      n(minority.hold_stock_co) <= n(minority.stock_tot_co),
    `${at} api_06`,
  );
}

/** People and pay: counts agree across tables; band tables list no one under 5억; averages are total / count. */
function people(t: Record<string, DartRow[]>, at: string) {
  const registered = t.api_07!.filter((r) => r.rgist_exctv_at === "등기임원");
  const unregistered = t.api_07!.length - registered.length;
  check(n(t.api_10![0]!.nmpr) === registered.length, `${at} api_10 nmpr = registered`);
  check(n(t.api_14![0]!.nmpr) === unregistered, `${at} api_14 nmpr = unregistered`);
  check(n(t.api_27![0]!.drctr_co) === registered.length, `${at} api_27 directors`);
  check(
    n(t.api_27![0]!.otcmp_drctr_co) === registered.filter((r) => r.ofcps === "사외이사").length,
    `${at} api_27 outside`,
  );
  for (const r of [...t.api_09!, ...t.api_11!]) check(n(r.mendng_totamt) >= 500_000_000, `${at} 5억 band`);
  check(t.api_11!.length <= 5, `${at} api_11 top five`);
  const avg = t.api_10![0]!;
  check(
    Math.abs(n(avg.jan_avrg_mendng_am) - n(avg.mendng_totamt) / n(avg.nmpr)) <= 1,
    `${at} api_10 average`,
  );
  check(
    t.api_22!.reduce((s, r) => s + n(r.pymnt_totamt), 0) === n(avg.mendng_totamt),
    `${at} api_22 = api_10`,
  );
  check(t.api_22!.reduce((s, r) => s + n(r.nmpr), 0) === n(avg.nmpr), `${at} api_22 nmpr`);
  const [men, women, total] = t.api_08!;
  check(n(men!.sm) + n(women!.sm) === n(total!.sm), `${at} api_08 sm`);
  check(n(total!.sm) >= 200 && n(total!.sm) <= 130_000, `${at} api_08 headcount ${total!.sm}`);
  check(
    n(men!.fyer_salary_totamt) + n(women!.fyer_salary_totamt) === n(total!.fyer_salary_totamt),
    `${at} api_08 pay total`,
  );
  for (const r of t.api_08!)
    check(n(r.rgllbr_co) + n(r.cnttk_co) === n(r.sm), `${at} api_08 regular + contract`);
}

/** Money: the dividend total is DPS × outstanding, the payout its share of net income; balances sum. */
function money(t: Record<string, DartRow[]>, at: string, annual: boolean) {
  const row = (se: string) => t.api_02!.find((r) => r.se?.startsWith(se))!;
  const dps = n(row("주당 현금배당금").thstrm);
  const total = n(row("현금배당금총액").thstrm);
  const net = n(row("(연결)당기순이익").thstrm);
  if (annual && dps) {
    check(Math.abs(total / net - n(row("(연결)현금배당성향").thstrm) / 100) < 0.001, `${at} payout`);
    check(
      n(row("(연결)현금배당성향").thstrm) >= 10 && n(row("(연결)현금배당성향").thstrm) <= 50,
      `${at} payout range`,
    );
  }
  const accounts = t.accounts!.filter((r) => r.fs_div === "CFS");
  const amount = (name: string) => n(accounts.find((r) => r.account_nm === name)?.thstrm_amount);
  check(
    amount("자산총계") === amount("부채총계") + amount("자본총계") ||
      Math.abs(amount("자산총계") - amount("부채총계") - amount("자본총계")) <= 1,
    `${at} balance sheet`,
  );
  check(amount("영업이익") < amount("매출액") && amount("당기순이익") <= amount("영업이익"), `${at} income`);
  const balances = t.api_15 ?? [];
  const sum = balances.find((r) => r.remndr_exprtn1 === "합계");
  if (sum)
    check(
      balances.filter((r) => r !== sum).reduce((s, r) => s + n(r.sm), 0) === n(sum.sm),
      `${at} api_15 합계`,
    );
}

describe("the OpenDART sample adds up", () => {
  it("for every listed company, in a business report and a quarterly report", async () => {
    for (const c of listed)
      for (const [year, code] of PERIODS) {
        const t = await tables(c.corp_code, year, code);
        const at = `${c.corp_name} ${year}/${code}`;
        shares(t, at);
        people(t, at);
        money(t, at, code === "11011");
      }
    expect([...new Set(problems)].slice(0, 20)).toEqual([]);
  }, 120_000);

  it("the news sample chooses its particles", async () => {
    const news = new EmbeddedNews({ now });
    for (const q of ["삼성전자 실적", "카카오 배당", "셀트리온 자사주", "에코프로 공시", "현대자동차 투자"]) {
      const res = await news.search({ apiCalls: 0 }, { query: q, display: 20, sort: "sim" });
      for (const item of res.items)
        expect(`${item.title} ${item.description}`).not.toMatch(/\((이|가|은|는|을|를)\)|&amp;\s/);
    }
  });
});
