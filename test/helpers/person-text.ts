// The one checker of text shown to people: an API answer's person-facing fields (answers, the prose of
// generated_response, warning messages, interpretations, questions, headlines, error messages) must be
// Korean prose. It fails on what belongs in `meta`'s codes and fields, `dongne status` or the page's
// settings instead: SCREAMING_SNAKE names, backticks, file names with an extension, braces, engine
// labels, code names (snake_case, camelCase, `field: value`), `(를)`-style particle fallbacks, English
// sentences and a stray `&` (an HTML entity, or one standing alone in a headline). Links are links and
// are left out; `search_summary` keeps seed 003's format and is not walked (its headlines and errors
// are, where they come from).

export type TechnicalKind =
  | "screaming_snake"
  | "backtick"
  | "file_name"
  | "braces"
  | "engine_label"
  | "code_name"
  | "particle_fallback"
  | "english_sentence"
  | "stray_ampersand";

export interface TechnicalString {
  kind: TechnicalKind;
  match: string;
}

export interface PersonTextFinding extends TechnicalString {
  /** where in the answer: `meta.warnings[0]`, `generated_response` … */
  path: string;
}

const URL = /\bhttps?:\/\/[^\s)\]>"'’”]+/g;

/** Each kind's patterns; every match is a finding. */
const PATTERNS: [TechnicalKind, RegExp][] = [
  ["screaming_snake", /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g],
  ["backtick", /`[^`\n]*`?/g],
  [
    "file_name",
    /[\w.-]*\w\.(?:json|jsonl|ndjson|csv|tsv|xml|md|ts|js|mjs|cjs|txt|html?|zip|gz|py|ya?ml|log|db|sqlite|pdf)\b/gi,
  ],
  ["braces", /\{[^{}\n]*\}|[{}]/g],
  [
    "engine_label",
    /규칙 기반(?: 요약| 선택| 엔진)?|오프라인 엔진|OpenDART 조회 결과|조회 결과 없음|\bHCX-?\d+\b|\belasticsearch\b|\bopensearch\b|\bknn\b|\bbm25\b|\bclaude-[\w-]+|\b(?:haiku|sonnet|opus)\b|\b(?:rules|offline)(?:-fallback)?\b|\bllm\+fallback\b|\((?:HTTP )?(?:0\d\d|[45]\d\d)(?::[^)]*)?\)/gi,
  ],
  [
    "code_name",
    /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]+(?:[A-Z][a-z0-9]+)+\b|\b[a-z][A-Za-z_]*\s*:\s*(?:true|false|null)\b/g,
  ],
  [
    "particle_fallback",
    /\((?:을|를|이|가|은|는|와|과|으|으로|로|이나|나|이라|라|이랑|랑|아|야|이에요|예요)\)/g,
  ],
  ["stray_ampersand", /&(?:amp|quot|lt|gt|apos|#\d+);|(?<![A-Za-z0-9])&|&(?![A-Za-z0-9])/g],
];

/** Three or more English words in a row, two of them lowercase words (a sentence, not a name such as "LG Energy Solution"), or a lowercase English gloss in parentheses ("(snippet)"). */
function englishSentences(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b[A-Za-z][A-Za-z']*(?:[ ,]+[A-Za-z][A-Za-z']*){2,}/g)) {
    const words = m[0].split(/[ ,]+/);
    if (words.filter((w) => /^[a-z][a-z']+$/.test(w)).length >= 2) out.push(m[0]);
  }
  for (const m of text.matchAll(/\(\s*([a-z][a-z -]{2,})\s*\)/g)) out.push(m[0]);
  return out;
}

/** The technical strings of one text (its links left out). */
export function technicalStrings(text: string): TechnicalString[] {
  const prose = text.replace(URL, " ");
  const found: TechnicalString[] = [];
  for (const [kind, pattern] of PATTERNS)
    for (const m of prose.matchAll(pattern)) found.push({ kind, match: m[0] });
  for (const match of englishSentences(prose)) found.push({ kind: "english_sentence", match });
  return found;
}

/** Keys whose string (or strings) a person reads, wherever they sit in an answer. */
const PROSE_KEYS = new Set([
  "answer",
  "generated_response",
  "disclaimer",
  "suggestion",
  "message",
  "warnings",
  "question",
  "questions",
  "search_notes",
  "notes",
  "news_errors",
  "pub_errors",
  "errors",
  "reason",
  "headline",
  "headlines",
]);

/** Keys read only in some places: an interpretation's text, a news item's or citation's title. */
const isProse = (key: string, path: string[]) =>
  PROSE_KEYS.has(key) ||
  (key === "text" && path.at(-1) === "interpretation") ||
  (key === "title" && path.some((p) => /^(news|citations)$/.test(p)));

/** Every person-facing text of an answer, with its path. */
export function personTexts(answer: unknown): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (v: unknown, path: string[], prose: boolean) => {
    if (typeof v === "string") {
      if (prose) out.push({ path: path.join("."), text: v });
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, String(i)], prose));
    else if (v && typeof v === "object")
      for (const [k, x] of Object.entries(v)) {
        if (k === "search_summary") continue; // seed 003's format, kept as it is
        walk(x, [...path, k], prose || isProse(k, path));
      }
  };
  walk(answer, [], false);
  return out;
}

/** The technical strings in an answer's person-facing fields. */
export function checkPersonText(answer: unknown): PersonTextFinding[] {
  return personTexts(answer).flatMap(({ path, text }) => technicalStrings(text).map((t) => ({ ...t, path })));
}

/** One line per finding, for a test's failure message. */
export const describeFindings = (findings: readonly PersonTextFinding[]) =>
  findings.map((f) => `${f.path}: ${f.kind} ‘${f.match}’`).join("\n");

// ---- the error messages a person reads: Korean, quoting English only as names, codes and formats

/** English a Korean message may still quote: names, codes and formats, never prose. */
const QUOTABLE_LATIN = new Set(
  [
    "JSON",
    "UTF",
    "API",
    "USD",
    "YYYY-MM-DD",
    "HH:MM",
    "true",
    "false",
    "place_id",
    "content-type",
    "application/json",
    "query",
    "cursor",
    "location",
    "documents",
    "days",
    "seed",
    "seeds",
    "baseline",
    "scenario",
    "close",
    "change",
    "visitors",
    "replayOf",
    "startDate",
    "budgetUsd",
    "search_preference",
    "limit",
    "kind",
    "format",
    "simulation",
    "Google",
    "Retry-After",
    "x-api-key",
    "plan",
    "conversationId",
    "prices",
    "description",
    "keywords",
    "floatingPool",
    "floatingPerDay",
    "price_change_pct",
    "avg_price",
    "menu_prices",
    "store_id",
    "job",
    "decisions",
    "visits",
    "jsonl",
    "csv",
    "geojson",
    "json",
    "text",
    "skipHttpRedirect",
    "API_LLM_REQUESTS_PER_CALLER_PER_DAY",
    "Content-Type",
    "LLM",
    "UTC",
    "HTTP",
    "meta.page.next",
  ].map((w) => w.toLowerCase()),
);

/** The English words of 4+ letters a message holds that are not names, codes, quoted values or paths. */
export const englishWords = (message: string) =>
  (
    message.replace(/"[^"]*"|\/\S*|\([A-Za-z0-9_, |-]*\)/g, "").match(/[A-Za-z_][A-Za-z_.\-/:]*[A-Za-z]/g) ??
    []
  ).filter((w) => w.replace(/[^A-Za-z]/g, "").length >= 4 && !QUOTABLE_LATIN.has(w.toLowerCase()));
