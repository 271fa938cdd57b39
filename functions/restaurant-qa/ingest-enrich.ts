// Lambda entry of the enrichIngest step (declared in shared/restaurant-qa/workflow/ingest-enrich.ts).
import { enrichIngest } from "../../shared/restaurant-qa/workflow/ingest-enrich.ts";
import { lambdaHandlerWithLlm } from "../lambda-llm.ts";

export const handler = lambdaHandlerWithLlm(enrichIngest);
