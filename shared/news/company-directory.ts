// Where the company names come from: OpenDART's corpCode list when a key is set (downloaded once per
// KST day and kept in the report cache, so a cold start reads it instead of spending one of the
// question's OpenDART calls), else the vendored table; either way a CompanyIndex (companies.ts).
import type { Deadline } from "../platform/deadline.ts";
import { listedCompanies, type ListedCompany } from "../data/listed-companies.ts";
import { kstYmd } from "../platform/time.ts";
import type { CallCounter } from "../providers/http.ts";
import type { CorpCodeEntry, DartPort } from "../providers/opendart.ts";
import { logger } from "../platform/log.ts";
import { CompanyIndex, type CompanyRecord } from "./companies.ts";
import type { ReportStore } from "./report-store.ts";

export interface CompanyDirectory {
  readonly source: string;
  index(counter: CallCounter, deadline?: Deadline): Promise<CompanyIndex>;
}

const fromListed = (c: ListedCompany): CompanyRecord => ({
  corp_code: c.corp_code,
  corp_name: c.corp_name,
  stock_code: c.stock_code,
  modify_date: c.modify_date,
  aliases: c.aliases,
  ...(c.corp_eng_name ? { eng_name: c.corp_eng_name } : {}),
});

/** The vendored table (offline). */
export class EmbeddedCompanyDirectory implements CompanyDirectory {
  readonly source = "embedded";
  private cached?: CompanyIndex;

  async index(): Promise<CompanyIndex> {
    this.cached ??= new CompanyIndex(listedCompanies().map(fromListed));
    return this.cached;
  }
}

/** One per process: its index is built once. */
export const embeddedCompanies = new EmbeddedCompanyDirectory();

/**
 * OpenDART's corpCode list (~110,000 companies), fetched on first use and again once the KST day
 * changes; the vendored aliases are attached by corp_code and the vendored order (KOSPI 200 first)
 * ranks candidates. A failed refresh keeps yesterday's list; with none yet, it throws.
 */
export class OpenDartCompanyDirectory implements CompanyDirectory {
  readonly source = "opendart";
  private cached?: { day: string; index: CompanyIndex };
  private loading?: Promise<CompanyIndex>;

  constructor(
    private readonly dart: DartPort,
    private readonly now: () => Date = () => new Date(),
    /** where the day's list is kept between processes (the news cache table) */
    private readonly store?: ReportStore,
  ) {}

  async index(counter: CallCounter, deadline?: Deadline): Promise<CompanyIndex> {
    const day = kstYmd(this.now());
    if (this.cached?.day === day) return this.cached.index;
    this.loading ??= this.load(counter, deadline, day).finally(() => (this.loading = undefined));
    try {
      return await this.loading;
    } catch (err) {
      if (this.cached) return this.cached.index;
      throw err;
    }
  }

  private async load(
    counter: CallCounter,
    deadline: Deadline | undefined,
    day: string,
  ): Promise<CompanyIndex> {
    const entries = (await this.stored(day)) ?? (await this.download(counter, deadline, day));
    const vendored = listedCompanies();
    const rank = new Map(vendored.map((c, i) => [c.corp_code, i]));
    const aliases = new Map(vendored.map((c) => [c.corp_code, c.aliases]));
    const records = entries
      .map(({ corp_eng_name, ...e }) => ({
        ...e,
        aliases: aliases.get(e.corp_code) ?? [],
        ...(corp_eng_name ? { eng_name: corp_eng_name } : {}),
      }))
      .sort(
        (a, b) => (rank.get(a.corp_code) ?? vendored.length) - (rank.get(b.corp_code) ?? vendored.length),
      );
    const index = new CompanyIndex(records);
    this.cached = { day, index };
    return index;
  }

  /** The day's list from the cache; a cache that cannot be read is a miss (the download still works). */
  private async stored(day: string): Promise<CorpCodeEntry[] | null> {
    if (!this.store) return null;
    try {
      const entries = await this.store.getCompanies(this.dart.name, day);
      return entries?.length ? entries : null;
    } catch (err) {
      logger.warn("the company list could not be read from the news cache", {
        error: (err as Error).message,
      });
      return null;
    }
  }

  private async download(counter: CallCounter, deadline: Deadline | undefined, day: string) {
    const entries = await this.dart.corpCodes(counter, deadline);
    if (this.store && entries.length)
      await this.store.putCompanies(this.dart.name, day, entries).catch((err: unknown) => {
        logger.warn("the company list could not be kept in the news cache", {
          error: (err as Error).message,
        });
      });
    return entries;
  }
}
