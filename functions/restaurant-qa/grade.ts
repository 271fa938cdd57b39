// Lambda entry of the grade step (declared in shared/restaurant-qa/workflow/grade.ts).
import { grade } from "../../shared/restaurant-qa/workflow/grade.ts";
import { lambdaHandlerWithLlm } from "../lambda-llm.ts";

export const handler = lambdaHandlerWithLlm(grade);
