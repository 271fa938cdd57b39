// The fake Kakao Local and Kakao Mobility servers of the route benchmark, on their own thread: a real
// provider is another machine, so its work must not take the event loop of the code being measured.
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { fixture, startFake } from "../test/helpers/fake-http.ts";
import { kakaoLocal } from "../test/helpers/fake-kakao.ts";

export interface FakeProviders {
  localUrl: string;
  naviUrl: string;
  close(): Promise<void>;
}

export async function startFakeProviders(latencyMs: number): Promise<FakeProviders> {
  // a worker does not inherit tsx's loader: it registers it, then loads this file
  const boot = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))})
    .then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: { latencyMs } });
  const urls = await new Promise<{ localUrl: string; naviUrl: string }>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return { ...urls, close: async () => void (await worker.terminate()) };
}

const data = workerData as { latencyMs?: number } | undefined;
if (!isMainThread && data?.latencyMs !== undefined) {
  const { latencyMs } = data;
  const local = await startFake(kakaoLocal, { latencyMs });
  const navi = await startFake(() => ({ json: fixture("kakaonavi.directions.json") }), { latencyMs });
  parentPort!.postMessage({ localUrl: local.url, naviUrl: navi.url });
}
