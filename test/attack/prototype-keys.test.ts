// Attack: a user-supplied key or id that names a property of Object.prototype (`__proto__`,
// `constructor`, `prototype`, `toString`, …) sent through every route and ingest path — restaurant
// documents (in the request and as a job), their ids, menus and extra keys, questions and their
// conversations, place search bodies, simulation scenarios (store names, menu prices), experiments,
// path and query parameters — and then the questions and reads that bring it back, before and after a
// restart over the same data. Every answer must be 2xx or a 4xx with a JSON error; nothing may pollute
// this process's Object.prototype; a dangerous map key is refused, never silently dropped.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pinnedDemoPlaces } from "../../shared/demo/places.ts";
import { mangwonStores } from "../../shared/simulation/stores.ts";
import { call, dataDirectory, startOn, type AttackServer } from "./world.ts";

/** Every name Object.prototype answers to, and `prototype`: what a plain object's key must never be. */
const DANGEROUS = [...Object.getOwnPropertyNames(Object.prototype), "prototype"];
/** The ones a place id's characters allow ([A-Za-z0-9_-]). */
const ID_LIKE = DANGEROUS.filter((k) => /^[A-Za-z0-9_-]{1,64}$/.test(k));

const MANGWON = { mapx: "1269010000", mapy: "375560000", address: "서울 마포구 망원동 1" };

/** A crawl record as JSON text, with extra raw members (a `"__proto__"` member survives only as text). */
function recordText(
  id: string,
  extra: Record<string, string> = {},
  menuExtra = "",
  menu = "순두부찌개",
): string {
  const base = JSON.stringify({
    place_id: id,
    title: `망원 공격 식당 ${id}`,
    ...MANGWON,
    menus: [{ name: menu, price: "9,000원" }],
    reviews: [`${menu}가 맛있어요. 주차 가능해요.`],
    description: `${id} 메뉴가 있는 ${menu}집`,
  });
  const members = Object.entries(extra).map(([k, v]) => `${JSON.stringify(k)}:${v}`);
  const withMenu = menuExtra ? base.replace('"price":"9,000원"}', `"price":"9,000원",${menuExtra}}`) : base;
  return members.length ? `${withMenu.slice(0, -1)},${members.join(",")}}` : withMenu;
}

const documentsBody = (records: string[]) => `{"documents":[${records.join(",")}]}`;

interface Seen {
  what: string;
  status: number;
  body: any;
}
const seen: Seen[] = [];

/** An answer the attack accepts: 2xx, or a 4xx that is JSON {error: {code, message}}. */
function wellAnswered(s: Seen): string | null {
  if (s.status >= 200 && s.status < 300) return null;
  if (s.status >= 400 && s.status < 500) {
    const e = s.body?.error;
    return typeof e?.code === "string" && typeof e?.message === "string"
      ? null
      : `${s.status} without a JSON error`;
  }
  return `${s.status} ${JSON.stringify(s.body)?.slice(0, 160)}`;
}

async function record(what: string, p: ReturnType<typeof call>): Promise<Seen> {
  const r = await p;
  const s = { what, status: r.status, body: r.body };
  seen.push(s);
  return s;
}

const stores = mangwonStores(pinnedDemoPlaces());
const withMenus = stores.find((s) => s.menus?.some((m) => m.price !== null))!;

const data = dataDirectory();
let server: AttackServer;
const ENV = { QA_DEMO_CORPUS: "off" };

beforeAll(async () => {
  server = await startOn(data.dir, ENV);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  data.remove();
});

/** The questions that retrieve the attack's documents, and one of their conversations continued. */
async function askEverything(label: string): Promise<void> {
  const from = seen.length;
  const first = await record(
    `${label}: ask 망원동 부대찌개`,
    call(`${server.url}/v1/restaurants/ask`, { body: JSON.stringify({ query: "망원동 부대찌개 맛집" }) }),
  );
  const ids: string[] = (first.body?.documents ?? []).map((d: { place_id: string }) => d.place_id);
  if (first.status === 200)
    expect(
      ids.some((id) => DANGEROUS.includes(id)),
      label,
    ).toBe(true);
  if (first.body?.conversationId)
    await record(
      `${label}: follow-up`,
      call(`${server.url}/v1/restaurants/ask`, {
        body: JSON.stringify({ query: "거기 주차 돼?", conversationId: first.body.conversationId }),
      }),
    );
  await record(
    `${label}: search`,
    call(`${server.url}/v1/restaurants/search`, { body: JSON.stringify({ query: "망원동 부대찌개" }) }),
  );
  for (const k of ID_LIKE) {
    await record(
      `${label}: ask about ${k}`,
      call(`${server.url}/v1/restaurants/ask`, {
        body: JSON.stringify({ query: `망원 공격 식당 ${k} 부대찌개` }),
      }),
    );
    await record(`${label}: GET /v1/restaurants/${k}`, call(`${server.url}/v1/restaurants/${k}`));
  }
  const wrong = seen.slice(from).flatMap((s) => (wellAnswered(s) ? [`${s.what}: ${wellAnswered(s)}`] : []));
  expect(wrong, label).toEqual([]);
}

