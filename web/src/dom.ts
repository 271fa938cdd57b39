// Building the page's DOM. Everything the API returns is text to the page: it goes in with textContent
// (through h()), never as HTML, so a shop name or a news title cannot inject markup.

type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

/** An element with attributes (`on…` as listeners; false/null/undefined left out) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on") && typeof value === "function") el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

export function append(el: Node, children: (Child | Child[])[]): void {
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
}

/** Replaces an element's content. */
export function fill(el: Element, ...children: (Child | Child[])[]): void {
  el.replaceChildren();
  append(el, children);
}

export const $ = <E extends Element = HTMLElement>(selector: string, root: ParentNode = document): E => {
  const el = root.querySelector<E>(selector);
  if (!el) throw new Error(`the page has no ${selector}`);
  return el;
};

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element (charts): attributes are presentation attributes, never inline style. */
export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number> = {},
  ...children: (SVGElement | string)[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  for (const c of children) el.append(c);
  return el;
}

/** A link that leaves the page: a new tab, without handing it our window. */
export const outLink = (href: string, text: string, attrs: Attrs = {}) =>
  h("a", { href, target: "_blank", rel: "noopener noreferrer", ...attrs }, text);

/** Offers a file made in the page (a blob, so a request that needed the API key can still be saved). */
export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = h("a", { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
