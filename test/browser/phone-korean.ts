// Issue 27's checks of the page on a phone (390 × 844), run inside page.test.ts's describe (one server,
// one browser, one build): the tab bar fits beside 설정, the map's notes lie off the map where markers
// are drawn, numbers and Korean words are never split across lines, Korean breaks between words, API
// codes are shown as Korean words, citations are restaurant names linked to their documents, the data
// source is named as it is, and a loaded simulation's parameters fill the form. Soft assertions: one
// run names every problem, not only the first.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { postJson, type TestServer } from "../helpers/server.ts";
import { VIEWPORTS, type Browser } from "./browser.ts";
import {
  apiCodesIn,
  boxes,
  intersects,
  koreanBreakProblems,
  numericCellProblems,
  readableText,
  splitTokens,
  within,
} from "./layout.ts";

const PHONE = VIEWPORTS[1];
const HANGUL = /[\uAC00-\uD7A3]/;

/** The layout checks every view must pass on a phone, over the region a view draws into. */
async function expectLayoutHolds(page: Page, region: string) {
  expect.soft(await splitTokens(page, region)).toEqual([]);
  expect.soft(await koreanBreakProblems(page, region)).toEqual([]);
  expect.soft(await numericCellProblems(page, region)).toEqual([]);
}

/** The map's notes (the tile note, and any note drawn over the map) lie off the map and its markers. */
async function expectNotesOffTheMap(page: Page) {
  await page.locator(".map-notice").waitFor(); // said once the first tile is refused
  const map = (await page.locator("#map").boundingBox())!;
  const notes = await boxes(page.locator(".map-notice:visible"));
  expect.soft(notes.length).toBeGreaterThan(0); // no tiles here: the note is shown
  const markers = (await boxes(page.locator(".leaflet-marker-pane .mk"))).filter((m) => intersects(m, map));
  expect.soft(markers.length).toBeGreaterThan(0);
  for (const n of notes) {
    expect.soft(markers.filter((m) => intersects(n, m))).toEqual([]);
    // anywhere over the map a marker may be drawn after a pan or a zoom: a note is never there
    expect.soft(intersects(n, map)).toBe(false);
  }
}

