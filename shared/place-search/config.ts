// Place search's part of the one config schema (seeds 000/001): which provider answers place searches
// and how many provider calls one search keeps in flight. It belongs to the platform layer (the
// platform's config composes it) and imports only platform code. The providers' keys, addresses and
// timeouts are the platform's: restaurant QA and news call the same providers.
import { z } from "zod";
import { int } from "../platform/config-fields.ts";

export const PlaceSearchEnv = {
  /** auto: Kakao when KAKAO_REST_API_KEY is set, else the embedded demo places */
  PLACE_PROVIDER: z.enum(["auto", "kakao", "embedded"]).default("auto"),
  PROVIDER_CONCURRENCY: int(1, 64, 8),
};
export type PlaceSearchEnvValues = z.infer<z.ZodObject<typeof PlaceSearchEnv>>;
type WithKakaoKey = PlaceSearchEnvValues & { KAKAO_REST_API_KEY?: string };

/** Cross-field rules for the schema's superRefine: [variable, message]. */
export const placeSearchEnvIssues = (env: WithKakaoKey): [string, string][] =>
  env.PLACE_PROVIDER === "kakao" && !env.KAKAO_REST_API_KEY
    ? [["KAKAO_REST_API_KEY", "PLACE_PROVIDER=kakao이면 필요합니다"]]
    : [];

/** The provider that answers place searches. */
export const placeProvider = (env: WithKakaoKey): "kakao" | "embedded" =>
  env.PLACE_PROVIDER === "auto" ? (env.KAKAO_REST_API_KEY ? "kakao" : "embedded") : env.PLACE_PROVIDER;
