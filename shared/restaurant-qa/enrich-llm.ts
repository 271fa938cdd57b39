// Enrichment by the LLM (002 §5.2): one structured call per restaurant, the canonical vocabulary as
// enums so the model cannot invent "주차가능" next to "주차", features free but canonicalised where
// the vocabulary knows them. A failed or invalid answer falls back to the rules (the caller says so).
import { z } from "zod";
import type { Deadline } from "../platform/deadline.ts";
import type { LlmPort, StructuredResult } from "../llm/port.ts";
import type { Enrichment, EnrichmentInput } from "./enrich-rules.ts";
import { ATMOSPHERE, CONVENIENCE, canonicalValue, OCCASION } from "./vocabulary.ts";

export const LlmEnrichment = z.object({
  review_food: z.array(z.string().trim().min(1).max(30)).max(30),
  convenience: z.array(z.enum(CONVENIENCE)).max(CONVENIENCE.length),
  atmosphere: z.array(z.enum(ATMOSPHERE)).max(ATMOSPHERE.length),
  occasion: z.array(z.enum(OCCASION)).max(OCCASION.length),
  features: z.array(z.string().trim().min(1).max(30)).max(15),
});

export const ENRICH_SYSTEM = `너는 식당 리뷰와 소개글에서 검색용 정보를 뽑는 도우미다.
- review_food: 리뷰와 소개에 나온 요리·음식 키워드 (메뉴판에 없어도 리뷰에 있으면 포함).
- convenience, atmosphere, occasion: 주어진 선택지에서만 고른다. 리뷰가 부정한 것("주차 안 돼요", "애견 출입 불가")은 넣지 않는다.
- features: 기타 특징 (가성비, 친절한, 방송출연, 창가뷰, 유명인, 주변 장소 등) 짧은 명사구.
- 근거가 없는 값은 넣지 않는다. 날짜가 붙은 행사·할인은 특징으로 넣지 않는다.`;

const CHARS_PER_REVIEW = 600;
const MAX_REVIEWS = 30;

export function enrichPrompt(input: EnrichmentInput & { title: string }): string {
  const reviews = input.reviews
    .slice(0, MAX_REVIEWS)
    .map((r, i) => `${i + 1}. ${r.slice(0, CHARS_PER_REVIEW).replace(/\s+/g, " ")}`)
    .join("\n");
  return [
    `식당: ${input.title}`,
    `메뉴: ${input.menus.map((m) => m.name).join(", ") || "없음"}`,
    `소개: ${input.description || "없음"}`,
    `리뷰:\n${reviews || "없음"}`,
    `convenience 선택지: ${CONVENIENCE.join(", ")}`,
    `atmosphere 선택지: ${ATMOSPHERE.join(", ")}`,
    `occasion 선택지: ${OCCASION.join(", ")}`,
  ].join("\n");
}

const unique = (xs: string[]) => [...new Set(xs)];

export async function enrichWithLlm(
  input: EnrichmentInput & { title: string },
  llm: LlmPort,
  deadline?: Deadline,
): Promise<StructuredResult<Enrichment>> {
  const { value, usage } = await llm.structured({
    system: ENRICH_SYSTEM,
    prompt: enrichPrompt(input),
    schema: LlmEnrichment,
    tier: "fast",
    maxTokens: 800,
    deadline,
  });
  return {
    value: {
      review_food: unique(value.review_food),
      convenience: unique(value.convenience),
      atmosphere: unique(value.atmosphere),
      occasion: unique(value.occasion),
      features: unique(value.features.map((f) => canonicalValue("features", f) ?? f)),
    },
    usage,
  };
}
