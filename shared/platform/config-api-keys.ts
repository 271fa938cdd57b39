// The API keys and the little the authorizer reads, apart from the one config schema: the authorizer
// (functions/api/authorizer.ts) loads only this, so its cold start does not build every setting of the
// product (config.ts takes its API_KEYS field, and these definitions, from here).
import { z } from "zod";
import { int, optionalSecret, parseEnv } from "./config-fields.ts";

export const LOG_LEVELS = z.enum(["DEBUG", "INFO", "WARN", "ERROR", "SILENT"]).default("INFO");
export const SECRETS_TTL = int(0, 86_400, 300);

/** The one variable the API-keys secret may set. */
export const API_KEYS_NAMES = ["API_KEYS"] as const;

/** Keys a caller presents (`x-api-key`): a JSON array of {id, key | sha256, scopes}. */
export const ApiKeyEntry = z
  .object({
    id: z.string().regex(/^[\w.-]{1,64}$/, "영문자, 숫자, _ . -로 최대 64자입니다"),
    key: z.string().min(16, "최소 16자입니다").optional(),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/, "16진수 SHA-256 다이제스트여야 합니다")
      .optional(),
    scopes: z
      .array(z.enum(["read", "write"]))
      .min(1)
      .default(["read", "write"]),
  })
  .refine((k) => Boolean(k.key) !== Boolean(k.sha256), "key와 sha256 중 하나만 주세요");
export type ApiKeyEntry = z.infer<typeof ApiKeyEntry>;

export const apiKeys = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return [];
    try {
      const parsed = z.array(ApiKeyEntry).safeParse(JSON.parse(v));
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "invalid" });
    } catch {
      ctx.addIssue({ code: "custom", message: "{id, key | sha256, scopes}의 JSON 배열이어야 합니다" });
    }
    return z.NEVER;
  });

/** What the authorizer reads from its environment and its secret. */
export const AuthorizerEnv = z.object({
  API_KEYS: apiKeys,
  SECRETS_ARN: optionalSecret,
  SECRETS_TTL_SECONDS: SECRETS_TTL,
  LOG_LEVEL: LOG_LEVELS,
});

export interface AuthorizerConfig {
  keys: ApiKeyEntry[];
  secretsArn?: string;
  secretsTtlSeconds: number;
  logLevel: z.infer<typeof LOG_LEVELS>;
}

/** Parses the authorizer's variables; throws a ConfigError naming each bad one. */
export function loadAuthorizerConfig(
  env: Record<string, string | undefined> = process.env,
): AuthorizerConfig {
  const e = parseEnv(AuthorizerEnv, env);
  return {
    keys: e.API_KEYS,
    secretsArn: e.SECRETS_ARN,
    secretsTtlSeconds: e.SECRETS_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
  };
}
