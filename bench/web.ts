// The web page: its weight (JavaScript and CSS, raw and gzipped, and Leaflet's share of it) and, where
// Debian's Chromium is installed, what the page costs on top of the API — for each search strategy, the
// time from navigating to /?q=… until the list is drawn, against the search request inside it (the
// page's files in the browser's cache; medians of five, in one run), and the first load with an empty
// cache.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { buildWeb } from "../web/build.ts";
import { startServer } from "../test/helpers/server.ts";
import { haveChromium, launch, VIEWPORTS } from "../test/browser/browser.ts";
import { summarize } from "./stats.ts";

const QUERIES: [string, string][] = [
  ["radius", "강남역 근처 카페"],
  ["route", "강남에서 판교 가는 길에 속이 편한 음식점"],
  ["point_travel", "홍대입구역에서 걸어서 10분 이내 맛집"],
  ["multi_point", "제주도 2박 3일 코스 짜줘"],
];
const RUNS = 5;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

export async function benchWeb(): Promise<void> {
  const built = await buildWeb();
  const leafletJs = gz(new URL("../node_modules/leaflet/dist/leaflet.js", import.meta.url).pathname);
  const leafletCss = gz(new URL("../node_modules/leaflet/dist/leaflet.css", import.meta.url).pathname);
  console.log("\n## Web page weight (gzip -9, as served)\n");
  console.log("| file | raw | gzipped | of which Leaflet (gzipped alone) |\n|---|---|---|---|");
  console.log(`| JavaScript | ${kb(built.js.bytes)} | ${kb(built.js.gzipBytes)} | ${kb(leafletJs)} |`);
  console.log(`| CSS | ${kb(built.css.bytes)} | ${kb(built.css.gzipBytes)} | ${kb(leafletCss)} |`);
  console.log(
    `| total | ${kb(built.js.bytes + built.css.bytes)} | ${kb(built.js.gzipBytes + built.css.gzipBytes)} | ${kb(leafletJs + leafletCss)} |`,
  );

  if (!haveChromium) {
    console.log("\n(no /usr/bin/chromium: the page-in-a-browser timings are skipped)");
    return;
  }
  const server = await startServer();
  // the HTTP cache on (no request routing) and no tiles asked for: the page as a returning visitor has it.
  // Times are the browser's own: from navigation start to the list's summary in the DOM (a mutation
  // observer notes it), and the search request's duration as the page's resource timing saw it.
  const browser = await launch(server.url, { isolate: false });
  await browser.context.addInitScript(`
    localStorage.setItem("dongne.tiles", '{"url":"","attribution":""}');
    new MutationObserver((_, o) => {
      if (!document.querySelector("#view-search .summary")) return;
      window.__drawn = performance.now();
      o.disconnect();
    }).observe(document, { subtree: true, childList: true });`);
  try {
    console.log("\n## The page over the API, place search (desktop; page files cached; medians of five)\n");
    console.log(
      "| strategy | the search request | navigation → list drawn | the page's own share | ratio drawn / request |\n|---|---|---|---|---|",
    );
    let cold: number | null = null;
    for (const [strategy, query] of QUERIES) {
      const request: number[] = [];
      const drawn: number[] = [];
      for (let i = 0; i < RUNS + 1; i++) {
        const p = await browser.page(VIEWPORTS[0]);
        await p.goto(`${server.url}/?q=${encodeURIComponent(query)}`);
        await p.locator("#view-search .summary").waitFor();
        const [d, r] = JSON.parse(
          await p.evaluate<string>(
            `JSON.stringify([window.__drawn, performance.getEntriesByType("resource").find((e) => e.name.includes("/v1/search")).duration])`,
          ),
        ) as [number, number];
        cold ??= d;
        if (i) {
          drawn.push(d);
          request.push(r);
        }
        await p.close();
      }
      const R = summarize(request).p50;
      const D = summarize(drawn).p50;
      console.log(
        `| ${strategy} | ${R.toFixed(0)} ms | ${D.toFixed(0)} ms | ${(D - R).toFixed(0)} ms | ${(D / R).toFixed(2)} |`,
      );
    }
    console.log(
      `\nfirst load (empty cache; navigation → list drawn, the first search included): ${cold!.toFixed(0)} ms`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}
