// Any JSON value the API sends without a fixed shape (calibration figures, a run's parameters) as
// tables and facts, never as raw JSON; keys and known codes in Korean (shared/korean/labels.ts).
import { koKey, koLabel, type LabelKind } from "../../shared/korean/labels.ts";
import { h } from "./dom.ts";
import { num } from "./format.ts";
import { breakClass } from "./ui.ts";

/** Values that are codes, by the key they stand under (a run's parameters: engine offline). */
const CODE_OF: Record<string, LabelKind> = {
  engine: "engine",
  status: "simulationStatus",
  decision: "decision",
  dayType: "dayType",
};

/** Any JSON value as tables and facts: objects of flat rows as a table, the rest as nested facts. */
export function valueView(v: unknown, key?: string): HTMLElement {
  const text = (x: unknown, k = key) =>
    typeof x === "number"
      ? Number.isInteger(x)
        ? num(x)
        : x.toFixed(3)
      : typeof x === "string"
        ? k && CODE_OF[k]
          ? koLabel(CODE_OF[k], x)
          : x
        : typeof x === "boolean"
          ? x
            ? "예"
            : "아니요"
          : String(x);
  const cell = (tag: "dd" | "td", x: unknown, k?: string) => {
    const t = x === undefined || x === null ? (tag === "td" ? "–" : "없음") : text(x, k);
    return h(tag, { class: breakClass(t) }, t);
  };
  const primitive = (x: unknown) => x === null || ["string", "number", "boolean"].includes(typeof x);
  if (primitive(v)) return h("span", { class: breakClass(text(v)) }, v === null ? "없음" : text(v));
  const rows = Array.isArray(v) ? v.map((x, i) => [String(i + 1), x] as const) : Object.entries(v as object);
  if (rows.every(([, x]) => primitive(x)))
    return h(
      "dl",
      { class: "facts" },
      ...rows.flatMap(([k, x]) => [h("dt", {}, koKey(k)), cell("dd", x, k)]),
    );
  // rows of flat objects (a null row is a row with nothing in it) make a table
  const isFlat = (x: unknown): x is Record<string, unknown> =>
    !!x && typeof x === "object" && !Array.isArray(x) && Object.values(x).every(primitive);
  if (rows.every(([, x]) => x === null || isFlat(x)) && rows.some(([, x]) => x !== null)) {
    const flat = rows.map(([k, x]) => [k, isFlat(x) ? x : {}] as const);
    const cols = [...new Set(flat.flatMap(([, o]) => Object.keys(o)))];
    return h(
      "div",
      { class: "table-wrap" },
      h(
        "table",
        {},
        h("thead", {}, h("tr", {}, h("th", {}, ""), ...cols.map((c) => h("th", { scope: "col" }, koKey(c))))),
        h(
          "tbody",
          {},
          ...flat.map(([k, o]) =>
            h("tr", {}, h("th", { scope: "row" }, koKey(k)), ...cols.map((c) => cell("td", o[c], c))),
          ),
        ),
      ),
    );
  }
  return h(
    "dl",
    { class: "facts nested" },
    ...rows.flatMap(([k, x]) => [h("dt", {}, koKey(k)), h("dd", {}, valueView(x, k))]),
  );
}
