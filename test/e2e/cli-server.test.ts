// The CLI beside a server, run as a user runs it (npx dongne …): a client of a server given by --api or
// DONGNE_API_URL (with its key), of `npm start` found on the configured port (said in one line), or a
// separate run in its own process (--local). The ids are the API's, so an id the server made works with
// the CLI's export and resume. Tests force in-process runs (DONGNE_CLI_MODE=local, vitest's env) unless
// a test sets DONGNE_CLI_MODE=auto itself. Cost: one `npm start` process and a world of its own (~5 s of
// CPU each on a quiet machine; neither builds the restaurant corpus: a question goes to the worker's
// shared server), and one CLI process, the one that finds `npm start` (~1.5 s); every other command
// runs in the test's process (dongneInProcess: the same command with its own environment and streams).
import { withJosa } from "../../shared/korean/josa.ts";
import { createServer, type Server } from "node:http";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dongne as spawned, dongneInProcess, stderrLines as lines } from "../helpers/cli.ts";
import { randomPort, startServe } from "../helpers/serve-process.ts";
import { sharedServer, startServer, type TestServer } from "../helpers/server.ts";

const dir = mkdtempSync(join(tmpdir(), "dongne-cli-server-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const dongne = (env: Record<string, string>, ...args: string[]) =>
  dongneInProcess({ DATA_DIR: join(dir, "cli-data"), ...env }, ...args);

const KEY = "cli-client-test-key-0123456789";
const READ_ONLY = "cli-client-read-only-key-0123";

describe("a client of a server with API keys (--api, DONGNE_API_URL)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(
      {},
      {
        API_KEYS: JSON.stringify([
          { id: "ops", key: KEY, scopes: ["read", "write"] },
          { id: "reader", key: READ_ONLY, scopes: ["read"] },
        ]),
        // no restaurant is read here (questions go to the worker's shared server, below)
        QA_DEMO_CORPUS: "off",
      },
    );
  });
  afterAll(() => server.close());

  it("search --api URL --key KEY prints the server's places as a table; --json the raw response", async () => {
    const table = await dongne({}, "search", "강남역 근처 카페", "--api", server.url, "--key", KEY);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^ *# +이름 +분류 +거리 +주소$/m);
    expect(table.stdout).toMatch(/카페/);
    expect(table.stdout).toMatch(/출처 내장 데모 데이터 \(가상\)/);
    expect(table.stdout).not.toContain("{");
    expect(table.stderr).not.toMatch(/이름 +분류/);

    const raw = await dongne({}, "search", "강남역 근처 카페", "--json", "--api", server.url, "--key", KEY);
    expect(raw.code, raw.stderr).toBe(0);
    const body = JSON.parse(raw.stdout);
    expect(body.places.length).toBeGreaterThan(0);
    expect(body.meta.dataSource).toBe("embedded-demo");
  });

  it("without the key: one Korean line that says which key, exit 1", async () => {
    const r = await dongne({}, "search", "강남역 근처 카페", "--api", server.url);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toBe("");
    expect(lines(r.stderr)).toEqual([
      expect.stringMatching(/^API 키가 없거나 맞지 않습니다: DONGNE_API_KEY/),
    ]);
  });

  it("DONGNE_API_URL and DONGNE_API_KEY do the same; a read-only key cannot ingest", async () => {
    const settings = { DONGNE_API_URL: server.url, DONGNE_API_KEY: KEY, DONGNE_CLI_MODE: "auto" };
    const r = await dongne(settings, "search", "강남역 근처 카페");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ *# +이름 +분류 +거리 +주소$/m);

    const file = join(dir, "one.jsonl");
    writeFileSync(file, JSON.stringify({ place_id: "x1", title: "가게" }) + "\n");
    const refused = await dongne({ ...settings, DONGNE_API_KEY: READ_ONLY }, "restaurants", "ingest", file);
    expect(refused.code, refused.stderr).toBe(1);
    expect(lines(refused.stderr)).toEqual([expect.stringMatching(/이 API 키로는 할 수 없는 요청입니다/)]);
  });

  describe("of a server without keys (the worker's, over the demo corpus)", () => {
    let shared: TestServer;
    beforeAll(async () => (shared = await sharedServer({ demoCorpus: true })));
    afterAll(() => shared.close());

    it("ask prints the answer and its sources by name, not by id", async () => {
      const r = await dongne({}, "ask", "망원역 주차되는 한식집", "--api", shared.url);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^출처: .+/m);
      // citations by name, not by id: neither in the sources line nor in the answer's text
      expect(r.stdout).not.toMatch(/demo-\w+/);
    });
  });

  it("a server that is not there: one line, exit 1", async () => {
    // a port that was free a moment ago
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    const { port } = probe.address() as AddressInfo;
    await new Promise((r) => probe.close(r));
    const r = await dongne({}, "search", "카페", "--api", `http://127.0.0.1:${port}`);
    expect(r.code, r.stderr).toBe(1);
    expect(lines(r.stderr)).toEqual([
      `서버 http://127.0.0.1:${port}: 연결이 거부되었습니다 (서버가 실행 중인지 확인하세요)`,
    ]);
    expect(r.stderr).not.toMatch(/ECONNREFUSED|at .+\.ts:\d+/);
  });
});

