// The QA workflow's JSON state (Rewrite → Retrieve → Grade → Choice → WebSearch → Generate) and the
// API's response shapes. The state stays small for Step Functions (256 KB between states): at most
// 10 documents, each carrying 10 reviews of 400 characters for grading and generation.
import { z } from "zod";
import { DocumentMenu } from "../places/restaurant-document.ts";
import { StructuredQuery } from "./structured-query.ts";
import { WebResult } from "./web-search.ts";

export const MAX_CONTEXT_REVIEWS = 10;
export const MAX_REVIEW_CHARS = 400;
/** documents the state carries at most (retrieval returns fewer: `QA_RESULTS` ≤ 20, exact names 5 × 3 branches) */
export const MAX_STATE_DOCUMENTS = 20;

const Circle = z.object({
  name: z.string(),
  lat: z.number(),
  lon: z.number(),
  radiusM: z.number(),
  source: z.enum(["naver", "kakao", "gazetteer"]),
});

/** A retrieved document as the workflow carries it: the response fields plus the grader's evidence. */
export const ContextDocument = z.object({
  place_id: z.string(),
  title: z.string(),
  address: z.string(),
  roadAddress: z.string(),
  lat: z.number(),
  lon: z.number(),
  menus: z.array(DocumentMenu),
  convenience: z.array(z.string()),
  atmosphere: z.array(z.string()),
  occasion: z.array(z.string()),
  review_food: z.array(z.string()),
  features: z.array(z.string()),
  score: z.number(),
  relevant: z.boolean().optional(),
  reason: z.string().optional(),
  distance: z.number().optional(),
  category: z.string().optional(),
  map_url: z.string().nullable(),
  collected_at: z.string(),
  synthetic: z.boolean().optional(),
  // --- evidence, not returned ---
  /** the kNN similarity without boosts, (1 + cos) / 2 — what the offline grader's threshold reads */
  similarity: z.number(),
  reviews: z.array(z.string()).max(MAX_CONTEXT_REVIEWS),
  description: z.string(),
});
export type ContextDocument = z.infer<typeof ContextDocument>;

/**
 * Where an answer came from: the index, the web, neither (an answer without sources), or `index_empty`
 * — the index holds no document yet and the answer says how to load some.
 */
export const QaRoute = z.enum(["index", "web", "none", "index_empty"]);

export const LlmTokens = z.object({ input: z.number().int(), output: z.number().int() });

const Engine = z.enum(["rules", "llm", "rules-fallback", "skipped"]);
/** How the rewrite, grading or generation step answered: rules, the LLM, or rules after the LLM failed. */
export type StepEngine = Exclude<z.infer<typeof Engine>, "skipped">;

export const QaMetaState = z.object({
  llmCalls: z.number().int().default(0),
  llmTokens: LlmTokens.default({ input: 0, output: 0 }),
  apiCalls: z.number().int().default(0),
  warnings: z.array(z.string()).default([]),
  engines: z
    .object({ rewrite: Engine, grade: Engine, generate: Engine })
    .default({ rewrite: "skipped", grade: "skipped", generate: "skipped" }),
  /** epoch ms when the question arrived (for durationMs) */
  startedAt: z.number().optional(),
  /** words of the question the rewrite did not read (each named in a warning) */
  unread: z.array(z.string()).optional(),
});

