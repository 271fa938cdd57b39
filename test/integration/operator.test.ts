// The operator's path after a deploy, against the local server over HTTP with API keys on (as in AWS):
// an empty index answers index_empty with a Korean sentence on loading documents; `dongne restaurants
// ingest FILE --api URL` loads them (in requests under the body limit, a large one followed as a job);
// the question is then answered; `dongne smoke --api URL --key KEY` checks each workflow's answer
// against its documented shape and says what failed. Cost: one world and server of its own, with no
// demo corpus; the commands run in the test's process (dongneInProcess).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  HEALTH,
  INGEST,
  remoteIngest,
  SEARCH,
  smoke,
  smokeCommand,
  UPLOAD_LIMITS,
} from "../../bin/operator.ts";
import { generateDemoCorpus } from "../../shared/demo/corpus.ts";
import { INDEX_EMPTY_ANSWER } from "../../shared/restaurant-qa/retrieve.ts";
import { embeddedPlaces } from "../../shared/providers/exec-deps.ts";
import { dongneInProcess } from "../helpers/cli.ts";
import { postJson, startServer, type TestServer } from "../helpers/server.ts";
import { INDEX_EMPTY } from "../../shared/restaurant-qa/warnings.ts";

const KEY = "operator-test-key-0123456789";
const READ_ONLY = "operator-read-only-key-0123";
let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startServer(
    {},
    {
      QA_DEMO_CORPUS: "off", // a production deploy: the index starts empty
      API_KEYS: JSON.stringify([
        { id: "ops", key: KEY, scopes: ["read", "write"] },
        { id: "reader", key: READ_ONLY, scopes: ["read"] },
      ]),
    },
  );
  dir = mkdtempSync(join(tmpdir(), "dongne-operator-"));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const lines: string[] = [];
const out = { log: (l: string) => void lines.push(l) };
const ask = () =>
  postJson(`${server.url}/v1/restaurants/ask`, { query: "망원역 주차되는 한식집" }, { "x-api-key": KEY });

describe("after a deploy with an empty index", () => {
  it("a question answers index_empty with a Korean sentence on how to load documents", async () => {
    const res = await ask();
    expect(res.status).toBe(200);
    expect(res.body.route).toBe("index_empty");
    expect(res.body.answer).toBe(INDEX_EMPTY_ANSWER);
    expect(res.body.answer).toMatch(/^아직 검색할 식당 문서가 없습니다/);
    expect(res.body.answer).toContain("npx dongne restaurants ingest");
    expect(res.body.documents).toEqual([]);
    expect(res.body.citations).toEqual([]);
    // nothing was graded or generated
    expect(res.body.meta.engines).toMatchObject({ grade: "skipped", generate: "skipped" });
  });

  it("smoke passes every workflow (the empty index's answer counts as an answer) and writes nothing", async () => {
    lines.length = 0;
    const code = await smokeCommand({ api: server.url, key: KEY }, {}, out);
    expect(lines.filter((l) => l.startsWith("실패"))).toEqual([]);
    expect(code).toBe(0);
    expect(lines.at(-1)).toMatch(/^검사 8개 모두 통과/);
    for (const workflow of ["계획", "검색", "식당 QA", "식당 문서 넣기", "뉴스", "시뮬레이션"])
      expect(lines.join("\n")).toContain(workflow);
    expect((await ask()).body.route).toBe("index_empty");
  });

  it("smoke says what failed: a wrong key, a key without write scope, a server that is not there", async () => {
    const wrong = await smoke({ api: server.url, key: "not-a-key-at-all-000000" }, { simulation: false });
    expect(wrong.find((c) => c.name === HEALTH)!.ok).toBe(true); // public
    expect(wrong.find((c) => c.name === SEARCH)).toMatchObject({ ok: false });
    expect(wrong.find((c) => c.name === SEARCH)!.detail).toMatch(/HTTP 401/);
    const reader = await smoke({ api: server.url, key: READ_ONLY }, { simulation: false });
    expect(reader.find((c) => c.name === INGEST)!.detail).toMatch(/HTTP 403/);
    expect(reader.find((c) => c.name === SEARCH)!.ok).toBe(true);
    lines.length = 0;
    expect(
      await smokeCommand(
        { api: "http://127.0.0.1:9", key: KEY, timeoutMs: 2000 },
        { simulation: false },
        out,
      ),
    ).toBe(1);
    expect(lines.at(-1)).toMatch(/검사 6개 중 6개 실패/);
  });

  it("smoke notices an answer whose shape is not the documented one", async () => {
    // a proxy that answers every route with 200 {} (what a misrouted stage might do)
    const fake: typeof fetch = async () => new Response("{}", { status: 200 });
    const checks = await smoke({ api: server.url, key: KEY, fetch: fake }, { simulation: false });
    const search = checks.find((c) => c.name === SEARCH)!;
    expect(search.ok).toBe(false);
    expect(search.detail).toMatch(/문서에 적힌 모양과 다릅니다/);
  });
});

