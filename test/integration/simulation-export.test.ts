// The raw data out and the report's breakdowns, over a small offline run on dynalite through the real
// workflow definitions: both kinds in both formats through the API route (row counts against the
// record, column order, RFC 4180 quoting), cursor paging against one page, bad cursors, 404s; and one
// agent's decisions (the web page's diary) against the export.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../functions/api/app.ts";
import { EXPORT_COLUMNS, csvField, exportPage } from "../../shared/simulation/export.ts";
import type { DecisionRecord, SimulationMeta } from "../../shared/simulation/schemas.ts";
import { TIME_SLOTS, type Visit } from "../../shared/simulation/types.ts";
import { testSimulations } from "../helpers/simulation.ts";

let t: Awaited<ReturnType<typeof testSimulations>>;
let app: ReturnType<typeof createApp>;
let meta: SimulationMeta;
beforeAll(async () => {
  t = await testSimulations();
  app = createApp(() => t.world.context);
  meta = await t.run({ days: 1, seed: 42, agents: 40 });
});
afterAll(() => t.close());

const get = async (path: string) => {
  const res = await app.request(path);
  return { status: res.status, headers: res.headers, text: await res.text() };
};
const exportUrl = (id: string, query: string) => `/v1/simulations/${id}/export?${query}`;

/** RFC 4180 records (quoted fields may hold commas, doubled quotes and line breaks); CRLF-terminated. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [[]];
  for (const [, cell = "", end] of text.matchAll(/("(?:[^"]|"")*"|[^",\r\n]*)(,|\r\n)/gy)) {
    rows.at(-1)!.push(cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell);
    if (end === "\r\n") rows.push([]);
  }
  return rows.slice(0, -1);
}

/** Every page of an export, following X-Next-Cursor (and checking Link says the same). */
async function allPages(id: string, query: string) {
  const bodies: string[] = [];
  let url = exportUrl(id, query);
  for (;;) {
    const res = await get(url);
    expect(res.status).toBe(200);
    bodies.push(res.text);
    const next = res.headers.get("x-next-cursor");
    if (!next) return bodies;
    expect(res.headers.get("link")).toContain(`cursor=${next}>; rel="next"`);
    url = `${exportUrl(id, query)}&cursor=${next}`;
  }
}

