// Lambda entry of the postProcessStep step (declared in shared/place-search/workflow/post-process.ts).
import { postProcessStep } from "../../shared/place-search/workflow/post-process.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(postProcessStep);