describe("npm start on the configured port", () => {
  const port = randomPort();
  const data = join(dir, "server-data");
  let serve: ReturnType<typeof startServe>;
  let simulation: string;
  const auto = { PORT: String(port), DONGNE_CLI_MODE: "auto" };

  beforeAll(async () => {
    // state on disk under its DATA_DIR, as npm start keeps it
    serve = startServe({
      PORT: String(port),
      DATA_DIR: data,
      LOG_LEVEL: "SILENT",
      SIM_STORE: "disk",
      // no restaurant is asked for: not the synthetic corpus built in the background either
      QA_DEMO_CORPUS: "off",
    });
    expect(await serve.listening()).toBe(true);
    // a simulation the server made, through its API
    const res = await fetch(`http://127.0.0.1:${port}/v1/simulations`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ days: 1, seed: 3, agents: 2 }),
    });
    simulation = ((await res.json()) as { id: string }).id;
    for (let status = ""; status !== "completed";) {
      await new Promise((r) => setTimeout(r, 200));
      const meta = await fetch(`http://127.0.0.1:${port}/v1/simulations/${simulation}`);
      status = ((await meta.json()) as { status: string }).status;
      expect(["pending", "running", "completed"]).toContain(status);
    }
  });
  afterAll(async () => {
    serve.child.kill("SIGTERM");
    await serve.exited;
  });

  it("is found and used, said in one line: the server's simulation id exports (npx dongne as typed)", async () => {
    const r = await spawned({ DATA_DIR: join(dir, "cli-data"), ...auto }, "simulate", "export", simulation);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stderr)[0]).toBe(
      `실행 중인 dongne 서버 http://127.0.0.1:${port}에 요청합니다 (따로 실행하려면 --local)`,
    );
    const rows = r.stdout.trimEnd().split("\n");
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.parse(rows[0]!).result.steps).toBeDefined();
  });

  it("a simulation the CLI starts runs on the server: its id is the API's", async () => {
    const out = join(dir, "reports");
    const sim = await dongne(auto, "simulate", "--days", "1", "--agents", "2", "--seed", "4", "--out", out);
    expect(sim.code, sim.stderr).toBe(0);
    const id = /^시뮬레이션 (\S+): 완료$/m.exec(sim.stdout)![1]!;
    const meta = await fetch(`http://127.0.0.1:${port}/v1/simulations/${id}`);
    expect(((await meta.json()) as { status: string }).status).toBe("completed");
    expect(existsSync(join(out, id, "report.html"))).toBe(true);
  });

  it("an experiment the CLI starts runs on the server: its id is the API's", async () => {
    const out = join(dir, "reports");
    const scenario = join(dir, "scenario.json");
    writeFileSync(scenario, readFileSync("docs/experiments/open-store.json"));
    const exp = await dongne(
      auto,
      "experiment",
      "--scenario",
      scenario,
      "--seeds",
      "1",
      "--agents",
      "2",
      "--out",
      out,
    );
    expect(exp.code, exp.stderr).toBe(0);
    const expId = /^실험 (\S+): 완료$/m.exec(exp.stdout)![1]!;
    expect((await fetch(`http://127.0.0.1:${port}/v1/experiments/${expId}`)).status).toBe(200);
    expect(existsSync(join(out, expId, "experiment.json"))).toBe(true);
  });

  it("--resume takes the server's id too (a finished run is refused as finished, not as unknown)", async () => {
    const r = await dongne(auto, "simulate", "--resume", simulation);
    expect(r.code, r.stderr).toBe(1);
    expect(lines(r.stderr).at(-1)).toMatch(/^지금은 할 수 없습니다 — /);
  });

  it("--local runs apart in this process (its own store has no such simulation)", async () => {
    const r = await dongne(auto, "simulate", "export", simulation, "--local");
    expect(r.code, r.stderr).toBe(1);
    expect(lines(r.stderr)).toEqual([
      `시뮬레이션 ${withJosa(simulation, "이/가")} 이 컴퓨터의 저장소(DATA_DIR)에 없습니다`,
    ]);
  });

  it("--local on the server's own DATA_DIR says its state stays in memory (the server holds the store)", async () => {
    const r = await dongne({ ...auto, DATA_DIR: data }, "simulate", "export", simulation, "--local");
    expect(r.code, r.stderr).toBe(1);
    expect(lines(r.stderr)).toEqual([
      `${data}/dynamodb를 다른 dongne 프로세스가 쓰고 있어, 이 실행의 상태는 메모리에만 두고 끝나면 사라집니다`,
      `시뮬레이션 ${withJosa(simulation, "이/가")} 이 컴퓨터의 저장소(DATA_DIR)에 없습니다`,
    ]);
  });

  it("the tests' setting (DONGNE_CLI_MODE=local) never uses it; status names it when found", async () => {
    const local = await dongne({ PORT: String(port) }, "status");
    expect(local.stdout).toMatch(/^실행 중인 서버가 없습니다/);
    const found = await dongne(auto, "status");
    expect(found.stdout).toMatch(new RegExp(`^서버 http://127\\.0\\.0\\.1:${port}가 실행 중입니다`));
  });
});