describe("GET /v1/simulations/{id}/export", () => {
  it("decisions as JSON Lines: one full record per agent turn of the record", async () => {
    const res = await get(exportUrl(meta.id, "kind=decisions&format=jsonl"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/x-ndjson");
    expect(res.headers.get("x-next-cursor")).toBeNull();
    const records = res.text
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as DecisionRecord);
    expect(records).toHaveLength(meta.decisions.agent_turns!);
    expect(records[0]).toMatchObject({ engine: "offline", result: { steps: { step1: expect.any(Object) } } });
    expect(records.reduce((n, r) => n + r.result.visits.length, 0)).toBe(meta.decisions.visits);
  });

  it("decisions as CSV: the header in the documented order, one row per turn, step fields filled", async () => {
    const res = await get(exportUrl(meta.id, "kind=decisions&format=csv"));
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const [header, ...rows] = parseCsv(res.text);
    expect(header).toEqual(EXPORT_COLUMNS.decisions);
    expect(header!.slice(0, 10)).toEqual([
      "agent_id",
      "agent_type",
      "generation",
      "day",
      "date",
      "time_slot",
      "decision",
      "step1_eat_in_mangwon",
      "step1_choice",
      "step1_reason",
    ]);
    expect(rows).toHaveLength(meta.decisions.agent_turns!);
    for (const row of rows) expect(row).toHaveLength(header!.length);
    const col = (name: string) => header!.indexOf(name);
    const visit = rows.find((r) => r[col("decision")] === "visit")!;
    expect(visit[col("step1_choice")]).toBe("1");
    expect(visit[col("step3_store_name")]).not.toBe("");
    expect(Number(visit[col("step5_walking_speed")])).toBeGreaterThanOrEqual(1);
    expect(visit[col("step5_destination_name")]).not.toBe("");
    expect(rows.filter((r) => r[col("decision")] === "visit")).toHaveLength(meta.decisions.visit!);
  });

  it("visits as CSV and JSON Lines: one row per visit of the record", async () => {
    const csv = parseCsv((await get(exportUrl(meta.id, "kind=visits&format=csv"))).text);
    expect(csv[0]).toEqual(EXPORT_COLUMNS.visits);
    expect(csv.slice(1)).toHaveLength(meta.decisions.visits!);
    const jsonl = (await get(exportUrl(meta.id, "kind=visits"))).text.trimEnd().split("\n");
    expect(jsonl).toHaveLength(meta.decisions.visits!);
    const first = JSON.parse(jsonl[0]!) as Visit;
    expect(csv[1]!.slice(0, 3)).toEqual([first.visit_id, first.agent_id, String(first.day)]);
  });

  it("quotes a comment with a comma, a quote and a line break (RFC 4180), and reads it back", async () => {
    const id = "sim-export-quoting";
    await t.repo.runs.create(id, t.simWorld.paramsFor({ days: 1, seed: 1 }, "offline", 10), { owner: "x" });
    const comment = '맛있다, 정말 "최고"\n또 올게요';
    await t.repo.visits.save(id, [
      {
        visit_id: "R001#d1#12:00#1",
        agent_id: "R001",
        day: 1,
        time_slot: "12:00",
        order: 1,
        store_id: "S001",
        store_name: "망원 식당",
        category: "한식",
        rating: 4,
        tags: ["맛", "가성비"],
        comment,
        perspective: "가성비",
      },
    ]);
    const text = (await get(exportUrl(id, "kind=visits&format=csv"))).text;
    expect(text).toContain(`"맛있다, 정말 ""최고""\n또 올게요"`);
    const [header, row] = parseCsv(text);
    expect(row![header!.indexOf("comment")]).toBe(comment);
    expect(row![header!.indexOf("tags")]).toBe("맛|가성비");
    expect([csvField("plain"), csvField(null), csvField('a"b')]).toEqual(["plain", "", '"a""b"']);
  });

  it.each(["decisions&format=csv", "decisions&format=jsonl", "visits&format=csv"])(
    "pages of at most `limit` rows, followed by cursor, give the same rows as one page (%s)",
    async (query) => {
      const whole = await allPages(meta.id, `kind=${query}`);
      expect(whole).toHaveLength(1);
      const paged = await allPages(meta.id, `kind=${query}&limit=7`);
      expect(paged.length).toBeGreaterThan(3);
      expect(paged.join("")).toBe(whole[0]);
    },
  );

  it.each([100, 3000])(
    "a byte budget of %d cuts DynamoDB's pages between rows (one row at the least) and loses none",
    async (maxBytes) => {
      const whole = await exportPage(t.repo, meta.id, { kind: "decisions", format: "csv" });
      const rows: number[] = [];
      const bodies: string[] = [];
      let cursor: string | undefined;
      do {
        const start = cursor ? JSON.parse(Buffer.from(cursor, "base64url").toString()) : undefined;
        const page = await exportPage(t.repo, meta.id, { kind: "decisions", format: "csv", start, maxBytes });
        expect(page.rows === 1 || Buffer.byteLength(page.body) <= maxBytes).toBe(true);
        rows.push(page.rows);
        bodies.push(page.body);
        cursor = page.next;
      } while (cursor);
      if (maxBytes === 100) expect(rows.every((n) => n === 1)).toBe(true);
      expect(rows.reduce((a, n) => a + n)).toBe(meta.decisions.agent_turns);
      expect(bodies.join("")).toBe(whole.body);
    },
  );

  it("a malformed or foreign cursor is a 400 naming it; an unknown simulation a 404", async () => {
    const visitsPage = await get(exportUrl(meta.id, "kind=visits&limit=1"));
    const visitsCursor = visitsPage.headers.get("x-next-cursor")!;
    const foreign = Buffer.from(JSON.stringify({ pk: "SIM#other", sk: "DECISION#d01" })).toString(
      "base64url",
    );
    for (const [cursor, reason] of [
      ["!!!", /cursor가 아닙니다/],
      ["bm90IGpzb24", /cursor가 아닙니다/],
      [Buffer.from('{"pk":1}').toString("base64url"), /cursor가 아닙니다/],
      [visitsCursor, /decisions/],
      [foreign, /이 시뮬레이션의 decisions cursor가 아닙니다/],
      ["x".repeat(5000), /cursor가 아닙니다/],
    ] as const) {
      const res = await get(exportUrl(meta.id, `kind=decisions&cursor=${cursor}`));
      expect(res.status, cursor.slice(0, 20)).toBe(400);
      const { error } = JSON.parse(res.text);
      expect(error).toMatchObject({ code: "invalid_cursor", field: "cursor" });
      expect(error.message).toMatch(reason);
    }
    for (const [query, field] of [
      ["kind=people", "kind"],
      ["format=xml", "format"],
      ["limit=0", "limit"],
      ["limit=abc", "limit"],
    ] as const)
      expect(JSON.parse((await get(exportUrl(meta.id, query))).text).error.field).toBe(field);
    expect((await get(exportUrl("sim-nope", "kind=visits"))).status).toBe(404);
  });
});

describe("the report's breakdowns", () => {
  it("add up to the record's decisions and visits, and agree with the exported decisions", async () => {
    const report = (await t.sims.report(meta.id))!;
    const b = report.breakdowns;
    const turns = meta.decisions.agent_turns!;
    const sum = (xs: number[]) => xs.reduce((a, n) => a + n, 0);
    expect(b.turns).toBe(turns);
    expect(Object.keys(b.byGeneration).length).toBeGreaterThan(1);
    for (const groups of [b.byGeneration, b.byAgentType]) {
      expect(sum(Object.values(groups).map((g) => g.turns))).toBe(turns);
      expect(sum(Object.values(groups).map((g) => g.visits))).toBe(meta.decisions.visits);
    }
    expect(Object.keys(b.byAgentType)).toEqual(["resident", "floating"]);
    expect(sum(Object.values(b.nextAction))).toBe(turns);
    expect(b.nextAction.none).toBe(turns - meta.decisions.visit!);
    const records = (await get(exportUrl(meta.id, "kind=decisions"))).text
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as DecisionRecord);
    const rounds = records.flatMap((r) =>
      [r.result.steps, r.result.steps.loop2, r.result.steps.loop3].filter(
        (s) => (s as { step5?: unknown } | undefined)?.step5,
      ),
    );
    expect(sum(Object.values(b.step5Actions))).toBe(rounds.length);
    expect(sum(Object.values(b.leftMangwonByDay))).toBe(records.filter((r) => r.result.left_mangwon).length);
    expect(b.leftMangwonByDay["1"]).toBeGreaterThan(0);
    // the eat-out rate of a group is its visits among its decided turns
    const residents = records.filter(
      (r) => r.agent_type === "resident" && r.result.decision !== "llm_failed",
    );
    expect(b.byAgentType.resident!.eatOutRate).toBeCloseTo(
      residents.filter((r) => r.result.decision === "visit").length / residents.length,
      3,
    );
    const html = (await get(`/v1/simulations/${meta.id}/report.html`)).text;
    expect(html).toContain("세부 분석");
    expect(html).toContain('aria-label="5단계 행동"');
  });

  it("are empty for a simulation without kept decisions", async () => {
    const id = "sim-export-no-decisions";
    await t.repo.runs.create(id, t.simWorld.paramsFor({ days: 1, seed: 1 }, "offline", 10), { owner: "x" });
    const report = (await t.sims.report(id))!;
    expect(report.breakdowns).toEqual({
      turns: 0,
      byGeneration: {},
      byAgentType: {},
      nextAction: {},
      step5Actions: {},
      leftMangwonByDay: {},
    });
  });
});

