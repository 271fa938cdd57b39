// News and disclosures (seed 003).
import { z } from "zod";
import { renderNewsText } from "../../../shared/news/api.ts";
import { NewsSearchRequest, NewsSearchResponse } from "../../../shared/news/schemas.ts";
import { json, route, SEARCH, type RouteDef } from "../route.ts";

export const newsRoutes: RouteDef[] = [
  route({
    method: "post",
    path: "/v1/news/search",
    llm: true,
    summary:
      "News and disclosures about Korean companies (seed 003): Naver news ∥ OpenDART, selection, an answer",
    access: "read",
    throttle: SEARCH,
    body: NewsSearchRequest,
    query: z.object({ format: z.enum(["json", "text"]).default("json") }),
    answers: {
      200: {
        ...json(
          NewsSearchResponse,
          "003's final state, citations and meta; ?format=text: the summary and the answer",
        ),
        also: { "text/plain": null },
      },
    },
    handle: async ({ body, query, services, c }) => {
      const res = await services.news.search(body);
      return query.format === "text"
        ? c.text(renderNewsText(res), 200, { "content-type": "text/plain; charset=utf-8" })
        : c.json(res);
    },
  }),
];
