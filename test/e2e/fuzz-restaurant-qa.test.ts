// Restaurant QA under abuse (issue 26), generated cases per class over HTTP on loopback (the local
// index, dynalite): uploads whose records carry lone surrogates, absurd prices, over-long reviews or
// oversized JSON; uploads whose index write fails midway; questions naming more places, menus and
// conditions than the structured query holds, up to the request's length. Asserted: never a 5xx, the
// stated bounds, and every record of an upload accounted for exactly once (written, rejected or failed).
// Seeded, so it runs in CI. FUZZ_COUNT_ONLY=1 only counts the statuses (to measure code before the fix).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_MENU_PRICE_WON, MAX_RECORD_BYTES } from "../../shared/places/restaurant-crawl.ts";
import { StructuredQuery } from "../../shared/restaurant-qa/structured-query.ts";
import { qaRuntime } from "../../shared/restaurant-qa/wiring.ts";
import { postJson, startServer, type TestServer } from "../helpers/server.ts";

const COUNT_ONLY = process.env.FUZZ_COUNT_ONLY === "1";
const SEED = 26;

let server: TestServer;
beforeAll(async () => {
  server = await startServer({}, { QA_DEMO_CORPUS: "off" });
});
afterAll(() => server.close());

const statuses: Record<string, Record<number, number>> = {};
const count = (klass: string, status: number) => {
  const c = (statuses[klass] ??= {});
  c[status] = (c[status] ?? 0) + 1;
};
afterAll(() => console.log(`fuzz-restaurant-qa statuses by class: ${JSON.stringify(statuses)}`));

const getStatus = async (path: string) => (await fetch(`${server.url}${path}`)).status;

// ---- records

let serial = 0;
const base = (id: string) => ({
  place_id: id,
  search_keyword: "망원동 맛집",
  title: `망원 식당 ${id}`,
  address: "서울 마포구 망원동 1",
  roadAddress: "서울 마포구 망원로 1",
  mapx: "1269010000",
  mapy: "375560000",
  menus: [
    { name: "김치찌개", price: "9,000원" },
    { name: "제육볶음", price: 11000 },
  ],
  reviews: ["맛있어요. 주차 가능해요.", "조용하고 깔끔해요."],
  description: "망원시장 근처 한식당",
  category: "한식>백반",
});
type Rec = ReturnType<typeof base>;
/** what a case expects of its record: written (with a warning, when normalised) or rejected at a field */
type Expect = { written: boolean; warns?: boolean; field?: RegExp };

const TEXT_FIELDS = ["title", "address", "roadAddress", "description", "search_keyword", "category"] as const;
const LONE = ["\ud800", "\udfff", "\udc00\ud800", "a\ud83d", "\ude00b"];

