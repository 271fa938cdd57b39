// The step prompts are Korean text files beside this module (and beside the Lambda bundle); {{name}}
// placeholders are filled from the step's context.
import { readFileSync } from "node:fs";

const cache = new Map<string, string>();

export type PromptName =
  "system" | "step1_destination" | "step2_category" | "step3_store" | "step4_evaluate" | "step5_next_action";

export function prompt(name: PromptName, vars: Record<string, string> = {}): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(new URL(`./prompts/${name}.txt`, import.meta.url), "utf8").trim();
    cache.set(name, text);
  }
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = vars[key];
    if (value === undefined) throw new Error(`prompt ${name} needs {{${key}}}`);
    return value;
  });
}
