// The warnings a place search answers with, in Korean: what happened and what it means for the places
// shown. Each is built here once, so the code that gives it and the tests that look for it share it.
// A provider's own error text is quoted as it came, marked (오류: …): it is for whoever fixes it.
import { josa } from "es-hangul";
import { koLabel } from "../korean/labels.ts";

/** The particle alone (은/는, 으로/로) for a word shown in quotes. */
const particle = (word: string, p: Parameters<typeof josa>[1]) => josa(word, p).slice(word.length);

/** A provider's error, quoted after the Korean sentence. */
export const cause = (err: unknown) => `(오류: ${err instanceof Error ? err.message : String(err)})`;

export const GOOGLE_OFFLINE =
  "Google 지도가 설정되지 않아 해외 장소는 검색할 수 없습니다: 위치는 내장 지명 사전에서 찾았습니다";

export const GOOGLE_ENRICH_OFFLINE =
  "Google 지도가 설정되지 않아 평점·영업시간·리뷰를 붙이지 못했습니다: 각 장소의 상세 페이지에서 확인하세요";

/** The request's time budget was spent before a call: said once, not once a keyword or a point. */
export const BUDGET_SPENT = "요청 시간 예산이 다해 남은 검색을 하지 못했습니다: 찾은 곳까지만 보여 드립니다";

/** The query names no place: the rules' warning, dropped where the caller sent a location. */
export const NO_LOCATION = "질문에서 지역을 찾지 못해 지역을 한정하지 않고 찾았습니다";

export const abroadRetried = (query: string) =>
  `"${query}"${particle(query, "은/는")} 해외 장소라 Google에서 다시 찾았습니다`;

export const noKakaoAbroad = (query: string) =>
  `해외에서는 "${query}"의 Kakao 검색 결과가 없어 Google에서 다시 찾았습니다`;

export const notLocated = (query: string) => `"${query}"의 위치를 찾지 못했습니다`;

/** A place named with a wider area none of its namesakes lies in ("부산 강남역"): said, never moved. */
export const notInNamedArea = (regions: readonly { name: string }[], place: string) =>
  `${regions.map((r) => r.name).join(" ")}에서 "${place}"${particle(place, "을/를")} 찾지 못했습니다: 그 지역 밖의 같은 이름으로 옮겨 찾지 않았습니다`;

export const keywordFailed = (keyword: string, err: unknown) =>
  `"${keyword}" 검색이 실패해 그 키워드의 장소는 빠졌습니다 ${cause(err)}`;

export const samplePointFailed = (point: number, keyword: string, err: unknown) =>
  `경로 위 ${point}번 지점에서 "${keyword}" 검색이 실패해 그 지점의 장소는 빠졌습니다 ${cause(err)}`;

export const STRAIGHT_ROUTE_OFFLINE =
  "도로 경로를 받을 수 없어(오프라인) 두 장소를 잇는 직선을 따라 찾았습니다: 실제 길과 다를 수 있습니다";

export const NO_ROUTE_PROVIDER =
  "경로 제공자가 설정되지 않아 두 장소를 잇는 직선을 따라 찾았습니다: 실제 길과 다를 수 있습니다";

export const routeFailed = (err: unknown) =>
  `도로 경로를 받지 못해 두 장소를 잇는 직선을 따라 찾았습니다: 실제 길과 다를 수 있습니다 ${cause(err)}`;

const STRAIGHT_DISTANCE =
  "직선거리로 걸렀습니다: 직선거리는 실제 이동 거리보다 짧아, 실제로는 더 먼 곳이 포함됐을 수 있습니다";

export const NO_TRAVEL_PROVIDER = `이동 거리 제공자가 설정되지 않아 ${STRAIGHT_DISTANCE}`;

export const travelFailed = (err: unknown) => `이동 거리를 받지 못해 ${STRAIGHT_DISTANCE} ${cause(err)}`;

export const googleDetailsFailed = (failed: number) =>
  `${failed}곳은 Google 상세 정보를 받지 못해 평점·영업시간 없이 보여 드립니다`;

export const beyondLocalSearch = (metres: number, capped: number) =>
  `${metres.toLocaleString("ko-KR")}m는 동네 검색 범위를 넘어 ${capped.toLocaleString("ko-KR")}m까지만 찾았습니다`;

export const noKindRecognised = (keyword: string) =>
  `질문에서 찾을 장소의 종류를 알아보지 못해 "${keyword}"${particle(keyword, "으로/로")} 찾았습니다`;

export const ownPlace = (name: string) =>
  `"${name}"${particle(name, "은/는")} 지도에 없는 나만의 장소라 적힌 그대로 위치를 찾았습니다: 정확히 찾으려면 주소를 적어 주세요`;

export const noReviewsToCheck = (keywords: string[]) =>
  `${keywords.join(", ")}: 지도 API가 리뷰를 주지 않아 확인하지 못했습니다. 가기 전에 각 장소의 상세 페이지에서 확인하세요`;

export const translatorFailed = (message: string) =>
  `LLM 번역기를 쓸 수 없어 규칙으로 질문을 읽었습니다 (오류: ${message})`;

export const budgetSkipped = (steps: number[]) =>
  `요청 시간 예산이 다해 ${steps.join(", ")}단계를 건너뛰었습니다: 그때까지 찾은 곳만 보여 드립니다`;

/** A plan step that could not run, and why, in a sentence. */
export const stepSkipped = (step: number, action: string, why: string) =>
  `${step}단계(${koLabel("planAction", action)})를 건너뛰었습니다: ${why}`;

export const stepFailed = (step: number, action: string, err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  // our own failures are already Korean; a provider's is quoted
  const why = /[가-힣]/.test(message) ? message : `제공자가 실패했습니다 ${cause(err)}`;
  return `${step}단계(${koLabel("planAction", action)})를 하지 못했습니다: ${why}`;
};

export const invalidStepParam = (path: string, message: string) =>
  `앞 단계에서 받은 값${path ? `(${path})` : ""}이 맞지 않습니다 (오류: ${message})`;

export const noStepResult = (step: string) => `${step}단계의 결과가 없습니다`;

/** A field of an earlier step's result, by its Korean name where the page has one, else as code. */
const resultField = (field: string) => {
  const label = koLabel("planField", field);
  return label === field ? `\`${field}\`` : label;
};

export const emptyStepField = (step: string, field: string) =>
  `${step}단계 결과에 ${resultField(field)} 값이 없습니다`;
