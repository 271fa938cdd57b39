// Relevance grading (002 §3.4). A document that breaks a hard condition is irrelevant whoever
// grades. The LLM grades the rest in one call (relevant or not, a reason each); offline, a
// calibrated threshold on the kNN similarity decides (bench/restaurant-qa.ts calibrates it on half
// the benchmark queries and reports it on the other half). A named restaurant (exact) or the
// previous answer's restaurants (follow-up) are relevant by being the ones asked about.
import { z } from "zod";
import type { Deadline } from "../platform/deadline.ts";
import { noUsage, type LlmPort, type TokenUsage } from "../llm/port.ts";
import { askUnlessSure } from "../llm/fallback.ts";
import { failedConditions } from "./conditions.ts";
import type { Circle } from "./geocode.ts";
import type { ContextDocument, QaState, StepEngine } from "./state.ts";
import type { StructuredQuery } from "./structured-query.ts";
import { attributesLine } from "./summary.ts";
import { llmFallbackWarnings } from "./warnings.ts";

export const LlmGrades = z.object({
  grades: z
    .array(z.object({ place_id: z.string(), relevant: z.boolean(), reason: z.string().max(300) }))
    .max(20),
});

export const GRADE_SYSTEM = `너는 식당 검색 결과가 사용자 질문에 답할 수 있는지 평가한다.
각 문서마다 relevant(true/false)와 한국어 한 문장 reason을 준다. 문서에 없는 정보는 추측하지 않는다.
질문의 조건(위치, 음식, 편의, 가격)을 문서가 충족하지 않으면 relevant는 false다.`;

function docCard(d: ContextDocument): string {
  const menus = d.menus
    .slice(0, 12)
    .map((m) => `${m.name}${m.price !== null ? ` ${m.price}원` : ""}`)
    .join(", ");
  return [
    `[${d.place_id}] ${d.title} (${d.address}${d.distance !== undefined ? `, ${d.distance}m` : ""})`,
    `메뉴: ${menus || "없음"} / 리뷰 음식: ${d.review_food.join(",") || "없음"}`,
    attributesLine(d),
    `리뷰 일부: ${d.reviews
      .slice(0, 3)
      .map((r) => r.slice(0, 160))
      .join(" / ")}`,
  ].join("\n");
}

export function gradePrompt(query: string, q: StructuredQuery, docs: readonly ContextDocument[]): string {
  return [`질문: ${query}`, `구조화된 조건: ${JSON.stringify(q)}`, "문서:", ...docs.map(docCard)].join(
    "\n\n",
  );
}

export interface Graded {
  documents: ContextDocument[];
  engine: StepEngine;
  usage: TokenUsage;
  warnings: string[];
}

function offline(d: ContextDocument, threshold: number): { relevant: boolean; reason: string } {
  return d.similarity >= threshold
    ? { relevant: true, reason: `조건을 모두 충족하고 질문과 유사도 ${d.similarity.toFixed(2)}` }
    : { relevant: false, reason: `조건은 충족하지만 질문과 유사도 ${d.similarity.toFixed(2)}로 낮음` };
}

export async function gradeDocuments(
  state: Pick<QaState, "query" | "structured_query" | "retrieval" | "documents">,
  o: { llm?: LlmPort; threshold: number; deadline?: Deadline },
): Promise<Graded> {
  const docs = state.documents ?? [];
  const q = state.structured_query ?? {};
  const mode = state.retrieval?.mode ?? "none";
  if (mode === "exact" || mode === "followup") {
    const reason = mode === "exact" ? "질문에서 이름으로 찾은 식당" : "앞선 답변의 식당";
    return {
      documents: docs.map((d) => ({ ...d, relevant: true, reason })),
      engine: "rules",
      usage: noUsage(),
      warnings: [],
    };
  }
  const circles: Circle[] = state.retrieval?.circles ?? [];
  const failures = new Map(docs.map((d) => [d.place_id, failedConditions(d, q, circles)]));
  const candidates = docs.filter((d) => !failures.get(d.place_id)!.length);
  // the hard conditions have decided when no document meets them all: nothing is left to ask about
  const asked = await askUnlessSure(
    { llm: o.llm, rulesSure: !candidates.length, deadline: o.deadline },
    (llm) =>
      llm.structured({
        system: GRADE_SYSTEM,
        prompt: gradePrompt(state.query, q, candidates),
        schema: LlmGrades,
        tier: "fast",
        maxTokens: 600,
        deadline: o.deadline,
      }),
  );
  const llmGrades =
    asked.engine === "llm" ? new Map(asked.value.grades.map((g) => [g.place_id, g])) : undefined;
  const documents = docs.map((d) => {
    const failed = failures.get(d.place_id)!;
    if (failed.length) return { ...d, relevant: false, reason: `조건 불충족: ${failed.join(", ")}` };
    const g = llmGrades?.get(d.place_id) ?? offline(d, o.threshold);
    return { ...d, relevant: g.relevant, reason: g.reason };
  });
  return {
    documents,
    engine: asked.engine,
    usage: asked.usage,
    warnings: llmFallbackWarnings("grading", asked),
  };
}
