// Lambda entry of the agentTurn step (declared in shared/simulation/workflow/agent.ts).
import { agentTurn } from "../../shared/simulation/workflow/agent.ts";
import { lambdaHandlerWithLlm } from "../lambda-llm.ts";

export const handler = lambdaHandlerWithLlm(agentTurn);
