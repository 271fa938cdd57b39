// Lambda entry of the ingest job's failIngest step (declared with its siblings in ingest-job.ts).
import { lambdaHandler } from "../lambda.ts";
import { failIngest } from "../../shared/restaurant-qa/workflow/ingest-job.ts";

export const handler = lambdaHandler(failIngest);
