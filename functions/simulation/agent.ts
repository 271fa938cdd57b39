// Lambda entry of the agentTurn step (declared in shared/simulation/workflow/agent.ts).
import { agentTurn } from "../../shared/simulation/workflow/agent.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(agentTurn);