export function phoneKoreanTests(ctx: () => { server: TestServer; browser: Browser }) {
  describe("on a phone (390 × 844), in Korean", () => {
    it("the tab bar fits the screen beside 설정: every tab whole and not covered", async () => {
      const { server, browser } = ctx();
      const page = await browser.page(PHONE);
      await page.goto(server.url);
      await page.locator("#tab-sim").waitFor();
      const screen = { x: 0, y: 0, width: PHONE.width, height: PHONE.height };
      const settings = (await page.locator("#open-settings").boundingBox())!;
      expect.soft(within(settings, screen)).toBe(true);
      const nav = await page.evaluate<{ scroll: number; client: number }>(
        `(() => { const n = document.querySelector(".tabs"); return { scroll: n.scrollWidth, client: n.clientWidth }; })()`,
      );
      expect.soft(nav.scroll).toBeLessThanOrEqual(nav.client); // nothing scrolled out of sight
      for (const id of ["tab-search", "tab-qa", "tab-news", "tab-sim"]) {
        const tab = (await page.locator(`#${id}`).boundingBox())!;
        expect.soft(within(tab, screen), id).toBe(true);
        expect.soft(intersects(tab, settings), id).toBe(false);
        // the tab is what a finger on its middle touches
        const hit = await page.evaluate<string | null>(
          `document.elementFromPoint(${tab.x + tab.width / 2}, ${tab.y + tab.height / 2})?.closest("[role=tab]")?.id ?? null`,
        );
        expect.soft(hit).toBe(id);
      }
      await page.close();
    });

    it("search: the data source named as it is, the tile note off the markers, Korean warnings, nothing split", async () => {
      const { server, browser } = ctx();
      const page = await browser.page(PHONE);
      await page.goto(`${server.url}/?q=${encodeURIComponent("강남역 근처 카페")}`);
      await page.locator("#view-search .summary").waitFor();
      const summary = await page.locator("#view-search .summary").innerText();
      expect.soft(summary).toContain("내장 데모 데이터");
      expect.soft(summary).not.toMatch(/제공자|kakao/);
      await expectNotesOffTheMap(page);
      // every warning a person reads is Korean (the synthetic data's one included)
      for (const w of await page.locator("#view-search .warnings li").allInnerTexts())
        expect.soft(w, w).toMatch(HANGUL);
      await page.locator(".plan-box summary", { hasText: "검색 계획 보기" }).click();
      await page.locator(".plan .steps li").first().waitFor();
      expect.soft(apiCodesIn(await readableText(page, "#view-search"))).toEqual([]);
      await expectLayoutHolds(page, "#view-search");
      await browser.shot(page, "phone-search", PHONE);
      await page.close();
    });

    it("restaurant QA: citations are restaurant names linked to their documents; no codes", async () => {
      const { server, browser } = ctx();
      const question = "망원동에서 데이트하기 좋은 파스타집";
      const api = (await postJson(`${server.url}/v1/restaurants/ask`, { query: question })).body;
      expect.soft(api.citations.length).toBeGreaterThan(0);
      const titleOf = new Map<string, string>(api.documents.map((d: any) => [d.place_id, d.title]));
      const page = await browser.page(PHONE);
      await page.goto(`${server.url}/?view=qa&q=${encodeURIComponent(question)}`);
      await page.locator("#view-qa .answer").waitFor();
      const answer = await page.locator("#view-qa .answer").innerText();
      for (const id of api.citations) expect.soft(answer).not.toContain(id);
      expect.soft(answer).not.toMatch(/\[[^\]]*\]/);
      const links = await page
        .locator("#view-qa .answer a.cite")
        .evaluateAll((as) => as.map((a) => ({ text: a.textContent, href: a.getAttribute("href") })));
      expect.soft(links.length).toBeGreaterThanOrEqual(api.citations.length);
      for (const l of links) {
        const id = l.href!.replace(/^#doc-/, "");
        expect.soft(api.citations).toContain(id);
        expect.soft(l.text).toBe(titleOf.get(id));
      }
      expect
        .soft(await page.locator("#view-qa .citations li a").allTextContents())
        .toEqual(api.citations.map((id: string) => titleOf.get(id)));
      expect.soft(apiCodesIn(await readableText(page, "#view-qa"))).toEqual([]);
      await expectNotesOffTheMap(page);
      await expectLayoutHolds(page, "#view-qa");
      await browser.shot(page, "phone-restaurant-qa", PHONE);
      await page.close();
    });

    it("news: no codes, nothing split", async () => {
      const { server, browser } = ctx();
      const page = await browser.page(PHONE);
      await page.goto(`${server.url}/?view=news&q=${encodeURIComponent("삼성전자 최근 배당 공시")}`);
      await page.locator("#view-news .answer").waitFor();
      expect.soft(apiCodesIn(await readableText(page, "#view-news .plan-box"))).toEqual([]);
      await expectLayoutHolds(page, "#view-news");
      await browser.shot(page, "phone-news", PHONE);
      await page.close();
    });

    it("simulation: the loaded run's parameters fill the form; statuses, decisions and days in Korean", async () => {
      const { server, browser } = ctx();
      // 2026-09-25 is Chuseok: the report's kinds of day include a holiday
      const params = { days: 1, seed: 11, agents: 40, startDate: "2026-09-25" };
      const started = await postJson(`${server.url}/v1/simulations`, params);
      expect.soft(started.status).toBe(202);
      const id = started.body.id as string;
      const page = await browser.page(PHONE);
      await page.goto(`${server.url}/?view=sim&id=${id}`);
      await page.locator("#view-sim .diary-entries li").first().waitFor();
      expect.soft(await page.locator("#sim-days").inputValue()).toBe(String(params.days));
      expect.soft(await page.locator("#sim-seed").inputValue()).toBe(String(params.seed));
      expect.soft(await page.locator("#sim-agents").inputValue()).toBe(String(params.agents));
      expect.soft(await page.locator("#sim-start").inputValue()).toBe(params.startDate);
      const text = await readableText(page, "#view-sim");
      expect.soft(text).toContain("완료");
      expect.soft(text).toContain("공휴일");
      expect.soft(apiCodesIn(text)).toEqual([]);
      await expectNotesOffTheMap(page);
      await expectLayoutHolds(page, "#view-sim");
      await browser.shot(page, "phone-simulation", PHONE);
      await page.close();
    });
  });
}
