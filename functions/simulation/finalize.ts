// Lambda entry of the finalize step (declared in shared/simulation/workflow/finalize.ts).
import { finalize } from "../../shared/simulation/workflow/finalize.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(finalize);
