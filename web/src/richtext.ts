// An answer's text as the agents write it (paragraphs, "■ " headings, pipe tables, [n] or [place_id]
// citations) turned into DOM — text nodes only, so nothing in an answer is ever parsed as HTML.
import { h } from "./dom.ts";

/** What a bracketed token cites: a link to the cited item, or null when it cites nothing we know. */
export type CiteResolver = (token: string) => { href: string; label: string; onSelect?: () => void } | null;

function inline(text: string, cite: CiteResolver): (Node | string)[] {
  const out: (Node | string)[] = [];
  let last = 0;
  for (const m of text.matchAll(/\[([^\][\n]{1,80})\]/g)) {
    const target = cite(m[1]!);
    if (!target) continue;
    out.push(text.slice(last, m.index));
    const a = h("a", { href: target.href, class: "cite", title: target.label }, m[0]);
    if (target.onSelect) {
      const select = target.onSelect;
      a.addEventListener("click", (e) => {
        e.preventDefault();
        select();
      });
    }
    out.push(a);
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((c) => c.trim());

export function richText(text: string, cite: CiteResolver): HTMLElement {
  const root = h("div", { class: "rich" });
  const blocks = text.replace(/\r\n/g, "\n").split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split("\n");
    // a heading line opens the block
    while (lines[0]?.startsWith("■")) root.append(h("h4", {}, lines.shift()!.replace(/^■\s*/, "")));
    let para: string[] = [];
    const flush = () => {
      if (para.length)
        root.append(h("p", {}, ...para.flatMap((l, i) => [...(i ? [h("br")] : []), ...inline(l, cite)])));
      para = [];
    };
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (line.trim().startsWith("|")) {
        flush();
        const rows: string[][] = [];
        while (i < lines.length && lines[i]!.trim().startsWith("|")) rows.push(cells(lines[i++]!));
        i--;
        const [head, ...body] = rows.filter((r) => !r.every((c) => /^:?-{2,}:?$/.test(c)));
        if (head)
          root.append(
            h(
              "div",
              { class: "table-wrap" },
              h(
                "table",
                {},
                h("thead", {}, h("tr", {}, ...head.map((c) => h("th", { scope: "col" }, c)))),
                h(
                  "tbody",
                  {},
                  ...body.map((r) => h("tr", {}, ...r.map((c) => h("td", {}, ...inline(c, cite))))),
                ),
              ),
            ),
          );
      } else para.push(line);
    }
    flush();
  }
  return root;
}
