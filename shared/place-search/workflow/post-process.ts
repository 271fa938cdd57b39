// Lambda: dedupe and post-processing → the normalized AgentResponse of seed 000.
import { ExecState } from "../executor.ts";
import { AgentResponse } from "../../places/place.ts";
import { postProcess } from "../postprocess.ts";
import { defineStep } from "../../runtime/port.ts";

export const postProcessStep = defineStep({
  state: "PostProcess",
  description: "Dedupe and post-processing → the normalized AgentResponse",
  input: ExecState,
  output: AgentResponse,
  lambda: { timeoutSeconds: 30 },
  entry: "place-search/post-process.ts",
  run: (input, rt) => {
    const { places, google } = rt.exec();
    return postProcess(input, {
      dataSource: places.dataSource,
      synthetic: places.synthetic,
      google: google !== undefined,
    });
  },
});
