// News & disclosures (seed 003): a question and the news / publications choice; the answer with its
// citations, the selected documents with the reasons, the search summary, and each branch's errors.
import { koLabel } from "../../shared/korean/labels.ts";
import type { NewsSearchResponse, SearchPreference } from "../../shared/news/schemas.ts";
import { api } from "./api.ts";
import { fill, h, outLink } from "./dom.ts";
import { num } from "./format.ts";
import { richText } from "./richtext.ts";
import { busy, chip, facts, queryForm, StatusLine, syntheticBanner, viewSection, warningList } from "./ui.ts";

const PREFERENCES: [SearchPreference, string][] = [
  ["both", "뉴스와 공시"],
  ["news", "뉴스만"],
  ["publications", "공시만"],
];

export const NEWS_EXAMPLES = ["삼성전자 최근 배당 공시", "카카오 3분기 실적", "현대차 최근 뉴스"];

export const isPreference = (v: string | null): v is SearchPreference => PREFERENCES.some(([p]) => p === v);

function branchErrors(title: string, errors: string[], ran: boolean): HTMLElement {
  if (!ran || !errors.length)
    return h(
      "p",
      { class: "branch" },
      h("strong", {}, `${title}: `),
      ran ? "오류 없음" : "이번 질문에서는 검색하지 않았습니다.",
    );
  return h(
    "div",
    { class: "branch has-errors", role: "note" },
    h("strong", {}, `${title}: 오류 ${errors.length}건`),
    h("ul", {}, ...errors.map((e) => h("li", {}, e))),
  );
}

export class NewsView {
  readonly el: HTMLElement;
  private readonly form: HTMLFormElement;
  private readonly input: HTMLInputElement;
  private readonly results = h("div", { class: "results", "aria-live": "polite" });
  private readonly status = new StatusLine();

  constructor(private readonly onQuery: (q: string, pref: SearchPreference) => void) {
    ({ form: this.form, input: this.input } = queryForm({
      id: "news-q",
      label: "회사에 대해 물어보세요",
      placeholder: "예: 삼성전자 최근 배당 공시",
      button: "찾기",
      examples: NEWS_EXAMPLES,
      below: h(
        "fieldset",
        { class: "choice" },
        h("legend", {}, "검색 대상"),
        ...PREFERENCES.map(([value, label], i) =>
          h("label", {}, h("input", { type: "radio", name: "pref", value, checked: i === 0 }), ` ${label}`),
        ),
      ),
      ask: (query) => {
        const pref = this.preference();
        this.onQuery(query, pref);
        void this.run(query, pref);
      },
    }));
    this.el = viewSection("news", this.form, this.status.el, this.results);
  }

  private preference(): SearchPreference {
    const v = this.form.querySelector<HTMLInputElement>('input[name="pref"]:checked')?.value ?? null;
    return isPreference(v) ? v : "both";
  }

  async run(query: string, pref: SearchPreference): Promise<void> {
    this.input.value = query;
    const radio = this.form.querySelector<HTMLInputElement>(`input[name="pref"][value="${pref}"]`);
    if (radio) radio.checked = true;
    // drawn inside busy(): an answer the page cannot draw is said as a sentence, not a blank page
    await busy(this.form, this.el, this.status, "뉴스와 공시를 찾는 중…", async () =>
      this.show(
        await api<NewsSearchResponse>("v1/news/search", { body: { query, search_preference: pref } }),
      ),
    );
  }

  private show(r: NewsSearchResponse): void {
    const cite = (token: string) => {
      const n = Number(token);
      const c = Number.isInteger(n) ? r.citations[n - 1] : undefined;
      return c ? { href: `#cite-${n}`, label: c.title } : null;
    };
    const sel = r.selected_documents;
    const searchedNews = r.search_preference !== "publications";
    const searchedPubs = r.search_preference !== "news";
    fill(
      this.results,
      r.meta.synthetic
        ? syntheticBanner(
            "이 뉴스와 공시 내용은 실제 회사 식별자 위에 dongne 샘플이 만들어 낸 가짜 자료입니다. 투자 판단에 쓰지 마세요.",
          )
        : null,
      r.search_notes.length
        ? h("div", { class: "notes" }, ...r.search_notes.map((n) => h("p", {}, n)))
        : null,
      h(
        "article",
        { class: "answer" },
        h("h3", {}, "답"),
        r.generated_response ? richText(r.generated_response, cite) : h("p", {}, "답을 만들지 못했습니다."),
      ),
      r.citations.length
        ? h(
            "div",
            { class: "citations" },
            h("h3", {}, `출처 (${r.citations.length})`),
            h(
              "ol",
              {},
              ...r.citations.map((c, i) =>
                h(
                  "li",
                  { id: `cite-${i + 1}` },
                  chip(koLabel("citationType", c.type)),
                  " ",
                  outLink(c.url, c.title),
                ),
              ),
            ),
          )
        : null,
      h(
        "section",
        { class: "selected" },
        h("h3", {}, "고른 문서와 이유"),
        sel ? h("p", {}, sel.selection_summary) : h("p", {}, "고른 문서가 없습니다."),
        sel?.news.length
          ? h(
              "div",
              {},
              h("h4", {}, `뉴스 (${sel.news.length})`),
              h(
                "ul",
                {},
                ...sel.news.map((n) =>
                  h(
                    "li",
                    {},
                    outLink(n.link, n.title),
                    ` (${n.date}) `,
                    h("p", { class: "reason" }, `이유: ${n.reason}`),
                  ),
                ),
              ),
            )
          : null,
        sel?.regular.length
          ? h(
              "div",
              {},
              h("h4", {}, `정기보고서 (${sel.regular.length})`),
              h(
                "ul",
                {},
                ...sel.regular.map((d) =>
                  h(
                    "li",
                    {},
                    `${d.company_name} ${d.year}년 ${d.quarter}분기 (${d.filename})`,
                    h("p", { class: "reason" }, `이유: ${d.reason}`),
                  ),
                ),
              ),
            )
          : null,
        sel?.revision.length
          ? h(
              "div",
              {},
              h("h4", {}, `정정보고서 (${sel.revision.length})`),
              h(
                "ul",
                {},
                ...sel.revision.map((d) =>
                  h(
                    "li",
                    {},
                    outLink(d.basic_info.url, d.basic_info.title),
                    ` (${d.basic_info.date})`,
                    h("p", { class: "reason" }, `이유: ${d.reason}`),
                  ),
                ),
              ),
            )
          : null,
      ),
      h(
        "section",
        { class: "branches" },
        h("h3", {}, "검색별 오류"),
        branchErrors("뉴스 검색", r.news_errors, searchedNews),
        branchErrors("공시 검색", r.pub_errors, searchedPubs),
      ),
      warningList(r.meta.warnings),
      h(
        "section",
        { class: "search-summary" },
        h("h3", {}, "검색 요약"),
        h("pre", { class: "summary-text" }, r.search_summary),
      ),
      h(
        "details",
        { class: "plan-box" },
        h("summary", {}, "처리 정보"),
        facts([
          ["엔진", koLabel("engine", r.meta.engine)],
          ["LLM 호출", `${r.meta.llmCalls}회 · 토큰 ${num(r.meta.llmTokens)}`],
          ["네이버 호출", `${r.meta.naverCalls}회`],
          ["OpenDART 호출", `${r.meta.dartCalls}회 (캐시 적중 ${r.meta.cacheHits})`],
          ["걸린 시간", `${num(Math.round(r.meta.durationMs))} ms`],
        ]),
      ),
    );
  }
}
