// The step prompts are Korean text files beside this module (and beside the Lambda bundle); {{name}}
// placeholders are filled from the step's context.
import { readFileSync } from "node:fs";

const cache = new Map<string, string>();

export const PROMPT_NAMES = [
  "system",
  "step1_destination",
  "step2_category",
  "step3_store",
  "step4_evaluate",
  "step5_next_action",
] as const;
export type PromptName = (typeof PROMPT_NAMES)[number];

/** A prompt file as written, placeholders and all. */
export function promptTemplate(name: PromptName): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(new URL(`./prompts/${name}.txt`, import.meta.url), "utf8").trim();
    cache.set(name, text);
  }
  return text;
}

export function prompt(name: PromptName, vars: Record<string, string> = {}): string {
  return promptTemplate(name).replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = vars[key];
    if (value === undefined) throw new Error(`prompt ${name} needs {{${key}}}`);
    return value;
  });
}

const SLOT_BY_NAME: Record<string, string> = { 아침: "07:00", 점심: "12:00", 저녁: "18:00", 야식: "22:00" };

/**
 * The eat-out rates per slot that step 1's prompt gives the agents ("아침 약 30%, …"), read from the
 * prompt itself: the calibration compares with them and the offline engine starts from them, so they
 * are what the LLM is told, never a second copy.
 */
let reference: Record<string, number> | undefined;

export function referenceEatOut(): Record<string, number> {
  if (reference) return reference;
  const out: Record<string, number> = {};
  for (const [, name, pct] of promptTemplate("step1_destination").matchAll(
    /(아침|점심|저녁|야식) 약 (\d+)%/g,
  ))
    out[SLOT_BY_NAME[name!]!] = Number(pct) / 100;
  if (Object.keys(out).length !== 4) throw new Error("step1_destination lost its reference eat-out rates");
  reference = out;
  return out;
}
