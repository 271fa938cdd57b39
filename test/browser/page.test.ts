// The page for people in a real browser (Debian's Chromium, headless) against the started server: each
// flow as a person goes through it, at desktop and phone width, asserting what they would see — names
// in the list, markers on the map, answer text, charts — with a screenshot of each (reports/web-screenshots).
// The server has no network and neither has the browser: tiles fail, and the page must still draw.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { handle } from "hono/aws-lambda";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../functions/api/app.ts";
import { buildWeb, type WebBuild } from "../../web/build.ts";
import { buildDemoCorpus, postJson, startServer, type TestServer } from "../helpers/server.ts";
import { CHROMIUM, haveChromium, koreanGlyphProblem, launch, VIEWPORTS, type Browser } from "./browser.ts";
import { phoneKoreanTests } from "./phone-korean.ts";

if (!haveChromium)
  console.warn(
    `\n${"!".repeat(78)}\n!! BROWSER TESTS SKIPPED: no Chromium at ${CHROMIUM}.\n!! Install it (apt-get update && apt-get install -y chromium) and run npm run test:browser.\n${"!".repeat(78)}\n`,
  );

const q = (s: string) => encodeURIComponent(s);
const texts = (page: Page, selector: string) => page.locator(selector).allTextContents();

const SLOT_DELAY_MS = 2000;
let server: TestServer;
let browser: Browser;
let built: WebBuild;

