// The vendored company table (listed_companies.csv, see SOURCES.md): real OpenDART corp_codes and KRX
// stock codes, in KOSPI 200 order (roughly by market value), then KOSDAQ leaders, then two unlisted.
import { parseCsv, readDataFile } from "./files.ts";

export interface ListedCompany {
  corp_code: string;
  corp_name: string;
  /** DART's English name (corpCode.xml's corp_eng_name, legal suffixes and all); "" when it has none */
  corp_eng_name: string;
  /** "" for an unlisted company */
  stock_code: string;
  /** Y 유가 · K 코스닥 · E 기타 */
  corp_cls: "Y" | "K" | "N" | "E";
  modify_date: string;
  aliases: string[];
}

let cached: ListedCompany[] | undefined;

export function listedCompanies(): ListedCompany[] {
  cached ??= parseCsv(readDataFile("listed_companies.csv")).map((r) => ({
    corp_code: r.corp_code ?? "",
    corp_name: r.corp_name ?? "",
    corp_eng_name: r.corp_eng_name ?? "",
    stock_code: r.stock_code ?? "",
    corp_cls: (r.corp_cls as ListedCompany["corp_cls"]) || "E",
    modify_date: r.modify_date ?? "",
    aliases: (r.aliases ?? "").split("|").filter(Boolean),
  }));
  return cached;
}
