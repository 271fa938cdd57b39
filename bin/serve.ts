// npm start: the API on http://localhost:PORT with embedded defaults (no keys, no network needed).
import { withJosa } from "../shared/korean/josa.ts";
import "./quiet-aws-sdk.ts"; // first: before any AWS SDK client is built
import type { Server as HttpServer } from "node:http";
import { createServer, isIPv4, isIPv6, type Socket } from "node:net";
import { ConfigError, loadConfig, type Config } from "../shared/platform/config.ts";

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and localhost: reachable from this machine only. */
function isLoopback(host: string): boolean {
  const h = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (h === "localhost") return true;
  if (isIPv4(h)) return h.startsWith("127.");
  if (isIPv6(h)) return h === "::1" || h.startsWith("::ffff:127.");
  return false;
}

/**
 * Closes a connection that has been silent for `idleMs` with no request in progress: one that never
 * sent a byte (Node's headers timeout starts only with a request), or one idle between requests. A
 * request being worked on keeps its connection (its own timeouts and the API's budget end it).
 */
function closeIdleConnections(server: HttpServer, idleMs: number): void {
  server.timeout = idleMs;
  server.on("timeout", (socket: Socket & { _httpMessage?: unknown }) => {
    if (!socket._httpMessage) socket.destroy();
  });
}

/** Why the server cannot listen on its port, as one line for a person; null for another error. */
function portRefusal(err: NodeJS.ErrnoException, port: number): string | null {
  if (err.code === "EADDRINUSE")
    return `포트 ${withJosa(String(port), "을/를")} 이미 다른 프로세스가 쓰고 있습니다. 떠 있는 dongne 서버를 그대로 쓰거나, 다른 포트로 시작하세요 (예: PORT=${port + 1} npm start).`;
  if (err.code === "EACCES")
    return `포트 ${port}에서 연결을 받을 권한이 없습니다. 1024 이상의 포트로 시작하세요 (예: PORT=3000 npm start).`;
  return null;
}

/** The error listening on the port would meet now, or null when it is free. */
const probePort = (port: number, host: string) =>
  new Promise<NodeJS.ErrnoException | null>((resolve) => {
    const probe = createServer();
    probe.once("error", resolve);
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });

/** Ends the process with the one line that says why it cannot listen, when it is said that simply. */
function exitIfRefused(err: NodeJS.ErrnoException, port: number): void {
  const line = portRefusal(err, port);
  if (!line) return;
  console.error(line);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

// open (no API_KEYS) is for loopback: on any other HOST it would hand the API, and the LLM and provider
// keys behind it, to the whole network, so that takes an explicit opt-in
if (!config.api.keys.length && !isLoopback(config.host) && !config.server.allowOpenNetwork) {
  console.error(
    `HOST=${config.host}는 루프백 주소가 아닌데 API_KEYS가 없습니다: API가 네트워크에 열린 채로 나갑니다.\n` +
      `API_KEYS({id, key 또는 sha256, scopes}의 JSON 배열)를 설정하거나, HOST=127.0.0.1을 쓰거나, 그래도 열어 두려면 ALLOW_OPEN_NETWORK=yes를 설정하세요.`,
  );
  process.exit(1);
}

// a port already taken is said before anything starts (the data directory would be found busy too)
const refused = await probePort(config.port, config.host);
if (refused) exitIfRefused(refused, config.port);

// the product, loaded once it is to be served: a configuration or a port refused above is said in a
// moment (a fifth of the CPU of loading it, which a person would otherwise wait for to read one line)
const [{ serve }, { createApp }, { koLabel }, { embeddedPlaces }, { startLocal, warmLocal }, { qaRuntime }] =
  await Promise.all([
    import("@hono/node-server"),
    import("../functions/api/app.ts"),
    import("../shared/korean/labels.ts"),
    import("../shared/providers/exec-deps.ts"),
    import("../functions/api/local.ts"),
    import("../shared/restaurant-qa/wiring.ts"),
  ]);

// every table on a dynalite started with the server (on disk under DATA_DIR unless SIM_STORE=memory)
const world = await startLocal(config);
await warmLocal(world);
const app = createApp(() => world.context, { maxInFlight: config.server.maxInFlight });
// a stalled client must not hold a connection for Node's default 300 s; Node checks these timeouts
// every connectionsCheckingInterval (30 s by default), so check often enough to honour a short one
const { headersTimeoutMs, requestTimeoutMs, idleTimeoutMs, keepAliveTimeoutMs } = config.server;
const serverOptions = {
  headersTimeout: headersTimeoutMs,
  requestTimeout: requestTimeoutMs,
  keepAliveTimeout: keepAliveTimeoutMs,
  connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(headersTimeoutMs / 4))),
};
const server = serve(
  { fetch: app.fetch, port: config.port, hostname: config.host, serverOptions },
  (info) => {
    console.log(
      `dongne가 http://localhost:${info.port} 에서 기다립니다 (LLM: ${world.rt.llm ? `anthropic ${config.llm.fastModel}` : "오프라인 엔진"}, 장소: ${koLabel("dataSource", config.providers.place === "kakao" ? "kakao" : embeddedPlaces(config.dataDir).dataSource)}, 상태 저장: ${world.dynamo.persistent ? `${config.dataDir}/dynamodb` : "메모리 (끄면 사라짐)"}, API 키: ${config.api.keys.length ? "필요" : isLoopback(config.host) ? "없음, 이 컴퓨터에서만 열림" : "없음, 네트워크에 열림 (ALLOW_OPEN_NETWORK=yes)"})`,
    );
  },
) as HttpServer;
closeIdleConnections(server, idleTimeoutMs);
// taken between the probe and here: the same line
server.once("error", (err: NodeJS.ErrnoException) => {
  exitIfRefused(err, config.port);
  throw err;
});

// the local restaurant index builds its synthetic demo corpus on first use: start it now, in the background
void qaRuntime(world.rt)
  .deps.index.count()
  .catch((err: Error) => console.error(`식당 색인을 불러오지 못했습니다: ${err.message}`));

const resumed = await world.context.services.simulations.resumeUnfinished();
if (resumed.length) console.log(`지난번 종료로 멈춘 시뮬레이션을 이어서 실행합니다: ${resumed.join(", ")}`);
// an ingest job whose worker died with the last stop holds an expired lease: it is marked failed, never
// left running
const failedJobs = await world.context.services.restaurants.recoverIngestJobs();
if (failedJobs.length)
  console.log(`처리하던 프로세스가 멈춘 색인 작업을 실패로 표시했습니다: ${failedJobs.join(", ")}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  // exit at once: every write the store acknowledged is already in its log on disk, and a simulation
  // cut off here stays "running", so the next start resumes it (waiting would let it fail instead)
  process.on(signal, () => process.exit(0));
}
