// Zod's own reasons in Korean: a 400 names its reason to a person, who reads Korean. Set once, process-wide
// (z.config), by the configuration module (config.ts): the API, every Lambda step (runtime.ts) and the CLI
// load the configuration before they parse anything, so no entry point can parse with English defaults.
// Zod's bundled Korean locale names types in English ("예상 타입은 number"); the reasons a request can
// meet are said here in plain Korean, naming the limit, and the rest falls back to that locale.
import { z } from "zod";

const korean = z.locales.ko().localeError;

/** What a value must be, by zod's name of its type. */
const MUST_BE: Record<string, string> = {
  string: "문자열이어야 합니다",
  number: "숫자여야 합니다",
  int: "정수여야 합니다",
  bigint: "정수여야 합니다",
  boolean: "true 또는 false여야 합니다",
  object: "객체여야 합니다",
  array: "목록이어야 합니다",
  date: "날짜여야 합니다",
  null: "null이어야 합니다",
};

const UNIT: Record<string, string> = { string: "자", array: "개", set: "개", map: "개", file: "바이트" };

const quote = (v: unknown) => (typeof v === "string" ? `"${v}"` : String(v));

/** The Korean reason for one issue (the `localeError` zod consults when a schema gives none). */
export const koreanError: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      return MUST_BE[issue.expected] ?? korean(issue);
    case "too_big": {
      const unit = UNIT[issue.origin];
      const max = String(issue.maximum);
      if (unit) return `최대 ${max}${unit}입니다`;
      return issue.inclusive ? `${max} 이하여야 합니다` : `${max}보다 작아야 합니다`;
    }
    case "too_small": {
      const unit = UNIT[issue.origin];
      const min = String(issue.minimum);
      if (unit === "자" && Number(issue.minimum) === 1) return "비어 있으면 안 됩니다";
      if (unit === "개" && Number(issue.minimum) === 1) return "하나 이상 있어야 합니다";
      if (unit) return `최소 ${min}${unit}입니다`;
      return issue.inclusive ? `${min} 이상이어야 합니다` : `${min}보다 커야 합니다`;
    }
    case "invalid_value":
      return issue.values.length === 1
        ? `${quote(issue.values[0])}이어야 합니다`
        : `${issue.values.map(quote).join(", ")} 중 하나여야 합니다`;
    case "unrecognized_keys":
      return `알 수 없는 필드입니다: ${issue.keys.join(", ")}`;
    case "invalid_union":
      return "받을 수 있는 형식이 아닙니다";
    case "invalid_key":
      // the key's own reason (a record's key schema says why), else a plain sentence
      return issue.issues[0]?.message ?? "쓸 수 없는 키입니다";
    case "invalid_element":
      return issue.issues[0]?.message ?? "쓸 수 없는 항목입니다";
    case "not_multiple_of":
      return `${String(issue.divisor)}의 배수여야 합니다`;
    default:
      return korean(issue);
  }
};

z.config({ localeError: koreanError });