describe("what is not a dongne server, and what an ingest answer says", () => {
  let other: Server;
  let url: string;
  const seen: string[] = [];
  beforeAll(async () => {
    // answers /health with 200 but is not dongne; takes documents like the API, with notices
    other = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers["x-api-key"] ?? ""}`);
      res.setHeader("content-type", "application/json");
      if (req.url === "/health") return res.end(JSON.stringify({ status: "ok", service: "something-else" }));
      req.resume();
      req.on("end", () =>
        res.end(
          JSON.stringify({
            indexed: 0,
            updated: 0,
            unchanged: 1,
            rejected: [],
            warnings: [],
            notice: "데모 말뭉치가 물러났습니다. 되돌리려면 색인 파일을 지우세요.",
            llmCalls: 0,
            llmTokens: { input: 0, output: 0 },
          }),
        ),
      );
    });
    await new Promise<void>((r) => other.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => other.close(() => r())));

  it("another program answering /health on the port is not used", async () => {
    const port = (other.address() as AddressInfo).port;
    const r = await dongne({ PORT: String(port), DONGNE_CLI_MODE: "auto" }, "status");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^실행 중인 서버가 없습니다/);
    expect(seen).toContain("GET /health ");
  });

  it("an ingest prints unchanged as 변경 없음 and the answer's notice, sending the key", async () => {
    const file = join(dir, "again.jsonl");
    writeFileSync(file, JSON.stringify({ place_id: "x1", title: "가게" }) + "\n");
    const r = await dongne({ DONGNE_API_KEY: "k-123" }, "restaurants", "ingest", file, "--api", url);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^새로 색인 0건, 갱신 0건, 변경 없음 1건, 거부 0건/m);
    expect(lines(r.stderr)).toEqual(["알림: 데모 말뭉치가 물러났습니다. 되돌리려면 색인 파일을 지우세요."]);
    expect(seen).toContain("POST /v1/restaurants/documents k-123");
    const raw = await dongne({}, "restaurants", "ingest", file, "--api", url, "--json");
    expect(JSON.parse(raw.stdout)).toMatchObject({ unchanged: 1, notices: [expect.stringMatching(/^데모/)] });
  });
});

describe("a command that writes a file", () => {
  it("leaves no file behind when it fails (export of an unknown simulation)", async () => {
    const out = join(dir, "exports");
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out);
    const r = await dongne({}, "simulate", "export", "sim-nope", "--out", join(out, "rows.jsonl"));
    expect(r.code, r.stderr).toBe(1);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(existsSync(join(out, "rows.jsonl"))).toBe(false);
    expect(readdirSync(out)).toEqual([]);
  });
});
