// The place-search workflow steps (seeds 000/001), in the order they run.
import { executeStep } from "./execute.ts";
import { plan } from "./plan.ts";
import { postProcessStep } from "./post-process.ts";
import { searchPoint } from "./search-point.ts";
import { translate } from "./translate.ts";

export const PLACE_SEARCH_STEPS = {
  translate,
  plan,
  execute: executeStep,
  searchPoint,
  postProcess: postProcessStep,
};
