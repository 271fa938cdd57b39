// Lambda entry of the embedIngest step (declared in shared/restaurant-qa/workflow/ingest-embed.ts).
import { embedIngest } from "../../shared/restaurant-qa/workflow/ingest-embed.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(embedIngest);
