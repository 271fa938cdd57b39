// Lambda entry of the translate step (declared in shared/place-search/workflow/translate.ts).
import { translate } from "../../shared/place-search/workflow/translate.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(translate);
