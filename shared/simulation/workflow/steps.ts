// The simulation's workflow steps (seed 004).
import { agentTurn } from "./agent.ts";
import { collect } from "./collect.ts";
import { markFailed } from "./fail.ts";
import { finalize } from "./finalize.ts";
import { flush } from "./flush.ts";
import { initialise } from "./initialise.ts";
import { prepare } from "./prepare.ts";

export const SIMULATION_STEPS = { initialise, flush, prepare, agentTurn, collect, finalize, markFailed };
