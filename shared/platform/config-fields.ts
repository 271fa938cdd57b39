// The field schemas every part of the one config schema builds on, defined once.
import { z } from "zod";
import { DongneError } from "./errors.ts";

/** A key or text that may be unset: empty or blank counts as unset. */
export const optionalSecret = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

export const int = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** A bad environment: each variable with what is wrong with it (the operator's to fix). */
export class ConfigError extends DongneError {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(
      "internal",
      "설정이 올바르지 않습니다:\n" + issues.map((i) => `  ${i.variable}: ${i.message}`).join("\n"),
    );
  }
}

export const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Naver's API, which place search, restaurant QA and news all call. */
export const NAVER_BASE_URL = "https://openapi.naver.com";

/** The environment through a schema; a ConfigError names each bad variable. */
export function parseEnv<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success)
    throw new ConfigError(
      parsed.error.issues.map((i) => ({ variable: String(i.path[0] ?? "environment"), message: i.message })),
    );
  return parsed.data;
}
