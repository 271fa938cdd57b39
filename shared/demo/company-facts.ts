// What both samples share beside their facts (those are shared/providers/embedded/sample-facts.ts and
// sample-people.ts): the demo domain every synthetic link points at (reserved .invalid, never a real
// site with made-up identifiers) and the latest period a report is due for.

/** The demo domain: every synthetic link is under it. */
export const DEMO_DOMAIN = "demo.dongne.invalid";
export const demoFilingUrl = (rceptNo: string) => `https://${DEMO_DOMAIN}/dart/${rceptNo}`;
export const demoNewsUrl = (outlet: string, id: number) => `https://${DEMO_DOMAIN}/news/${outlet}/${id}`;

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
