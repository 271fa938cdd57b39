// The synthetic facts about a listed company that both samples state (issue 25): the OpenDART sample's
// tables (dividend per share, main accounts) and the Naver news sample's headlines are generated from
// these, so a figure in a headline is the figure in the table. Synthetic links point at the demo
// domain (reserved .invalid), never at a real site with made-up identifiers.
import { rngFor } from "../platform/random.ts";

const SEED = 3025;

/** The demo domain: every synthetic link is under it. */
export const DEMO_DOMAIN = "demo.dongne.invalid";
export const demoFilingUrl = (rceptNo: string) => `https://${DEMO_DOMAIN}/dart/${rceptNo}`;
export const demoNewsUrl = (outlet: string, id: number) => `https://${DEMO_DOMAIN}/news/${outlet}/${id}`;

/** A company's size from its rank in the vendored table (the first is the largest). */
export const scaleOfRank = (rank: number) => 1 / (1 + rank / 8);

/** The dividend per share (원) a company pays for a business year. */
export function dividendPerShare(corpCode: string, year: number, rank: number): number {
  const rng = rngFor(SEED, `${corpCode}:${year}:dps`);
  return Math.round(((300 + 1200 * scaleOfRank(rank)) * (0.85 + 0.3 * rng())) / 10) * 10;
}

export interface PeriodAccounts {
  revenue: number;
  operating: number;
  net: number;
}

/** The main accounts (원, consolidated) of a period: quarter 4 is the business year. */
export function periodAccounts(
  corpCode: string,
  year: number,
  quarter: number,
  rank: number,
): PeriodAccounts {
  const rng = rngFor(SEED, `${corpCode}:${year}:${quarter}:accounts`);
  const revenue = Math.round(
    60e12 * scaleOfRank(rank) ** 1.5 * (0.85 + 0.3 * rng()) * (quarter === 4 ? 4 : 1),
  );
  const operating = Math.round(revenue * (0.05 + rng() * 0.12));
  const net = Math.round(operating * (0.7 + rng() * 0.2));
  return { revenue, operating, net };
}

/**
 * The latest period whose report is due by `now` (KST dates): 1분기 by 5/15, 반기 by 8/14, 3분기 by
 * 11/14, the business year by 3/31 of the next year.
 */
export function latestFiledPeriod(now: Date): { year: number; quarter: number } {
  const kst = new Date(now.getTime() + 9 * 3_600_000);
  const y = kst.getUTCFullYear();
  const md = (kst.getUTCMonth() + 1) * 100 + kst.getUTCDate();
  if (md > 1114) return { year: y, quarter: 3 };
  if (md > 814) return { year: y, quarter: 2 };
  if (md > 515) return { year: y, quarter: 1 };
  if (md > 331) return { year: y - 1, quarter: 4 };
  return { year: y - 1, quarter: 3 };
}

/** 억 원, rounded, as a headline writes an amount. */
export const eokWon = (won: number) => `${Math.round(won / 1e8).toLocaleString("en-US")}억 원`;
