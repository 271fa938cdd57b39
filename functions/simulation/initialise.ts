// Lambda entry of the initialise step (declared in shared/simulation/workflow/initialise.ts).
import { initialise } from "../../shared/simulation/workflow/initialise.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(initialise);
