// Keys that come from users (ids, menu names, tags) and the objects they key. A plain object answers
// to every name of Object.prototype (`constructor`, `toString`, `hasOwnProperty`, …) and treats
// `__proto__` as its prototype, and so do the tools that build objects for us: zod's records drop a
// `__proto__` key silently, DynamoDB's document client fails to marshal a map with a `toString` or
// `valueOf` key and drops a `__proto__` one. So a user-keyed map is never a plain object: in memory it
// is a Map (or an object without a prototype), as JSON (workflow state, a stored item) a list of
// [key, value] pairs, and a record a request sends refuses the reserved names with a reason.
import { z } from "zod";

/** Every name Object.prototype answers to, and `prototype`: what a plain object's key must never be. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  "prototype",
]);

export const isReservedKey = (key: string): boolean => RESERVED_KEYS.has(key);

/** Why a reserved name is refused as a key, in the caller's words. */
export const RESERVED_KEY_REASON =
  '"__proto__", "constructor", "toString"처럼 모든 객체가 이미 가진 예약된 이름은 키로 쓸 수 없습니다';

/** An object without a prototype: a key is only what was put there. */
export const dictionary = <V>(): Record<string, V> => Object.create(null) as Record<string, V>;

/** Whether a value is a plain JSON object (not an array, not null). */
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A record a request sends, keyed by names the user chose: every key is checked against the reserved
 * names, `__proto__` before zod sees it (zod's record skips that key without a word, and would keep
 * `constructor`), each refusal naming its key.
 */
export const userRecord = <K extends z.ZodType<string, string>, V extends z.ZodType>(key: K, value: V) =>
  z.preprocess(
    (v, ctx) => {
      if (isObject(v) && Object.hasOwn(v, "__proto__"))
        ctx.addIssue({ code: "custom", path: ["__proto__"], message: RESERVED_KEY_REASON });
      return v;
    },
    z.record(
      key.refine((k) => !isReservedKey(k), RESERVED_KEY_REASON),
      value,
    ),
  );

/**
 * A map keyed by user ids, as JSON: a list of [key, value] pairs (at most `max`). An object of the
 * same pairs (the form written before) is read as its own entries, so older stored items still parse.
 */
export const keyedPairs = <V extends z.ZodType>(value: V, max = 1000) =>
  z.preprocess((v) => (isObject(v) ? Object.entries(v) : v), z.array(z.tuple([z.string(), value])).max(max));