describe("prototype keys through every route and ingest path", { timeout: 600_000 }, () => {
  it("documents with dangerous ids, menu keys and extra members: ingested or refused by record, never a 5xx", async () => {
    const records = [
      ...ID_LIKE.map((k) => recordText(k, {}, "", "부대찌개")),
      recordText("extra-members", {
        __proto__: '{"polluted":true}',
        constructor: '{"prototype":{"polluted":true}}',
      }),
      recordText("menu-members", {}, '"__proto__":{"polluted":true},"toString":"x"'),
    ];
    const res = await record(
      "POST /v1/restaurants/documents",
      call(`${server.url}/v1/restaurants/documents`, { body: documentsBody(records) }),
    );
    expect(res.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("a property-based spread: any mix of dangerous keys as ids, members and menu names ingests and is asked about", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            key: fc.constantFrom(...DANGEROUS),
            where: fc.constantFrom("member", "menu-member", "menu-name", "review", "keyword"),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (placements) => {
          const records = placements.map(({ key, where }, i) => {
            const id = `pb-${i}`;
            if (where === "member") return recordText(id, { [key]: '{"polluted":true}' });
            if (where === "menu-member")
              return recordText(id, {}, `${JSON.stringify(key)}:{"polluted":true}`);
            const r = JSON.parse(recordText(id)) as Record<string, any>;
            if (where === "menu-name") r.menus.push({ name: key, price: "1,000원" });
            if (where === "review") r.reviews.push(`${key} 메뉴가 좋아요`);
            if (where === "keyword") r.search_keyword = key;
            return JSON.stringify(r);
          });
          const up = await record(
            "property: documents",
            call(`${server.url}/v1/restaurants/documents`, { body: documentsBody(records) }),
          );
          expect(wellAnswered(up)).toBeNull();
          const asked = await record(
            "property: ask",
            call(`${server.url}/v1/restaurants/ask`, {
              body: JSON.stringify({ query: `망원동 ${placements[0]!.key} 순두부찌개` }),
            }),
          );
          expect(wellAnswered(asked)).toBeNull();
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        },
      ),
      { numRuns: 6, seed: 36 },
    );
  });

  it("a large upload (a job) carrying the dangerous ids completes", async () => {
    const records = [
      ...ID_LIKE.map((k) => recordText(k, {}, "", "부대찌개")),
      ...Array.from({ length: 1001 - ID_LIKE.length }, (_, i) => recordText(`fill-${i}`, {}, "", "김치찌개")),
    ];
    const res = await record(
      "POST /v1/restaurants/documents (job)",
      call(`${server.url}/v1/restaurants/documents`, { body: documentsBody(records) }),
    );
    expect(res.status).toBe(202);
    await server.world.workflows.settled();
    const job = await record("GET the job", call(`${server.url}/v1/jobs/${res.body.jobId}`));
    expect(job.body.status).toBe("completed");
  });

  it("questions that retrieve the dangerous documents answer, and their conversations continue", async () => {
    await askEverything("before restart");
  });

  it("dangerous keys in every path and query parameter: 2xx, 4xx or 404, never a 5xx", async () => {
    for (const k of DANGEROUS) {
      const e = encodeURIComponent(k);
      for (const path of [
        `/v1/jobs/${e}`,
        `/v1/simulations/${e}`,
        `/v1/simulations/${e}/report`,
        `/v1/simulations/${e}/report.html`,
        `/v1/simulations/${e}/export?format=csv`,
        `/v1/simulations/${e}/agents/${e}/decisions`,
        `/v1/experiments/${e}`,
        `/v1/experiments/${e}/report.html`,
        `/v1/stores/${e}/ratings?simulation=${e}`,
        `/v1/place-photos/places/${e}/photos/${e}`,
        `/assets/${e}.js`,
        `/v1/restaurants/${e}?${e}=1`,
        `/health?${e}=1`,
      ])
        await record(`GET ${path}`, call(`${server.url}${path}`));
    }
  });

  it("dangerous keys as members of every JSON body: refused or ignored, never a 5xx or a pollution", async () => {
    const members = `"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"toString":1`;
    const bodies: [string, string][] = [
      ["/v1/search", `{"query":"망원동 카페",${members}}`],
      ["/v1/search/plan", `{"query":"망원동 카페",${members}}`],
      ["/v1/search/execute", `{"plan":{"search_plan":[],${members}},${members}}`],
      ["/v1/news/search", `{"query":"삼성전자",${members}}`],
      ["/v1/restaurants/ask", `{"query":"망원동 김치찌개",${members}}`],
      ["/v1/restaurants/search", `{"query":"망원동 김치찌개",${members}}`],
      ["/v1/simulations/estimate", `{"days":1,"seed":1,${members}}`],
      [
        "/v1/experiments",
        `{"baseline":{"days":1,${members}},"scenario":{"close":["${stores[0]!.store_id}"],${members}},"seeds":[1],${members}}`,
      ],
    ];
    for (const [path, body] of bodies)
      await record(`POST ${path} with members`, call(`${server.url}${path}`, { body }));
    for (const k of DANGEROUS)
      await record(
        `POST /v1/search ${k}`,
        call(`${server.url}/v1/search`, { body: JSON.stringify({ query: k }) }),
      );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("a scenario's menu price keyed by a dangerous name is refused (4xx naming the field), never dropped", async () => {
    const dropped: string[] = [];
    for (const k of DANGEROUS) {
      const change = `{"store_id":"${withMenus.store_id}","menu_prices":{${JSON.stringify(k)}:5000}}`;
      for (const path of ["/v1/simulations/estimate", "/v1/experiments"]) {
        const body =
          path === "/v1/experiments"
            ? `{"baseline":{"days":1,"agents":3},"scenario":{"change":[${change}]},"seeds":[1]}`
            : `{"days":1,"seed":1,"agents":3,"scenario":{"change":[${change}]}}`;
        const res = await record(`POST ${path} menu_prices ${k}`, call(`${server.url}${path}`, { body }));
        if (res.status < 400 || res.status >= 500) dropped.push(`${path} ${k} → ${res.status}`);
        else expect(res.body.error.field ?? "", `${path} ${k}`).toMatch(/menu_prices/);
      }
    }
    await server.world.workflows.settled();
    expect(dropped).toEqual([]);
  });

  it("a simulation whose added store, its menus and keywords are dangerous names runs, and its results read back", async () => {
    const name = DANGEROUS.find((k) => k === "constructor")!;
    const scenario = {
      name: "__proto__",
      add: [
        {
          name,
          category: "한식",
          avg_price: 9000,
          keywords: ["__proto__", "toString"],
          description: "hasOwnProperty valueOf",
          lat: 37.5561,
          lng: 126.9055,
          menus: DANGEROUS.slice(0, 6).map((m) => ({ name: m, price: 8000 })),
        },
      ],
    };
    const started = await record(
      "POST /v1/simulations (dangerous store)",
      call(`${server.url}/v1/simulations`, {
        body: JSON.stringify({ days: 1, seed: 7, agents: 5, scenario }),
      }),
    );
    expect(started.status).toBe(202);
    await server.world.workflows.settled();
    const id = started.body.id as string;
    const status = await record("GET the simulation", call(`${server.url}/v1/simulations/${id}`));
    expect(status.body.status).toMatch(/^completed/);
    await record("report", call(`${server.url}/v1/simulations/${id}/report`));
    await record("export csv", call(`${server.url}/v1/simulations/${id}/export?format=csv&kind=visits`));
    await record("export jsonl", call(`${server.url}/v1/simulations/${id}/export?kind=decisions`));
  });

  it("after a restart over the same data, the same questions and reads answer", async () => {
    await server.stop();
    server = await startOn(data.dir, ENV);
    await askEverything("after restart");
  });

  it("every answer above was 2xx or a 4xx with a JSON error", () => {
    const wrong = seen.map((s) => [s.what, wellAnswered(s)]).filter(([, w]) => w);
    expect(wrong, `${wrong.length} of ${seen.length} answers`).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
