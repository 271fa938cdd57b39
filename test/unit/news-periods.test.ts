import { describe, expect, it } from "vitest";
import { choosePeriods, filedPeriods, listWindow, periodOf } from "../../shared/news/periods.ts";
import { fromKst } from "../../shared/platform/time.ts";
import type { DartListItem } from "../../shared/providers/opendart.ts";

const row = (report_nm: string, rcept_dt: string, n = 1): DartListItem => ({
  corp_cls: "Y",
  corp_name: "LG",
  corp_code: "00120021",
  stock_code: "003550",
  report_nm,
  rcept_no: `${rcept_dt}00000${n}`,
  flr_nm: "LG",
  rcept_dt,
  rm: "",
});

const LIST = [
  row("[기재정정]반기보고서 (2025.06)", "20250905", 2),
  row("분기보고서 (2025.09)", "20251114"),
  row("반기보고서 (2025.06)", "20250814"),
  row("분기보고서 (2025.03)", "20250515"),
  row("사업보고서 (2024.12)", "20250314"),
  row("분기보고서 (2024.09)", "20241114"),
  row("[기재정정]타법인주식및출자증권취득결정", "20251001"),
];

describe("filed periods from list.json (pblntf_ty=A)", () => {
  it("reads the period from report_nm", () => {
    expect(periodOf("사업보고서 (2024.12)")).toEqual({ year: 2024, reprt_code: "11011" });
    expect(periodOf("[기재정정]반기보고서 (2025.06)")).toEqual({ year: 2025, reprt_code: "11012" });
    expect(periodOf("분기보고서 (2025.03)")).toEqual({ year: 2025, reprt_code: "11013" });
    expect(periodOf("분기보고서 (2025.09)")).toEqual({ year: 2025, reprt_code: "11014" });
    expect(periodOf("타법인주식및출자증권취득결정")).toBeUndefined();
  });

  it("newest period first; a 정정 is the period's current filing", () => {
    const filed = filedPeriods(LIST);
    expect(filed.map((f) => `${f.year}Q${f.quarter}:${f.rcept_no}`)).toEqual([
      "2025Q3:20251114000001",
      "2025Q2:20250905000002",
      "2025Q1:20250515000001",
      "2024Q4:20250314000001",
      "2024Q3:20241114000001",
    ]);
  });
});

describe("which periods answer a question", () => {
  const filed = filedPeriods(LIST);
  const pick = (named: Parameters<typeof choosePeriods>[0]) => {
    const r = choosePeriods(named, filed);
    return { periods: r.periods.map((p) => `${p.year}Q${p.quarter}`), missing: r.missing };
  };

  it("none named: the latest four filed", () => {
    expect(pick([])).toEqual({ periods: ["2025Q3", "2025Q2", "2025Q1", "2024Q4"], missing: [] });
  });

  it("a year and quarter: that period, or a note that it is not filed", () => {
    expect(pick([{ year: 2025, quarter: 2 }])).toEqual({ periods: ["2025Q2"], missing: [] });
    expect(pick([{ year: 2025, quarter: 4 }])).toEqual({ periods: [], missing: ["2025년 사업보고서(연간)"] });
  });

  it("a year alone: its 사업보고서, else its filed quarters", () => {
    expect(pick([{ year: 2024, quarter: null }])).toEqual({ periods: ["2024Q4"], missing: [] });
    expect(pick([{ year: 2025, quarter: null }])).toEqual({
      periods: ["2025Q3", "2025Q2", "2025Q1"],
      missing: [],
    });
  });

  it("a quarter alone: the latest year that has it", () => {
    expect(pick([{ year: null, quarter: 3 }])).toEqual({ periods: ["2025Q3"], missing: [] });
  });

  it("the list window covers the named years and their next spring, never past today", () => {
    const now = fromKst(2025, 11, 20);
    expect(listWindow([{ year: 2023, quarter: 2 }], now)).toEqual({ bgn: "20230101", end: "20241231" });
    expect(listWindow([{ year: 2025, quarter: null }], now)).toEqual({ bgn: "20250101", end: "20251120" });
    expect(listWindow([], now).end).toBe("20251120");
  });
});
