// Lambda entry of the grade step (declared in shared/restaurant-qa/workflow/grade.ts).
import { grade } from "../../shared/restaurant-qa/workflow/grade.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(grade);
