// Talking to the API: relative URLs (the page is served by the same app), JSON in and out, the API key
// in `x-api-key` when the API asks for one. In AWS every route but the page, /health and /openapi.json
// sits behind the API-key authorizer: on a 401 the page asks once, keeps the key in sessionStorage
// (gone when the tab closes; never localStorage, never the URL) and sends the request again.
import { askForKey } from "./key.ts";

const KEY_STORAGE = "dongne.apiKey";
export const API_KEY_HEADER = "x-api-key";

export const storedKey = (): string | null => sessionStorage.getItem(KEY_STORAGE);
export const forgetKey = (): void => sessionStorage.removeItem(KEY_STORAGE);

/** The API's error body: {error: {code, message, field?}}. */
interface ErrorBody {
  error: { code: string; message: string; field?: string };
}

/** A request that did not give an answer, told as a sentence a person can act on. */
export class ApiProblem extends Error {
  constructor(
    readonly sentence: string,
    readonly status: number,
    readonly code?: string,
    readonly field?: string,
  ) {
    super(sentence);
  }
}

const FIELD_NAMES: Record<string, string> = {
  query: "질문",
  days: "일수",
  seed: "시드",
  agents: "에이전트 수",
  maxConcurrentLlmCalls: "동시 LLM 호출 수",
  search_preference: "검색 대상",
  conversationId: "대화 ID",
  startDate: "시작 날짜",
  start_date: "시작 날짜",
  agentId: "에이전트 ID",
  body: "요청 본문",
};

const withFinalPeriod = (s: string) => (/[.!?。]$/.test(s) ? s : `${s}.`);

/** The sentence for an error answer. */
export function sentenceFor(status: number, body: unknown, requestId: string | null): ApiProblem {
  const e = (body as Partial<ErrorBody> | null)?.error;
  if (e && typeof e.message === "string") {
    if (status === 400 || status === 413) {
      // the API's reason is Korean (shared/platform/zod-ko.ts and the schemas' own messages)
      const field = e.field ? (FIELD_NAMES[e.field] ?? e.field) : null;
      const said = `${field ? `${field}: ` : ""}${e.message}`;
      return new ApiProblem(`입력을 확인해 주세요 — ${withFinalPeriod(said)}`, status, e.code, e.field);
    }
    const lead: Record<number, string> = {
      403: "이 API 키로는 할 수 없는 요청이에요",
      404: "찾을 수 없어요",
      409: "지금은 할 수 없어요",
      429: "요청이 너무 많아요. 잠시 뒤에 다시 시도해 주세요",
      502: "작업 흐름이 실패했어요",
      504: "시간 안에 끝나지 않았어요. 다시 시도하거나 질문을 좁혀 주세요",
    };
    // the request id lets ops find a server error in the logs; a client error says all there is
    const id = requestId && status >= 500 ? ` (요청 ID ${requestId})` : "";
    const say = lead[status] ?? (status >= 500 ? "서버에서 오류가 났어요" : "요청을 처리하지 못했어요");
    return new ApiProblem(`${say}: ${withFinalPeriod(e.message)}${id}`, status, e.code, e.field);
  }
  if (status === 429) return new ApiProblem("요청이 너무 많아요. 잠시 뒤에 다시 시도해 주세요.", status);
  if (status === 503 || status === 502)
    return new ApiProblem(
      `서버가 지금 응답하지 못해요 (HTTP ${status}). 잠시 뒤에 다시 시도해 주세요.`,
      status,
    );
  return new ApiProblem(`서버가 예상하지 못한 답을 보냈어요 (HTTP ${status}).`, status);
}

/** Said for any request that failed without an answer from the API. */
const unreachable = () =>
  new ApiProblem("서버에 연결하지 못했어요. 네트워크를 확인하고 다시 시도해 주세요.", 0);

export interface RequestOptions {
  method?: "GET" | "POST";
  body?: unknown;
  /** the raw response (downloads); the default parses JSON */
  raw?: true;
  signal?: AbortSignal;
  /** false: a refused key fails the request instead of asking (a background request, not one a person made) */
  askForKey?: false;
}

async function send(path: string, o: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: "application/json" };
  const key = storedKey();
  if (key) headers[API_KEY_HEADER] = key;
  if (o.body !== undefined) headers["content-type"] = "application/json";
  try {
    return await fetch(path, {
      method: o.method ?? (o.body === undefined ? "GET" : "POST"),
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
      signal: o.signal,
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw unreachable();
  }
}

/**
 * API Gateway refuses a missing key with 401 and a key the authorizer rejects with 403 {"message":
 * "Forbidden"}; locally the app answers 401 for both. Either way: ask for a key.
 */
const keyRefused = (res: Response, body: unknown) =>
  res.status === 401 ||
  (res.status === 403 && (body as { message?: unknown } | null)?.message === "Forbidden");

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

export async function api<T>(path: string, o: RequestOptions = {}): Promise<T> {
  let res = await send(path, o);
  for (let attempt = 0; !res.ok; attempt++) {
    const body = await readBody(res.clone());
    if (!keyRefused(res, body) || attempt >= 3) {
      throw sentenceFor(res.status, body, res.headers.get("x-request-id"));
    }
    if (o.askForKey === false)
      throw new ApiProblem("API 키를 입력하면 볼 수 있어요.", res.status, "unauthorized");
    const hadKey = storedKey() !== null;
    forgetKey();
    const key = await askForKey(hadKey);
    if (!key) throw new ApiProblem("API 키가 있어야 이 요청을 보낼 수 있어요.", res.status, "unauthorized");
    sessionStorage.setItem(KEY_STORAGE, key);
    res = await send(path, o);
  }
  if (o.raw) return res as T;
  const body = await readBody(res);
  if (body === null) throw new ApiProblem("서버의 답을 읽지 못했어요.", res.status);
  return body as T;
}

/** The sentence to show for anything a request threw. */
export const problemText = (err: unknown): string =>
  err instanceof ApiProblem ? err.sentence : "예상하지 못한 오류가 났어요. 페이지를 새로 고쳐 주세요.";
