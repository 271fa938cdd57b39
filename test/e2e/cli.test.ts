// The command line (npx dongne …) with the product in its own process (the tests' setting,
// DONGNE_CLI_MODE=local): results for people on stdout, --json for the raw response, an error as one
// Korean line with exit code 1 and no partial file, and which sources are real or synthetic. Cost: the
// first two tests run it as a user does, a process per call (~1.5 s of CPU on a quiet machine, ~3 s
// more for `plan`, which builds the product in that process); the others run the same command in the
// test's process (dongneInProcess), a world of their own each (~50 ms).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dongne as spawned, dongneInProcess, stderrLines as lines } from "../helpers/cli.ts";
import { sharedServer, type TestServer } from "../helpers/server.ts";

const dataDir = mkdtempSync(join(tmpdir(), "dongne-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const inProcess = (env: Record<string, string>, ...args: string[]) =>
  dongneInProcess({ DATA_DIR: dataDir, ...env }, ...args);
const asTyped = (env: Record<string, string>, ...args: string[]) =>
  spawned({ DATA_DIR: dataDir, ...env }, ...args);
const dongne = inProcess;

describe("dongne CLI", () => {
  it("plan prints the checked plan as JSON (npx dongne in its own process, exit 0)", async () => {
    const { code, stdout, stderr } = await asTyped({}, "plan", "강남역 근처 카페");
    expect(code, stderr).toBe(0);
    const plan = JSON.parse(stdout);
    expect(plan.strategy_type).toBe("radius");
    expect(plan.search_plan[0]).toMatchObject({ action: "geocode", params: { query: "강남역" } });
  });

  it("exits 2 with usage on an unknown command or a missing query", async () => {
    expect(await asTyped({}, "fly")).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("알 수 없는 명령"),
    });
    expect(await inProcess({}, "plan")).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("검색어가 필요합니다"),
    });
  });

  it("stops with the variable's name on bad configuration", async () => {
    const r = await dongne({ LLM_MODE: "psychic" }, "plan", "카페");
    expect(r.code, r.stderr).toBe(1);
    expect(lines(r.stderr)).toEqual([expect.stringMatching(/^설정이 올바르지 않습니다: LLM_MODE: /)]);
  });

  it("news prints the summary and the answer for people", async () => {
    const text = await dongne({}, "news", "삼성전자 배당");
    expect(text.code).toBe(0);
    expect(text.stdout.trimStart()).not.toMatch(/^\{/);
    expect(text.stdout).toMatch(/[가-힣]/);
  });

  describe("as a client of a server (the worker's)", () => {
    let server: TestServer;
    beforeAll(async () => (server = await sharedServer()));
    afterAll(() => server.close());

    it("news --json prints the response", async () => {
      const raw = await dongne({}, "news", "삼성전자 배당", "--json", "--api", server.url);
      expect(raw.code, raw.stderr).toBe(0);
      expect(JSON.parse(raw.stdout)).toHaveProperty("meta");
    });
  });
});

describe("import-stores", () => {
  it("a missing file: one Korean line, exit 1, nothing written", async () => {
    const r = await dongne({}, "import-stores", join(dataDir, "nope.csv"));
    expect(r.code, r.stderr).toBe(1);
    expect(lines(r.stderr)).toEqual([`파일 ${join(dataDir, "nope.csv")}: 없습니다`]);
    expect(r.stderr).not.toMatch(/ENOENT|\n\s+at /);
    expect(existsSync(join(dataDir, "places.jsonl"))).toBe(false);
  });

  it("a file that is not the registry leaves the places as they were, and no temporary file", async () => {
    const places = join(dataDir, "places.jsonl");
    writeFileSync(places, "kept\n");
    const csv = join(dataDir, "other.csv");
    writeFileSync(csv, "이름,값\n가,1\n");
    const r = await dongne({}, "import-stores", csv);
    expect(r.code, r.stderr).toBe(1);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(readFileSync(places, "utf8")).toBe("kept\n");
    expect(readdirSync(dataDir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    rmSync(places);
  });
});

describe("simulate", () => {
  it.each(["--resume", "--replay"])(
    "%s of an id this machine does not hold: one Korean line, exit 1",
    async (flag) => {
      const r = await dongne({ SIM_STORE: "memory" }, "simulate", flag, "sim-20990101-0000dead");
      expect(r.code, r.stderr).toBe(1);
      expect(lines(r.stderr)).toEqual([
        "시뮬레이션 sim-20990101-0000dead가 이 컴퓨터의 저장소(DATA_DIR)에 없습니다",
      ]);
    },
  );
});

describe("experiment", () => {
  it("a missing scenario file: one Korean line, exit 1", async () => {
    const r = await dongne({}, "experiment", "--scenario", join(dataDir, "none.json"), "--seeds", "1");
    expect(r.code, r.stderr).toBe(1);
    expect(lines(r.stderr)).toEqual([`파일 ${join(dataDir, "none.json")}: 없습니다`]);
  });
});

describe("dongne status", () => {
  it("says which sources are real and which are synthetic", async () => {
    const offline = await dongne({}, "status");
    expect(offline.code).toBe(0);
    expect(offline.stdout).toMatch(/^실행 중인 서버가 없습니다/);
    for (const source of ["장소 검색", "LLM", "임베딩", "식당 색인", "뉴스", "공시"])
      expect(offline.stdout).toMatch(new RegExp(`^${source} +가상 `, "m"));
    expect(offline.stdout).toMatch(/^저장소 +이 컴퓨터 +dynalite/m);

    const keyed = await dongne({ KAKAO_REST_API_KEY: "k", ANTHROPIC_API_KEY: "a" }, "status");
    expect(keyed.stdout).toMatch(/^장소 검색 +실제 +카카오/m);
    expect(keyed.stdout).toMatch(/^LLM +실제 +Anthropic/m);
  });
});
