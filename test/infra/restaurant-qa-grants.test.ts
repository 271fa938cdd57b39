// The restaurant index's IAM grants, derived from the requests the adapter really sends: every QA and
// ingest step (and the API's restaurant routes) runs against a fake OpenSearch on loopback, each in a
// runtime of its own as a cold Lambda would, and every request it makes (method + path) is recorded.
// Then the synthesized stack must allow exactly that function `es:ESHttp<Method>` on
// `<domain ARN><path>` — so a new request (a POST read, a bulk path) cannot slip past the grants.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { App } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../functions/api/app.ts";
import { appContext } from "../../functions/api/services.ts";
import { INGEST_STEPS, QA_STEPS } from "../../shared/restaurant-qa/workflow/steps.ts";
import { DongneStack } from "../../infra/stack.ts";
import { ALL_STEPS } from "../../shared/runtime/machines.ts";
import { loadConfig } from "../../shared/platform/config.ts";
import { IngestBatchState, reportOf } from "../../shared/restaurant-qa/ingest.ts";
import { afterGrade } from "../../shared/restaurant-qa/steps.ts";
import { buildRuntime } from "../../shared/runtime/runtime.ts";
import type { Workflows } from "../../shared/workflows/port.ts";
import type { StepSpec } from "../../shared/workflows/step.ts";
import { startFakeOpenSearch, type FakeOpenSearch } from "../helpers/fake-opensearch.ts";

const API = "the API";
const DOMAIN_ARN = "arn:aws:es:ap-northeast-2:123456789012:domain/dongne-test";

let fake: FakeOpenSearch;
let dataDir: string;
let template: Template;
/** function (step state name, or API) → "METHOD /path" it sent */
const used = new Map<string, Set<string>>();

const env = () => ({
  DATA_DIR: dataDir,
  SIM_STORE: "memory",
  OPENSEARCH_ENDPOINT: fake.url,
  QA_EMBEDDER: "hashed",
  QA_HASHED_DIMENSIONS: "128",
});

/** Runs `fn` in a fresh runtime (a cold Lambda) and records the index requests it sent under `who`. */
async function recording<T>(who: string, fn: (rt: ReturnType<typeof buildRuntime>) => Promise<T>) {
  const rt = buildRuntime(loadConfig(env()), { llm: null });
  const before = fake.requests.length;
  const out = await fn(rt);
  const set = used.get(who) ?? new Set<string>();
  for (const r of fake.requests.slice(before)) set.add(`${r.method} ${r.path}`);
  used.set(who, set);
  return out;
}

const step = <I, O>(spec: StepSpec<I, O>, input: unknown): Promise<O> =>
  recording(spec.state, (rt) => Promise.resolve(spec.run(input as I, rt)));

async function ask(input: Record<string, unknown>) {
  let s: any = await step(QA_STEPS.rewrite, { mode: "ask", ...input });
  if (input.followUp) s = { ...s, followUp: input.followUp };
  s = await step(QA_STEPS.retrieve, s);
  s = await step(QA_STEPS.grade, s);
  if (afterGrade(s) === "WebSearch") s = await step(QA_STEPS.webSearch, s);
  return step(QA_STEPS.generate, s);
}

async function ingest(items: unknown[]) {
  let s: unknown = { firstIndex: 0, items };
  for (const spec of Object.values(INGEST_STEPS)) s = await step(spec, s);
  return IngestBatchState.parse(s);
}

/** Step Functions as the API sees it: the steps run in their own Lambdas, not in the API's. */
const workflows: Workflows = {
  async runSync<T>(machine: string, input: unknown): Promise<T> {
    if (machine === "qa")
      return { ...(input as object), route: "none", documents: [], answer: "없음", citations: [] } as T;
    return reportOf(IngestBatchState.parse(input)) as T;
  },
  start: async () => ({ executionId: "x" }),
  isRunning: async () => false,
};

beforeAll(async () => {
  fake = await startFakeOpenSearch();
  dataDir = mkdtempSync(join(tmpdir(), "dongne-grants-"));
  const batch = JSON.parse(
    readFileSync(new URL("../../events/restaurant-qa/ingest-batch.json", import.meta.url), "utf8"),
  );
  const items = batch.items.slice(0, 3);
  expect((await ingest(items)).indexed).toBe(3);
  await ingest(items); // unchanged: PrepareIngest's mget finds them
  const title: string = items[0].title;
  const id: string = items[0].place_id;
  await ask({ query: `${title} 주차되나요?` }); // exact: title search
  await ask({ query: "망원역 주차되는 한식집" }); // nearby: filtered kNN (widening)
  await ask({ query: "수원 기사식당 가족 외식" }); // kNN with boosts
  await ask({ query: "거기 예약돼?", followUp: { place_ids: [id] } }); // follow-up: mget
  await recording(API, async (rt) => {
    const app = createApp(() => appContext(rt, workflows));
    const post = (path: string, body: unknown) =>
      app.request(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await app.request(`/v1/restaurants/${id}`)).status).toBe(200);
    expect((await app.request("/v1/restaurants/nope-1")).status).toBe(404);
    expect((await post("/v1/restaurants/ask", { query: "망원역 한식" })).status).toBe(200);
    expect((await post("/v1/restaurants/search", { query: "망원역 한식" })).status).toBe(200);
    expect((await post("/v1/restaurants/documents", { documents: items })).status).toBe(200);
  });

  const app = new App({ context: { "aws:cdk:bundling-stacks": [] } });
  const stack = new DongneStack(app, "Dongne", {
    env: { account: "123456789012", region: "ap-northeast-2" },
  });
  template = Template.fromStack(stack);
}, 240_000);

