// What an operator runs against a deployed stack (or the local server), through the one API client
// (api-client.ts) the whole CLI uses:
//
//   dongne smoke --api URL [--key KEY] [--no-simulation]
//       one request to each workflow (planning, search, restaurant QA, batch ingest, news, a one-agent
//       simulation day), each answer checked against the route's own response schema (the ones the
//       OpenAPI document is built from); prints one line per check and exits 1 when any failed
//   dongne restaurants ingest FILE.jsonl [--api URL [--key KEY]]
//       the crawl-format file through POST /v1/restaurants/documents (of that server, a server found on
//       PORT, or this process), in requests under the API's body limit; a large upload becomes a job,
//       followed to its end; rejections by line of the file, and the answer's notices
//
// The smoke test writes nothing to the index: its ingest request carries one document that the ingest
// workflow rejects (no title), which runs every state of that workflow and indexes nothing.
import type { z } from "zod";
import type { RouteDef } from "../functions/api/route.ts";
import { parseJsonLines } from "../shared/places/restaurant-crawl.ts";
import { koLabel } from "../shared/korean/labels.ts";
import { IngestReport } from "../shared/restaurant-qa/ingest.ts";
import {
  ApiFailure,
  errorOf as errorBody,
  failureOf,
  followJob,
  httpClient,
  type ApiClient,
  type HttpOptions,
} from "./api-client.ts";
import { readInput } from "./cli-io.ts";

export interface Out {
  log(line: string): void;
  /** notices and warnings (stderr on the CLI); log when absent */
  warn?(line: string): void;
}

export type { HttpOptions };

const call = (o: HttpOptions, method: "GET" | "POST", path: string, body?: unknown) =>
  httpClient(o).call(method, path, body);

/** The schema a route declares for a status (functions/api/routes/: the same the OpenAPI document shows). */
function answerSchema(
  routes: readonly RouteDef[],
  method: "get" | "post",
  path: string,
  status: number,
): z.ZodType | undefined {
  const r = routes.find((x) => x.method === method && x.path === path);
  if (!r) throw new Error(`no route ${method.toUpperCase()} ${path}`);
  return r.answers[status]?.schema;
}

const errorOf = (body: unknown): string => {
  const e = errorBody(body);
  return e.code ? `${e.code}: ${e.message}` : e.message;
};

/** The checks' names that tests and people look for. */
export const HEALTH = "상태 확인 (/health)";
export const SEARCH = "검색 워크플로";
export const INGEST = "식당 문서 넣기 워크플로 (잘못된 문서 하나: 아무것도 쓰지 않음)";
const RUN = "시뮬레이션 워크플로 (실행)";

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** One request (and its follow-ups) per workflow; each answer checked by its route's schema. */
export async function smoke(o: HttpOptions, opts: { simulation?: boolean } = {}): Promise<Check[]> {
  // the route table, imported only by the command that checks answers against it
  const { ROUTES } = await import("../functions/api/routes/index.ts");
  const checks: Check[] = [];
  const check = async (
    name: string,
    method: "get" | "post",
    path: string,
    body: unknown,
    expect: number,
    inspect?: (body: Record<string, unknown>) => string | undefined,
  ): Promise<unknown> => {
    try {
      const r = await call(o, method === "get" ? "GET" : "POST", path, body);
      if (r.status !== expect) {
        checks.push({
          name,
          ok: false,
          detail: `HTTP ${r.status} (기대한 것은 ${expect}) — ${errorOf(r.body)}`,
        });
        return undefined;
      }
      const schema = answerSchema(ROUTES, method, path, expect);
      const parsed = schema?.safeParse(r.body);
      if (parsed && !parsed.success) {
        const issue = parsed.error.issues[0]!;
        checks.push({
          name,
          ok: false,
          detail: `답이 문서에 적힌 모양과 다릅니다: ${issue.path.join(".") || "(최상위)"}: ${issue.message}`,
        });
        return undefined;
      }
      const problem = inspect?.(r.body as Record<string, unknown>);
      checks.push({ name, ok: !problem, detail: problem ?? `${r.status}, ${r.ms} ms` });
      return r.body;
    } catch (err) {
      checks.push({ name, ok: false, detail: `답 없음: ${(err as Error).message}` });
      return undefined;
    }
  };

  await check(HEALTH, "get", "/health", undefined, 200);
  await check("계획 워크플로", "post", "/v1/search/plan", { query: "강남역 근처 카페" }, 200);
  await check(SEARCH, "post", "/v1/search", { query: "강남역 근처 카페" }, 200, (b) =>
    Array.isArray(b.places) ? undefined : "장소 목록이 없습니다",
  );
  await check(
    "식당 QA 워크플로",
    "post",
    "/v1/restaurants/ask",
    { query: "망원역 주차되는 한식집" },
    200,
    (b) => (typeof b.answer === "string" && b.answer.length > 0 ? undefined : "빈 답"),
  );
  await check(
    INGEST,
    "post",
    "/v1/restaurants/documents",
    { documents: [{ place_id: "dongne-smoke-test" }] },
    200,
    (b) =>
      (b.rejected as unknown[]).length === 1 && b.indexed === 0
        ? undefined
        : "잘못된 문서가 거부되지 않았습니다",
  );
  await check("뉴스 워크플로", "post", "/v1/news/search", { query: "삼성전자 배당" }, 200);
  if (opts.simulation !== false) {
    const started = (await check(
      "시뮬레이션 워크플로 (시작)",
      "post",
      "/v1/simulations",
      { days: 1, seed: 1, agents: 1 },
      202,
    )) as { id?: string } | undefined;
    if (started?.id) await followSimulation(o, started.id, checks);
  }
  return checks;
}

