// Lambda: dedupe and post-processing → the normalized AgentResponse of seed 000.
import { ExecState } from "../../shared/place-search/executor.ts";
import type { ExecDeps } from "../../shared/place-search/exec-deps.ts";
import { postProcess } from "../../shared/place-search/postprocess.ts";
import { runtime } from "../../shared/runtime.ts";
import { stepHandler } from "../step.ts";

export function postProcessHandler(event: unknown, deps: Pick<ExecDeps, "places">) {
  return postProcess(ExecState.parse(event), {
    dataSource: deps.places.dataSource,
    synthetic: deps.places.synthetic,
  });
}

export const handler = stepHandler("post-process", async (event) =>
  postProcessHandler(event, (await runtime()).exec()),
);