afterAll(async () => {
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// ---- the template's IAM, evaluated for one role

type Statement = { Effect: string; Action: string | string[]; Resource: unknown };

function resolve(v: unknown, resources: Record<string, any>): string {
  if (typeof v === "string") return v;
  const o = v as Record<string, any>;
  if (o["Fn::Join"]) {
    const [sep, parts] = o["Fn::Join"] as [string, unknown[]];
    return parts.map((p) => resolve(p, resources)).join(sep);
  }
  if (o["Fn::GetAtt"]) {
    const [id, attr] = o["Fn::GetAtt"] as [string, string];
    const type = resources[id]?.Type;
    if (type === "AWS::OpenSearchService::Domain" && attr === "Arn") return DOMAIN_ARN;
    return `${type ?? "?"}:${id}.${attr}`;
  }
  if (o.Ref === "AWS::Partition") return "aws";
  if (o.Ref === "AWS::Region") return "ap-northeast-2";
  if (o.Ref === "AWS::AccountId") return "123456789012";
  if (o.Ref) return `ref:${o.Ref}`;
  return JSON.stringify(v);
}

const glob = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split("")
      .map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.+^${}()|[\]\\/]/g, "\\$&")))
      .join("")}$`,
    "i",
  );

function statementsOfFunction(match: (fn: any) => boolean): Statement[] {
  const resources = template.toJSON().Resources as Record<string, any>;
  const fns = Object.values(resources).filter((r) => r.Type === "AWS::Lambda::Function" && match(r));
  expect(fns).toHaveLength(1);
  const role = fns[0].Properties.Role["Fn::GetAtt"][0] as string;
  return Object.values(resources)
    .filter(
      (r) =>
        r.Type === "AWS::IAM::Policy" &&
        (r.Properties.Roles as { Ref: string }[]).some((x) => x.Ref === role),
    )
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[])
    .map((s) => ({
      ...s,
      Resource: [s.Resource].flat().map((x) => resolve(x, resources)),
    }));
}

/** Whether the statements allow `es:ESHttp<Method>` on the domain's path (IAM wildcards, Deny wins). */
function allowed(statements: Statement[], request: string): boolean {
  const [method, path] = request.split(" ") as [string, string];
  const action = `es:ESHttp${method[0]}${method.slice(1).toLowerCase()}`;
  const resource = `${DOMAIN_ARN}${path}`;
  const hits = statements.filter(
    (s) =>
      [s.Action].flat().some((a) => glob(a).test(action)) &&
      (s.Resource as string[]).some((r) => glob(r).test(resource)),
  );
  return hits.some((s) => s.Effect === "Allow") && !hits.some((s) => s.Effect === "Deny");
}

const functionOf = (who: string) =>
  who === API
    ? (fn: any) => Boolean(fn.Properties.Environment?.Variables?.QA_STATE_MACHINE_ARN)
    : (fn: any) => fn.Properties.Description === ALL_STEPS.find((s) => s.state === who)!.description;

describe("the restaurant index's grants cover what the adapter sends", () => {
  it("records the requests of every function that reads or writes the index", () => {
    const callers = [...used].filter(([, reqs]) => reqs.size).map(([who]) => who);
    // the steps that declare the index are the ones that reach it (and only they get its grants)
    const declared = ALL_STEPS.filter((s) => s.lambda.index).map((s) => s.state);
    expect(callers.filter((c) => c !== API).sort()).toEqual([...declared].sort());
    expect(callers).toContain(API);
    // the read APIs go in a POST, the bulk is index-scoped: the paths this test exists for
    const all = new Set([...used.values()].flatMap((s) => [...s]));
    expect(all).toContain("POST /restaurants/_search");
    expect(all).toContain("POST /restaurants/_mget");
    expect(all).toContain("POST /restaurants/_bulk");
  });

  it("grants each function every verb and path it sends, on this domain only", () => {
    const missing: string[] = [];
    for (const [who, requests] of used) {
      if (!requests.size) continue;
      const statements = statementsOfFunction(functionOf(who));
      for (const r of requests) if (!allowed(statements, r)) missing.push(`${who}: ${r}`);
    }
    expect(missing).toEqual([]);
  });

  it("gives readers no write: no PUT, DELETE or POST outside _search and _mget", () => {
    const readers = [...ALL_STEPS.filter((s) => s.lambda.index === "read").map((s) => s.state), API];
    for (const who of readers) {
      const statements = statementsOfFunction(functionOf(who));
      for (const r of [
        "PUT /restaurants",
        "DELETE /restaurants",
        "POST /restaurants/_bulk",
        "POST /restaurants/_doc/1",
        "POST /_bulk",
      ])
        expect(allowed(statements, r), `${who}: ${r}`).toBe(false);
    }
  });
});
