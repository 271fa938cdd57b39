// Lambda entry of the ingest job's finishIngest step (declared with its siblings in ingest-job.ts).
import { lambdaHandler } from "../lambda.ts";
import { finishIngest } from "../../shared/restaurant-qa/workflow/ingest-job.ts";

export const handler = lambdaHandler(finishIngest);
