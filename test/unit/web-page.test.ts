// The page's files are kept in memory; run from the source tree (`npm start` rebuilds web/dist while
// the server runs) a rebuilt file is read again and a removed one is gone.
import { rmSync, utimesSync, writeFileSync } from "node:fs";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { ApiError } from "../../functions/api/errors.ts";
import { webAsset, webPage } from "../../functions/api/web-page.ts";

const name = `zz-web-page-test-${process.pid}.svg`;
const file = new URL(`../../web/dist/assets/${name}`, import.meta.url);
afterAll(() => {
  rmSync(file, { force: true });
  rmSync(new URL(`${file.href}.gz`), { force: true });
});

const app = new Hono()
  .get("/", (c) => webPage(c))
  .get("/assets/:name", (c) => webAsset(c, c.req.param("name")))
  .onError((err, c) => c.text(err.message, err instanceof ApiError ? err.status : 500));
const get = (path: string) => app.request(path, { headers: { "accept-encoding": "gzip" } });

describe("the page's files (source tree)", () => {
  it("serves the built page", async () => {
    const page = await get("/");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-encoding")).toBe("gzip");
    expect((await get("/")).status).toBe(200);
  });

  it("reads a rebuilt file again, and forgets a removed one", async () => {
    writeFileSync(file, "<svg>one</svg>");
    utimesSync(file, 1_000, 1_000);
    const first = await get(`/assets/${name}`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/svg+xml");
    expect(first.headers.get("content-encoding")).toBeNull();
    expect(await first.text()).toBe("<svg>one</svg>");
    expect(await (await get(`/assets/${name}`)).text()).toBe("<svg>one</svg>");

    writeFileSync(file, "<svg>two</svg>");
    utimesSync(file, 2_000, 2_000);
    expect(await (await get(`/assets/${name}`)).text()).toBe("<svg>two</svg>");

    rmSync(file);
    expect((await get(`/assets/${name}`)).status).toBe(404);
  });

  it("answers 404 for a file that is not there", async () => {
    expect((await get("/assets/no-such-asset.js")).status).toBe(404);
  });
});
