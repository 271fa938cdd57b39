// What the command line runs (bin/cli.ts parses the arguments and calls these):
//   npx dongne restaurants collect "망원동 맛집" [--expand] [--out FILE]   Naver local search → crawl JSONL
//   npx dongne restaurants ingest FILE.jsonl                              upsert into the index
//   npx dongne restaurants demo [--out FILE]                              the synthetic demo corpus as JSONL
//   npx dongne restaurants status                                         index (and domain) status
//   npx dongne ask "…" [--json] [--conversation ID]                       one question, answered
//   npx dongne ask                                                        a conversation: follow-ups
//                                                                         refer to the last answer
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { describeSearchDomain } from "../index/control-plane.ts";
import type { Place } from "../places/place.ts";
import type { NaverLocal } from "../providers/naver-local.ts";
import { collectRestaurants } from "./collect.ts";
import { generateDemoCorpus } from "../demo/corpus.ts";
import type { QaRuntime } from "./wiring.ts";
import type { AskResponse } from "./state.ts";
import { type QaConfig } from "./config.ts";

export interface Output {
  /** human-readable lines (stderr for progress, stdout for results: the caller decides) */
  log(line: string): void;
}

const jsonl = (rows: readonly object[]) =>
  rows.map((r) => JSON.stringify(r)).join("\n") + (rows.length ? "\n" : "");

export async function collectCommand(
  args: { query: string; out?: string; expand?: boolean },
  naver: NaverLocal | undefined,
  out: Output,
): Promise<string> {
  if (!naver)
    throw new Error("네이버 지역 검색에서 모으려면 NAVER_CLIENT_ID와 NAVER_CLIENT_SECRET이 필요합니다");
  const r = await collectRestaurants(args.query, naver, { expand: args.expand });
  const body = jsonl(r.records);
  if (args.out) writeFileSync(args.out, body);
  out.log(`네이버 검색 ${r.searches}번으로 ${r.records.length}곳${args.out ? ` → ${args.out}` : ""}`);
  out.log("메뉴, 리뷰, 소개는 비어 있습니다: 네이버 지도 크롤링은 (약관상) 범위 밖입니다");
  for (const w of r.warnings) out.log(`경고: ${w}`);
  return body;
}

/** Asks a question: through the API (the CLI's client) or the in-process flow (tests). */
export type Ask = (request: { query: string; conversationId?: string }) => Promise<AskResponse>;

/** The answer's citations as the restaurants' names (a web result by its title), in order. */
export function citedNames(r: AskResponse): string[] {
  const titles = new Map<string, string>(r.documents.map((d) => [d.place_id, d.title]));
  for (const w of r.web_results ?? []) titles.set(w.url, w.title);
  return [...new Set(r.citations.map((c) => titles.get(c) ?? c))];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The answer's text without its documents' ids in brackets: each is cited by its name beside it. */
export function withoutIds(r: AskResponse): string {
  const ids = [...new Set([...r.citations, ...r.documents.map((d) => d.place_id)])];
  if (!ids.length) return r.answer;
  const bracketed = new RegExp(`[ \t]?\\[(?:${ids.map(escape).join("|")})\\][ \t]?`, "g");
  return r.answer.replace(bracketed, (m) => (m.startsWith(" ") && m.endsWith(" ") ? " " : ""));
}

/** The answer for people (its text, then its sources by name), or the response as JSON. */
export async function askCommand(
  args: { query: string; json?: boolean; conversationId?: string },
  ask: Ask,
  out: Output & { warn?(line: string): void },
): Promise<void> {
  const r = await ask({ query: args.query, conversationId: args.conversationId });
  if (args.json) {
    out.log(JSON.stringify(r, null, 2));
    return;
  }
  out.log(withoutIds(r));
  const names = citedNames(r);
  if (names.length) out.log(`출처: ${names.join(", ")}`);
  // the answer says it itself when its text was made from the demo corpus; said here otherwise
  if (r.meta.synthetic && !/합성|가상|synthetic/i.test(r.answer))
    out.log("(내장 데모 말뭉치의 가상 식당에서 찾은 답입니다. 실제 가게가 아닙니다.)");
  for (const w of r.meta.warnings) (out.warn ?? out.log)(`경고: ${w}`);
}

/** What starts a new conversation in `dongne ask` without a question. */
export const NEW_CONVERSATION = /^\/(?:new|새\s*대화|새로)$/;

export const CONVERSATION_HELP =
  "질문을 입력하세요. 이어지는 질문(‘그 중에 제일 가까운 곳은?’, ‘두 번째 집 주차 돼?’, ‘거기 근처에 카페도 있어?’)은 " +
  "앞의 답을 이어 받습니다. ‘/새 대화’는 새 대화를 시작하고, 빈 줄이나 Ctrl-D는 끝냅니다.";

/**
 * A conversation on the command line: each line is a question in the same conversation (its id sent
 * back with every question), so follow-ups refer to the last answer; "/새 대화" starts another.
 */
export async function conversationCommand(
  lines: AsyncIterable<string>,
  ask: Ask,
  out: Output & { prompt?(text: string): void; warn?(line: string): void },
  opts: { json?: boolean } = {},
): Promise<void> {
  out.log(CONVERSATION_HELP);
  let conversationId: string | undefined;
  let turn = 0;
  const promptNext = () => out.prompt?.(turn ? `질문 (대화 ${turn + 1}번째)> ` : "질문> ");
  promptNext();
  for await (const raw of lines) {
    const line = raw.trim();
    if (!line) break;
    if (NEW_CONVERSATION.test(line)) {
      conversationId = undefined;
      turn = 0;
      out.log("새 대화를 시작합니다.");
    } else {
      // the id is made here, so the first question opens the conversation the next ones continue
      conversationId ??= randomUUID();
      await askCommand({ query: line, json: opts.json, conversationId }, ask, out);
      turn++;
      out.log(`(대화 ${conversationId} · ${turn}번째 질문)`);
    }
    promptNext();
  }
}

/** The synthetic demo corpus as crawl-format JSONL (to ingest into OpenSearch, or to look at). */
export function demoCommand(places: readonly Place[], args: { out?: string }, out: Output): string {
  const { records } = generateDemoCorpus(places);
  const body = jsonl(records);
  if (args.out) writeFileSync(args.out, body);
  out.log(`가상 식당 ${records.length}곳 (synthetic: true)${args.out ? ` → ${args.out}` : ""}`);
  return body;
}

export async function statusCommand(config: QaConfig, runtime: QaRuntime, out: Output): Promise<void> {
  const { index, embedder } = runtime.deps;
  const meta = await index.meta();
  out.log(
    `색인: ${index.engine} "${index.indexName}" · ${meta ? `문서 ${await index.count()}건, ${meta.embedder}/${meta.dimension}로 만듦` : "아직 없음 (문서를 넣으면 만들어집니다)"}`,
  );
  out.log(
    `임베딩: ${embedder.name}/${embedder.dimension}${meta && meta.embedder !== embedder.name ? " — 색인을 만든 임베딩과 다릅니다: 다시 넣거나 설정을 고치세요" : ""}`,
  );
  if (config.index.kind === "opensearch" && config.index.domain && config.index.region) {
    const d = await describeSearchDomain({ domainName: config.index.domain, region: config.index.region });
    out.log(
      `도메인 ${d.domain}: ${d.engineVersion ?? "?"}, ${d.instanceCount ?? "?"} × ${d.instanceType ?? "?"}${d.processing ? " (변경 적용 중)" : ""}`,
    );
  }
}