describe("GET /v1/simulations/{id}/agents/{agentId}/decisions", () => {
  const url = (id: string, agent: string) => `/v1/simulations/${id}/agents/${agent}/decisions`;
  const json = async (path: string) => {
    const res = await get(path);
    return { status: res.status, body: JSON.parse(res.text) };
  };

  it("a resident's every turn, in slot order, as the export keeps them", async () => {
    const res = await json(url(meta.id, "R001"));
    expect(res.status).toBe(200);
    // a resident acts in every slot
    expect(res.body).toMatchObject({ simulation: meta.id, agent_id: "R001", count: TIME_SLOTS.length });
    const records = res.body.decisions as DecisionRecord[];
    expect(records.map((r) => [r.day, r.time_slot])).toEqual(TIME_SLOTS.map((s) => [1, s]));
    expect(records[0]).toMatchObject({ from: { lat: expect.any(Number) }, result: { steps: { step1: {} } } });
    const exported = (await get(exportUrl(meta.id, "kind=decisions"))).text
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as DecisionRecord)
      .filter((r) => r.agent_id === "R001");
    expect(records).toEqual(exported);
  });

  it("a bad agent id is a 400 naming agentId; an unknown simulation or agent a 404", async () => {
    const bad = await json(url(meta.id, "R%201!"));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      field: "agentId",
      message: "에이전트 id가 아닙니다 (R001, P012 같은 형식)",
    });
    const noSim = await json(url("sim-nowhere", "R001"));
    expect(noSim.status).toBe(404);
    expect(noSim.body.error.message).toBe("그런 시뮬레이션이 없습니다");
    const noAgent = await json(url(meta.id, "R999"));
    expect(noAgent.status).toBe(404);
    expect(noAgent.body.error.message).toBe("이 시뮬레이션에 그런 에이전트가 없습니다");
  });
});
