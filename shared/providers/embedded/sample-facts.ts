// The synthetic facts of a listed company that the OpenDART and Naver samples state: one source, so every
// table agrees with the others and with the headlines (a total is the sum of its parts, a ratio is its
// figures' ratio, a period's closing figure is the next one's opening). Deterministic from the company,
// its rank in the vendored table (the first is the largest) and the date.
//
// Assumptions, each a range real periodic reports of a company of that size show (the KOSPI 200 leader at
// scale 1, the 100th at about 0.07, the last KOSDAQ leader at about 0.04):
//  - revenue: up to 240조 원 a year at scale 1, 1–5조 for the 100th; operating margin 5–17 %, net 70–90 %
//    of operating income (no loss years);
//  - common shares: 20 million + 5 billion × scale^1.5 (the largest about 6 billion, the 100th about 120
//    million); a third of the companies also have preferred shares (10 % of common); par 100, 500 or 5,000원;
//  - dividends: a payout of 15–40 % of net income, per share rounded to 10원; one company in twelve pays
//    none; a fifth pay quarterly (their quarterly reports show the year's dividends so far);
//  - employees: 300 + 120,000 × scale^1.3 × 0.8–1.05 at the end of 2025 (at most about 126,000 at the top,
//    4,000 for the 100th), 15–40 % women, −3 % to +6 % a year before and after; average pay 60–130
//    million원 a year, higher in larger companies;
//  - the board: 2–4 inside directors (the first the CEO) and 3–7 outside directors (2–3 for companies past
//    the 150th), three-year terms; unregistered executives 8 + 900 × scale² (about 900 at the top);
//  - the largest shareholder and related parties hold 15–45 %; a company in ten has seen its largest
//    shareholder change in a given year.
import { hashString, rngFor, type Rng } from "../../platform/random.ts";

const SEED = 3025;

/** A company's size from its rank in the vendored table (the first is the largest). */
export const scaleOfRank = (rank: number) => 1 / (1 + rank / 8);

const rng = (corpCode: string, what: string): Rng => rngFor(SEED, `${corpCode}:${what}`);
const between = (r: Rng, lo: number, hi: number) => lo + (hi - lo) * r();

export interface PeriodAccounts {
  revenue: number;
  operating: number;
  net: number;
}

/** The main accounts (원, consolidated) of one quarter; quarter 4 is the business year. */
export function periodAccounts(
  corpCode: string,
  year: number,
  quarter: number,
  rank: number,
): PeriodAccounts {
  const r = rng(corpCode, `${year}:${quarter}:accounts`);
  const revenue = Math.round(
    60e12 * scaleOfRank(rank) ** 1.5 * between(r, 0.85, 1.15) * (quarter === 4 ? 4 : 1),
  );
  const operating = Math.round(revenue * between(r, 0.05, 0.17));
  const net = Math.round(operating * between(r, 0.7, 0.9));
  return { revenue, operating, net };
}

/** Net income of the year so far (원): the quarters up to `quarter`, or the business year. */
export function netSoFar(corpCode: string, year: number, quarter: number, rank: number): number {
  if (quarter === 4) return periodAccounts(corpCode, year, 4, rank).net;
  let net = 0;
  for (let q = 1; q <= quarter; q++) net += periodAccounts(corpCode, year, q, rank).net;
  return net;
}

/** Shares at listing (before the capital events), the par value, and whether there are preferred shares. */
export function shareBase(corpCode: string, rank: number) {
  const r = rng(corpCode, "shares");
  const common = Math.round(((2e7 + 5e9 * scaleOfRank(rank) ** 1.5) * between(r, 0.8, 1.2)) / 1000) * 1000;
  const hasPreferred = r() < 0.33;
  const par = [100, 500, 5000][Math.floor(r() * 3)]!;
  return { common, preferred: hasPreferred ? Math.round(common / 10000) * 1000 : 0, par };
}

/** "2025.06.12" from a year, a month and a day. */
export const dotted = (y: number, m: number, d: number) =>
  `${y}.${String(m).padStart(2, "0")}.${String(d).padStart(2, "0")}`;

/** The last day of a quarter, "2025.09.30". */
export const quarterEnd = (year: number, quarter: number) =>
  dotted(year, quarter * 3, quarter === 1 || quarter === 4 ? 31 : 30);

