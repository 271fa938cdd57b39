// Debian's Chromium driven by playwright-core (which downloads no browser of its own), headless, with a
// fresh profile, and no network beyond the server under test: a request anywhere else (map tiles, a
// CDN the page should not use) is refused and remembered, as on a machine with no network.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { BROWSER_TEST_TIMEOUT_MS } from "../timeouts.ts";

export const CHROMIUM = "/usr/bin/chromium";
export const haveChromium = existsSync(CHROMIUM);

/** Where the flows' screenshots go (git-ignored with the rest of reports/). */
export const SCREENSHOTS = join(import.meta.dirname, "../../reports/web-screenshots");

export const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

/** The Debian package `.ci/run` installs so that Hangul has glyphs (Chromium brings no Korean font). */
export const KOREAN_FONT_PACKAGE = "fonts-nanum";

interface GlyphDrawing {
  family: string;
  sameAsEachOther: boolean;
  sameAsBox: boolean;
  width: number;
  boxWidth: number;
}

/**
 * Why Korean on this page would not be readable, or undefined when it is. Without a font that covers
 * Hangul, Chromium draws every syllable as the same missing-glyph box: the layout shifts (clicks land
 * elsewhere) and screenshots show rows of boxes. So two different syllables are drawn in the page's own
 * font stack and compared, pixel for pixel, with each other and with a code point no font covers
 * (U+10FFFD, private use); identical drawings mean boxes. Widths are compared as well, for a renderer
 * that draws nothing at all for a missing glyph.
 */
export async function koreanGlyphProblem(page: Page): Promise<string | undefined> {
  const found = await page.evaluate<GlyphDrawing>(`(() => {
    const family = getComputedStyle(document.body).fontFamily;
    const canvas = document.createElement("canvas");
    canvas.width = 64; canvas.height = 64;
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    ctx.font = "40px " + family;
    const draw = (text) => {
      ctx.clearRect(0, 0, 64, 64);
      ctx.fillText(text, 4, 48);
      return { pixels: Array.from(ctx.getImageData(0, 0, 64, 64).data).join(","), width: ctx.measureText(text).width };
    };
    const ga = draw("가"), na = draw("나"), box = draw("\u{10FFFD}");
    return { family, sameAsEachOther: ga.pixels === na.pixels, sameAsBox: ga.pixels === box.pixels, width: ga.width, boxWidth: box.width };
  })()`);
  if (!found.sameAsEachOther && !found.sameAsBox && found.width > 0) return undefined;
  return (
    `Korean text is drawn as missing-glyph boxes (가 ${found.sameAsEachOther ? "and 나 are drawn alike" : "is drawn as the box"}, ` +
    `${found.width.toFixed(1)} px against the box's ${found.boxWidth.toFixed(1)} px): no font on this machine ` +
    `covers Hangul for the page's stack ${found.family}. Install a Korean font such as NanumGothic ` +
    `(apt-get install -y ${KOREAN_FONT_PACKAGE}), as .ci/run does.`
  );
}

export interface Browser {
  context: BrowserContext;
  /** requests the page made to anywhere but the server under test */
  outside: string[];
  /** errors the page logged or threw, other than refused outside requests */
  errors: string[];
  page(viewport: Viewport): Promise<Page>;
  shot(page: Page, name: string, viewport: Viewport): Promise<void>;
  close(): Promise<void>;
}

/**
 * `isolate: false` leaves requests alone (Playwright's routing turns the HTTP cache off; the benchmark
 * measures with the cache on, and draws no tiles instead).
 */
export async function launch(serverUrl: string, { isolate = true } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), "dongne-chromium-"));
  mkdirSync(SCREENSHOTS, { recursive: true });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    locale: "ko-KR",
    acceptDownloads: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  // a wait for the page is a safety net, not a measure: it ends a wait for what never comes,
  // half the test's own timeout on, never a wait that a busy machine only makes longer
  context.setDefaultTimeout(BROWSER_TEST_TIMEOUT_MS / 2);
  const outside: string[] = [];
  const errors: string[] = [];
  if (isolate)
    await context.route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith(serverUrl) || url.startsWith("blob:") || url.startsWith("data:"))
        return route.continue();
      outside.push(url);
      return route.abort("internetdisconnected");
    });
  return {
    context,
    outside,
    errors,
    page: async (viewport) => {
      const page = await context.newPage();
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      page.on("pageerror", (e) => errors.push(`${viewport.name}: ${e.message}`));
      page.on("console", (m) => {
        if (m.type() !== "error") return;
        const at = m.location().url;
        // a refused tile is the no-network case the page must survive, and a 4xx the API's answer the
        // page shows as a sentence: neither is an error of the page
        if (at && !at.startsWith(serverUrl)) return;
        if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) return;
        errors.push(`${viewport.name}: ${m.text()}`);
      });
      return page;
    },
    shot: async (page, name, viewport) => {
      // a screenshot of boxes tells nobody anything: refuse to take it
      const problem = await koreanGlyphProblem(page);
      if (problem) throw new Error(problem);
      // from the top, as a person arriving at the link sees it
      await page.evaluate("window.scrollTo(0, 0)");
      await page.screenshot({
        path: join(SCREENSHOTS, `${name}-${viewport.name}.png`),
        // on a phone the page scrolls as a whole; on a desktop the panel scrolls beside the map
        fullPage: viewport.name === "phone",
      });
    },
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
