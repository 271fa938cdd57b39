// Lambda entry of the prepare step (declared in shared/simulation/workflow/prepare.ts).
import { prepare } from "../../shared/simulation/workflow/prepare.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(prepare);