export interface CapitalEvent {
  /** "2023.05.10" */
  date: string;
  /** how OpenDART's irdsSttus names it */
  kind:
    | "유상증자(주주배정)"
    | "유상증자(제3자배정)"
    | "무상증자"
    | "주식매수선택권행사"
    | "전환권행사"
    | "합병"
    | "주식소각";
  stock_knd: "보통주";
  /** shares added (negative: taken away) */
  qty: number;
}

const EVENT_KINDS: [CapitalEvent["kind"], number, number, number][] = [
  // kind, weight, the smallest and largest share of the issued shares
  ["주식매수선택권행사", 4, 0.0002, 0.002],
  ["유상증자(주주배정)", 1, 0.05, 0.2],
  ["유상증자(제3자배정)", 1, 0.02, 0.1],
  ["무상증자", 1, 0.05, 0.2],
  ["전환권행사", 2, 0.005, 0.02],
  ["합병", 1, 0.02, 0.1],
];

/** Each company's histories, made once (they are functions of the company and its rank alone). */
const memo = new Map<string, unknown>();
export function once<T>(key: string, make: () => T): T {
  if (!memo.has(key)) memo.set(key, make());
  return memo.get(key) as T;
}

/** The company's capital events since 2015, oldest first: about one year in eight has one. */
export function capitalEvents(corpCode: string, rank: number): CapitalEvent[] {
  return once(`${corpCode}:${rank}:capital`, () => makeCapitalEvents(corpCode, rank));
}

