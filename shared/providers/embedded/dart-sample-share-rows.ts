// The OpenDART sample's tables on shares, from one share history (sample-facts.ts, sample-people.ts):
// api_01 증자(감자) 현황 (the capital events of the last five years), api_03 자기주식 (기초 + 취득 − 처분 −
// 소각 = 기말), api_04 최대주주 현황 (the holder and related parties, their 계 the sum), api_05 최대주주
// 변동현황 (the holder's history, its last row api_04's 계), api_06 소액주주, api_23 주식의 총수 (발행주식
// = 발행한 − 감소한; 유통 = 발행 − 자기주식; 합계 the sum of the kinds).
import { won, type PeopleOf } from "./dart-sample-people-rows.ts";
import { holderAt, holderHistory } from "./sample-people.ts";
import {
  capitalEvents,
  dotted,
  issuedAt,
  quarterEnd,
  scaleOfRank,
  shareBase,
  treasuryHeld,
  treasuryYear,
} from "./sample-facts.ts";
import { rngFor } from "../../platform/random.ts";

type Row = Record<string, string>;

const endOf = (p: PeopleOf) => quarterEnd(p.year, p.quarter);
const pct = (part: number, whole: number) => (whole ? ((100 * part) / whole).toFixed(2) : "0.00");

/** api_01: the capital events of the five years up to the period's end (undefined: none, OpenDART's 013). */
export function capitalRows(p: PeopleOf): Row[] | undefined {
  const from = dotted(p.year - 4, 1, 1);
  const par = shareBase(p.corpCode, p.rank).par;
  const events = capitalEvents(p.corpCode, p.rank).filter((e) => e.date >= from && e.date <= endOf(p));
  if (!events.length) return undefined;
  return events.map((e) => {
    const price =
      e.kind.startsWith("유상") || e.kind === "주식매수선택권행사" || e.kind === "전환권행사"
        ? par * 40
        : par;
    return {
      isu_dcrs_de: e.date,
      isu_dcrs_stle: e.kind,
      isu_dcrs_stock_knd: e.stock_knd,
      isu_dcrs_qy: won(Math.abs(e.qty)),
      isu_dcrs_mstvdv_fval_amount: won(par),
      isu_dcrs_mstvdv_amount: e.kind === "주식소각" || e.kind === "무상증자" ? "-" : won(price),
      stlm_dt: p.stlm_dt,
    };
  });
}

/** api_03: treasury shares by how they were bought (direct purchase, trust contract), then 총계: opening + bought − sold − cancelled = closing. */
export function treasuryRows(p: PeopleOf): Row[] {
  const start = treasuryHeld(p.corpCode, p.rank, dotted(p.year - 1, 12, 31));
  const t = treasuryYear(p.corpCode, p.year, p.rank);
  const upTo = (xs: { date: string; qty: number }[]) =>
    xs.filter((x) => x.date <= endOf(p)).reduce((s, x) => s + x.qty, 0);
  const bought = upTo(t.acquired);
  const sold = upTo(t.disposed);
  const cancelled = upTo(t.cancelled);
  const end = treasuryHeld(p.corpCode, p.rank, endOf(p));
  const direct = Math.round(start * 0.6);
  const line = (
    m1: string,
    m2: string,
    m3: string,
    open: number,
    buy: number,
    sell: number,
    cut: number,
    close: number,
  ): Row => ({
    acqs_mth1: m1,
    acqs_mth2: m2,
    acqs_mth3: m3,
    stock_knd: "보통주",
    bsis_qy: won(open),
    change_qy_acqs: won(buy),
    change_qy_dsps: won(sell),
    change_qy_incnr: won(cut),
    trmend_qy: won(close),
    rm: "-",
    stlm_dt: p.stlm_dt,
  });
  // what was bought this year went through the trust contract; the rest of the changes against the direct holdings
  const trustClose = start - direct + bought - cancelled;
  return [
    line("배당가능이익범위 이내 취득", "직접 취득", "장내 직접 취득", direct, 0, sold, 0, direct - sold),
    line(
      "배당가능이익범위 이내 취득",
      "신탁계약에 의한 취득",
      "소계",
      start - direct,
      bought,
      0,
      cancelled,
      trustClose,
    ),
    line("총계", "-", "-", start, bought, sold, cancelled, end),
  ];
}

