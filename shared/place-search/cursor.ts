// "More results" without planning again, and without server state (each Lambda is stateless): the
// continuation token carries the plan itself, compressed, the page it asks for and the places already
// shown (a search re-run for more places ranks them anew, so offsets would repeat or skip places). A
// cursor is the client's to send back, so it is checked like a plan the client wrote before it runs.
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { z } from "zod";
import { DongneError } from "../platform/errors.ts";
import { checkPlan } from "./plan-check.ts";
import { costProblems, planCost, STATE_LIMIT_BYTES, STATE_MARGIN_BYTES } from "./plan-cost.ts";
import { MAX_CURSOR_LENGTH, PlanResponse } from "./schemas.ts";

/** Pages a search goes to: Kakao stops at 45 places a search, a route search keeps ~160. */
export const MAX_PAGE = 20;

/** What identifies a place shown on an earlier page. */
export const shownKey = (p: { provider: string; id: string }) => `${p.provider}:${p.id}`;

export const Seen = z.array(z.string().max(300)).max(MAX_PAGE * 100);

const Cursor = z.object({
  v: z.literal(1),
  page: z.number().int().min(2).max(MAX_PAGE),
  plan: PlanResponse,
  seen: Seen,
});
export type Cursor = Omit<z.infer<typeof Cursor>, "v">;

/** A cursor the API did not give, or whose plan fails its check: the request's `cursor` is at fault. */
/** A token this API did not give: garbled, cut, or made up. */
const NOT_OUR_CURSOR = "이 API가 준 커서가 아닙니다: 앞 페이지 응답의 meta.page.next를 그대로 보내 주세요";

export class CursorError extends DongneError {
  constructor(message: string) {
    super("invalid", message, { code: "invalid_cursor", field: "cursor" });
  }
}

export function encodeCursor(plan: PlanResponse, page: number, seen: string[]): string {
  return deflateRawSync(Buffer.from(JSON.stringify({ v: 1, page, plan, seen }))).toString("base64url");
}

export function decodeCursor(token: string): Cursor {
  let parsed: unknown;
  try {
    // bounded: a cursor inflates to at most what a plan can be
    parsed = JSON.parse(
      inflateRawSync(Buffer.from(token, "base64url"), { maxOutputLength: MAX_CURSOR_LENGTH * 20 }).toString(),
    );
  } catch {
    throw new CursorError(NOT_OUR_CURSOR);
  }
  const cursor = Cursor.safeParse(parsed);
  if (!cursor.success) throw new CursorError(NOT_OUR_CURSOR);
  const checked = checkPlan(cursor.data.plan);
  if (!checked.ok)
    throw new CursorError(
      `커서에 담긴 계획이 검사를 통과하지 못합니다 (오류: ${checked.problems[0]?.message})`,
    );
  // the whole cursor goes into the workflow's state: its plan as the page runs it, and the places shown
  const state =
    planCost(planForPage(cursor.data.plan, cursor.data.page)).stateBytes +
    Buffer.byteLength(JSON.stringify(cursor.data.seen));
  if (state > STATE_LIMIT_BYTES - STATE_MARGIN_BYTES)
    throw new CursorError(
      `커서가 너무 큽니다: 다음 페이지의 워크플로 상태가 최악의 경우 약 ${Math.round(state / 1024)}KB로 한도를 넘습니다`,
    );
  return { plan: cursor.data.plan, page: cursor.data.page, seen: cursor.data.seen };
}

/**
 * Later pages re-run the searches asking the provider for all it gives (Kakao 45 a search, Google 20
 * a page): one ranking from page 2 on, so pages 2, 3 … continue one order. (Page 1 asked for fewer: a
 * place it did not show may rank before its last one on page 2 — never twice, the cursor says what
 * was shown.)
 */
const SIZE_CAP: Record<string, number> = {
  keyword_search: 45,
  category_search: 45,
  multi_keyword_search: 45,
  multi_category_search: 45,
  google_text_search: 20,
};

export function planForPage(plan: PlanResponse, page: number): PlanResponse {
  if (page < 2) return plan;
  // the largest size (down to the plan's own) whose worst case still fits the workflow's state
  // (plan-cost.ts): a trip of many searches asks fewer places a search on later pages
  const sized = (most: number): PlanResponse => ({
    ...plan,
    search_plan: plan.search_plan.map((s) => {
      const cap = SIZE_CAP[s.action];
      if (!cap) return s;
      const own = typeof s.params.size === "number" ? s.params.size : 0;
      return { ...s, params: { ...s.params, size: Math.max(own, Math.min(cap, most)) } };
    }),
  });
  for (const most of [45, 30, 20]) {
    const candidate = sized(most);
    if (!costProblems(candidate, Infinity).length) return candidate;
  }
  return sized(15);
}
