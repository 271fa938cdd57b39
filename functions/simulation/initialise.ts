// Lambda entry of the initialise step (declared in shared/simulation/workflow/initialise.ts).
import { initialise } from "../../shared/simulation/workflow/initialise.ts";
import { lambdaHandlerWithLlm } from "../lambda-llm.ts";

export const handler = lambdaHandlerWithLlm(initialise);