export const QaState = z.object({
  query: z.string().trim().min(1).max(500),
  conversationId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "영문자, 숫자, _, -로 1~64자여야 합니다")
    .optional(),
  /** the request's time budget (epoch ms) */
  deadlineAt: z.number().optional(),
  /** search stops after retrieval (no grading, no answer) */
  mode: z.enum(["ask", "search"]).default("ask"),
  structured_query: StructuredQuery.optional(),
  /** the previous answer's restaurants, when this question refers to them */
  followUp: z
    .object({
      place_ids: z.array(z.string()).max(10),
      /** one of them, by position or superlative (rewrite.ts readFollowUp) */
      pick: z
        .union([
          z.object({ by: z.literal("position"), n: z.union([z.number().int(), z.literal("last")]) }),
          z.object({ by: z.enum(["nearest", "cheapest", "best_rated"]) }),
        ])
        .optional(),
      /** the one already singled out ("거기", "그 집") */
      focus: z.string().optional(),
      origin: z.object({ name: z.string(), lat: z.number(), lon: z.number() }).optional(),
      location: z.array(z.object({ name: z.string(), relation: z.enum(["nearby", "exact"]) })).optional(),
      kinds: z.array(z.string()).optional(),
      /** [place_id, metres] pairs, as the last answer gave them */
      distances: z
        .array(z.tuple([z.string(), z.number()]))
        .max(20)
        .optional(),
      /** the question this one leaves unsaid ("첫번째는?" after "2번째꺼 주차돼?" asks about parking too) */
      ask: z.string().max(500).optional(),
      /** the earlier question, when its answer found no restaurant (place_ids is then empty) */
      priorQuery: z.string().max(500).optional(),
    })
    .optional(),
  /** restaurants a follow-up leaves out of its new search ("첫번째 거 말고 다른 데") */
  exclude: z.array(z.string()).max(10).optional(),
  retrieval: z
    .object({
      mode: z.enum(["exact", "followup", "filtered", "none"]),
      circles: z.array(Circle),
      /** the radius was widened to this many metres because nothing matched */
      widenedToM: z.number().optional(),
      /** nothing of the asked kind: the documents are of this parent kind, offered apart (kind-match.ts) */
      parentKind: z.object({ asked: z.string(), parent: z.string() }).optional(),
    })
    .optional(),
  documents: z.array(ContextDocument).max(MAX_STATE_DOCUMENTS).optional(),
  /** the Choice state's input: true when no relevant document remains */
  needsWeb: z.boolean().optional(),
  web_results: z.array(WebResult).optional(),
  route: QaRoute.optional(),
  answer: z.string().optional(),
  citations: z.array(z.string()).optional(),
  meta: QaMetaState.default({
    llmCalls: 0,
    llmTokens: { input: 0, output: 0 },
    apiCalls: 0,
    warnings: [],
    engines: { rewrite: "skipped", grade: "skipped", generate: "skipped" },
  }),
});
export type QaState = z.infer<typeof QaState>;
export type QaStateInput = z.input<typeof QaState>;

/** The Choice state reads only this: `$.needsWeb` true → WebSearch, else → Generate. */
export const QaChoiceInput = z.object({ needsWeb: z.boolean() });

// ---- responses

export const ResponseDocument = ContextDocument.omit({ similarity: true, reviews: true, description: true });
export const SearchDocument = ResponseDocument.omit({ relevant: true, reason: true });

export const QaMeta = z.object({
  llmCalls: z.number().int(),
  llmTokens: LlmTokens,
  /** what answered: "offline" (rules only), "llm", or "llm+fallback" when a model call fell back */
  engine: z.string(),
  warnings: z.array(z.string()),
  /** the documents (or some of them) are the generated demo corpus */
  synthetic: z.boolean(),
  durationMs: z.number(),
  // --- additions ---
  engines: z.object({ rewrite: Engine, grade: Engine, generate: Engine }),
  apiCalls: z.number().int(),
  index: z.enum(["local", "opensearch"]),
  embedder: z.string(),
  /** words of the question the rewrite did not read (each named in a warning) */
  unread: z.array(z.string()).optional(),
});

export const AskRequest = z.object({
  query: z.string().trim().min(1).max(500),
  conversationId: QaState.shape.conversationId,
});
export const SearchRequest = AskRequest.pick({ query: true });

export const AskResponse = z.object({
  query: z.string(),
  structured_query: StructuredQuery,
  route: QaRoute,
  documents: z.array(ResponseDocument),
  answer: z.string(),
  citations: z.array(z.string()),
  web_results: z.array(WebResult).optional(),
  conversationId: z.string().optional(),
  meta: QaMeta,
});
export type AskResponse = z.infer<typeof AskResponse>;

export const SearchResponse = AskResponse.omit({
  route: true,
  answer: true,
  citations: true,
  web_results: true,
  conversationId: true,
}).extend({
  documents: z.array(SearchDocument),
});
export type SearchResponse = z.infer<typeof SearchResponse>;
