// Pieces every view uses: the loading / error line, the synthetic-data banner, warnings, small facts.
import { ApiProblem, problemText } from "./api.ts";
import { h } from "./dom.ts";
import { figureClass } from "./format.ts";

/** One line under a form: what is loading, or what went wrong, said as a sentence. */
export class StatusLine {
  readonly el = h("p", { class: "status", role: "status", "aria-live": "polite", hidden: true });

  loading(text: string): void {
    this.el.hidden = false;
    this.el.className = "status is-loading";
    this.el.setAttribute("role", "status");
    this.el.textContent = text;
  }

  error(err: unknown): void {
    // an API's refusal is an answer; anything else is a fault of the page, kept for whoever debugs it
    if (!(err instanceof ApiProblem)) console.error(err);
    this.el.hidden = false;
    this.el.className = "status is-error";
    this.el.setAttribute("role", "alert");
    this.el.textContent = problemText(err);
  }

  say(text: string): void {
    this.el.hidden = false;
    this.el.className = "status";
    this.el.setAttribute("role", "status");
    this.el.textContent = text;
  }

  clear(): void {
    this.el.hidden = true;
    this.el.textContent = "";
  }
}

/**
 * Runs a request with the form busy (its button disabled, the region marked aria-busy and a loading
 * line shown); a failure is shown as a sentence and returns undefined.
 */
export async function busy<T>(
  form: HTMLFormElement,
  region: HTMLElement,
  status: StatusLine,
  text: string,
  work: () => Promise<T>,
): Promise<T | undefined> {
  const buttons = [...form.querySelectorAll("button")];
  buttons.forEach((b) => (b.disabled = true));
  region.setAttribute("aria-busy", "true");
  status.loading(text);
  try {
    const out = await work();
    status.clear();
    return out;
  } catch (err) {
    status.error(err);
    return undefined;
  } finally {
    buttons.forEach((b) => (b.disabled = false));
    region.removeAttribute("aria-busy");
  }
}

/**
 * The question form a view opens with: a label, the input with its submit button (and `extra` buttons
 * after it), `below` (a choice, say), and a line of example questions. A question is trimmed: an empty
 * one puts the focus back in the input, any other goes to `ask`, whether typed or an example clicked.
 */
export function queryForm(o: {
  id: string;
  label: string;
  placeholder: string;
  button: string;
  examples: readonly string[];
  ask: (query: string) => void;
  role?: string;
  extra?: HTMLElement;
  below?: HTMLElement;
}): { form: HTMLFormElement; input: HTMLInputElement } {
  const input = h("input", {
    id: o.id,
    name: "q",
    type: "search",
    required: true,
    autocomplete: "off",
    placeholder: o.placeholder,
  });
  const submit = (q: string) => {
    const query = q.trim();
    if (!query) return input.focus();
    o.ask(query);
  };
  const form = h(
    "form",
    { class: "ask", role: o.role },
    h("label", { for: o.id }, o.label),
    h("div", { class: "row" }, input, h("button", { type: "submit" }, o.button), o.extra),
    o.below,
    h(
      "p",
      { class: "examples" },
      "예시: ",
      ...o.examples.map((q) => h("button", { type: "button", class: "link", onclick: () => submit(q) }, q)),
    ),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    submit(input.value);
  });
  return { form, input };
}

/** A view's section, labelled by its tab: `view-${name}` by `tab-${name}`. */
export const viewSection = (name: string, ...children: HTMLElement[]) =>
  h("section", { id: `view-${name}`, class: "view", "aria-labelledby": `tab-${name}` }, ...children);

/** The banner synthetic data gets wherever it is shown: first, coloured, and read out. */
export const syntheticBanner = (what: string) =>
  h(
    "div",
    { class: "synthetic-banner", role: "alert", "data-synthetic": "true" },
    h("strong", {}, "합성 데이터"),
    " — ",
    what,
  );

export function warningList(warnings: readonly string[], title = "주의"): HTMLElement | null {
  if (!warnings.length) return null;
  return h(
    "div",
    { class: "warnings", role: "note" },
    h("h3", {}, `${title} (${warnings.length})`),
    h("ul", {}, ...warnings.map((w) => h("li", {}, w))),
  );
}

/** How a value's line may break: a figure never, a long token (an id, a hash, a URL) anywhere. */
export const breakClass = (text: string) =>
  figureClass(text) ?? (/^\S{16,}$/.test(text) ? "token" : undefined);

/** A definition list of facts; empty values are left out. */
export function facts(rows: [string, string | number | null | undefined][]): HTMLElement {
  return h(
    "dl",
    { class: "facts" },
    ...rows
      .filter(([, v]) => v !== null && v !== undefined && v !== "")
      .flatMap(([k, v]) => [h("dt", {}, k), h("dd", { class: breakClass(String(v)) }, String(v))]),
  );
}

export const chip = (text: string, cls = "") => h("span", { class: `chip ${cls}`.trim() }, text);
