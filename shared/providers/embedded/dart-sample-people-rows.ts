// The OpenDART sample's tables on people and pay, all from one board and one pay scale (sample-people.ts):
// api_07 임원 현황, api_09/11 개인별 보수(5억 원 이상 only), api_10 이사·감사 전체 보수, api_14
// 미등기임원 보수, api_21 주주총회 승인금액, api_22 유형별 보수, api_27 사외이사 변동 — a count in one is
// the rows of another, a total the sum of its parts, an average the total over the count. A quarterly
// report's pay is the year's so far; the individual pay tables are in the half-year and business
// reports only (013 otherwise), as OpenDART's are.
import { boardAt, unregisteredIn, type Director } from "./sample-people.ts";
import { quarterEnd } from "./sample-facts.ts";

type Row = Record<string, string>;

/** What each maker is given: the company, its rank, the period and its end. */
export interface PeopleOf {
  corpCode: string;
  rank: number;
  year: number;
  quarter: number;
  stlm_dt: string;
}

export const won = (n: number) => Math.round(n).toLocaleString("en-US");
/** 5억 원: the individual pay tables list no one paid less. */
const FIVE_EOK = 500_000_000;

const boardOf = (p: PeopleOf) => boardAt(p.corpCode, p.rank, quarterEnd(p.year, p.quarter));
const soFar = (p: PeopleOf, annual: number) => Math.round((annual * p.quarter) / 4);

/** api_07: the registered directors, then the unregistered executives. */
export function executiveRows(p: PeopleOf): Row[] {
  const board = boardOf(p).map((d) => ({
    nm: d.name,
    sexdstn: d.sex,
    birth_ym: d.birth,
    ofcps: d.ofcps,
    rgist_exctv_at: "등기임원",
    fte_at: d.ofcps === "사외이사" ? "비상근" : "상근",
    chrg_job: d.ofcps === "대표이사" ? "경영총괄" : d.ofcps === "사내이사" ? "사업부문장" : "이사회 구성원",
    main_career: "(합성 경력)",
    mxmm_shrholdr_relate: "-",
    hffc_pd: `${d.since.slice(0, 7)} ~ 현재`,
    tenure_end_on: d.termEnds,
    stlm_dt: p.stlm_dt,
  }));
  const { count } = unregisteredIn(p.corpCode, p.year, p.rank);
  const others = Array.from({ length: count }, (_, i) => ({
    nm: `미등기임원${i + 1}(합성)`,
    sexdstn: i % 7 === 3 ? "여" : "남",
    birth_ym: `19${65 + (i % 15)}년 ${String(1 + (i % 12)).padStart(2, "0")}월`,
    ofcps: i === 0 ? "사장" : i < 5 ? "부사장" : i < 20 ? "전무" : "상무",
    rgist_exctv_at: "미등기",
    fte_at: "상근",
    chrg_job: "사업 담당",
    main_career: "(합성 경력)",
    mxmm_shrholdr_relate: "-",
    hffc_pd: "-",
    tenure_end_on: "-",
    stlm_dt: p.stlm_dt,
  }));
  return [...board, ...others];
}

/** Those paid 5억 원 or more so far this year, best paid first: the directors (api_09) or anyone (api_11, top five). */
function paidFiveEok(p: PeopleOf, who: "directors" | "anyone"): Row[] | undefined {
  if (p.quarter === 1 || p.quarter === 3) return undefined; // half-year and business reports only
  const directors = boardOf(p).map((d) => ({ name: d.name, ofcps: d.ofcps, pay: soFar(p, d.annualPay) }));
  const others =
    who === "anyone"
      ? unregisteredIn(p.corpCode, p.year, p.rank).top.map((t) => ({
          name: t.name,
          ofcps: t.ofcps,
          pay: soFar(p, t.annualPay),
        }))
      : [];
  const listed = [...directors, ...others]
    .filter((x) => x.pay >= FIVE_EOK)
    .sort((a, b) => b.pay - a.pay)
    .slice(0, who === "anyone" ? 5 : undefined);
  return listed.map((x) => ({
    nm: x.name,
    ofcps: x.ofcps,
    mendng_totamt: won(x.pay),
    mendng_totamt_ct_incls_mendng: "-",
    stlm_dt: p.stlm_dt,
  }));
}

export const directorsPaidFiveEok = (p: PeopleOf) => paidFiveEok(p, "directors");
export const topFivePaid = (p: PeopleOf) => paidFiveEok(p, "anyone");

const paidSoFar = (p: PeopleOf, ds: Director[]) => ds.reduce((s, d) => s + soFar(p, d.annualPay), 0);

/** api_10: every registered director together: how many, paid in all, paid on average. */
export function allDirectorsPayRows(p: PeopleOf): Row[] {
  const board = boardOf(p);
  const total = paidSoFar(p, board);
  return [
    {
      nmpr: String(board.length),
      mendng_totamt: won(total),
      jan_avrg_mendng_am: won(total / board.length),
      rm: "-",
      stlm_dt: p.stlm_dt,
    },
  ];
}

/** api_14: the unregistered executives together. */
export function unregisteredPayRows(p: PeopleOf): Row[] {
  const { count, average } = unregisteredIn(p.corpCode, p.year, p.rank);
  const each = soFar(p, average);
  return [
    {
      se: "미등기임원",
      nmpr: String(count),
      fyer_salary_totamt: won(each * count),
      jan_salary_am: won(each),
      rm: "-",
      stlm_dt: p.stlm_dt,
    },
  ];
}

/** api_21: the cap the shareholders approved for the year, above what the year pays. */
export function approvedPayRows(p: PeopleOf): Row[] {
  const board = boardOf(p);
  const year = board.reduce((s, d) => s + d.annualPay, 0);
  const cap = Math.ceil((year * 1.3) / 1e9) * 1e9;
  return [
    { se: "이사", nmpr: String(board.length), gmtsck_confm_amount: won(cap), rm: "-", stlm_dt: p.stlm_dt },
  ];
}

/** api_22: the directors by kind; the rows add up to api_10. */
export function payByKindRows(p: PeopleOf): Row[] {
  const board = boardOf(p);
  const outside = board.filter((d) => d.ofcps === "사외이사");
  const committee = outside.length >= 3 ? outside.slice(0, 3) : [];
  const groups: [string, Director[]][] = [
    ["등기이사(사외이사, 감사위원회 위원 제외)", board.filter((d) => d.ofcps !== "사외이사")],
    ["사외이사(감사위원회 위원 제외)", outside.filter((d) => !committee.includes(d))],
    ["감사위원회 위원", committee],
  ];
  return groups
    .filter(([, ds]) => ds.length)
    .map(([se, ds]) => ({
      se,
      nmpr: String(ds.length),
      pymnt_totamt: won(paidSoFar(p, ds)),
      psn1_avrg_pymntamt: won(paidSoFar(p, ds) / ds.length),
      rm: "-",
      stlm_dt: p.stlm_dt,
    }));
}

/** api_27: directors and outside directors now, and the outside directors newly appointed this year. */
export function outsideDirectorRows(p: PeopleOf): Row[] {
  const board = boardOf(p);
  const outside = board.filter((d) => d.ofcps === "사외이사");
  const appointed = outside.filter((d) => d.since.startsWith(`${p.year}.`)).length;
  return [
    {
      drctr_co: String(board.length),
      otcmp_drctr_co: String(outside.length),
      apnt: String(appointed),
      rlsofc: "0",
      mdstrm_resig: "0",
      stlm_dt: p.stlm_dt,
    },
  ];
}