const corruption: fc.Arbitrary<(r: Rec) => Expect> = fc.oneof(
  fc.constant(() => ({ written: true })),
  // a lone surrogate in a text field, a review, a menu name
  fc
    .tuple(fc.constantFrom(...TEXT_FIELDS), fc.constantFrom(...LONE), fc.nat(5))
    .map(([f, s, at]) => (r: Rec) => {
      (r as Record<string, unknown>)[f] = String(r[f]).slice(0, at) + s + String(r[f]).slice(at);
      return { written: true, warns: true };
    }),
  fc.tuple(fc.constantFrom(...LONE), fc.nat(1)).map(([s, k]) => (r: Rec) => {
    r.reviews[k] = `${s}${r.reviews[k]}`;
    return { written: true, warns: true };
  }),
  fc.constantFrom(...LONE).map((s) => (r: Rec) => {
    r.menus[0]!.name = `찌개${s}`;
    return { written: true, warns: true };
  }),
  // absurd prices: numbers past the bound, digit strings no menu costs
  fc
    .oneof(
      fc.constantFrom(1e308, 2 ** 53, 2 ** 60, 9e15, MAX_MENU_PRICE_WON + 1, -1e308),
      fc.integer({ min: MAX_MENU_PRICE_WON + 1, max: Number.MAX_SAFE_INTEGER }),
      fc.integer({ min: 9, max: 90 }).map((n) => `${"9".repeat(n)}원`),
      fc
        .integer({ min: 9, max: 30 })
        .map((n) => `${"1".padEnd(n, "0").replace(/\B(?=(\d{3})+(?!\d))/g, ",")}원`),
      fc.integer({ min: 1001, max: 99999 }).map((n) => `${n}만원`),
    )
    .map((price) => (r: Rec) => {
      r.menus[1] = { name: "특선", price: price as never };
      return { written: false, field: /^menus\.1\.price$/ };
    }),
  // a review past 5,000 characters (rejected by its field, or whole when the record passes 100 KiB)
  fc.integer({ min: 5001, max: 100_000 }).map((n) => (r: Rec) => {
    r.reviews[1] = "가".repeat(n);
    return { written: false, field: /^(reviews\.1|\(record\))$/ };
  }),
  // a record of valid fields past 100 KiB of JSON
  fc.integer({ min: 1, max: 3 }).map((k) => (r: Rec) => {
    const each = 4000; // characters a review (12 KB of UTF-8)
    const n = Math.ceil((MAX_RECORD_BYTES * k) / (each * 3)) + 1;
    r.reviews = Array.from({ length: n }, (_, i) => `${i}${"맛".repeat(each - 4)}`);
    return { written: false, field: /^\(record\)$/ };
  }),
  // just under the bound, with many long menus: written (its state stays under 256 KB)
  fc.constant((r: Rec) => {
    r.menus = Array.from({ length: 490 }, (_, i) => ({
      name: `${i}번 ${"특".repeat(50)}`,
      price: `${i + 1},000원`,
    }));
    while (JSON.stringify(r).length * 3 > MAX_RECORD_BYTES * 0.98) r.menus.pop();
    return { written: true };
  }),
);

const upload = fc.array(corruption, { minLength: 1, maxLength: 40 });

describe("restaurant QA fuzz: ingest values", () => {
  it("every record is written (normalised) or rejected with its field, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(upload, async (fns) => {
        const run = ++serial;
        const docs: Rec[] = [];
        const expected = fns.map((fn, i) => {
          const r = base(`fz${run}-${i}`);
          const e = fn(r);
          docs.push(r);
          return e;
        });
        const res = await postJson(`${server.url}/v1/restaurants/documents`, { documents: docs });
        count("ingest values", res.status);
        if (COUNT_ONLY) return;
        expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
        const written = new Map<number, string>(res.body.written.map((w: any) => [w.index, w.place_id]));
        const rejected = new Map<number, any>(res.body.rejected.map((r: any) => [r.index, r]));
        expect(res.body.partial).toBeUndefined();
        expected.forEach((e, i) => {
          expect(written.has(i) !== rejected.has(i), `record ${i} is written xor rejected`).toBe(true);
          if (e.written) expect(written.get(i), JSON.stringify(rejected.get(i))).toBe(`fz${run}-${i}`);
          else {
            expect(rejected.get(i)?.field, `record ${i}`).toMatch(e.field!);
            expect(rejected.get(i).reason).toBeTruthy();
          }
        });
        if (expected.some((e) => e.written && e.warns))
          expect(res.body.warnings.join("\n")).toContain("서로게이트");
        // what was said written is there; what was rejected is not
        const w = [...written.values()][0];
        if (w) expect(await getStatus(`/v1/restaurants/${w}`)).toBe(200);
        const r = [...rejected.values()][0];
        if (r) expect(await getStatus(`/v1/restaurants/${r.place_id}`)).toBe(404);
      }),
      { seed: SEED, numRuns: 30 },
    );
  }, 300_000);
});

