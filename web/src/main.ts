// The page: four views behind tabs, one shared map, the URL as the state (a result is a link to share).
//   /?q=…                      place search        /?view=qa&q=…          restaurant QA
//   /?view=news&q=…&pref=…     news & disclosures  /?view=sim&id=…        a simulation
import "./styles.css";
import { forgetKey, storedKey } from "./api.ts";
import { $ } from "./dom.ts";
import { MapPane, type ViewName } from "./map.ts";
import { isPreference, NewsView } from "./news.ts";
import { QaView } from "./qa.ts";
import { SearchView } from "./search.ts";
import { DEFAULT_TILES, loadTiles, saveTiles, tileUrlProblem } from "./settings.ts";
import { SimulationView } from "./simulation.ts";

type View = "search" | "qa" | "news" | "sim";
const VIEWS: View[] = ["search", "qa", "news", "sim"];
const MAP_OF: Record<View, ViewName | null> = { search: "search", qa: "qa", news: null, sim: "sim" };

const pane = new MapPane($("#map"));

function go(params: Record<string, string>): void {
  const qs = new URLSearchParams(params).toString();
  const search = qs ? `?${qs}` : "";
  if (search !== location.search) history.pushState(null, "", search || location.pathname);
}

const views = {
  search: new SearchView(pane, (q) => go({ q })),
  qa: new QaView(pane, (q) => go({ view: "qa", q })),
  news: new NewsView((q, pref) => go({ view: "news", q, pref })),
  sim: new SimulationView(pane, (id) => go({ view: "sim", id })),
};
const panel = $("#panel");
for (const v of VIEWS) panel.append(views[v].el);

const tabs = VIEWS.map((v) => $<HTMLButtonElement>(`#tab-${v}`));

function select(view: View): void {
  VIEWS.forEach((v, i) => {
    const on = v === view;
    views[v].el.hidden = !on;
    tabs[i]!.setAttribute("aria-selected", String(on));
    tabs[i]!.tabIndex = on ? 0 : -1;
  });
  views[view].el.setAttribute("role", "tabpanel");
  document.body.classList.toggle("no-map", MAP_OF[view] === null);
  pane.show(MAP_OF[view]);
  if (view === "sim") void views.sim.prepare();
}

/** Shows what the URL says, running its request (on load, and on back / forward). */
function route(): void {
  const p = new URLSearchParams(location.search);
  const view = (VIEWS as string[]).includes(p.get("view") ?? "") ? (p.get("view") as View) : "search";
  select(view);
  const q = p.get("q")?.trim();
  if (view === "search" && q) void views.search.run(q);
  if (view === "qa" && q) void views.qa.run(q);
  if (view === "news" && q) {
    const pref = p.get("pref");
    void views.news.run(q, isPreference(pref) ? pref : "both");
  }
  const id = p.get("id");
  if (view === "sim" && id) void views.sim.watch(id);
}

tabs.forEach((tab, i) => {
  tab.addEventListener("click", () => {
    const v = VIEWS[i]!;
    go(v === "search" ? {} : { view: v });
    select(v);
  });
  // the tab list is one stop for Tab; arrows move between tabs (WAI-ARIA tabs pattern)
  tab.addEventListener("keydown", (e) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -i, End: VIEWS.length - 1 - i }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = tabs[(i + step + tabs.length) % tabs.length]!;
    next.focus();
    next.click();
  });
});
window.addEventListener("popstate", route);

// ---- settings: the base map's tiles, and the API key this tab holds
const settings = $<HTMLDialogElement>("#settings-dialog");
const tileUrl = $<HTMLInputElement>("#tile-url");
const tileAttribution = $<HTMLInputElement>("#tile-attribution");
const tileProblem = $("#tile-problem");
const keyState = $("#key-state");
const showKeyState = () => {
  keyState.textContent = storedKey()
    ? "이 탭에 API 키가 있습니다 (탭을 닫으면 지워집니다)."
    : "이 탭에는 API 키가 없습니다. 서버가 요구하면 그때 묻습니다.";
};
$("#open-settings").addEventListener("click", () => {
  const t = loadTiles();
  tileUrl.value = t.url;
  tileAttribution.value = t.attribution;
  tileProblem.hidden = true;
  showKeyState();
  settings.showModal();
});
$("#tile-default").addEventListener("click", () => {
  tileUrl.value = DEFAULT_TILES.url;
  tileAttribution.value = DEFAULT_TILES.attribution;
});
$("#key-forget").addEventListener("click", () => {
  forgetKey();
  showKeyState();
});
$("form", settings).addEventListener("submit", (e) => {
  e.preventDefault();
  const t = { url: tileUrl.value.trim(), attribution: tileAttribution.value.trim() };
  const problem = tileUrlProblem(t.url);
  tileProblem.hidden = problem === null;
  tileProblem.textContent = problem ? `타일 주소를 확인해 주세요: ${problem}` : "";
  if (problem) return tileUrl.focus();
  saveTiles(t);
  pane.setTiles(t);
  settings.close();
});
for (const b of document.querySelectorAll<HTMLButtonElement>("dialog [data-close]"))
  b.addEventListener("click", () => b.closest("dialog")?.close());

route();
