// Restaurant QA (seed 002): a question, the answer with its citations linked to the documents, the
// documents on the map and in a list with the conditions each satisfies and their menus with prices,
// and the route the agent took (index, web, none).
import type { z } from "zod";
import { koLabel } from "../../shared/korean/labels.ts";
import type { AskResponse, ResponseDocument } from "../../shared/restaurant-qa/state.ts";
import { api } from "./api.ts";
import { fill, h, outLink } from "./dom.ts";
import { metres, num, won } from "./format.ts";
import { badgeMarker, colour, syncListAndMap, type MapPane } from "./map.ts";
import { richText } from "./richtext.ts";
import { busy, chip, facts, queryForm, StatusLine, syntheticBanner, viewSection, warningList } from "./ui.ts";

type Doc = z.infer<typeof ResponseDocument>;

/** What each route means, after its name (shared/korean/labels.ts). */
const ROUTE_WHY: Record<string, string> = {
  index: "수집한 식당 문서에서 찾았습니다",
  web: "색인에 맞는 식당이 없어 웹에서 찾았습니다",
  none: "답할 자료를 찾지 못했습니다",
  index_empty: "아직 식당 문서를 불러오지 않았습니다",
};
const routeText = (route: string) =>
  ROUTE_WHY[route] ? `${koLabel("qaRoute", route)} — ${ROUTE_WHY[route]}` : koLabel("qaRoute", route);
const CONDITIONS = [
  ["convenience", "편의"],
  ["atmosphere", "분위기"],
  ["occasion", "목적"],
] as const;

export const QA_EXAMPLES = [
  "망원동에서 데이트하기 좋은 파스타집",
  "합정역 근처 주차 되는 고깃집",
  "연남동 조용한 카페",
];

function conditionsOf(d: Doc, q: AskResponse["structured_query"]): HTMLElement[] {
  const rows: HTMLElement[] = [];
  for (const [field, label] of CONDITIONS) {
    const asked = new Set<string>(q[field] ?? []);
    const has = d[field];
    if (!has.length && !asked.size) continue;
    const missing = [...asked].filter((a) => !has.includes(a));
    rows.push(
      h(
        "p",
        { class: "chips" },
        h("span", { class: "label" }, `${label}: `),
        ...has.map((v) => (asked.has(v) ? chip(`✓ ${v}`, "chip-match") : chip(v))),
        ...missing.map((v) => chip(`✗ ${v}`, "chip-miss")),
      ),
    );
  }
  return rows;
}

function menuList(d: Doc, q: AskResponse["structured_query"]): HTMLElement | null {
  if (!d.menus.length) return null;
  const wanted = [...(q.menu ?? []), ...(q.cuisine ?? [])];
  return h(
    "ul",
    { class: "menus", "aria-label": "메뉴와 가격" },
    ...d.menus.map((m) => {
      const match = wanted.some((w) => m.name.includes(w));
      return h(
        "li",
        { class: match ? "is-match" : "" },
        h("span", {}, `${match ? "✓ " : ""}${m.name}`),
        h("span", { class: "price" }, m.price !== null ? won(m.price) : (m.price_text ?? "가격 정보 없음")),
      );
    }),
  );
}

export class QaView {
  readonly el: HTMLElement;
  private readonly form: HTMLFormElement;
  private readonly input: HTMLInputElement;
  private readonly results = h("div", { class: "results", "aria-live": "polite" });
  private readonly status = new StatusLine();
  /** the server's id for this conversation (issue 25: every answer returns one); none until the first answer */
  private conversationId: string | undefined;
  /** the questions asked in this conversation, shown above the answer */
  private readonly thread = h("ol", { class: "thread", "aria-label": "이 대화의 질문" });