describe("restaurant QA fuzz: writes whole, or partial and said so", () => {
  it("an index failing at a later batch: 200 partial, each record written, rejected or failed exactly once", async () => {
    const index = qaRuntime(server.world.rt).deps.index;
    const real = index.bulkIndex.bind(index);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 26, max: 110 }),
        fc.integer({ min: 2, max: 5 }),
        fc.array(fc.nat(109), { maxLength: 4 }),
        async (n, failAt, bad) => {
          const run = ++serial;
          const docs: unknown[] = Array.from({ length: n }, (_, i) => base(`pz${run}-${i}`));
          for (const b of bad) if (b < n) docs[b] = { ...base(`pz${run}-${b}`), mapx: "nan" };
          let calls = 0;
          const spy = vi.spyOn(index, "bulkIndex").mockImplementation(async (d, o) => {
            if (++calls === failAt) throw new Error("the index went away");
            return real(d, o);
          });
          try {
            const res = await postJson(`${server.url}/v1/restaurants/documents`, { documents: docs });
            count("partial writes", res.status);
            if (COUNT_ONLY) return;
            expect(res.status).toBe(200);
            const seen = [
              ...res.body.written.map((w: any) => w.index),
              ...res.body.rejected.map((r: any) => r.index),
              ...(res.body.failed ?? []).map((f: any) => f.index),
            ].sort((a: number, b: number) => a - b);
            expect(seen).toEqual([...Array(n).keys()]);
            const batches = Math.ceil(n / 25);
            expect(Boolean(res.body.partial)).toBe(failAt <= batches && res.body.failed?.length > 0);
            for (const f of (res.body.failed ?? []).slice(0, 3))
              expect(await getStatus(`/v1/restaurants/${f.place_id}`)).toBe(404);
            for (const w of res.body.written.slice(0, 3))
              expect(await getStatus(`/v1/restaurants/${w.place_id}`)).toBe(200);
          } finally {
            spy.mockRestore();
          }
        },
      ),
      { seed: SEED, numRuns: 8 },
    );
  }, 300_000);

  it("an upload with no valid record writes nothing and changes no count", async () => {
    const index = qaRuntime(server.world.rt).deps.index;
    const invalid = fc.oneof(
      fc.constant({}),
      fc.constant(null),
      fc.integer(),
      fc.string({ maxLength: 20 }),
      fc.record({ place_id: fc.constantFrom("../x", "", "a b", "가"), title: fc.string() }),
      fc.constant({ ...base("nv"), mapy: "0" }),
      fc.constant({ ...base("nv2"), menus: [{ name: "x", price: 1e308 }] }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(invalid, { minLength: 1, maxLength: 30 }), async (docs) => {
        const before = await index.count();
        const res = await postJson(`${server.url}/v1/restaurants/documents`, { documents: docs });
        count("nothing valid", res.status);
        if (COUNT_ONLY) return;
        expect(res.status).toBe(200);
        expect(res.body.written).toEqual([]);
        expect(res.body.rejected).toHaveLength(docs.length);
        expect(await index.count()).toBe(before);
      }),
      { seed: SEED, numRuns: 15 },
    );
  });
});

// ---- questions

