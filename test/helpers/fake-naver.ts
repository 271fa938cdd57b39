// A fake Naver news search on loopback (with startFake): checks the two key headers like Naver (401
// with errorCode 024 without them) and answers from the synthetic news sample.
import { EmbeddedNews } from "../../shared/providers/embedded/news-sample.ts";
import type { Recorded, Reply } from "./fake-http.ts";

export const FAKE_NAVER = { clientId: "fake-naver-id", clientSecret: "fake-naver-secret" };

export function fakeNaver(
  opts: { now?: () => Date; override?: (r: Recorded, nth: number) => Reply | undefined } = {},
): (r: Recorded, nth: number) => Promise<Reply> {
  const news = new EmbeddedNews({ now: opts.now });
  return async (r, nth) => {
    const scripted = opts.override?.(r, nth);
    if (scripted) return scripted;
    if (
      r.headers["x-naver-client-id"] !== FAKE_NAVER.clientId ||
      r.headers["x-naver-client-secret"] !== FAKE_NAVER.clientSecret
    )
      return {
        status: 401,
        json: {
          errorMessage: "Not Exist Client ID : Authentication failed. (인증에 실패했습니다.)",
          errorCode: "024",
        },
      };
    if (r.path !== "/v1/search/news.json")
      return { status: 404, json: { errorMessage: "API does not exist", errorCode: "SE05" } };
    const body = await news.search(
      { apiCalls: 0 },
      {
        query: r.query.get("query") ?? "",
        display: Number(r.query.get("display") ?? 10),
        sort: r.query.get("sort") === "date" ? "date" : "sim",
      },
    );
    return { json: JSON.parse(JSON.stringify(body, (k, v) => (k === "synthetic" ? undefined : v))) };
  };
}
