// Charts as inline SVG (no chart library): each is a figure with a caption, an accessible summary, and
// every number written next to its bar or in its cell, so a chart never needs a hover to be read.
import { h, svg } from "./dom.ts";

export interface Bar {
  label: string;
  value: number;
  /** written at the bar's end (defaults to the value) */
  text?: string;
  colour?: string;
}

function figure(title: string, summary: string, chart: SVGSVGElement, legend?: HTMLElement): HTMLElement {
  chart.setAttribute("role", "img");
  chart.setAttribute("aria-label", `${title}: ${summary}`);
  chart.classList.add("chart");
  return h("figure", { class: "chart-box" }, h("figcaption", {}, title), chart, legend ?? null);
}

/** Horizontal bars: long labels (store names) stay readable on a phone. */
export function barChart(title: string, bars: Bar[], o: { max?: number; colour?: string } = {}): HTMLElement {
  const W = 440;
  const labelW = 150;
  const row = 26;
  const H = Math.max(row, bars.length * row) + 8;
  const max = o.max ?? Math.max(1e-9, ...bars.map((b) => b.value));
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H });
  bars.forEach((b, i) => {
    const y = 4 + i * row;
    const w = Math.max(1, ((W - labelW - 70) * b.value) / max);
    const name = b.label.length > 12 ? `${b.label.slice(0, 11)}…` : b.label;
    chart.append(
      svg("text", { x: labelW - 6, y: y + row / 2 + 4, "text-anchor": "end", class: "tick" }, name),
      svg(
        "rect",
        { x: labelW, y: y + 3, width: w, height: row - 8, rx: 2, fill: b.colour ?? o.colour ?? "#1b65a6" },
        svg("title", {}, `${b.label}: ${b.text ?? b.value}`),
      ),
      svg("text", { x: labelW + w + 4, y: y + row / 2 + 4, class: "value" }, b.text ?? String(b.value)),
    );
  });
  return figure(title, bars.map((b) => `${b.label} ${b.text ?? b.value}`).join(", "), chart);
}

/** Columns stacked by series (categories by slot), with a legend. */
export function stackedColumns(
  title: string,
  columns: string[],
  series: { name: string; colour: string; values: number[] }[],
): HTMLElement {
  const W = 440;
  const H = 200;
  const left = 34;
  const bottom = 24;
  const totals = columns.map((_, i) => series.reduce((s, x) => s + (x.values[i] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const colW = (W - left) / columns.length;
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H });
  const y = (v: number) => (H - bottom) * (1 - v / max);
  chart.append(
    svg("line", { x1: left, x2: W, y1: H - bottom, y2: H - bottom, stroke: "#888" }),
    svg("text", { x: left - 4, y: 12, "text-anchor": "end", class: "tick" }, String(max)),
    svg("text", { x: left - 4, y: H - bottom, "text-anchor": "end", class: "tick" }, "0"),
  );
  columns.forEach((c, i) => {
    const x = left + i * colW + colW * 0.2;
    let base = 0;
    for (const s of series) {
      const v = s.values[i] ?? 0;
      if (!v) continue;
      chart.append(
        svg(
          "rect",
          { x, y: y(base + v), width: colW * 0.6, height: y(base) - y(base + v), fill: s.colour },
          svg("title", {}, `${c} ${s.name}: ${v}`),
        ),
      );
      base += v;
    }
    chart.append(
      svg("text", { x: x + colW * 0.3, y: H - 6, "text-anchor": "middle", class: "tick" }, c),
      svg(
        "text",
        { x: x + colW * 0.3, y: y(totals[i]!) - 4, "text-anchor": "middle", class: "value" },
        String(totals[i]),
      ),
    );
  });
  const legend = h(
    "ul",
    { class: "legend" },
    ...series.map((s) => {
      const sw = h("span", { class: "swatch", "aria-hidden": "true" });
      sw.style.setProperty("--c", s.colour);
      return h("li", {}, sw, `${s.name} ${s.values.reduce((a, b) => a + b, 0)}`);
    }),
  );
  const summary = columns.map((c, i) => `${c} ${totals[i]}`).join(", ");
  return figure(title, summary, chart, legend);
}

/** A grid of counts (visits by day and slot), shaded by size, every number written in its cell. */
export function heatmap(title: string, rows: string[], columns: string[], values: number[][]): HTMLElement {
  const cell = 56;
  const left = 56;
  const top = 20;
  const W = left + columns.length * cell + 4;
  const H = top + rows.length * 26 + 4;
  const max = Math.max(1, ...values.flat());
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H });
  columns.forEach((c, j) =>
    chart.append(
      svg("text", { x: left + j * cell + cell / 2, y: 14, "text-anchor": "middle", class: "tick" }, c),
    ),
  );
  rows.forEach((r, i) => {
    const y = top + i * 26;
    chart.append(svg("text", { x: left - 6, y: y + 17, "text-anchor": "end", class: "tick" }, r));
    columns.forEach((c, j) => {
      const v = values[i]?.[j] ?? 0;
      const shade = v / max;
      chart.append(
        svg(
          "rect",
          {
            x: left + j * cell + 1,
            y: y + 1,
            width: cell - 2,
            height: 24,
            rx: 3,
            fill: "#1b65a6",
            "fill-opacity": 0.08 + 0.8 * shade,
          },
          svg("title", {}, `${r} ${c}: ${v}`),
        ),
        svg(
          "text",
          {
            x: left + j * cell + cell / 2,
            y: y + 17,
            "text-anchor": "middle",
            class: shade > 0.55 ? "value on-dark" : "value",
          },
          String(v),
        ),
      );
    });
  });
  const summary = rows
    .map((r, i) => `${r}: ${columns.map((c, j) => `${c} ${values[i]?.[j] ?? 0}`).join(", ")}`)
    .join("; ");
  return figure(title, summary, chart);
}