function makeCapitalEvents(corpCode: string, rank: number): CapitalEvent[] {
  const base = shareBase(corpCode, rank).common;
  const out: CapitalEvent[] = [];
  let issued = base;
  for (let year = 2015; year <= 2035; year++) {
    const r = rng(corpCode, `${year}:capital`);
    for (const cut of treasuryYear(corpCode, year, rank).cancelled)
      if (cut.qty) out.push({ date: cut.date, kind: "주식소각", stock_knd: "보통주", qty: -cut.qty });
    if (r() >= 0.125) {
      issued += out.filter((e) => e.date.startsWith(`${year}.`)).reduce((s, e) => s + e.qty, 0);
      continue;
    }
    const total = EVENT_KINDS.reduce((s, k) => s + k[1], 0);
    let pick = r() * total;
    const kind = EVENT_KINDS.find((k) => (pick -= k[1]) <= 0) ?? EVENT_KINDS[0]!;
    const qty = Math.max(1000, Math.round((issued * between(r, kind[2], kind[3])) / 100) * 100);
    out.push({
      date: dotted(year, 1 + Math.floor(r() * 12), 1 + Math.floor(r() * 28)),
      kind: kind[0],
      stock_knd: "보통주",
      qty,
    });
    issued += out.filter((e) => e.date.startsWith(`${year}.`)).reduce((s, e) => s + e.qty, 0);
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

/** Common shares issued at the end of a day "YYYY.MM.DD" (the base and every capital event up to then). */
export function issuedAt(corpCode: string, rank: number, date: string): number {
  return (
    shareBase(corpCode, rank).common +
    capitalEvents(corpCode, rank)
      .filter((e) => e.date <= date)
      .reduce((s, e) => s + e.qty, 0)
  );
}

export interface TreasuryYear {
  acquired: { date: string; qty: number }[];
  disposed: { date: string; qty: number }[];
  cancelled: { date: string; qty: number }[];
}

/** One year's treasury share trades: buying (two companies in five), selling, cancelling what was bought. */
export function treasuryYear(corpCode: string, year: number, rank: number): TreasuryYear {
  return once(`${corpCode}:${rank}:${year}:treasury`, () => makeTreasuryYear(corpCode, year, rank));
}

function makeTreasuryYear(corpCode: string, year: number, rank: number): TreasuryYear {
  const issued = shareBase(corpCode, rank).common;
  const r = rng(corpCode, `${year}:treasury`);
  const day = () => dotted(year, 2 + Math.floor(r() * 9), 1 + Math.floor(r() * 28));
  const buys = r() < 0.4 ? Math.round((issued * between(r, 0.002, 0.02)) / 100) * 100 : 0;
  const sells = r() < 0.2 ? Math.round((issued * between(r, 0.0005, 0.002)) / 100) * 100 : 0;
  const bought = buys ? [{ date: day(), qty: buys }] : [];
  const cancel = buys && r() < 0.35 ? [{ date: day(), qty: Math.round(buys / 200) * 100 }] : [];
  const cancelled = cancel.filter((c) => c.date > bought[0]!.date);
  return { acquired: bought, disposed: sells ? [{ date: day(), qty: sells }] : [], cancelled };
}

/** Treasury shares held (common) at the end of a day, from 2015 on (the company started with 1–3 %). */
export function treasuryHeld(corpCode: string, rank: number, date: string): number {
  let held =
    Math.round((shareBase(corpCode, rank).common * between(rng(corpCode, "treasury0"), 0.01, 0.03)) / 100) *
    100;
  const year = Number(date.slice(0, 4));
  for (let y = 2015; y <= year; y++) {
    const t = treasuryYear(corpCode, y, rank);
    for (const a of t.acquired) if (a.date <= date) held += a.qty;
    for (const d of t.disposed) if (d.date <= date) held -= Math.min(held, d.qty);
    for (const c of t.cancelled) if (c.date <= date) held -= Math.min(held, c.qty);
  }
  return held;
}

/** Whether the company pays dividends, and whether quarterly. */
export function dividendPolicy(corpCode: string) {
  const h = hashString(`${corpCode}:dividend`);
  return { pays: h % 12 !== 0, quarterly: h % 5 === 1, payout: 0.15 + ((h >>> 8) % 26) / 100 };
}

/**
 * The year's dividend per common share (원, rounded to 10): the payout ratio of the year's net income over
 * the shares outstanding at year end; 0 for a company that pays none.
 */
export function dividendPerShare(corpCode: string, year: number, rank: number): number {
  const policy = dividendPolicy(corpCode);
  if (!policy.pays) return 0;
  const end = quarterEnd(year, 4);
  const outstanding = issuedAt(corpCode, rank, end) - treasuryHeld(corpCode, rank, end);
  const net = periodAccounts(corpCode, year, 4, rank).net;
  return Math.max(10, Math.round((policy.payout * net) / outstanding / 10) * 10);
}

/** The dividend per common share paid for a period so far: quarterly payers a quarter of the year's each quarter, others the year's in the business report only. */
export function dividendSoFar(corpCode: string, year: number, quarter: number, rank: number): number {
  const dps = dividendPerShare(corpCode, year, rank);
  if (quarter === 4) return dps;
  return dividendPolicy(corpCode).quarterly ? Math.round((dps * quarter) / 4 / 10) * 10 : 0;
}

/** The share price the year ended at: earnings per share times a price-earnings ratio of 8–25. */
export function priceAtYearEnd(corpCode: string, year: number, rank: number): number {
  const end = quarterEnd(year, 4);
  const eps = periodAccounts(corpCode, year, 4, rank).net / issuedAt(corpCode, rank, end);
  return Math.max(1000, Math.round((eps * between(rng(corpCode, `${year}:per`), 8, 25)) / 100) * 100);
}

/** "제56기" of a business year (a company founded in 1969 files its 56th in 2024: the exact count is synthetic). */
export const termOf = (year: number) => 50 + (year - 2020);

/** Employees at the end of a period: men, women, and the year's average pay (원). */
export function employeesAt(corpCode: string, year: number, quarter: number, rank: number) {
  const r = rng(corpCode, "employees");
  // the level is the end of 2025's; other periods move from it by each year's hiring, so ten years of
  // growth never carry the largest past the largest real headcount (about 125,000)
  let headcount = 300 + 120_000 * scaleOfRank(rank) ** 1.3 * between(r, 0.8, 1.05);
  const growth = (y: number) => 1 + between(rng(corpCode, `${y}:hiring`), -0.03, 0.06);
  for (let y = 2026; y <= year; y++) headcount *= 1 + (growth(y) - 1) * (y === year ? quarter / 4 : 1);
  for (let y = 2025; y > year; y--) headcount /= growth(y);
  if (year <= 2025 && quarter < 4) headcount /= 1 + (growth(year) - 1) * (1 - quarter / 4);
  const total = Math.round(headcount);
  const women = Math.round(total * between(r, 0.15, 0.4));
  const pay =
    (60e6 + 70e6 * scaleOfRank(rank)) *
    (1 + 0.03 * (year - 2020)) *
    between(rng(corpCode, `${year}:pay`), 0.9, 1.1);
  return { men: total - women, women, annualPay: Math.round(pay / 1e5) * 1e5 };
}
