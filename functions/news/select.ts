// Lambda entry of the selectDocuments step (declared in shared/news/workflow/select.ts).
import { selectDocuments } from "../../shared/news/workflow/select.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(selectDocuments);
