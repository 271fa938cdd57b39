// Well-known Korean companies that are not listed on the KRX and file no periodic report (사업·반기·
// 분기보고서), by name (unlisted_companies.csv, see SOURCES.md). Without an OpenDART key these and the two
// unlisted entries of listed_companies.csv are the unlisted companies the product knows; with a key,
// OpenDART's corpCode.xml holds every company DART knows, listed or not, and its filing list decides.
import { parseCsv, readDataFile } from "./files.ts";

export interface UnlistedCompany {
  name: string;
  aliases: string[];
  /** the English name people type, when there is a common one */
  eng_name: string;
}

let cached: UnlistedCompany[] | undefined;

export function unlistedCompanies(): UnlistedCompany[] {
  cached ??= parseCsv(readDataFile("unlisted_companies.csv")).map((r) => ({
    name: r.name ?? "",
    aliases: (r.aliases ?? "").split("|").filter(Boolean),
    eng_name: r.eng_name ?? "",
  }));
  return cached;
}

const fold = (s: string) => s.normalize("NFC").replace(/\s+/g, "").toUpperCase();

/** The unlisted company a word names (its name, an alias or its English name, in any letter case). */
export function unlistedNamed(word: string): UnlistedCompany | undefined {
  const w = fold(word);
  return unlistedCompanies().find((c) => [c.name, ...c.aliases, c.eng_name].some((n) => n && fold(n) === w));
}
