// The command line's part of the one config schema: which server `npx dongne` talks to. Unset, the CLI
// looks for a dongne server on PORT and uses it when one answers (so it never fights `npm start` over
// DATA_DIR), else runs the product in its own process.
import { z } from "zod";
import { optionalSecret } from "./config-fields.ts";

export const ClientEnv = {
  /** a dongne API (a deployed stack's ApiUrl, or a local server): the CLI becomes its client */
  DONGNE_API_URL: optionalSecret.refine((v) => v === undefined || URL.canParse(v), "URL이어야 합니다"),
  /** the key the CLI sends in x-api-key (with DONGNE_API_URL, or to a local server with API_KEYS) */
  DONGNE_API_KEY: optionalSecret,
  /** auto: use a dongne server found on PORT; local: always run in the CLI's own process (the tests) */
  DONGNE_CLI_MODE: z.enum(["auto", "local"]).default("auto"),
};
export const ClientEnvSchema = z.object(ClientEnv);

export interface ClientConfig {
  apiUrl?: string;
  apiKey?: string;
  mode: "auto" | "local";
}

export const clientConfig = (e: z.infer<typeof ClientEnvSchema>): ClientConfig => ({
  apiUrl: e.DONGNE_API_URL,
  apiKey: e.DONGNE_API_KEY,
  mode: e.DONGNE_CLI_MODE,
});