const PLACES = [
  "망원역",
  "홍대",
  "신촌",
  "강남역",
  "잠실",
  "합정",
  "이태원",
  "성수",
  "건대",
  "종로",
  "을지로",
  "서울대입구역",
];
const MENUS = [
  "삼겹살",
  "김치찌개",
  "냉면",
  "파스타",
  "피자",
  "초밥",
  "라멘",
  "짜장면",
  "짬뽕",
  "떡볶이",
  "족발",
  "보쌈",
  "국밥",
  "돈가스",
  "치킨",
];
const CONDITIONS = [
  "주차되는",
  "예약 가능한",
  "단체석 있는",
  "조용한",
  "데이트하기 좋은",
  "회식하기 좋은",
  "아이랑 가기 좋은",
  "2만원 이하",
  "애견동반",
];
const question = fc
  .record({
    places: fc.subarray(PLACES, { minLength: 0 }),
    menus: fc.subarray(MENUS, { minLength: 0 }),
    conditions: fc.subarray(CONDITIONS, { minLength: 0 }),
    noise: fc.oneof(
      fc.constant(""),
      fc.constantFrom(...LONE),
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.constant("가".repeat(300)),
    ),
    pad: fc.boolean(),
    path: fc.constantFrom("/v1/restaurants/ask", "/v1/restaurants/search"),
  })
  .map((q) => {
    let text = [...q.places, ...q.conditions, ...q.menus, q.noise, "맛집"].join(" ");
    if (q.pad) text = text.padEnd(500, " 맛집");
    return { ...q, query: text.slice(0, 500) };
  });

describe("restaurant QA fuzz: questions past the structured query's bounds", () => {
  it("a question of up to 500 characters: 200, a structured query within its schema, cuts said", async () => {
    await fc.assert(
      fc.asyncProperty(question, async (q) => {
        const res = await postJson(`${server.url}${q.path}`, { query: q.query });
        count(`question ${q.path.split("/").pop()}`, res.status);
        if (COUNT_ONLY) return;
        expect(res.status, `${q.query}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
        expect(StructuredQuery.safeParse(res.body.structured_query).success).toBe(true);
        const warnings = res.body.meta.warnings.join("\n");
        if (q.places.length > 5 && res.body.structured_query.location?.length === 5)
          expect(warnings).toContain("장소는 한 번에 5곳까지");
        if (q.menus.length > 8 && res.body.structured_query.menu?.length === 8)
          expect(warnings).toMatch(/메뉴는 한 번에 8개까지|메뉴 낱말이/);
        expect(JSON.stringify(res.body)).not.toMatch(/\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])/i);
      }),
      { seed: SEED, numRuns: 60 },
    );
  }, 300_000);
});

describe("restaurant QA fuzz: documents at their bounds, then questions", () => {
  it("menu- and review-heavy documents just under 100 KiB: questions still answer 200, the cut said", async () => {
    const heavy = (i: number) => {
      const r = base(`heavy-${i}`);
      r.title = `망원 고깃집 ${i}`;
      r.reviews = Array.from({ length: 12 }, () => "삼겹살 맛있어요 주차 가능 ".repeat(30));
      r.description = "설명 ".repeat(400);
      r.menus = Array.from({ length: 490 }, (_, k) => ({
        name: `${k}번 삼겹살 ${"특".repeat(50)}`,
        price: `${k + 1},000원`,
      }));
      while (JSON.stringify(r).length * 3 > MAX_RECORD_BYTES * 0.98) r.menus.pop();
      return r;
    };
    const up = await postJson(`${server.url}/v1/restaurants/documents`, {
      documents: Array.from({ length: 20 }, (_, i) => heavy(i)),
    });
    if (!COUNT_ONLY) expect(up.body.written).toHaveLength(20);
    const names = fc.subarray(
      [...Array(20).keys()].map((i) => `망원 고깃집 ${i}`),
      { minLength: 1, maxLength: 6 },
    );
    await fc.assert(
      fc.asyncProperty(
        names,
        fc.constantFrom("/v1/restaurants/ask", "/v1/restaurants/search"),
        async (ns, path) => {
          const res = await postJson(`${server.url}${path}`, {
            query: `${ns.join(" ")} 삼겹살`.slice(0, 500),
          });
          count("heavy documents", res.status);
          if (COUNT_ONLY) return;
          expect(res.status).toBe(200);
          if (res.body.documents.filter((d: any) => d.place_id.startsWith("heavy-")).length >= 3)
            expect(res.body.meta.warnings.join("\n")).toContain("앞부분만 보고");
        },
      ),
      { seed: SEED, numRuns: 12 },
    );
  }, 300_000);
});
