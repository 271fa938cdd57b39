// An answer's text as the agents write it (paragraphs, "■ " headings, pipe tables, [n] or [place_id]
// citations) turned into DOM — text nodes only, so nothing in an answer is ever parsed as HTML.
import { h } from "./dom.ts";
import { figureClass } from "./format.ts";

/**
 * What a bracketed token cites: a link to the cited item, or null when it cites nothing we know.
 * `text`: what the link reads instead of the token (a restaurant's name for its id).
 */
export type CiteResolver = (
  token: string,
) => { href: string; label: string; text?: string; onSelect?: () => void } | null;

/**
 * Where a named citation's link goes in `line`, the token at [start, end): over the name when the name
 * stands just before the token ("망원 비스트로 [id]") or just after it ("[id] 망원 비스트로"), so the
 * name is not said twice; else the name in place of the token.
 */
function namedSpan(line: string, start: number, end: number, name: string) {
  const before = line.slice(0, start).trimEnd();
  if (before.endsWith(name)) return { from: before.length - name.length, to: end };
  const gap = /^\s*/.exec(line.slice(end))![0].length;
  if (line.startsWith(name, end + gap)) return { from: start, to: end + gap + name.length };
  return { from: start, to: end };
}

function inline(text: string, cite: CiteResolver): (Node | string)[] {
  const out: (Node | string)[] = [];
  let last = 0;
  for (const m of text.matchAll(/\[([^\][\n]{1,80})\]/g)) {
    const target = cite(m[1]!);
    if (!target) continue;
    const token = { from: m.index, to: m.index + m[0].length };
    const named = target.text ? namedSpan(text, token.from, token.to, target.text) : token;
    // a name the citation before already took stays with it
    const span = named.from < last ? token : named;
    out.push(text.slice(last, span.from));
    const a = h("a", { href: target.href, class: "cite", title: target.label }, target.text ?? m[0]);
    if (target.onSelect) {
      const select = target.onSelect;
      a.addEventListener("click", (e) => {
        e.preventDefault();
        select();
      });
    }
    out.push(a);
    last = span.to;
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
                  ...body.map((r) =>
                    h("tr", {}, ...r.map((c) => h("td", { class: figureClass(c) }, ...inline(c, cite)))),
                  ),
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
