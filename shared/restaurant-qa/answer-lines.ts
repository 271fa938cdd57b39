// The lines an answer is written from, only what the documents say (002 §3.6): a document's block (its
// address and distance, the asked menu items with prices, each asked condition as the document has it
// — 가능 / 안 됩니다 with the review sentence that says so / 정보 없음), the footer (collection dates, the
// synthetic-data note), and a named restaurant the index does not hold.
import { foodTerms } from "./query-builder.ts";
import type { ContextDocument } from "./state.ts";
import type { StructuredQuery } from "./structured-query.ts";
import { findMentions, type VocabField } from "./vocabulary.ts";
import { hoursLine } from "./hours.ts";

export const HOURS = /영업\s?시간|몇\s?시|언제까지|문\s?(여|열|닫)|오픈\s?시간|마감|브레이크\s?타임|휴무/;
export const won = (n: number) => `${n.toLocaleString("en-US")}원`;
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?~])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A review sentence that says the value holds (positive) or does not (negative). */
export function evidence(
  d: ContextDocument,
  field: VocabField,
  value: string,
  negated: boolean,
): string | undefined {
  for (const r of d.reviews)
    for (const s of sentences(r))
      if (findMentions(s, [field]).some((m) => m.value === value && m.negated === negated)) return s;
  return undefined;
}

export function conditionLine(d: ContextDocument, field: VocabField, value: string): string {
  const listed = (d[field as "convenience" | "atmosphere" | "occasion"] ?? []).includes(value);
  // atmosphere and occasion are described, not marked 가능 (issue 25)
  if (field !== "convenience") {
    const s = evidence(d, field, value, false);
    if (listed) return `${value}: ${s ? `리뷰에서 “${s}”` : "소개·리뷰에서 그렇게 묘사됩니다"}`;
    return `${value}: 정보 없음 (수집한 자료에 그런 묘사가 없습니다)`;
  }
  if (listed) {
    const s = evidence(d, field, value, false);
    return `${value}: 가능${s ? ` — “${s}”` : ""}`;
  }
  const denied = evidence(d, field, value, true);
  if (denied) return `${value}: 안 됩니다 — “${denied}”`;
  return `${value}: 정보 없음 (수집한 자료에 언급이 없습니다)`;
}

/**
 * A question about a named restaurant the index does not hold ("진대감 망원점 주차 돼?"): the asked
 * conditions are answered all the same — as unknown, and why.
 */
export function unfoundNameLine(q: StructuredQuery, docs: readonly ContextDocument[]): string[] {
  const names = (q.location ?? []).filter((l) => l.relation === "exact").map((l) => l.name);
  const asked = askedConditions(q).map(([, v]) => v);
  if (!names.length || !asked.length) return [];
  const held = (n: string) => docs.some((d) => d.title.replace(/\s+/g, "").includes(n.replace(/\s+/g, "")));
  const missing = names.filter((n) => !held(n));
  return missing.length
    ? [`‘${missing.join("’, ‘")}’의 자료가 없어 ${asked.join("·")} 여부는 정보 없음입니다.`]
    : [];
}

export function menuLine(d: ContextDocument, q: StructuredQuery): string | undefined {
  const terms = foodTerms(q).map((t) => t.replace(/\s+/g, ""));
  const priced = (m: ContextDocument["menus"][number]) =>
    `${m.name}${m.price !== null ? ` ${won(m.price)}` : ""}`;
  let items = terms.length
    ? d.menus.filter((m) => terms.some((t) => m.name.replace(/\s+/g, "").includes(t)))
    : [];
  if (q.price) {
    const { min = 0, max = Number.POSITIVE_INFINITY } = q.price;
    const inRange = d.menus.filter((m) => m.price !== null && m.price >= min && m.price <= max);
    items = items.length ? items.filter((m) => inRange.includes(m)) : inRange;
  }
  if (!items.length) items = d.menus.slice(0, 3);
  return items.length ? `메뉴: ${items.slice(0, 5).map(priced).join(", ")}` : undefined;
}

/** The asked convenience, atmosphere and occasion values, in that order, each with its field. */
export function askedConditions(q: StructuredQuery): [VocabField, string][] {
  return (["convenience", "atmosphere", "occasion"] as const).flatMap((field) =>
    (q[field] ?? []).map((value): [VocabField, string] => [field, value]),
  );
}

export function docBlock(d: ContextDocument, q: StructuredQuery, askedAbout: boolean): string {
  const where = `${d.roadAddress || d.address}${d.distance !== undefined ? `, 약 ${d.distance}m` : ""}`;
  const lines = [`[${d.place_id}] ${d.title} (${where})`];
  const menu = menuLine(d, q);
  if (menu) lines.push(menu);
  const asked = askedConditions(q);
  for (const [field, value] of asked) lines.push(conditionLine(d, field, value));
  if (q.hours) lines.push(hoursLine(d.features));
  if (askedAbout && !asked.length) {
    if (d.convenience.length) lines.push(`편의: ${d.convenience.join(", ")}`);
    if (d.atmosphere.length) lines.push(`분위기: ${d.atmosphere.join(", ")}`);
  }
  return lines.join("\n");
}

export function footer(docs: readonly ContextDocument[]): string[] {
  const out: string[] = [];
  const dates = [...new Set(docs.map((d) => d.collected_at))];
  if (dates.length) out.push(`(정보 수집일: ${dates.join(", ")} — 이후 바뀌었을 수 있습니다)`);
  if (docs.some((d) => d.synthetic))
    out.push("※ 데모용으로 만든 합성 데이터(가상의 식당 자료)입니다. 실제 가게가 아닙니다.");
  return out;
}

export interface Answer {
  answer: string;
  citations: string[];
}
