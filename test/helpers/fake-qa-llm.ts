// Answers restaurant QA's prompts like a model would (valid JSON for each schema), in process with a
// fixed latency (bench/) or as the body of a fake Messages API reply (tests). Rewrite returns the
// rules' draft from the prompt; grading calls every document relevant; generation cites the first
// document (or URL) of its context. `override` replaces one kind of answer (a hallucinating one).
import type { z } from "zod";
import type { LlmPort, StructuredRequest } from "../../shared/llm/port.ts";

export type QaPromptKind = "rewrite" | "grade" | "generate" | "enrich";

export function kindOf(schema: z.ZodType): QaPromptKind {
  const keys = Object.keys((schema as unknown as { shape?: object }).shape ?? {});
  if (keys.includes("grades")) return "grade";
  if (keys.includes("answer")) return "generate";
  if (keys.includes("review_food")) return "enrich";
  return "rewrite";
}

export function qaAnswer(kind: QaPromptKind, prompt: string): unknown {
  if (kind === "rewrite") return JSON.parse(/규칙 기반 초안: (.*)/.exec(prompt)?.[1] ?? "{}");
  if (kind === "grade")
    return {
      grades: [...prompt.matchAll(/^\[([^\]]+)\]/gm)].map((m) => ({
        place_id: m[1],
        relevant: true,
        reason: "질문 조건과 맞음",
      })),
    };
  if (kind === "enrich")
    return {
      review_food: ["파스타"],
      convenience: ["주차"],
      atmosphere: ["조용한"],
      occasion: ["데이트"],
      features: ["가성비", "요일별 특별반찬"],
    };
  const first = /^\[([^\]]+)\]/m.exec(prompt)?.[1] ?? "none";
  return { answer: `추천드립니다 [${first}].`, citations: [first] };
}

export class FakeQaLlm implements LlmPort {
  readonly name = "fake-qa";
  readonly calls: QaPromptKind[] = [];
  readonly prompts: string[] = [];
  constructor(
    private readonly opts: {
      latencyMs?: number;
      override?: Partial<Record<QaPromptKind, (prompt: string) => unknown>>;
    } = {},
  ) {}
  async structured<S extends z.ZodType>(req: StructuredRequest<S>) {
    const kind = kindOf(req.schema);
    this.calls.push(kind);
    this.prompts.push(req.prompt);
    if (this.opts.latencyMs) await new Promise((r) => setTimeout(r, this.opts.latencyMs));
    const raw = this.opts.override?.[kind]?.(req.prompt) ?? qaAnswer(kind, req.prompt);
    return {
      value: req.schema.parse(raw),
      usage: {
        calls: 1,
        inputTokens: Math.round((req.system.length + req.prompt.length) / 2),
        outputTokens: 60,
      },
    };
  }
}
