// The warnings a restaurant answer carries, in Korean: what happened and what it means for the answer.
// Each is built here once, so the step that gives it and the tests that look for it share it. A
// provider's or model's own error text is quoted as it came, marked (오류: …): it is for whoever fixes it.
import { josa } from "es-hangul";
import type { LlmOutcome } from "../llm/fallback.ts";

const cause = (err: unknown) => `(오류: ${err instanceof Error ? err.message : String(err)})`;

/** The parts of an answer a model may do, and what stands in when it does not. */
const LLM_TASKS = {
  rewrite: { task: "질문 읽기", instead: "규칙으로 질문을 읽었습니다" },
  grading: { task: "관련성 판단", instead: "규칙으로 관련 식당을 골랐습니다" },
  answer: { task: "답변 작성", instead: "문서에서 뽑은 문장으로 답했습니다" },
} as const;

/** Why the rules stood in for the model in one task: it failed, or no time was left; nothing otherwise. */
export function llmFallbackWarnings(kind: keyof typeof LLM_TASKS, asked: LlmOutcome<unknown>): string[] {
  const { task, instead } = LLM_TASKS[kind];
  if (asked.engine === "rules-fallback")
    return [`${task}: LLM을 쓸 수 없어 ${instead} ${cause(asked.failure)}`];
  if (asked.engine === "rules" && asked.why === "no_time")
    return [`${task}: LLM에 쓸 시간이 남지 않아 ${instead}`];
  return [];
}

export const CITED_OUTSIDE_CONTEXT =
  "LLM 답변이 주어진 문서 밖의 출처를 인용해, 문서에서 뽑은 문장으로 답했습니다";

export const unsupportedClaims = (claims: string[]) =>
  `LLM 답변이 문서에 없는 내용(${claims.join(", ")})을 말해, 문서에서 뽑은 문장으로 답했습니다`;

export const FIRST_SENTENCE_UNNAMED =
  "LLM 답변의 첫 문장이 물어본 식당을 말하지 않아, 규칙으로 만든 문장을 앞에 두었습니다";

export const geocodeFailed = (provider: string, name: string, err: unknown) =>
  `${provider === "naver" ? "네이버" : provider === "kakao" ? "카카오" : provider} 지오코딩으로 "${name}"의 위치를 찾지 못해 내장 지명 사전을 썼습니다 ${cause(err)}`;

export const notLocated = (name: string) =>
  `"${name}"의 위치를 찾지 못해 그곳으로 범위를 좁히지 않고 찾았습니다`;

/** A place named with a wider area none of its namesakes lies in ("부산 강남역"): said, never moved there. */
export const notInNamedArea = (regions: readonly { name: string }[], place: string) =>
  `${regions.map((r) => r.name).join(" ")}에서 "${place}"${josa(place, "을/를").slice(place.length)} 찾지 못해, 그 지역 밖의 같은 이름으로 옮기지 않고 범위를 좁히지 않은 채 찾았습니다`;

export const NO_EARLIER_ANSWER = "질문이 앞선 답을 가리키지만, 이 대화에는 앞선 답이 없습니다";

export const NO_WEB_SEARCH =
  "색인에 관련 식당이 없고 웹 검색도 설정되어 있지 않아, 찾은 식당 없이 답했습니다";

export const webSearchFailed = (err: unknown) =>
  `웹 검색이 실패해 색인에 있는 자료로만 답했습니다 ${cause(err)}`;

export const INDEX_EMPTY = "식당 색인에 아직 문서가 없습니다: 먼저 식당 문서를 불러오세요";

export const schemaMismatch = (found: number, expected: number) =>
  `색인의 스키마 버전(${found})이 이 코드의 버전(${expected})과 달라 일부 조건이 맞지 않을 수 있습니다: 문서를 다시 불러오세요`;

export const collectFailed = (query: string, sort: string, err: unknown) =>
  `네이버 검색 "${query}"(${sort === "comment" ? "리뷰순" : "무작위"})이 실패했습니다 ${cause(err)}`;
