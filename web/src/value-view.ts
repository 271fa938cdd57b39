// Any JSON value the API sends without a fixed shape (calibration figures, a run's parameters) as
// tables and facts, never as raw JSON.
import { h } from "./dom.ts";
import { num } from "./format.ts";

/** Any JSON value as tables and facts: objects of flat rows as a table, the rest as nested facts. */
export function valueView(v: unknown): HTMLElement {
  const text = (x: unknown) =>
    typeof x === "number"
      ? Number.isInteger(x)
        ? num(x)
        : x.toFixed(3)
      : typeof x === "string"
        ? x
        : String(x);
  const primitive = (x: unknown) => x === null || ["string", "number", "boolean"].includes(typeof x);
  if (primitive(v)) return h("span", {}, v === null ? "없음" : text(v));
  const rows = Array.isArray(v) ? v.map((x, i) => [String(i + 1), x] as const) : Object.entries(v as object);
  if (rows.every(([, x]) => primitive(x)))
    return h(
      "dl",
      { class: "facts" },
      ...rows.flatMap(([k, x]) => [h("dt", {}, k), h("dd", {}, x === null ? "없음" : text(x))]),
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
        h("thead", {}, h("tr", {}, h("th", {}, ""), ...cols.map((c) => h("th", { scope: "col" }, c)))),
        h(
          "tbody",
          {},
          ...flat.map(([k, o]) =>
            h(
              "tr",
              {},
              h("th", { scope: "row" }, k),
              ...cols.map((c) => h("td", {}, o[c] === undefined || o[c] === null ? "–" : text(o[c]))),
            ),
          ),
        ),
      ),
    );
  }
  return h(
    "dl",
    { class: "facts nested" },
    ...rows.flatMap(([k, x]) => [h("dt", {}, k), h("dd", {}, valueView(x))]),
  );
}
