// The OpenDART sample's filings: each listed company's periodic reports since 2015 (a quarter of them
// corrected three weeks later) and a few recent 정정 of other disclosures, as list.json items, and the
// text of each filing. Deterministic from the company and the date; receipt numbers carry "99".
import { fromKst, kstParts, kstYmd } from "../../platform/time.ts";
import { hashString, rngFor } from "../../platform/random.ts";
import { REPRT_CODES, type DartListItem, type ReprtCode } from "../opendart.ts";

export const SEED = 3003;

/** When each periodic report is filed (month, day) and the month its period ends. */
const FILING: Record<ReprtCode, { month: number; day: number; nextYear: boolean; endMonth: number }> = {
  "11013": { month: 5, day: 15, nextYear: false, endMonth: 3 },
  "11012": { month: 8, day: 14, nextYear: false, endMonth: 6 },
  "11014": { month: 11, day: 14, nextYear: false, endMonth: 9 },
  "11011": { month: 3, day: 14, nextYear: true, endMonth: 12 },
};

const REVISION_TITLES = [
  "타법인주식및출자증권취득결정",
  "단일판매ㆍ공급계약체결",
  "주요사항보고서(자기주식취득결정)",
  "유형자산취득결정",
  "현금ㆍ현물배당결정",
  "시설투자등",
];

export interface SampleFiling extends DartListItem {
  /** A (정기공시) or B (주요사항보고) */
  pblntf_ty: "A" | "B";
  /** for periodic filings: the period they report */
  period?: { year: number; reprt_code: ReprtCode };
  /** for a 정정: what was corrected, for the document text */
  original?: { title: string; rcept_dt: string };
}

export const pad = (n: number, w = 2) => String(n).padStart(w, "0");
const ymd = (y: number, m: number, d: number) => `${y}${pad(m)}${pad(d)}`;
const dotted = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}.${yyyymmdd.slice(4, 6)}.${yyyymmdd.slice(6)}`;
const dashed = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6)}`;
const sampleRceptNo = (date: string, key: string) => `${date}99${pad(hashString(key) % 10_000, 4)}`;
export const withCommas = (n: number) => Math.round(n).toLocaleString("en-US");

export function periodEnd(year: number, code: ReprtCode): string {
  const m = FILING[code].endMonth;
  return `${year}-${pad(m)}-${m === 3 || m === 12 ? 31 : 30}`;
}

/** What every filing of a company says of it. */
export type FilingBase = Pick<
  SampleFiling,
  "corp_cls" | "corp_name" | "corp_code" | "stock_code" | "flr_nm" | "rm" | "synthetic"
>;

/** The periodic reports filed since 2015, oldest first; a quarter of the periods get a 정정 three weeks later. */
export function periodicFilings(base: FilingBase, now: Date): SampleFiling[] {
  const corpCode = base.corp_code;
  const today = kstYmd(now);
  const out: SampleFiling[] = [];
  for (let year = 2015; year <= kstParts(now).year; year++) {
    for (const code of REPRT_CODES) {
      const f = FILING[code];
      const filed = ymd(year + (f.nextYear ? 1 : 0), f.month, f.day);
      if (filed > today) continue;
      const kind = code === "11011" ? "사업보고서" : code === "11012" ? "반기보고서" : "분기보고서";
      const name = `${kind} (${year}.${pad(f.endMonth)})`;
      const period = { year, reprt_code: code };
      const rcept = sampleRceptNo(filed, `${corpCode}:${year}:${code}`);
      out.push({ ...base, report_nm: name, rcept_no: rcept, rcept_dt: filed, pblntf_ty: "A", period });
      if (hashString(`${corpCode}:${year}:${code}:fix`) % 4 !== 0) continue;
      const fixed = kstYmd(new Date(fromYmd(filed).getTime() + 21 * 86_400_000));
      if (fixed <= today)
        out.push({
          ...base,
          report_nm: `[기재정정]${name}`,
          rcept_no: sampleRceptNo(fixed, `${corpCode}:${year}:${code}:fix`),
          rcept_dt: fixed,
          pblntf_ty: "A",
          period,
          original: { title: name, rcept_dt: filed },
        });
    }
  }
  return out;
}

