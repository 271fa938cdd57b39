// Which filed periodic reports answer a question: the periods it names, else the latest four filed,
// read off the disclosure list (pblntf_ty=A). A period's current filing is its newest, so a 정정
// ([기재정정]반기보고서 …) replaces the original and the cache refreshes to it.
import { kstParts, kstYmd } from "../platform/time.ts";
import { quarterOf, type DartListItem, type ReprtCode } from "../providers/opendart.ts";
import { ymdDaysBefore } from "./dart-access.ts";
import type { NamedPeriod } from "./schemas.ts";

export interface FiledPeriod {
  year: number;
  reprt_code: ReprtCode;
  quarter: number;
  /** the newest filing for the period (a 정정 when there is one) */
  rcept_no: string;
  rcept_dt: string;
  report_nm: string;
}

/** The latest four filed periods when none is named. */
export const DEFAULT_PERIODS = 4;

const PERIODIC = /(사업|반기|분기)보고서\s*\((\d{4})\.(\d{2})\)/;

/** "분기보고서 (2025.09)" → 2025, 11014; non-December fiscal years' odd months are skipped. */
export function periodOf(reportNm: string): { year: number; reprt_code: ReprtCode } | undefined {
  const m = PERIODIC.exec(reportNm);
  if (!m) return undefined;
  const year = Number(m[2]);
  const month = Number(m[3]);
  if (m[1] === "사업") return { year, reprt_code: "11011" };
  if (m[1] === "반기") return { year, reprt_code: "11012" };
  if (month === 3) return { year, reprt_code: "11013" };
  if (month === 9) return { year, reprt_code: "11014" };
  return undefined;
}

/** The filed periods, newest period first, each with its newest filing. */
export function filedPeriods(list: readonly DartListItem[]): FiledPeriod[] {
  const byPeriod = new Map<string, FiledPeriod>();
  for (const item of list) {
    const p = periodOf(item.report_nm);
    if (!p) continue;
    const key = `${p.year}#${p.reprt_code}`;
    const seen = byPeriod.get(key);
    if (
      seen &&
      (seen.rcept_dt > item.rcept_dt || (seen.rcept_dt === item.rcept_dt && seen.rcept_no > item.rcept_no))
    )
      continue;
    byPeriod.set(key, {
      ...p,
      quarter: quarterOf(p.reprt_code),
      rcept_no: item.rcept_no,
      rcept_dt: item.rcept_dt,
      report_nm: item.report_nm,
    });
  }
  return [...byPeriod.values()].sort((a, b) => b.year - a.year || b.quarter - a.quarter);
}

/**
 * How a "did it change" question compares across reports: the same quarter a year apart, or two
 * business reports (a year's pay); undefined when one report answers it.
 */
export type Comparison = "quarter" | "annual" | undefined;

/** The list.json window that holds the named periods' filings (annual reports come the next spring). */
export function listWindow(
  named: readonly NamedPeriod[],
  now: Date,
  compare?: Comparison,
): { bgn: string; end: string } {
  const today = kstYmd(now);
  const thisYear = kstParts(now).year;
  // a future year has no filings: it never widens the window past today
  const years = named.map((p) => p.year).filter((y): y is number => y !== null && y <= thisYear);
  if (years.length === 0 || named.some((p) => p.year === null))
    // four quarters back, with room for a late filing; a comparison reaches a year further
    return { bgn: ymdDaysBefore(now, compare ? 830 : 460), end: today };
  const first = Math.min(...years) - (compare ? 1 : 0);
  const last = Math.max(...years);
  const end = `${Math.min(last + 1, thisYear)}1231`;
  return { bgn: `${first}0101`, end: end < today ? end : today };
}

/** "2025년 2분기 반기보고서", "2024년 사업보고서(연간)" */
export const periodName = (year: number, quarter: number) =>
  quarter === 4
    ? `${year}년 사업보고서(연간)`
    : `${year}년 ${quarter}분기 ${quarter === 2 ? "반기보고서" : "분기보고서"}`;

/**
 * The two periods a comparison reads: the newest filed (a business report for "annual"; the named one
 * when one is named) and the same period a year before.
 */
export function comparedPeriods(
  filed: readonly FiledPeriod[],
  compare: "quarter" | "annual",
  named?: FiledPeriod,
): FiledPeriod[] {
  const latest = named ?? (compare === "annual" ? filed.find((f) => f.quarter === 4) : filed[0]);
  if (!latest) return filed.slice(0, 1);
  const before = filed.find((f) => f.year === latest.year - 1 && f.quarter === latest.quarter);
  return before ? [latest, before] : [latest];
}

/** The filed periods a question asks for, and what it asked for that is not filed. */
export function choosePeriods(
  named: readonly NamedPeriod[],
  filed: readonly FiledPeriod[],
  compare?: Comparison,
): { periods: FiledPeriod[]; missing: string[] } {
  if (compare && named.length <= 1) {
    const one = named.length ? choosePeriods(named, filed).periods[0] : undefined;
    if (!named.length || one) return { periods: comparedPeriods(filed, compare, one), missing: [] };
  }
  if (named.length === 0) return { periods: filed.slice(0, DEFAULT_PERIODS), missing: [] };
  const chosen: FiledPeriod[] = [];
  const missing: string[] = [];
  const add = (p: FiledPeriod) => {
    if (!chosen.includes(p)) chosen.push(p);
  };
  for (const n of named) {
    if (n.year !== null && n.quarter !== null) {
      const p = filed.find((f) => f.year === n.year && f.quarter === n.quarter);
      if (p) add(p);
      else missing.push(periodName(n.year, n.quarter));
    } else if (n.year !== null) {
      const ofYear = filed.filter((f) => f.year === n.year);
      const annual = ofYear.find((f) => f.quarter === 4);
      if (annual) add(annual);
      else if (ofYear.length) ofYear.forEach(add);
      else missing.push(`${n.year}년`);
    } else if (n.quarter !== null) {
      const p = filed.find((f) => f.quarter === n.quarter);
      if (p) add(p);
      else missing.push(`${n.quarter}분기`);
    }
  }
  return { periods: chosen.sort((a, b) => b.year - a.year || b.quarter - a.quarter), missing };
}
