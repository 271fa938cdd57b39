// Record and replay for the offline engine (issue 27), the way LLM turns are recorded: each step the
// offline policy answers is one item of the turn's recording (REC#<slot>#<agent>#<nnn>, as an LLM call),
// holding the answer and how many numbers the step drew from the turn's random stream. The turn's other
// draws (the ranked candidates, step 4's perspective, a wander's end) come from the same stream, so a
// replay answers each step from the recording and draws as many numbers as the step did: everything
// after it runs as it ran. A replay therefore decides what the run decided even once the policy's code
// has changed; a step the recording lacks (another world) fails the turn, as an LLM replay's miss does.
import { z } from "zod";
import { noUsage, type LlmPort } from "../../llm/port.ts";
import { type CallLog, requestKey } from "../../llm/recording.ts";
import { Step1, Step2, Step3, Step4, Step5, type Store } from "../types.ts";
import type { DecisionEngine, StepContext } from "./engine.ts";

/** The system line of a recorded offline step: no prompt went to a model, the step and its inputs did. */
const OFFLINE_STEP = "offline-engine step";

/** What identifies a step's question: the step and the inputs the policy was handed beside the context. */
const stepRequest = (step: string, inputs: unknown[]) => ({
  tier: "fast" as const,
  system: OFFLINE_STEP,
  prompt: JSON.stringify([step, ...inputs]),
});

const storeIds = (stores: readonly Store[]) => stores.map((s) => s.store_id);

/** The recorded value of one step: the answer and the random numbers it drew. */
const recordedStep = <S extends z.ZodType>(answer: S) => z.object({ answer, draws: z.number().int().min(0) });

/** Each step's inputs beside the context, as both sides name them. */
const INPUTS = {
  step1: (c: StepContext) => [c.slot],
  step2: (c: StepContext, categories: string[]) => [c.slot, categories],
  step3: (c: StepContext, category: string, candidates: Store[]) => [c.slot, category, storeIds(candidates)],
  step4: (c: StepContext, store: Store, perspective: string) => [c.slot, store.store_id, perspective],
  step5: (c: StepContext, actions: readonly string[]) => [c.slot, actions, c.position.name],
};

/** The offline engine with every step it answers appended to the run's recording. */
export class RecordingEngine implements DecisionEngine {
  readonly name: DecisionEngine["name"];

  constructor(
    private readonly inner: DecisionEngine,
    private readonly log: CallLog,
  ) {
    this.name = inner.name;
  }

  private async record<T>(
    c: StepContext,
    step: string,
    inputs: unknown[],
    decide: (c: StepContext) => Promise<T>,
  ) {
    let draws = 0;
    const answer = await decide({ ...c, rng: () => (draws++, c.rng()) });
    await this.log.append({
      key: requestKey(stepRequest(step, inputs)),
      model: this.inner.name,
      tier: "fast",
      usage: noUsage(),
      value: { answer, draws },
    });
    return answer;
  }

  step1(c: StepContext) {
    return this.record(c, "step1", INPUTS.step1(c), (x) => this.inner.step1(x));
  }
  step2(c: StepContext, categories: string[]) {
    return this.record(c, "step2", INPUTS.step2(c, categories), (x) => this.inner.step2(x, categories));
  }
  step3(c: StepContext, category: string, candidates: Store[]) {
    const inputs = INPUTS.step3(c, category, candidates);
    return this.record(c, "step3", inputs, (x) => this.inner.step3(x, category, candidates));
  }
  step4(c: StepContext, store: Store, perspective: string) {
    const inputs = INPUTS.step4(c, store, perspective);
    return this.record(c, "step4", inputs, (x) => this.inner.step4(x, store, perspective));
  }
  step5(c: StepContext, actions: readonly string[]) {
    return this.record(c, "step5", INPUTS.step5(c, actions), (x) => this.inner.step5(x, actions));
  }
}

/**
 * Answers every step from a recorded offline run (through the turn's recording, `turnCalls`: the
 * recordings' TurnReplayLlm), drawing the numbers the step drew; no policy runs.
 */
export class ReplayEngine implements DecisionEngine {
  readonly name = "offline" as const;

  constructor(private readonly turnCalls: LlmPort) {}

  private async replay<S extends z.ZodType>(c: StepContext, step: string, inputs: unknown[], schema: S) {
    const { value } = await this.turnCalls.structured({
      ...stepRequest(step, inputs),
      schema: recordedStep(schema),
    });
    const { answer, draws } = value as { answer: z.infer<S>; draws: number };
    for (let i = 0; i < draws; i++) c.rng();
    return answer;
  }

  step1(c: StepContext) {
    return this.replay(c, "step1", INPUTS.step1(c), Step1);
  }
  step2(c: StepContext, categories: string[]) {
    return this.replay(c, "step2", INPUTS.step2(c, categories), Step2);
  }
  step3(c: StepContext, category: string, candidates: Store[]) {
    return this.replay(c, "step3", INPUTS.step3(c, category, candidates), Step3);
  }
  step4(c: StepContext, store: Store, perspective: string) {
    return this.replay(c, "step4", INPUTS.step4(c, store, perspective), Step4);
  }
  step5(c: StepContext, actions: readonly string[]) {
    return this.replay(c, "step5", INPUTS.step5(c, actions), Step5);
  }
}
