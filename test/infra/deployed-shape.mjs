// The deployed shape, in plain Node (no test runner, no TypeScript): every Lambda bundle of a
// synthesized cloud assembly is loaded as Lambda would load it, invoked with its sample event, and one
// place search and one simulation day run through the state machines *as synthesized into the
// template*, each Task calling the bundled handler of the function its Resource names. DynamoDB is
// dynalite on loopback. Usage: node test/infra/deployed-shape.mjs <cdk.out> <result.json>
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";

const [outDir, resultFile] = process.argv.slice(2);
const root = new URL("../../", import.meta.url);
const require = createRequire(root);
const event = (name) => JSON.parse(readFileSync(new URL(`events/${name}`, root), "utf8"));

// aws-local-stepfunctions calls Promise.withResolvers, which Node 20 lacks (Lambda's Node 22 has it)
Promise.withResolvers ??= () => {
  let resolve, reject;
  const promise = new Promise((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};
const { StateMachine } = await import(pathToFileURL(require.resolve("aws-local-stepfunctions")).href);

const template = JSON.parse(readFileSync(join(outDir, "Dongne.template.json"), "utf8"));
const resources = Object.entries(template.Resources);
const lambdaArn = (id) => `arn:aws:lambda:ap-northeast-2:123456789012:function:${id}`;
const machineArn = (id) => `arn:aws:states:ap-northeast-2:123456789012:stateMachine:${id}`;

/** A definition as deployed: CloudFormation's Fn::Join of text and resource attributes, resolved. */
function resolve(value) {
  if (typeof value === "string") return value;
  if (value["Fn::Join"]) return value["Fn::Join"][1].map(resolve).join(value["Fn::Join"][0]);
  if (value["Fn::GetAtt"]) return lambdaArn(value["Fn::GetAtt"][0]);
  if (value.Ref) return machineArn(value.Ref);
  throw new Error(`cannot resolve ${JSON.stringify(value)}`);
}

// ---- DynamoDB: dynalite on loopback, with the stack's table
const dynalite = createRequire(require.resolve("dynalite"))("./index.js")({ createTableMs: 0 });
await new Promise((r) => dynalite.listen(0, "127.0.0.1", r));
const endpoint = `http://127.0.0.1:${dynalite.address().port}`;
const { DynamoDBClient, CreateTableCommand } = await import(
  pathToFileURL(require.resolve("@aws-sdk/client-dynamodb")).href
);
const TABLE = "deployed-shape";
await new DynamoDBClient({
  endpoint,
  region: "local",
  credentials: { accessKeyId: "x", secretAccessKey: "x" },
}).send(
  new CreateTableCommand({
    TableName: TABLE,
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [
      { AttributeName: "pk", AttributeType: "S" },
      { AttributeName: "sk", AttributeType: "S" },
    ],
    KeySchema: [
      { AttributeName: "pk", KeyType: "HASH" },
      { AttributeName: "sk", KeyType: "RANGE" },
    ],
  }),
);
// what the stack gives every function, with the cloud's resources replaced by local ones
Object.assign(process.env, {
  AWS_REGION: "ap-northeast-2",
  AWS_ACCESS_KEY_ID: "x",
  AWS_SECRET_ACCESS_KEY: "x",
  DYNAMODB_ENDPOINT: endpoint,
  SIM_TABLE: TABLE,
  NEWS_CACHE_TABLE: TABLE,
  METRICS: "on",
  LOG_LEVEL: "ERROR",
  // the local restaurant index and ingest blobs (in AWS: OpenSearch and S3)
  DATA_DIR: mkdtempSync(join(tmpdir(), "deployed-shape-")),
  QA_TABLE: TABLE,
});

// ---- every bundle, loaded as Lambda loads it
const functions = new Map(); // logical id → handler
for (const [id, r] of resources) {
  // the product's functions (the provider framework's own, CDK's code, are not ours to load)
  if (r.Type !== "AWS::Lambda::Function" || r.Properties.Environment?.Variables?.METRICS !== "on") continue;
  const dir = join(outDir, r.Metadata["aws:asset:path"]);
  const mod = await import(pathToFileURL(join(dir, "index.mjs")).href);
  if (typeof mod.handler !== "function") throw new Error(`${id}: no handler export`);
  functions.set(id, mod.handler);
}
const byPrefix = (prefix) => {
  const hit = [...functions.entries()].find(([id]) => id.startsWith(prefix));
  if (!hit) throw new Error(`no function ${prefix}*`);
  return hit[1];
};
const context = { awsRequestId: "deployed-shape" };
const invoke = async (handler, input) =>
  JSON.parse(JSON.stringify(await handler(JSON.parse(JSON.stringify(input)), context)));

const result = { functions: functions.size, events: {}, workflows: {} };

// ---- each function with its sample event
const samples = {
  StepsTranslateFunction: "place-search/translate.json",
  StepsPlanFunction: "place-search/plan.json",
  StepsExecuteFunction: "place-search/execute.json",
  StepsSearchPointFunction: "place-search/search-point.json",
  StepsPostProcessFunction: "place-search/post-process.json",
  StepsInitialiseFunction: "simulation/initialise.json",
  StepsFlushFunction: "simulation/slot.json",
  StepsPrepareSlotFunction: "simulation/slot.json",
  StepsAgentTurnFunction: "simulation/agent.json",
  StepsCollectFunction: "simulation/collect.json",
  StepsFinalizeFunction: "simulation/finalize.json",
  StepsMarkFailedFunction: "simulation/fail.json",
  StepsAnalyzeQueryFunction: "news/analyze.json",
  StepsSearchNewsFunction: "news/search.json",
  StepsSearchPublicationsFunction: "news/search.json",
  StepsFormatResultsFunction: "news/format.json",
  StepsSelectDocumentsFunction: "news/select.json",
  StepsGenerateResponseFunction: "news/generate.json",
  StepsRewriteFunction: "restaurant-qa/rewrite.json",
  StepsRetrieveFunction: "restaurant-qa/retrieve.json",
  StepsGradeFunction: "restaurant-qa/grade.json",
  StepsWebSearchFunction: "restaurant-qa/web-search.json",
  StepsGenerateFunction: "restaurant-qa/generate.json",
  StepsPrepareIngestFunction: "restaurant-qa/ingest-batch.json",
  ApiAuthorizerFunction: "api/authorizer.json",
  ApiFunction: "api/health.json",
};
for (const [prefix, name] of Object.entries(samples)) {
  const out = await invoke(byPrefix(prefix), event(name));
  result.events[prefix] = Object.keys(out).sort();
  if (prefix === "ApiFunction") result.events[prefix] = { statusCode: out.statusCode };
  if (prefix === "ApiAuthorizerFunction") result.events[prefix] = out;
}

// ---- the web page, from the files the API bundle carries (gzipped, so base64 through API Gateway)
{
  const page = await invoke(byPrefix("ApiFunction"), event("api/page.json"));
  const html = page.isBase64Encoded ? gunzipSync(Buffer.from(page.body, "base64")).toString() : page.body;
  result.page = {
    statusCode: page.statusCode,
    type: page.headers["content-type"],
    korean: html.includes('<html lang="ko">'),
    script: /assets\/app-\w+\.js/.test(html),
  };
}

// ---- workflows from the template, each Task calling the bundle its Resource names
const machines = new Map(
  resources
    .filter(([, r]) => r.Type === "AWS::StepFunctions::StateMachine")
    .map(([id, r]) => [id, JSON.parse(resolve(r.Properties.DefinitionString))]),
);
function tasks(states, out = {}) {
  for (const [name, s] of Object.entries(states)) {
    if (s.Type === "Task") out[name] = s.Resource;
    if (s.ItemProcessor) tasks(s.ItemProcessor.States, out);
    for (const b of s.Branches ?? []) tasks(b.States, out);
  }
  return out;
}
function run(definition, input, name) {
  const handlers = {};
  for (const [state, resource] of Object.entries(tasks(definition.States))) {
    if (resource.startsWith("arn:aws:lambda:")) {
      const fn = functions.get(resource.split(":").at(-1));
      handlers[state] = (i) => invoke(fn, i);
    } else {
      // startExecution.sync:2 → the child machine the Parameters name
      handlers[state] = async (i) => ({
        Output: await run(machines.get(i.StateMachineArn.split(":").at(-1)), i.Input, `${name}-child`),
      });
    }
  }
  const machine = new StateMachine(definition, { validationOptions: { checkArn: false } });
  const execution = machine.run(input, {
    overrides: { taskResourceLocalHandlers: handlers },
    context: { Execution: { Name: name } },
  });
  return execution.result;
}
const machineId = (prefix) => [...machines.keys()].find((id) => id.startsWith(prefix));

const search = await run(
  machines.get(machineId("PlaceSearchSearchWorkflow")),
  event("workflows/place-search-query.json"),
  "search-1",
);
result.workflows.search = {
  places: search.places.length,
  strategy: search.meta.strategyUsed,
  apiCalls: search.meta.apiCalls,
};

const news = await run(machines.get(machineId("NewsWorkflow")), event("workflows/news.json"), "news-1");
result.workflows.news = { answered: Boolean(news.generated_response), citations: news.citations.length };

const ingested = await run(
  machines.get(machineId("RestaurantQaIngestWorkflow")),
  event("restaurant-qa/ingest-batch.json"),
  "ingest-1",
);
result.workflows.ingest = { indexed: ingested.indexed, rejected: ingested.rejected.length };
const qa = await run(
  machines.get(machineId("RestaurantQaWorkflow")),
  event("workflows/restaurant-qa.json"),
  "qa-1",
);
result.workflows.qa = { answered: Boolean(qa.answer), route: qa.route };

const simulation = await run(
  machines.get(machineId("SimulationWorkflow")),
  { simulationId: "deployed-day", days: 1, seed: 7, agents: 20 },
  "deployed-day-console",
);
result.workflows.simulation = simulation;

writeFileSync(resultFile, JSON.stringify(result, null, 2));
dynalite.close();
process.exit(0);
