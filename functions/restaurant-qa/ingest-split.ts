// Lambda entry of the ingest job's splitIngest step (declared with its siblings in ingest-job.ts).
import { lambdaHandler } from "../lambda.ts";
import { splitIngest } from "../../shared/restaurant-qa/workflow/ingest-job.ts";

export const handler = lambdaHandler(splitIngest);