/** api_04: the largest shareholder and its related parties at the period's end (and a year before), then 계. */
export function holderRows(p: PeopleOf): Row[] {
  const now = holderAt(p.corpCode, p.rank, endOf(p));
  const then = holderAt(p.corpCode, p.rank, dotted(p.year - 1, 12, 31));
  const issuedNow = issuedAt(p.corpCode, p.rank, endOf(p));
  const issuedThen = issuedAt(p.corpCode, p.rank, dotted(p.year - 1, 12, 31));
  const weights = [0.7, ...Array.from({ length: now.related }, (_, i) => 0.3 / 2 ** (i + 1))];
  const scaleW = weights.reduce((s, w) => s + w, 0);
  const split = (shares: number) => {
    const parts = weights.map((w) => Math.round((shares * w) / scaleW));
    parts[0]! += shares - parts.reduce((s, x) => s + x, 0); // the holder takes the rounding
    return parts;
  };
  const partsNow = split(now.shares);
  const partsThen = split(then.holder === now.holder ? then.shares : 0);
  const names = [now.holder, ...Array.from({ length: now.related }, (_, i) => `특수관계인${i + 1}(합성)`)];
  const line = (nm: string, relate: string, before: number, after: number): Row => ({
    nm,
    relate,
    stock_knd: "보통주",
    bsis_posesn_stock_co: won(before),
    bsis_posesn_stock_qota_rt: pct(before, issuedThen),
    trmend_posesn_stock_co: won(after),
    trmend_posesn_stock_qota_rt: pct(after, issuedNow),
    rm: "-",
    stlm_dt: p.stlm_dt,
  });
  return [
    ...names.map((nm, i) => line(nm, i === 0 ? "본인" : "특수관계인", partsThen[i]!, partsNow[i]!)),
    line(
      "계",
      "-",
      partsThen.reduce((s, x) => s + x, 0),
      now.shares,
    ),
  ];
}

/** api_05: the holder's changes of the five years up to the period's end, oldest first; the last is api_04's 계. */
export function holderChangeRows(p: PeopleOf): Row[] | undefined {
  const from = dotted(p.year - 4, 1, 1);
  const changes = holderHistory(p.corpCode).filter(
    (s) => s.date >= from && s.date <= endOf(p) && s.cause !== "-",
  );
  if (!changes.length) return undefined;
  return changes.map((s) => {
    const at = holderAt(p.corpCode, p.rank, s.date);
    return {
      change_on: s.date,
      mxmm_shrholdr_nm: `${s.holder} 외 ${s.related}인`,
      posesn_stock_co: won(at.shares),
      qota_rt: s.stake.toFixed(2),
      change_cause: s.cause,
      rm: "-",
      stlm_dt: p.stlm_dt,
    };
  });
}

/** api_06: minority shareholders (under 1 % each) against all shareholders and all shares. */
export function minorityRows(p: PeopleOf): Row[] {
  const r = rngFor(3027, `${p.corpCode}:${p.year}:minority`);
  const scale = scaleOfRank(p.rank);
  const holders = Math.round((20_000 + 4_500_000 * scale ** 1.5) * (0.9 + 0.2 * r()));
  const all = holders + 5 + Math.floor(r() * 40);
  const shares = issuedAt(p.corpCode, p.rank, endOf(p));
  const held = Math.round(shares * (0.4 + 0.3 * r()));
  return [
    {
      se: "소액주주",
      shrholdr_co: won(holders),
      shrholdr_tot_co: won(all),
      shrholdr_rate: pct(holders, all),
      hold_stock_co: won(held),
      stock_tot_co: won(shares),
      hold_stock_rate: pct(held, shares),
      stlm_dt: p.stlm_dt,
    },
  ];
}

/** api_23: authorised, issued so far, decreased so far (cancellations), issued now, treasury, outstanding; 합계 the sum. */
export function shareRows(p: PeopleOf): Row[] {
  const base = shareBase(p.corpCode, p.rank);
  const events = capitalEvents(p.corpCode, p.rank).filter((e) => e.date <= endOf(p));
  const cut = -events.filter((e) => e.qty < 0).reduce((s, e) => s + e.qty, 0);
  const common = issuedAt(p.corpCode, p.rank, endOf(p));
  const kinds = [
    {
      se: "보통주",
      authorised: Math.ceil((common * 4) / 1e8) * 1e8,
      issued: common,
      cut,
      treasury: treasuryHeld(p.corpCode, p.rank, endOf(p)),
    },
    ...(base.preferred
      ? [
          {
            se: "우선주",
            authorised: Math.ceil((base.preferred * 4) / 1e7) * 1e7,
            issued: base.preferred,
            cut: 0,
            treasury: 0,
          },
        ]
      : []),
  ];
  const sum = (f: (k: (typeof kinds)[number]) => number) => kinds.reduce((s, k) => s + f(k), 0);
  const total = {
    se: "합계",
    authorised: sum((k) => k.authorised),
    issued: sum((k) => k.issued),
    cut: sum((k) => k.cut),
    treasury: sum((k) => k.treasury),
  };
  return [...kinds, total].map((k) => ({
    se: k.se,
    isu_stock_totqy: won(k.authorised),
    now_to_isu_stock_totqy: won(k.issued + k.cut),
    now_to_dcrs_stock_totqy: won(k.cut),
    redc: "-",
    profit_incnr: won(k.cut),
    rdmstk_repy: "-",
    etc: "-",
    istc_totqy: won(k.issued),
    tesstk_co: won(k.treasury),
    distb_stock_co: won(k.issued - k.treasury),
    stlm_dt: p.stlm_dt,
  }));
}
