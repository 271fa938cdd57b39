// Lambda entry of the retrieve step (declared in shared/restaurant-qa/workflow/retrieve.ts).
import { retrieve } from "../../shared/restaurant-qa/workflow/retrieve.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(retrieve);
