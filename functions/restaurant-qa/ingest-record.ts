// Lambda entry of the ingest job's recordIngest step (declared with its siblings in ingest-job.ts).
import { lambdaHandler } from "../lambda.ts";
import { recordIngest } from "../../shared/restaurant-qa/workflow/ingest-job.ts";

export const handler = lambdaHandler(recordIngest);
