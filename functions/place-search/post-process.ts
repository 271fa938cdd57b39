// Lambda: dedupe and post-processing → the normalized AgentResponse of seed 000.
import { ExecState } from "../../shared/place-search/executor.ts";
import { AgentResponse } from "../../shared/places/place.ts";
import { postProcess } from "../../shared/place-search/postprocess.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const postProcessStep = defineStep({
  state: "PostProcess",
  description: "Dedupe and post-processing → the normalized AgentResponse",
  input: ExecState,
  output: AgentResponse,
  lambda: { timeoutSeconds: 30 },
  entry: import.meta.url,
  run: (input, rt) => {
    const { places } = rt.exec();
    return postProcess(input, { dataSource: places.dataSource, synthetic: places.synthetic });
  },
});

export const handler = lambdaHandler(postProcessStep);