describe.skipIf(!haveChromium)("the web page in Chromium", () => {
  beforeAll(async () => {
    built = await buildWeb();
    // each simulation slot takes a moment (as with a real LLM), so the page is seen watching it
    server = await startServer({
      wrap: (state, handler) =>
        state === "PrepareSlot"
          ? async (input) => {
              await new Promise((r) => setTimeout(r, SLOT_DELAY_MS));
              return handler(input);
            }
          : handler,
    });
    // the demo restaurant corpus built now, as npm start builds it at boot: not within a question's wait
    await buildDemoCorpus(server.world);
    browser = await launch(server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** What the API answers to a search, to compare the page with. */
  const search = async (query: string) => (await postJson(`${server.url}/v1/search`, { query })).body;

  /** A search shown from its link: the list, the map, the banner; returns the page. */
  async function searchPage(query: string, viewport: (typeof VIEWPORTS)[number]) {
    const page = await browser.page(viewport);
    await page.goto(`${server.url}/?q=${q(query)}`);
    await page.locator("#view-search .summary").waitFor();
    return page;
  }

  async function expectPlacesShown(page: Page, api: any, extraMarkers: number) {
    const names = await texts(page, "#view-search .place .name");
    expect(names.sort()).toEqual(api.places.map((p: any) => p.displayName).sort());
    expect(await page.locator(".leaflet-marker-pane .mk").count()).toBe(api.places.length + extraMarkers);
    await page.locator(".synthetic-banner", { hasText: "합성 데이터" }).first().waitFor();
    await page.locator(".leaflet-control-scale").waitFor();
    // no tiles (no network): the plain background says so, and everything else is drawn
    expect(await page.locator("#map.tiles-off").count()).toBe(1);
  }

  it("Korean text is drawn with a Korean font, not as missing-glyph boxes", async () => {
    const page = await browser.page(VIEWPORTS[0]);
    await page.goto(server.url);
    await page.locator("h1").first().waitFor();
    expect(await koreanGlyphProblem(page)).toBeUndefined();
    await page.close();
  });

  it("says which words of the query it did not understand", async () => {
    // a made-up modifier beside a kind: searched without it, and the page says so
    const page = await searchPage("강남역 뭉게뭉게 카페", VIEWPORTS[0]);
    await page.locator(".note.unread", { hasText: "뭉게뭉게" }).waitFor();
    await page.close();
  });

  it.each(VIEWPORTS)(
    "radius: /?q= runs on load; list and map in step; plan on demand; GeoJSON ($name)",
    async (vp) => {
      const query = "강남역 근처 카페";
      const api = await search(query);
      expect(api.meta.strategyUsed).toBe("radius");
      const page = await searchPage(query, vp);
      await expectPlacesShown(page, api, 1);
      expect(await page.locator("#search-q").inputValue()).toBe(query);
      expect(await page.locator(".place").first().textContent()).toContain("중심에서");
      expect(await page.locator(".leaflet-overlay-pane path").count()).toBeGreaterThanOrEqual(1); // the radius
      await page.locator(".warnings li").first().waitFor();

      // list → map: hovering a row lights its marker; choosing it opens the marker's popup
      const first = api.places[0].displayName as string;
      await page.locator(".place").first().hover();
      expect(await page.locator(".leaflet-marker-pane .mk.is-active").count()).toBe(1);
      await page.locator(".place .name").first().click();
      await page.locator(".leaflet-popup-content", { hasText: first }).waitFor();
      // map → list: a marker's title names its place, and hovering it lights the row (the event sent to
      // that marker: at a phone's zoom another place's marker may lie over it, where the pointer lands)
      await page.locator(`.leaflet-marker-pane .mk[title$="${first}"]`).dispatchEvent("mouseover");
      expect(await page.locator(".place.is-active .name").textContent()).toBe(first);

      await page.locator(".plan-box summary", { hasText: "검색 계획 보기" }).click();
      await page.locator(".plan .steps li").first().waitFor();
      const plan = await page.locator(".plan").textContent();
      expect(plan).toContain("반경 검색");
      expect(plan).toContain("규칙 엔진");
      expect(plan).toMatch(/LLM 호출0회/);

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.locator("text=GeoJSON 내려받기").click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.geojson$/);
      const geo = JSON.parse(readFileSync(await download.path(), "utf8"));
      expect(geo.type).toBe("FeatureCollection");
      expect(geo.features).toHaveLength(api.places.length);
      await browser.shot(page, "search-radius", vp);
      await page.close();
    },
  );

  it.each(VIEWPORTS)(
    "route: typed and sent by keyboard; the URL follows; segments and the route line ($name)",
    async (vp) => {
      const query = "강남에서 판교 가는 길에 속이 편한 음식점";
      const api = await search(query);
      const page = await browser.page(vp);
      await page.goto(server.url);
      await page.locator("#search-q").focus();
      await page.keyboard.type(query);
      await page.keyboard.press("Enter");
      await page.locator("#view-search .summary").waitFor();
      expect(new URL(page.url()).searchParams.get("q")).toBe(query);
      await expectPlacesShown(page, api, 1); // + the route's start
      expect(await texts(page, ".group")).toEqual(
        api.segments.map((s: any) => `구간 ${s.segment + 1} · ${s.places.length}곳`),
      );
      expect(await page.locator(".route-line").count()).toBe(api.segments.length);
      expect(await page.locator(".place .dist").first().textContent()).toContain("출발점에서 경로를 따라");
      await browser.shot(page, "search-route", vp);
      await page.close();
    },
  );

  it.each(VIEWPORTS)("point travel: each place with its travel distance and time ($name)", async (vp) => {
    const query = "홍대입구역에서 걸어서 10분 이내 맛집";
    const api = await search(query);
    expect(api.meta.strategyUsed).toBe("point_travel");
    const page = await searchPage(query, vp);
    await expectPlacesShown(page, api, 1);
    const dists = await texts(page, ".place .dist");
    expect(dists).toHaveLength(api.places.length);
    for (const d of dists) expect(d).toMatch(/^이동 거리 \d+ m · 도보 (약 )?\d+분/);
    await browser.shot(page, "search-point-travel", vp);
    await page.close();
  });

  it.each(VIEWPORTS)(
    "trip: days coloured, stops numbered in visiting order, lodging marked ($name)",
    async (vp) => {
      const query = "제주도 2박 3일 코스 짜줘";
      const api = await search(query);
      const page = await searchPage(query, vp);
      await expectPlacesShown(page, api, 1);
      expect(await texts(page, ".group")).toEqual(
        api.itinerary.map((d: any) => `${d.day}일차 · ${d.places.length}곳`),
      );
      // each day's rows in the itinerary's order, numbered from 1, lodging as 숙
      for (const [i, day] of api.itinerary.entries()) {
        const block = page.locator(`.group-block[data-group="${i}"]`);
        const byId = new Map(api.places.map((p: any) => [p.id, p]));
        expect(await block.locator(".place .name").allTextContents()).toEqual(
          day.places.map((id: string) => (byId.get(id) as any).displayName),
        );
        const labels = await block.locator(".place .badge").allTextContents();
        const expected = day.places.map((id: string, n: number) =>
          (byId.get(id) as any).tripRole === "숙박" ? "숙" : String(n + 1),
        );
        expect(labels).toEqual(expected);
      }
      const lodging = api.places.filter((p: any) => p.tripRole === "숙박").length;
      expect(lodging).toBeGreaterThan(0);
      expect(await page.locator(".leaflet-marker-pane .badge-square", { hasText: "숙" }).count()).toBe(
        lodging,
      );
      const colours = await Promise.all(
        (await page.locator(".group .swatch").all()).map((el) => el.getAttribute("style")),
      );
      expect(new Set(colours).size).toBe(api.itinerary.length);
      await browser.shot(page, "search-trip", vp);
      await page.close();
    },
  );

  it.each(VIEWPORTS)(
    "restaurant QA: the answer, its citations linked to the documents, the route taken ($name)",
    async (vp) => {
      const question = "망원동에서 데이트하기 좋은 파스타집";
      const page = await browser.page(vp);
      await page.goto(`${server.url}/?view=qa`);
      await page.locator("#qa-q").fill(question);
      await page.locator("#view-qa button[type=submit]").click();
      await page.locator("#view-qa .answer").waitFor();
      const api = (await postJson(`${server.url}/v1/restaurants/ask`, { query: question })).body;
      expect(api.route).toBe("index");
      expect(await page.locator(".route").textContent()).toContain("색인 검색");
      // the answer's first line, its citations read as the restaurants' names (already there beside them)
      expect(await page.locator(".answer").textContent()).toContain(
        api.answer.split("\n")[0].replace(/\s*\[[^\]]+\]/g, ""),
      );
      expect(await texts(page, "#view-qa .place .name")).toEqual(api.documents.map((d: any) => d.title));
      expect(await page.locator(".leaflet-marker-pane .mk").count()).toBe(api.documents.length);
      expect(await page.locator(".citations li").count()).toBe(api.citations.length);
      // conditions each document satisfies, and its menus with prices
      await page.locator(".chip-match", { hasText: "데이트" }).first().waitFor();
      expect(await page.locator(".menus li .price").first().textContent()).toMatch(/원|가격|변동|시가/);
      // a citation in the answer leads to its document
      const cited = api.citations[0] as string;
      await page.locator(`.answer a.cite[href="#doc-${cited}"]`).first().click();
      // the document lights up once the page has scrolled to it (on a phone that takes a moment)
      await page.locator(`#doc-${cited}.is-active`).waitFor();
      expect(await page.locator(`#doc-${cited}.is-active`).count()).toBe(1);
      expect(new URL(page.url()).searchParams.get("q")).toBe(question);
      await browser.shot(page, "restaurant-qa", vp);
      await page.close();
    },
  );

  it.each(VIEWPORTS)(
    "news & disclosures: answer with citations, selected documents and reasons, summary, errors ($name)",
    async (vp) => {
      const question = "삼성전자 최근 배당 공시";
      const page = await browser.page(vp);
      await page.goto(`${server.url}/?view=news`);
      await page.locator("#news-q").fill(question);
      await page.locator('input[name="pref"][value="both"]').check();
      await page.locator("#view-news button[type=submit]").click();
      await page.locator("#view-news .answer").waitFor();
      const api = (
        await postJson(`${server.url}/v1/news/search`, { query: question, search_preference: "both" })
      ).body;
      const answer = (await page.locator("#view-news .answer").textContent())!;
      expect(answer).toContain("정기보고서");
      expect(await page.locator("#view-news .answer table").count()).toBeGreaterThan(0);
      expect(await page.locator("#view-news .citations li").count()).toBe(api.citations.length);
      expect(await page.locator("#view-news .answer a.cite").count()).toBeGreaterThan(0);
      const reasons = await texts(page, "#view-news .selected .reason");
      expect(reasons.length).toBe(
        api.selected_documents.news.length +
          api.selected_documents.regular.length +
          api.selected_documents.revision.length,
      );
      expect(await page.locator(".summary-text").textContent()).toContain("검색 결과 요약");
      expect(await texts(page, ".branch")).toEqual(["뉴스 검색: 오류 없음", "공시 검색: 오류 없음"]);
      await page.locator("#view-news .synthetic-banner").waitFor();
      expect(await page.locator(".map-col").isVisible()).toBe(false); // nothing to map
      await browser.shot(page, "news", vp);
      await page.close();
    },
  );

  let simulationId: string | undefined;
  it.each(VIEWPORTS)(
    "simulation: one day started, watched slot by slot, its report as charts, stores on the map, a diary ($name)",
    async (vp) => {
      const page = await browser.page(vp);
      if (!simulationId) {
        await page.goto(`${server.url}/?view=sim`);
        await page.locator("#sim-days").fill("1");
        await page.locator("#sim-seed").fill("7");
        await page.locator("#sim-agents").fill("60");
        // the API takes a start date (its OpenAPI says so): the form offers it and sends it
        await page.locator("#sim-start").waitFor();
        expect(await page.locator("#sim-start-note").isVisible()).toBe(false);
        await page.locator("#sim-start").fill("2026-09-23");
        // the spend estimate follows the form: offline, no LLM call and nothing to pay
        const estimate = page.locator("#sim-estimate", { hasText: "에이전트·일 60" });
        await estimate.waitFor();
        expect(await estimate.textContent()).toMatch(/^예상 LLM 호출 0회, 0원 — 오프라인 엔진/);
        await page.locator("#view-sim button[type=submit]").click();
        await page.waitForURL(/[?&]id=sim-/);
        simulationId = new URL(page.url()).searchParams.get("id")!;
        const status = (await (await fetch(`${server.url}/v1/simulations/${simulationId}`)).json()) as {
          startDate?: string;
        };
        expect(status.startDate).toBe("2026-09-23");
        // watched as it runs: a slot in progress, then slots done while others wait
        await page.locator("td.slot-running").waitFor();
        await page.locator("td.slot-done").first().waitFor();
        expect(await page.locator("td.slot-waiting").count()).toBeGreaterThan(0);
        expect(await page.locator("progress").getAttribute("value")).not.toBe("4");
        await browser.shot(page, "simulation-running", vp);
      } else await page.goto(`${server.url}/?view=sim&id=${simulationId}`); // a shared link to it
      await page.locator(".diary-entries li").first().waitFor();
      const report = (await (
        await fetch(`${server.url}/v1/simulations/${simulationId}/report`)
      ).json()) as any;
      expect(await texts(page, "td.slot")).toEqual(["완료", "완료", "완료", "완료"]);
      const captions = await texts(page, ".chart-box figcaption");
      expect(captions).toEqual(
        expect.arrayContaining([
          "일자 × 시간대별 방문",
          "시간대별 카테고리 방문",
          "가장 많이 방문한 가게",
          "평점이 가장 높은 가게",
        ]),
      );
      expect(await page.locator(".chart-box svg rect").count()).toBeGreaterThan(10);
      // the day × slot grid adds up to the report's visits
      const cells = (await texts(page, ".results > .charts > .chart-box:first-child svg text.value")).map(
        Number,
      );
      expect(cells.reduce((a, b) => a + b, 0)).toBe(
        report.stores.reduce((n: number, s: any) => n + s.visits, 0),
      );
      expect(await page.locator(".calibration").textContent()).toContain("보정 지표");
      // the stores, and apart from them the diary's path of the day
      const stores = ".leaflet-marker-pane .mk:not(.mk-path)";
      expect(await page.locator(stores).count()).toBe(report.stores.length);
      // the busiest store has the biggest marker
      const top = report.stores[0];
      const widths = await Promise.all(
        (await page.locator(stores).all()).map(async (m) => (await m.boundingBox())!.width),
      );
      const topMarker = page.locator(`.leaflet-marker-pane .mk[title^="${top.name} "]`).first();
      // to the pixel: a marker's box may carry a subpixel from its position
      expect((await topMarker.boundingBox())!.width).toBeCloseTo(Math.max(...widths), 0);
      const diary = await texts(page, ".diary-entries li");
      expect(diary.length).toBeGreaterThan(0);
      expect(diary[0]).toMatch(/1일차 (아침|점심|저녁|야식)/);
      // the diary tells every turn: a stay at home with its reason, or what the agent did after eating
      expect(
        (await texts(page, ".diary-entries .diary-stay, .diary-entries .diary-next")).join("\n"),
      ).toMatch(/집에 머묾 — \S|다음 행동: \S.* → .+ \(걷는 속도 [\d.]+ km\/h\)/);
      expect(await page.locator(".leaflet-marker-pane .mk-path").count()).toBe(diary.length);
      expect(await page.locator("path.diary-path").count()).toBe(diary.length);
      // the breakdowns as charts, and the provenance folded away until asked for
      expect(await texts(page, ".breakdowns figcaption")).toEqual(
        expect.arrayContaining([
          "세대별 외식 비율 (★ 평균 평점)",
          "주민·유동 인구별 외식 비율 (★ 평균 평점)",
          "일자별 망원동을 떠난 유동 인구",
        ]),
      );
      expect(await page.locator(".breakdowns svg rect").count()).toBeGreaterThan(3);
      const provenance = page.locator("details.provenance");
      expect(await provenance.getAttribute("open")).toBeNull();
      await provenance.locator("summary").click();
      expect(await provenance.textContent()).toContain(report.simulation.provenance.stores);
      expect(await provenance.textContent()).toContain("오프라인 엔진");
      await page.locator(".synthetic-banner").first().waitFor();
      await browser.shot(page, "simulation", vp);
      await page.close();
    },
  );

  it("simulation raw data: a CSV download of every decision page by page, another agent's diary by id", async () => {
    expect(simulationId).toBeDefined();
    const vp = VIEWPORTS[0];
    const page = await browser.page(vp);
    await page.goto(`${server.url}/?view=sim&id=${simulationId}`);
    const button = page.locator('button[data-export="decisions-csv"]');
    await button.waitFor();
    const [file] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(file.suggestedFilename()).toBe(`${simulationId}-decisions.csv`);
    const csv = readFileSync(await file.path(), "utf8");
    expect(csv.split("\r\n")[0]).toMatch(/^agent_id,agent_type,generation,day,date,time_slot,decision,/);
    const api = await (
      await fetch(`${server.url}/v1/simulations/${simulationId}/export?kind=decisions&format=csv`)
    ).text();
    expect(csv).toBe(api);
    await page.locator(".downloads .status", { hasText: "내려받았습니다" }).waitFor();
    // a resident acts in every slot: its diary has all four, each a stay at home or a meal
    await page.locator("#diary-agent").fill("R002");
    await page.locator("#diary-agent").press("Enter");
    await page.locator('.diary-entries[data-agent="R002"] li').first().waitFor();
    expect(await page.locator(".diary-entries li").count()).toBe(4);
    expect(await page.locator(".diary-entries li .when").allTextContents()).toEqual([
      "1 1일차 아침 07:00 (2026-09-23)",
      "2 1일차 점심 12:00 (2026-09-23)",
      "3 1일차 저녁 18:00 (2026-09-23)",
      "4 1일차 야식 22:00 (2026-09-23)",
    ]);
    // an id that is not one is said as a sentence
    await page.locator("#diary-agent").fill("R 2");
    await page.locator("#diary-agent").press("Enter");
    await page.locator(".diary .status.is-error").waitFor();
    expect(await page.locator(".diary .status.is-error").textContent()).toBe(
      "입력을 확인해 주세요 — 에이전트 ID: 에이전트 id가 아닙니다 (R001, P012 같은 형식).",
    );
    expect(await page.locator(".diary-entries li").count()).toBe(0);
    await page.locator("#diary-agent").fill("R003");
    await page.locator("#diary-agent").press("Enter");
    await page.locator('.diary-entries[data-agent="R003"] li').first().waitFor();
    await page.locator(".downloads").scrollIntoViewIfNeeded();
    await browser.shot(page, "simulation-data", vp);
    await page.close();
  });

  it("calibration figures, when a report has them (issue 14's shape), as charts and tables, never raw JSON", async () => {
    expect(simulationId).toBeDefined();
    const vp = VIEWPORTS[0];
    const page = await browser.page(vp);
    const calibration = {
      engine: "offline",
      eatOutRateBySlot: { "07:00": 0.31, "12:00": 0.68, "18:00": 0.62, "22:00": 0.27 },
      topCategoryBySlot: { "07:00": "카페", "12:00": "한식", "18:00": "한식", "22:00": "주점" },
      categoryShareVsStoreShare: { 한식: { visitShare: 0.3, storeShare: 0.36, ratio: 0.83 } },
      revisitRateByOwnRating: { low: 0.32, high: 0.51, nLow: 50, nHigh: 120 },
      activeAgentsByDay: [{ day: 1, residents: 47, floating: 53 }],
      byDayType: { weekday: { eatOutRate: 0.47 }, weekend: { eatOutRate: 0.55 }, holiday: null },
    };
    await page.route(/\/v1\/simulations\/[^/]+\/report$/, async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...(await res.json()), calibration } });
    });
    await page.goto(`${server.url}/?view=sim&id=${simulationId}`);
    const box = page.locator(".calibration");
    await box.locator("figure").first().waitFor();
    expect(await box.locator("figcaption").allTextContents()).toEqual([
      "시간대별 외식 비율",
      "일자별 활동한 에이전트",
    ]);
    expect(await box.locator("svg text.value").first().textContent()).toBe("31.0%");
    expect(await box.locator("table th[scope=row]").allTextContents()).toEqual(
      expect.arrayContaining(["한식", "평일", "주말"]),
    );
    const text = (await box.textContent())!;
    expect(text).toContain("계산한 엔진: 오프라인 엔진");
    expect(text).not.toMatch(/[{}"]/);
    await box.scrollIntoViewIfNeeded();
    await browser.shot(page, "simulation-calibration", vp);
    await page.close();
  });

  it.each(VIEWPORTS)(
    "errors are sentences: a 400 from a shared link, a 404 for an unknown simulation ($name)",
    async (vp) => {
      const page = await browser.page(vp);
      await page.goto(`${server.url}/?q=${q("가".repeat(501))}`);
      const error = page.locator("#view-search .status.is-error");
      await error.waitFor();
      const said = (await error.textContent())!;
      expect(said).toBe("입력을 확인해 주세요 — 질문: 최대 500자입니다.");
      expect(await page.locator("#view-search .place").count()).toBe(0);
      await browser.shot(page, "error-400", vp);

      await page.goto(`${server.url}/?view=sim&id=sim-nowhere`);
      const missing = page.locator("#view-sim .status.is-error");
      await missing.waitFor();
      expect(await missing.textContent()).toBe("찾을 수 없어요: 그런 시뮬레이션이 없습니다.");
      await page.close();
    },
  );

  it("keyboard: arrows move between tabs; a place is chosen with Enter from the list or from the map", async () => {
    const vp = VIEWPORTS[0];
    const page = await browser.page(vp);
    await page.goto(`${server.url}/?q=${q("강남역 근처 카페")}`);
    await page.locator("#view-search .summary").waitFor();
    await page.locator("#tab-search").focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.locator("#tab-qa").getAttribute("aria-selected")).toBe("true");
    expect(await page.locator("#view-qa").isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get("view")).toBe("qa");
    await page.keyboard.press("ArrowLeft");
    expect(await page.locator("#view-search .place").first().isVisible()).toBe(true);

    // a row's name takes focus (its marker lights up) and Enter opens the marker's popup
    const name = page.locator("#view-search .place .name").nth(1);
    await name.focus();
    expect(await page.locator(".leaflet-marker-pane .mk.is-active").count()).toBe(1);
    await page.keyboard.press("Enter");
    await page.locator(".leaflet-popup-content", { hasText: (await name.textContent())! }).waitFor();
    // a marker takes focus too, and Enter on it opens its popup and lights its row
    const marker = page.locator(".leaflet-marker-pane .mk[title^='3번']");
    await marker.focus();
    await page.keyboard.press("Enter");
    const third = (await page.locator("#view-search .place .name").nth(2).textContent())!;
    await page.locator(".leaflet-popup-content", { hasText: third }).waitFor();
    expect(await page.locator(".place.is-active .name").textContent()).toBe(third);
    await page.close();
  });

  it("settings: the tile URL is a setting; an empty one draws on a plain background, a bad one is refused in words", async () => {
    const vp = VIEWPORTS[0];
    const page = await browser.page(vp);
    await page.goto(`${server.url}/?q=${q("망원역 근처 빵집")}`);
    await page.locator("#view-search .summary").waitFor();
    await page.locator("#open-settings").click();
    expect(await page.locator("#tile-url").inputValue()).toBe(
      "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    );
    await page.locator("#tile-url").fill("ftp://tiles.example/{z}/{x}/{y}.png");
    await page.locator("#settings-dialog button[type=submit]").click();
    expect(await page.locator("#tile-problem").textContent()).toContain("http:// 또는 https://");
    await page.locator("#tile-url").fill("");
    await page.locator("#settings-dialog button[type=submit]").click();
    expect(await page.locator(".map-notice").textContent()).toContain("배경 지도 없이");
    await page.reload();
    await page.locator("#view-search .summary").waitFor();
    expect(await page.locator(".leaflet-tile").count()).toBe(0);
    expect(await page.locator(".map-notice").textContent()).toContain("배경 지도 없이");
    expect(await page.locator(".leaflet-marker-pane .mk").count()).toBeGreaterThan(1);
    await page.locator("#open-settings").click();
    await page.locator("#tile-default").click();
    await page.locator("#settings-dialog button[type=submit]").click();
    await page.close();
  });

  phoneKoreanTests(() => ({ server, browser }));

  it("the page loaded nothing from anywhere but the server (tiles apart) and logged no errors", () => {
    const notTiles = browser.outside.filter((u) => !u.startsWith("https://tile.openstreetmap.org/"));
    expect(notTiles).toEqual([]);
    expect(browser.outside.length).toBeGreaterThan(0); // the tiles were asked for, and refused
    expect(browser.errors).toEqual([]);
  });

  it("stays light: JavaScript and CSS gzipped within budget", () => {
    expect(built.js.gzipBytes).toBeLessThan(80 * 1024);
    expect(built.css.gzipBytes).toBeLessThan(10 * 1024);
  });

  it("in the Lambda, GET / answers the page gzipped (base64 through API Gateway)", async () => {
    const lambda = handle(createApp(() => server.world.context));
    const event = JSON.parse(readFileSync(new URL("../../events/api/page.json", import.meta.url), "utf8"));
    const out = (await lambda(event, {} as never)) as any;
    expect(out.statusCode).toBe(200);
    expect(out.isBase64Encoded).toBe(true);
    expect(out.headers["content-encoding"]).toBe("gzip");
    expect(out.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(gunzipSync(Buffer.from(out.body, "base64")).toString()).toContain('<html lang="ko">');
  });
});

