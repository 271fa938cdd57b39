// The fake Naver news and OpenDART servers of the news benchmark, on their own thread (a real provider
// is another machine: generating its answers must not take the measured code's event loop).
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { startFake } from "../test/helpers/fake-http.ts";
import { fakeNaver } from "../test/helpers/fake-naver.ts";
import { fakeOpenDart } from "../test/helpers/fake-opendart.ts";

export interface FakeNewsProviders {
  naverUrl: string;
  dartUrl: string;
  close(): Promise<void>;
}

export async function startFakeNewsProviders(
  latencyMs: { naver: number; dart: number },
  nowMs: number,
): Promise<FakeNewsProviders> {
  // a worker does not inherit tsx's loader: it registers it, then loads this file
  const boot = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))})
    .then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: { newsBench: { latencyMs, nowMs } } });
  const urls = await new Promise<{ naverUrl: string; dartUrl: string }>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return { ...urls, close: async () => void (await worker.terminate()) };
}

const data = workerData as { newsBench?: unknown } | undefined;
if (!isMainThread && data?.newsBench) {
  const { latencyMs, nowMs } = data.newsBench as {
    latencyMs: { naver: number; dart: number };
    nowMs: number;
  };
  const now = () => new Date(nowMs);
  const naver = await startFake(fakeNaver({ now }), { latencyMs: latencyMs.naver });
  const dart = await startFake(fakeOpenDart({ now }), { latencyMs: latencyMs.dart });
  parentPort!.postMessage({ naverUrl: naver.url, dartUrl: dart.url });
}