describe("dongne restaurants ingest FILE --api URL", () => {
  it("loads a file in requests under the body limit, rejections by line, and the question is then answered", async () => {
    const { records } = generateDemoCorpus(embeddedPlaces("/nonexistent-dongne-data").places);
    const chosen = records.slice(0, 40);
    const file = join(dir, "small.jsonl");
    // line 3 is not a document the ingest accepts
    const rows = chosen.map((r) => JSON.stringify(r));
    rows.splice(2, 0, JSON.stringify({ place_id: "broken" }));
    writeFileSync(file, rows.join("\n") + "\n");
    const saved = { ...UPLOAD_LIMITS };
    UPLOAD_LIMITS.documents = 15; // three requests
    lines.length = 0;
    try {
      const totals = await remoteIngest(file, { api: server.url, key: KEY }, out);
      expect(totals.indexed).toBe(40);
      expect(totals.rejected).toHaveLength(1);
      expect(totals.rejected[0]).toMatchObject({ line: 3, place_id: "broken" });
      expect(lines[0]).toMatch(/^새로 색인 40건, 갱신 0건, 변경 없음 0건, 거부 1건/);
    } finally {
      Object.assign(UPLOAD_LIMITS, saved);
    }
    const res = await ask();
    expect(res.body.route).not.toBe("index_empty");
    expect(res.body.meta.warnings.join(" ")).not.toContain(INDEX_EMPTY);
  });

  it("follows a large upload's job to its end (202)", async () => {
    const { records } = generateDemoCorpus(embeddedPlaces("/nonexistent-dongne-data").places);
    const file = join(dir, "large.jsonl");
    writeFileSync(
      file,
      records
        .slice(100, 1150)
        .map((r) => JSON.stringify(r))
        .join("\n") + "\n",
    );
    lines.length = 0;
    const totals = await remoteIngest(file, { api: server.url, key: KEY }, out);
    expect(lines[0]).toMatch(/^문서 1–1050번: 작업 \S+로 처리 중/);
    expect(totals.indexed + totals.updated + totals.unchanged).toBe(1050);
  });

  it("stops with the API's reason when it refuses (no write scope)", async () => {
    const file = join(dir, "one.jsonl");
    writeFileSync(
      file,
      JSON.stringify(generateDemoCorpus(embeddedPlaces("/nonexistent-dongne-data").places).records[0]) + "\n",
    );
    await expect(remoteIngest(file, { api: server.url, key: READ_ONLY }, out)).rejects.toThrow(
      /문서 1–1번을 올리지 못했습니다: 이 API 키로는 할 수 없는 요청입니다/,
    );
  });
});

describe("the commands as typed", () => {
  const dongne = (...args: string[]) => dongneInProcess({}, ...args);

  it("npx dongne smoke --api URL --key KEY prints each check; a wrong key exits 1", async () => {
    const ok = await dongne("smoke", "--api", server.url, "--key", KEY, "--no-simulation");
    expect(ok.stdout).toMatch(/검사 6개 모두 통과/);
    expect(ok.code).toBe(0);
    const bad = await dongne(
      "smoke",
      "--api",
      server.url,
      "--key",
      "wrong-key-0000000000000",
      "--no-simulation",
    );
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/실패 검색 워크플로: HTTP 401/);
    expect((await dongne("smoke")).code).toBe(2);
  });

  it("npx dongne restaurants ingest FILE --api URL --key KEY loads the file", async () => {
    const file = join(dir, "cli.jsonl");
    const [record] = generateDemoCorpus(embeddedPlaces("/nonexistent-dongne-data").places).records.slice(
      2000,
    );
    writeFileSync(file, JSON.stringify(record) + "\n");
    const r = await dongne("restaurants", "ingest", file, "--api", server.url, "--key", KEY);
    expect(r.stdout).toMatch(/^새로 색인 1건, 갱신 0건, 변경 없음 0건, 거부 0건/m);
    expect(r.code).toBe(0);
  });
});