describe.skipIf(!haveChromium)("the web page behind API keys (as in AWS)", () => {
  const KEY = "web-test-key-0123456789";
  let keyed: TestServer;
  let b: Browser;
  beforeAll(async () => {
    keyed = await startServer({}, { API_KEYS: JSON.stringify([{ id: "web", key: KEY, scopes: ["read"] }]) });
    b = await launch(keyed.url);
  });
  afterAll(async () => {
    await b?.close();
    await keyed?.close();
  });

  it("asks for the key once on a 401, says so when it is refused, keeps it for the session only", async () => {
    const vp = VIEWPORTS[0];
    const page = await b.page(vp);
    await page.goto(`${keyed.url}/?q=${q("강남역 근처 카페")}`);
    const dialog = page.locator("#key-dialog");
    await dialog.waitFor();
    expect(await page.locator("#key-refused").isVisible()).toBe(false);
    await page.locator("#key-input").fill("not-the-key-at-all");
    await page.keyboard.press("Enter");
    await page.locator("#key-refused").waitFor();
    await page.locator("#key-input").fill(KEY);
    await page.keyboard.press("Enter");
    await page.locator("#view-search .summary").waitFor();
    expect(await page.locator("#view-search .place").count()).toBeGreaterThan(0);
    expect(await page.evaluate("sessionStorage.getItem('dongne.apiKey')")).toBe(KEY);
    expect(await page.evaluate("JSON.stringify(localStorage)")).not.toContain(KEY);
    expect(page.url()).not.toContain(KEY);
    // a second request in the same tab does not ask again
    await page.locator("#search-q").fill("홍대입구역 근처 카페");
    await page.keyboard.press("Enter");
    await page.waitForURL(/%ED%99%8D/);
    await page.locator("#view-search .place .name", { hasText: "홍대" }).first().waitFor();
    expect(await dialog.isVisible()).toBe(false);
    await b.shot(page, "api-key", vp);
    // a read key may not start a simulation: said as a sentence, not asked again
    await page.goto(`${keyed.url}/?view=sim`);
    await page.locator("#view-sim button[type=submit]").click();
    const error = page.locator("#view-sim .status.is-error");
    await error.waitFor();
    expect(await error.textContent()).toBe(
      "이 API 키로는 할 수 없는 요청이에요: 이 키로는 작업을 시작하거나 바꿀 수 없습니다.",
    );
    await page.close();
  });
});