  constructor(
    private readonly pane: MapPane,
    private readonly onQuery: (q: string) => void,
  ) {
    const fresh = h("button", { type: "button", class: "secondary" }, "새 대화");
    fresh.addEventListener("click", () => {
      this.conversationId = undefined;
      this.thread.replaceChildren();
      this.status.say("새 대화를 시작했어요. 이전 답의 식당을 가리키는 질문은 이제 이어지지 않아요.");
    });
    ({ form: this.form, input: this.input } = queryForm({
      id: "qa-q",
      label: "식당에 대해 물어보세요",
      placeholder: "예: 망원동에서 데이트하기 좋은 파스타집",
      button: "묻기",
      examples: QA_EXAMPLES,
      extra: fresh,
      ask: (query) => {
        this.onQuery(query);
        void this.run(query);
      },
    }));
    this.el = viewSection("qa", this.form, this.status.el, this.thread, this.results);
  }

  async run(query: string): Promise<void> {
    this.input.value = query;
    // drawn inside busy(): an answer the page cannot draw is said as a sentence, not a blank page
    await busy(this.form, this.el, this.status, "답을 찾는 중…", async () => {
      const r = await api<AskResponse>("v1/restaurants/ask", {
        body: { query, ...(this.conversationId ? { conversationId: this.conversationId } : {}) },
      });
      // the answer's id carries the conversation: the next question is a follow-up of this one
      this.conversationId = r.conversationId ?? this.conversationId;
      const first = r.answer.split("\n")[0] ?? "";
      this.thread.append(h("li", {}, h("strong", {}, query), ` — ${first.replace(/\s*\[[^\]]+\]/g, "")}`));
      this.show(r);
    });
  }

