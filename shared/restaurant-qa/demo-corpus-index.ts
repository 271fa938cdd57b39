// The local index with the synthetic demo corpus: with nothing written to it, the first read fills it
// with the corpus (not written to its file); the first real upload makes the corpus give way and says
// so (DEMO_CORPUS_GIVES_WAY: how to bring it back). Only what this process loaded as the corpus gives
// way: a synthetic document read from the index's file was uploaded, and stays.
import { basename } from "node:path";
import type { Embedder } from "../embed/port.ts";
import { LocalSearchIndex } from "../index/local-engine.ts";
import type { IndexDefinition, SearchIndex } from "../index/port.ts";
import type { Place } from "../places/place.ts";
import { generateDemoCorpus } from "../demo/corpus.ts";
import { DEMO_CORPUS_GIVES_WAY, ingestRecords } from "./ingest.ts";
import { TimeSlice } from "../platform/concurrency.ts";

/** Demo documents ingested between two turns of the event loop (a few ms of work: /health stays quick). */
const DEMO_SLICE = 10;

/** the port's reads: they wait for the demo corpus; writes and internals pass straight through */
const DEMO_GATED = new Set(["meta", "search", "mget", "distinctValues", "count"]);

export interface LocalRestaurantIndex {
  index: SearchIndex;
  /** before real documents are written: the corpus gives way; the notice when it was served, once */
  beforeIngest: () => Promise<string | undefined>;
}

export function localRestaurantIndex(
  config: { file: string; demoCorpus: boolean },
  definition: IndexDefinition,
  embedder: Embedder,
  places?: () => readonly Place[],
): LocalRestaurantIndex {
  const target = new LocalSearchIndex("restaurants", definition, { file: config.file });
  let demo: Promise<void> | undefined;
  /** the corpus was loaded here (into an index nothing had been written to: it alone is in it) */
  let demoLoaded = false;
  /** real documents arrived: the demo corpus is neither loaded nor kept */
  let realData = false;
  const wired = config.demoCorpus && places !== undefined;
  const loadDemo = () =>
    (demo ??= (async () => {
      if (realData || (await target.meta())) return;
      // in slices, pausing for a turn of the event loop between them: a server keeps answering meanwhile
      const { records } = generateDemoCorpus(places!());
      demoLoaded = true;
      const turns = new TimeSlice();
      for (let i = 0; i < records.length; i += DEMO_SLICE) {
        await turns.pause();
        await ingestRecords(
          records.slice(i, i + DEMO_SLICE),
          { index: target, embedder },
          { persist: false },
        );
      }
    })());
  // reads wait for the demo corpus the first time; writes do not trigger it
  const index = !wired
    ? target
    : new Proxy(target, {
        get(t, prop, receiver) {
          const v: unknown = Reflect.get(t, prop, receiver);
          if (typeof v !== "function" || !DEMO_GATED.has(String(prop))) return v;
          return async (...args: unknown[]) => {
            if (!realData) await loadDemo();
            return (v as (...a: unknown[]) => unknown).apply(t, args);
          };
        },
      });
  const beforeIngest = async () => {
    if (realData) return undefined;
    realData = true;
    await demo;
    // served: loaded, or due at the first read of an index nothing was written to
    const served = demoLoaded || (wired && !(await target.meta()));
    if (demoLoaded) target.removeWhere((doc) => doc.synthetic === true);
    return served ? DEMO_CORPUS_GIVES_WAY(`restaurants/${basename(config.file)}`) : undefined;
  };
  return { index, beforeIngest };
}
