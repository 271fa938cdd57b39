// A setup file (vitest.config.ts): before a file's tests, what the product builds on first use and keeps
// for the process (the gazetteer's tables, the embedded places with their text index, the translator's
// typo indexes: ~4 s of CPU on a quiet machine, once per test worker, immediate after that), so that it
// is built in a hook, whose timeout is its safety net, never inside whichever test or request happens to
// come first (where it once took a unit test past a minute on a busy machine).
import { beforeAll } from "vitest";
import { lookupPlace } from "../../shared/geo/gazetteer.ts";
import { correctFood, correctPlace } from "../../shared/korean/fuzzy.ts";
import { embeddedPlaces } from "../../shared/providers/exec-deps.ts";

beforeAll(async () => {
  lookupPlace("강남역");
  correctPlace("망원");
  correctFood("국밥");
  // the directory test worlds and testExecDeps() name: no imported registry, the demo places
  await embeddedPlaces("/nonexistent-dongne-data").prepare();
});
