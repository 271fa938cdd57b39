// Lambda entry of the translate step (declared in shared/place-search/workflow/translate.ts).
import { translate } from "../../shared/place-search/workflow/translate.ts";
import { lambdaHandlerWithLlm } from "../lambda-llm.ts";

export const handler = lambdaHandlerWithLlm(translate);
