// Lambda entry of the prepareIngest step (declared in shared/restaurant-qa/workflow/ingest-prepare.ts).
import { prepareIngest } from "../../shared/restaurant-qa/workflow/ingest-prepare.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(prepareIngest);
