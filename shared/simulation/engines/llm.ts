// The LLM engine: each step's Korean prompt file filled with the persona, slot, memory and store cards,
// answered through the simulation's gate and checked by the step's schema. What the rules allow in this
// turn (the slot's categories, the candidate stores, the agent's actions) is an enum in that schema: the
// model is constrained to it, and an answer outside it is retried with the reason like a malformed one.
import { z } from "zod";
import type { LlmPort } from "../../llm/port.ts";
import { dayLabel } from "../calendar.ts";
import { prompt } from "../prompts.ts";
import { storeCard } from "../ranking.ts";
import {
  SLOT_NAMES,
  Step1,
  Step2,
  Step3,
  Step4,
  Step5,
  TIME_SLOTS,
  type Persona,
  type Store,
} from "../types.ts";
import { VOICE, type DecisionEngine, type StepContext } from "./engine.ts";
import type { LlmCaller } from "./llm-gate.ts";

/** A non-empty list of allowed answers as a zod enum (the JSON schema the model is held to). */
const oneOf = (values: readonly string[]) => z.enum(values as [string, ...string[]]);

const coords = (p: { lat: number; lng: number }) => `${p.lat.toFixed(4)}, ${p.lng.toFixed(4)}`;

function personaText(p: Persona): string {
  return [
    `${p.name} (${p.id}, ${p.type === "resident" ? "망원동 거주" : "망원동 방문객"}), ${p.age}세 ${p.gender}, ${p.generation}세대, ${p.occupation}`,
    `성격: ${p.personality}`,
    `선호 업종: ${p.preferred_categories.join(", ")}; 가격 민감도 ${p.price_sensitivity}/5`,
  ].join("\n");
}

export class LlmEngine implements DecisionEngine {
  readonly name = "llm" as const;
  constructor(private readonly caller: LlmCaller) {}

  private ask<S extends Parameters<LlmPort["structured"]>[0]["schema"]>(
    c: StepContext,
    step: string,
    schema: S,
    text: string,
  ) {
    return this.caller.call(
      step,
      () =>
        this.caller.llm.structured({
          system: prompt("system"),
          prompt: text,
          schema,
          tier: "fast",
          maxTokens: 400,
        }),
      c.usage,
    );
  }

  private base(c: StepContext) {
    return {
      persona: personaText(c.persona),
      day_label: dayLabel(c.day, c.calendar),
      slot_name: SLOT_NAMES[c.slot],
      time_slot: c.slot,
      memory_context: c.memory || "(없음)",
    };
  }

  step1(c: StepContext) {
    return this.ask(c, "step1", Step1, prompt("step1_destination", this.base(c)));
  }

  step2(c: StepContext, categories: string[]) {
    return this.ask(
      c,
      "step2",
      Step2.extend({ category: oneOf(categories) }),
      prompt("step2_category", {
        ...this.base(c),
        categories: categories
          .map((cat) => `${cat}(${c.known.filter((s) => s.category === cat).length}곳)`)
          .join(", "),
      }),
    );
  }

  step3(c: StepContext, category: string, candidates: Store[]) {
    const cards = candidates.map((s) => storeCard(s, c.aggregates[s.store_id], c.position)).join("\n\n");
    return this.ask(
      c,
      "step3",
      Step3.extend({ store_name: oneOf(candidates.map((s) => s.name)) }),
      prompt("step3_store", { ...this.base(c), category, store_cards: cards }),
    );
  }

  step4(c: StepContext, store: Store, perspective: string) {
    return this.ask(
      c,
      "step4",
      Step4,
      prompt("step4_evaluate", {
        ...this.base(c),
        store_card: storeCard(store, c.aggregates[store.store_id], c.position),
        perspective,
        voice: VOICE[c.persona.generation],
      }),
    );
  }

  async step5(c: StepContext, actions: readonly string[]) {
    const next = TIME_SLOTS[TIME_SLOTS.indexOf(c.slot) + 1] ?? "다음 날 07:00";
    const session =
      c.session.map((v) => `- ${v.store_name}(${v.category}) ${v.rating}점`).join("\n") || "(없음)";
    return this.ask(
      c,
      "step5",
      Step5.extend({ action: oneOf(actions) }),
      prompt("step5_next_action", {
        ...this.base(c),
        next_slot: next,
        session_activity: session,
        actions: actions.join(", "),
        position: `${c.position.name} (${c.position.lat.toFixed(4)}, ${c.position.lng.toFixed(4)})`,
        places_note: [
          c.persona.home_location ? `, 집 (${coords(c.persona.home_location)})` : "",
          c.persona.work_location ? `, 회사 (${coords(c.persona.work_location)})` : "",
        ].join(""),
      }),
    );
  }
}
