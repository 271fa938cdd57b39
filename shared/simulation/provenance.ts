// Provenance (issue 15): what produced a simulation — its engine and model, each prompt template, the
// store and persona sets, the product version and every parameter — fixed once when the record is
// created. Two runs with the same provenance and seed decide the same (offline, or a replay); a
// replay is refused when its world no longer fingerprints as the recorded run's did.
import { createHash } from "node:crypto";
import { z } from "zod";
import { PROMPT_NAMES, promptTemplate } from "./prompts.ts";

/** sha256 of a value's JSON, cut to 12 hex digits: enough to tell sets apart, short enough to read. */
export const fingerprint = (value: unknown): string =>
  createHash("sha256")
    .update(typeof value === "string" ? value : JSON.stringify(value))
    .digest("hex")
    .slice(0, 12);

export const Provenance = z.object({
  engine: z.enum(["llm", "offline", "replay"]),
  /** the model the simulation asks (the LLM port's fast tier); a replay's is the recorded run's; null offline */
  model: z.string().nullable(),
  /** each prompt template as written, by name: its fingerprint */
  prompts: z.record(z.string(), z.string()),
  /** the fingerprints of the store set and the persona set the run acts on */
  stores: z.string(),
  personas: z.string(),
  /** the product's commit (see shared/platform/version.ts) */
  version: z.string(),
  seed: z.number().int(),
  startDate: z.string().optional(),
  /** every parameter of the record as it was created */
  parameters: z.record(z.string(), z.unknown()),
});
export type Provenance = z.infer<typeof Provenance>;

export const promptFingerprints = (): Record<string, string> =>
  Object.fromEntries(PROMPT_NAMES.map((name) => [name, fingerprint(promptTemplate(name))]));

/** What of the world a replay depends on, named where it differs from the recorded run's. */
export function worldChanges(recorded: Provenance, now: Pick<Provenance, "prompts" | "stores" | "personas">) {
  const changed: string[] = [];
  if (recorded.stores !== now.stores) changed.push("가게 세트");
  if (recorded.personas !== now.personas) changed.push("페르소나 세트");
  const prompts = Object.keys({ ...recorded.prompts, ...now.prompts }).filter(
    (name) => recorded.prompts[name] !== now.prompts[name],
  );
  if (prompts.length) changed.push(`프롬프트 ${prompts.join(", ")}`);
  return changed;
}