  private show(r: AskResponse): void {
    const layer = this.pane.layer("qa");
    const cited = new Set(r.citations);
    const pairs: Parameters<typeof syncListAndMap>[1] = [];
    const cards = new Map<string, { row: HTMLElement; select: () => void }>();
    const items = r.documents.map((d, i) => {
      const isCited = cited.has(d.place_id);
      const title = `${i + 1}번: ${d.title}${isCited ? " (답에 인용)" : ""}`;
      const marker = badgeMarker([d.lat, d.lon], {
        label: String(i + 1),
        colour: isCited ? colour(0) : "#777",
        shape: isCited ? "pin" : "ring",
        title,
      })
        .bindPopup(h("div", { class: "popup" }, h("strong", {}, d.title), h("p", {}, d.address)))
        .addTo(layer);
      const name = h("button", { type: "button", class: "name" }, d.title);
      const badge = h(
        "span",
        { class: `badge badge-${isCited ? "pin" : "ring"}`, "aria-hidden": "true" },
        String(i + 1),
      );
      badge.style.setProperty("--c", isCited ? colour(0) : "#777");
      const row = h(
        "li",
        { class: "place doc", id: `doc-${d.place_id}`, tabindex: "-1", "data-place-id": d.place_id },
        badge,
        h(
          "div",
          {},
          name,
          isCited ? chip("인용됨", "chip-match") : null,
          d.synthetic ? chip("합성", "chip-synthetic") : null,
          h("p", { class: "cat" }, d.category ?? ""),
          h("p", {}, d.roadAddress || d.address),
          h(
            "p",
            { class: "dist" },
            [
              d.distance !== undefined ? `기준 위치에서 ${metres(d.distance)}` : "",
              `점수 ${d.score.toFixed(2)}`,
            ]
              .filter(Boolean)
              .join(" · "),
          ),
          d.reason
            ? h("p", { class: d.relevant === false ? "reason is-miss" : "reason" }, `판단: ${d.reason}`)
            : null,
          ...conditionsOf(d, r.structured_query),
          menuList(d, r.structured_query),
          h(
            "p",
            {},
            d.map_url
              ? outLink(d.map_url, d.synthetic ? "지도 페이지 (합성 주소) ↗" : "지도 페이지 ↗")
              : null,
            ` 수집일 ${d.collected_at}`,
          ),
        ),
      );
      pairs.push({ marker, row, focus: name });
      cards.set(d.place_id, {
        row,
        select: () => {
          row.scrollIntoView({ block: "nearest", behavior: "smooth" });
          row.focus();
          name.click();
        },
      });
      return row;
    });
    syncListAndMap(this.pane.map, pairs);
    this.pane.fit("qa");

    const web = r.web_results ?? [];
    const cite = (token: string) => {
      const card = cards.get(token);
      const doc = r.documents.find((d) => d.place_id === token);
      if (card && doc)
        return {
          href: `#doc-${token}`,
          label: `${doc.title} 문서로 이동`,
          text: doc.title,
          onSelect: card.select,
        };
      const hit = web.find((w) => w.url === token);
      return hit ? { href: hit.url, label: hit.title, text: hit.title } : null;
    };
    const q = r.structured_query;
    const asked = [
      ...(q.location ?? []).map((l) => `${l.name}${l.relation === "exact" ? " (가게 이름)" : " 근처"}`),
      ...(q.cuisine ?? []),
      ...(q.menu ?? []),
      ...(q.convenience ?? []),
      ...(q.atmosphere ?? []),
      ...(q.occasion ?? []),
      q.price ? `가격 ${q.price.min ? won(q.price.min) : ""}~${q.price.max ? won(q.price.max) : ""}` : "",
    ].filter(Boolean);

    fill(
      this.results,
      r.meta.synthetic
        ? syntheticBanner("이 식당 문서는 데모용으로 생성한 가상 자료입니다. 실제 가게가 아닙니다.")
        : null,
      h("p", { class: "route" }, h("strong", {}, "찾은 경로: "), routeText(r.route)),
      asked.length
        ? h(
            "p",
            { class: "chips" },
            h("span", { class: "label" }, "질문에서 읽은 조건: "),
            ...asked.map((a) => chip(a)),
          )
        : null,
      h("article", { class: "answer" }, h("h3", {}, "답"), richText(r.answer, cite)),
      r.citations.length
        ? h(
            "div",
            { class: "citations" },
            h("h3", {}, `인용 (${r.citations.length})`),
            h(
              "ol",
              {},
              ...r.citations.map((c) => {
                const t = cite(c);
                const doc = r.documents.find((d) => d.place_id === c);
                const a = h("a", { href: t?.href ?? "#", class: "cite" }, doc?.title ?? c);
                if (t?.onSelect) {
                  const select = t.onSelect;
                  a.addEventListener("click", (e) => {
                    e.preventDefault();
                    select();
                  });
                }
                return h("li", {}, a);
              }),
            ),
          )
        : null,
      warningList(r.meta.warnings),
      web.length
        ? h(
            "div",
            { class: "web-results" },
            h("h3", {}, `웹 검색 결과 (${web.length})`),
            h(
              "ul",
              {},
              ...web.map((w) => h("li", {}, outLink(w.url, w.title), h("p", {}, w.content.slice(0, 240)))),
            ),
          )
        : null,
      h("h3", {}, `문서 (${r.documents.length})`),
      r.documents.length
        ? h("ol", { class: "places" }, ...items)
        : h("p", { class: "empty" }, "조건에 맞는 식당 문서가 없어요."),
      h(
        "details",
        { class: "plan-box" },
        h("summary", {}, "처리 정보"),
        facts([
          ["엔진", koLabel("engine", r.meta.engine)],
          [
            "단계별 엔진",
            `질문 해석 ${koLabel("engine", r.meta.engines.rewrite)} · 평가 ${koLabel("engine", r.meta.engines.grade)} · 답 ${koLabel("engine", r.meta.engines.generate)}`,
          ],
          [
            "LLM 호출",
            `${r.meta.llmCalls}회 · 토큰 입력 ${num(r.meta.llmTokens.input)} / 출력 ${num(r.meta.llmTokens.output)}`,
          ],
          ["외부 API 호출", `${r.meta.apiCalls}회`],
          ["색인", `${koLabel("qaIndex", r.meta.index)} · 임베더 ${r.meta.embedder}`],
          ["걸린 시간", `${num(Math.round(r.meta.durationMs))} ms`],
        ]),
      ),
    );
  }
}
