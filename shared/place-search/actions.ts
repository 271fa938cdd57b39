// The APIPicker action allow-list (seed 000) as a registry: each action's parameters (zod), the fields
// its result has and what it runs, so a plan (ours, an LLM's or a caller's) is checked before anything
// runs and the executor looks an action up instead of switching on its name.
import { distanceActions } from "./actions/distance.ts";
import { googleActions } from "./actions/google.ts";
import { localSearchActions } from "./actions/local-search.ts";
import { midpointActions } from "./actions/midpoint.ts";
import type { ActionDef } from "./actions/params.ts";
import { routeActions } from "./actions/route.ts";

export { REF_PATTERN } from "./actions/params.ts";

export const ACTIONS = {
  ...localSearchActions,
  ...midpointActions,
  ...routeActions,
  ...distanceActions,
  ...googleActions,
} satisfies Record<string, ActionDef>;

export type ActionName = keyof typeof ACTIONS;
export const ACTION_NAMES = Object.keys(ACTIONS) as ActionName[];
export const isActionName = (s: string): s is ActionName => Object.hasOwn(ACTIONS, s);
