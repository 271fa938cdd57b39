// Lambda entry of the ingest job's loadIngest step (declared with its siblings in ingest-job.ts).
import { lambdaHandler } from "../lambda.ts";
import { loadIngest } from "../../shared/restaurant-qa/workflow/ingest-job.ts";

export const handler = lambdaHandler(loadIngest);