async function followSimulation(o: HttpOptions, id: string, checks: Check[]): Promise<void> {
  const until = Date.now() + 180_000;
  for (;;) {
    const r = await call(o, "GET", `/v1/simulations/${id}`).catch((err: Error) => ({
      status: 0,
      body: err.message,
      ms: 0,
    }));
    const status = (r.body as { status?: string } | null)?.status;
    if (r.status !== 200) {
      checks.push({
        name: RUN,
        ok: false,
        detail: `HTTP ${r.status} — ${errorOf(r.body)}`,
      });
      return;
    }
    if (status === "completed" || status === "completed_with_failures") {
      checks.push({ name: RUN, ok: true, detail: `${id} ${koLabel("simulationStatus", status)}` });
      return;
    }
    if (status === "failed" || status === "budget_exhausted" || Date.now() > until) {
      checks.push({
        name: RUN,
        ok: false,
        detail: `${id} ${Date.now() > until ? `180초가 지나도 ${koLabel("simulationStatus", status ?? "")}` : koLabel("simulationStatus", status ?? "")}`,
      });
      return;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export async function smokeCommand(
  o: HttpOptions,
  opts: { simulation?: boolean },
  out: Out,
): Promise<number> {
  const checks = await smoke(o, opts);
  for (const c of checks) out.log(`${c.ok ? "통과" : "실패"} ${c.name}: ${c.detail}`);
  const failed = checks.filter((c) => !c.ok).length;
  out.log(failed ? `검사 ${checks.length}개 중 ${failed}개 실패` : `검사 ${checks.length}개 모두 통과`);
  return failed ? 1 : 0;
}

/** The API's limits on one upload (functions/api/routes/restaurant-qa.ts: 5 MB and 20,000 documents); requests stay under both. */
export const UPLOAD_LIMITS = { bytes: 4 * 1024 * 1024, documents: 5000 };

interface IngestTotals {
  indexed: number;
  updated: number;
  unchanged: number;
  rejected: { line: number | undefined; place_id?: string; field: string; reason: string }[];
  /** records whose batch failed midway (the index may or may not hold them) */
  failed: number;
  warnings: string[];
  /** what the answer says besides its counts (the demo corpus giving way, and how to bring it back) */
  notices: string[];
}

/** The texts an ingest answer carries for people beside its counts, whatever the field is called. */
const noticesOf = (body: unknown): string[] => {
  const b = (body ?? {}) as Record<string, unknown>;
  return [b.notice, b.notices]
    .flat()
    .map((n) => (typeof n === "string" ? n : (n as { message?: string } | undefined)?.message))
    .filter((n): n is string => typeof n === "string" && n.length > 0);
};

/** JSON Lines → requests under the body limit → reports (a 202 job is followed until it ends). */
export async function remoteIngest(path: string, o: HttpOptions, out: Out): Promise<IngestTotals> {
  return ingestFile(path, httpClient({ timeoutMs: 60_000, ...o }), out);
}

/** The same, through any client (a server, or the product in this process). */
export async function ingestFile(path: string, c: ApiClient, out: Out): Promise<IngestTotals> {
  const { items, lineOf } = parseJsonLines(readInput(path));
  const totals: IngestTotals = {
    indexed: 0,
    updated: 0,
    unchanged: 0,
    rejected: [],
    failed: 0,
    warnings: [],
    notices: [],
  };
  let start = 0;
  while (start < items.length) {
    let end = start;
    let bytes = 20;
    while (end < items.length && end - start < UPLOAD_LIMITS.documents) {
      const size = Buffer.byteLength(JSON.stringify(items[end])) + 1;
      if (end > start && bytes + size > UPLOAD_LIMITS.bytes) break;
      bytes += size;
      end++;
    }
    const r = await c.call("POST", "/v1/restaurants/documents", { documents: items.slice(start, end) });
    let answered: unknown;
    if (r.status === 200) answered = r.body;
    else if (r.status === 202) {
      const { jobId } = r.body as { jobId: string };
      out.log(`문서 ${start + 1}–${end}번: 작업 ${jobId}로 처리 중, 끝날 때까지 기다립니다`);
      answered = await followJob(c, jobId, c.server ? 2000 : 200);
    } else {
      const failure = failureOf(r);
      throw new ApiFailure(`문서 ${start + 1}–${end}번을 올리지 못했습니다: ${failure.message}`, r.status);
    }
    const report = IngestReport.parse(answered);
    totals.indexed += report.indexed;
    totals.updated += report.updated;
    totals.unchanged += report.unchanged;
    totals.failed += report.failed?.length ?? 0;
    totals.warnings.push(...(report.warnings ?? []));
    totals.notices.push(...noticesOf(answered));
    for (const x of report.rejected)
      totals.rejected.push({
        line: lineOf[start + x.index],
        place_id: x.place_id,
        field: x.field,
        reason: x.reason,
      });
    start = end;
  }
  out.log(
    `새로 색인 ${totals.indexed}건, 갱신 ${totals.updated}건, 변경 없음 ${totals.unchanged}건, 거부 ${totals.rejected.length}건${totals.failed ? `, 기록 여부를 알 수 없음 ${totals.failed}건 (다시 올리세요)` : ""} (${c.server ?? "이 프로세스의 색인"})`,
  );
  for (const x of totals.rejected.slice(0, 50))
    out.log(`  ${x.line ?? "?"}번째 줄${x.place_id ? ` (${x.place_id})` : ""}: ${x.field}: ${x.reason}`);
  if (totals.rejected.length > 50) out.log(`  … 외 ${totals.rejected.length - 50}건`);
  for (const n of new Set(totals.notices)) (out.warn ?? out.log)(`알림: ${n}`);
  for (const w of new Set(totals.warnings)) (out.warn ?? out.log)(`경고: ${w}`);
  return totals;
}
