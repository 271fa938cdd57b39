// `npx dongne news "삼성전자 배당" [--preference news|publications|both] [--json]`: the arguments → a
// request, the in-process flow, and what to print (003's summary and the answer, or the JSON response).
import { SearchPreference, type NewsSearchRequest, type NewsSearchResponse } from "./schemas.ts";
import { renderNewsText } from "./api.ts";

export const NEWS_USAGE = '사용법: dongne news "<질문>" [--preference news|publications|both] [--json]';

/** `search` answers the request: the workflow (the CLI), or the in-process flow. */
export async function newsCommand(
  args: readonly string[],
  search: (request: NewsSearchRequest) => Promise<NewsSearchResponse>,
): Promise<string> {
  const words: string[] = [];
  let json = false;
  let preference: SearchPreference | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--json") json = true;
    else if (arg === "--preference" || arg.startsWith("--preference=")) {
      const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : args[++i];
      const parsed = SearchPreference.safeParse(value);
      if (!parsed.success)
        throw new Error(`--preference는 news, publications, both 중 하나입니다\n${NEWS_USAGE}`);
      preference = parsed.data;
    } else if (arg.startsWith("--")) throw new Error(`알 수 없는 옵션 ${arg}\n${NEWS_USAGE}`);
    else words.push(arg);
  }
  const query = words.join(" ").trim();
  if (!query) throw new Error(NEWS_USAGE);
  const res = await search({ query, ...(preference ? { search_preference: preference } : {}) });
  return json ? JSON.stringify(res, null, 2) + "\n" : renderNewsText(res);
}