const fromYmd = (yyyymmdd: string) =>
  fromKst(Number(yyyymmdd.slice(0, 4)), Number(yyyymmdd.slice(4, 6)), Number(yyyymmdd.slice(6)));

/** Two or three 정정 of other disclosures within the last 120 days, each after its original. */
export function otherRevisions(base: FilingBase, now: Date): SampleFiling[] {
  const corpCode = base.corp_code;
  const rng = rngFor(SEED, `${corpCode}:revisions:${kstYmd(now).slice(0, 6)}`);
  const count = 2 + (hashString(corpCode) % 2);
  const out: SampleFiling[] = [];
  for (let i = 0; i < count; i++) {
    const daysAgo = 3 + Math.floor(rng() * 110);
    const fixedAt = new Date(now.getTime() - daysAgo * 86_400_000);
    const originalAt = new Date(fixedAt.getTime() - (5 + Math.floor(rng() * 20)) * 86_400_000);
    const title = REVISION_TITLES[Math.floor(rng() * REVISION_TITLES.length)] ?? "유형자산취득결정";
    const prefix = rng() < 0.8 ? "[기재정정]" : "[첨부정정]";
    const orig = kstYmd(originalAt);
    const fixed = kstYmd(fixedAt);
    out.push({
      ...base,
      report_nm: title,
      rcept_no: sampleRceptNo(orig, `${corpCode}:o${i}`),
      rcept_dt: orig,
      pblntf_ty: "B",
    });
    out.push({
      ...base,
      report_nm: `${prefix}${title}`,
      rcept_no: sampleRceptNo(fixed, `${corpCode}:r${i}`),
      rcept_dt: fixed,
      pblntf_ty: "B",
      original: { title, rcept_dt: orig },
    });
  }
  return out;
}

export function toListItem(f: SampleFiling): DartListItem {
  return {
    corp_cls: f.corp_cls,
    corp_name: f.corp_name,
    corp_code: f.corp_code,
    stock_code: f.stock_code,
    report_nm: f.report_nm,
    rcept_no: f.rcept_no,
    flr_nm: f.flr_nm,
    rcept_dt: f.rcept_dt,
    rm: f.rm,
    synthetic: true,
  };
}

export function sampleDocument(f: SampleFiling): string {
  const lines = [
    f.original ? "정정신고(보고)" : f.report_nm,
    "※ 합성 데이터: 실제 공시가 아닌 견본입니다.",
    `회사명: ${f.corp_name}`,
    `제출인: ${f.flr_nm}`,
    `접수일자: ${dashed(f.rcept_dt)}`,
  ];
  if (f.original) {
    const rng = rngFor(SEED, `${f.rcept_no}:doc`);
    const before = 10_000_000_000 + Math.floor(rng() * 90) * 1_000_000_000;
    const after = before + Math.floor(1 + rng() * 9) * 100_000_000;
    lines.push(
      `1. 정정관련 공시서류: ${f.original.title}`,
      `2. 정정관련 공시서류제출일: ${dashed(f.original.rcept_dt)}`,
      "3. 정정사유: 거래 조건 확정에 따른 기재사항 정정",
      "4. 정정사항",
      "정정항목 | 정정전 | 정정후",
      `거래금액(원) | ${withCommas(before)} | ${withCommas(after)}`,
      `예정일자 | ${dotted(f.original.rcept_dt)} | ${dotted(f.rcept_dt)}`,
      "5. 기타 투자판단에 참고할 사항",
      "상기 내용 외 정정 전 공시와 동일합니다. 본 문서는 정정 후 내용을 기준으로 작성되었습니다.",
    );
    for (let i = 1; i <= 24; i++)
      lines.push(`- 참고사항 ${i}: 정정 전 공시의 ${i}번째 항목은 변경 없이 유지됩니다 (합성 본문).`);
  } else {
    lines.push(
      "정기보고서의 주요 항목(배당, 최대주주, 임원, 직원, 재무제표 주요계정 등)은 항목별 표로 제공됩니다.",
    );
  }
  return lines.join("\n");
}
