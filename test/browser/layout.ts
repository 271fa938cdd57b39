// What a person on a phone would see go wrong, measured in the page: boxes that overlap, a number or a
// Korean word split across two lines, Korean text allowed to break anywhere, numeric cells that may
// wrap, and API codes (completed, stay_home, weekday…) left in the text instead of Korean words.
// The page-side code is passed as strings (as in browser.ts): the test's transpiler would otherwise add
// helpers the page does not have.
import type { Locator, Page } from "playwright-core";

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

export async function boxes(locator: Locator): Promise<Box[]> {
  const out: Box[] = [];
  for (const el of await locator.all()) {
    const b = await el.boundingBox();
    if (b && b.width > 0 && b.height > 0) out.push(b);
  }
  return out;
}

/**
 * API codes a person should never read: statuses, decisions, kinds of day, engines, strategies, routes,
 * data sources, agent types. Lower case and whole words only, so 'LLM' and 'KAKAO_REST_API_KEY' are not
 * codes, and neither is 'visits'.
 */
export const API_CODES = [
  "pending",
  "running",
  "completed",
  "completed_with_failures",
  "failed",
  "budget_exhausted",
  "visit",
  "stay_home",
  "llm_failed",
  "weekday",
  "weekend",
  "holiday",
  "none",
  "offline",
  "offline-fallback",
  "llm",
  "llm\\+fallback",
  "replay",
  "rules",
  "rules-fallback",
  "skipped",
  "resident",
  "floating",
  "index",
  "index_empty",
  "web",
  "radius",
  "route",
  "point_travel",
  "multi_point",
  "embedded",
  "embedded-demo",
  "embedded-registry",
  "kakao",
  "google",
  "local",
  "opensearch",
  "walking",
  "driving",
  "transit",
  "bicycling",
];
const CODE = new RegExp(`(?<![\\w-])(?:${API_CODES.join("|")})(?![\\w-])`, "g");

/** The API codes in a text (each once). */
export const apiCodesIn = (text: string) => [...new Set(text.match(CODE) ?? [])];

/** The rendered text of a region (what a person can read), every <details> in it opened first. */
export async function readableText(page: Page, selector: string): Promise<string> {
  return page.evaluate(`(() => {
    const root = document.querySelector(${JSON.stringify(selector)});
    if (!root) return "";
    for (const d of root.querySelectorAll("details")) d.open = true;
    return root.innerText;
  })()`);
}

export interface Split {
  kind: "number" | "word";
  text: string;
  lines: number;
  in: string;
}

/**
 * Numbers (a digit group with its separators: 16,634 or 12.5) and Korean words (a run of syllables)
 * that the layout split across lines, in the rendered text under `selector`. A range over the token
 * gives one rectangle per line it is drawn on.
 */
export async function splitTokens(page: Page, selector: string): Promise<Split[]> {
  return page.evaluate(`(() => {
    const out = [];
    const root = document.querySelector(${JSON.stringify(selector)});
    if (!root) return out;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const tokens = /\\d[\\d,.:]*\\d|[\\uAC00-\\uD7A3]{2,}/g;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // a long token (an id, a hash, a URL) may break anywhere: the page marks it .token, or it is a
      // run of 16 or more characters without a space that holds Latin letters or a slash
      if (node.parentElement && node.parentElement.closest(".token")) continue;
      const text = node.nodeValue || "";
      const long = [...text.matchAll(/\\S{16,}/g)].filter((t) => /[A-Za-z_\\/]/.test(t[0]));
      for (const m of text.matchAll(tokens)) {
        if (long.some((t) => m.index >= t.index && m.index < t.index + t[0].length)) continue;
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        if (!rects.length) continue;
        const tops = [];
        for (const r of rects) if (!tops.some((t) => Math.abs(t - r.top) < r.height / 2)) tops.push(r.top);
        if (tops.length > 1) {
          const el = node.parentElement;
          out.push({
            kind: /\\d/.test(m[0]) ? "number" : "word",
            text: m[0],
            lines: tops.length,
            in: el ? el.tagName.toLowerCase() + (el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\\s+/).join(".") : "") : "",
          });
        }
      }
    }
    return out;
  })()`);
}

export interface StyleProblem {
  text: string;
  in: string;
  wordBreak: string;
  overflowWrap: string;
}

/**
 * Elements holding Korean text (a text node of their own with Hangul) whose line breaking is not
 * between words: word-break other than keep-all, or overflow-wrap: anywhere (which also lets a table
 * cell or a grid column shrink until words break mid-syllable).
 */
export async function koreanBreakProblems(page: Page, selector: string): Promise<StyleProblem[]> {
  return page.evaluate(`(() => {
    const out = [];
    const root = document.querySelector(${JSON.stringify(selector)});
    if (!root) return out;
    for (const el of [root, ...root.querySelectorAll("*")]) {
      if (el.closest("svg")) continue;
      const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.nodeValue).join("");
      if (!/[\\uAC00-\\uD7A3]/.test(own) || !el.getClientRects().length) continue;
      const s = getComputedStyle(el);
      if (s.wordBreak !== "keep-all" || s.overflowWrap === "anywhere")
        out.push({ text: own.trim().slice(0, 40), in: el.tagName.toLowerCase() + "." + String(el.className), wordBreak: s.wordBreak, overflowWrap: s.overflowWrap });
    }
    return out;
  })()`);
}

export interface NumericCell {
  text: string;
  whiteSpace: string;
  numeric: string;
}

/**
 * Table cells and fact values that hold only a figure (digits with separators, a unit sign or a
 * percent) but may wrap or draw their digits at different widths.
 */
export async function numericCellProblems(page: Page, selector: string): Promise<NumericCell[]> {
  return page.evaluate(`(() => {
    const out = [];
    const root = document.querySelector(${JSON.stringify(selector)});
    if (!root) return out;
    for (const el of root.querySelectorAll("td, th, dd")) {
      const text = el.textContent.trim();
      if (!/\\d/.test(text) || !/^[\\d,.\\s%/:+\\u2212-]+$/.test(text) || !el.getClientRects().length) continue;
      const s = getComputedStyle(el);
      if (!s.whiteSpace.startsWith("nowrap") && s.whiteSpace !== "pre" || !s.fontVariantNumeric.includes("tabular-nums"))
        out.push({ text, whiteSpace: s.whiteSpace, numeric: s.fontVariantNumeric });
    }
    return out;
  })()`);
}
