// Answers the simulation's five prompts like a model would (valid JSON by each step's schema): over
// HTTP for the fake Messages API, or in-process as an LlmPort with a fixed latency (bench/).
import type { z } from "zod";
import type { LlmPort, StructuredRequest } from "../../shared/llm/port.ts";
import { hashString } from "../../shared/platform/random.ts";
import type { FakeAnthropic, FakeReply } from "./fake-anthropic.ts";

/** The answer for a prompt, given the fields its schema asks for. */
export function answerStep(prompt: string, fields: string, n: number): unknown {
  if (fields.includes("eat_in_mangwon"))
    return n % 3 === 0
      ? { eat_in_mangwon: false, choice: 2, reason: "배부름" }
      : { eat_in_mangwon: true, choice: 1, reason: "배고픔" };
  if (fields.includes("store_name")) {
    // the store cards' headers, after the candidates' section (memory's sections come before it)
    const at = prompt.indexOf("[후보 매장]");
    const cards = at < 0 ? prompt : prompt.slice(at);
    const names = [...cards.matchAll(/^\[(.+)\]$/gm)]
      .map((m) => m[1]!) // the group always participates
      .filter((x) => x !== "후보 매장");
    return { store_name: names[n % Math.max(1, names.length)] ?? "없는 가게", reason: "평점이 좋아서" };
  }
  if (fields.includes("selected_tags"))
    return {
      rating: 1 + (n % 5),
      selected_tags: n % 2 ? ["맛"] : ["가성비", "분위기"],
      comment: "괜찮았어요",
    };
  if (fields.includes("walking_speed")) {
    const actions = /고르세요: (.+)/
      .exec(prompt)?.[1]
      ?.split(", ")
      .map((a) => a.trim()) ?? ["배회하기"];
    const action =
      n % 4 === 0 && actions.includes("카페_가기")
        ? "카페_가기"
        : (actions.find((a) => a === "집에서_쉬기" || a === "망원동_떠나기") ?? actions[0]);
    return {
      action,
      walking_speed: 4.2,
      reason: "피곤해서",
      destination: { name: "집", lat: null, lng: null },
    };
  }
  // "한식(12곳), 카페(3곳), …": the names, without the open-store counts
  const listed = /하나를 고르세요.*: (.+)/.exec(prompt)?.[1]?.split(", ") ?? ["한식"];
  const categories = listed.map((c) => c.replace(/\(\d+곳\)$/, "").trim());
  return { category: categories[n % categories.length]!, reason: "당겨서" };
}

type Req = FakeAnthropic["requests"][number];

export function simulationAnswer(req: Req, n: number): FakeReply {
  const prompt = JSON.stringify(req.messages[0]!.content).replace(/\\n/g, "\n");
  return {
    text: JSON.stringify(answerStep(prompt, JSON.stringify(req.output_config ?? {}), n)),
    inputTokens: 400,
    outputTokens: 40,
  };
}

/** An in-process model that answers after `latencyMs`, counting calls (approximate tokens: chars / 2). */
export class FixedLatencyLlm implements LlmPort {
  readonly name = "fake-fixed-latency";
  calls = 0;
  /** calls per "slot|agent", read off the prompts (the persona line and the time slot) */
  readonly chains = new Map<string, number>();
  constructor(private readonly latencyMs: number) {}
  async structured<S extends z.ZodType>(req: StructuredRequest<S>) {
    this.calls++;
    // the answer depends on the prompt, not on arrival order: every schedule gets the same workload
    const n = hashString(req.prompt);
    const agent = /\(([RP]\d{3,}),/.exec(req.prompt)?.[1];
    const slot = /\((\d\d:\d\d)\)/.exec(req.prompt)?.[1] ?? "step4";
    if (agent) this.chains.set(`${slot}|${agent}`, (this.chains.get(`${slot}|${agent}`) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, this.latencyMs));
    const fields = Object.keys((req.schema as unknown as { shape?: object }).shape ?? {}).join(",");
    const value = req.schema.parse(answerStep(req.prompt, fields, n));
    return {
      value,
      usage: {
        calls: 1,
        inputTokens: Math.round((req.system.length + req.prompt.length) / 2),
        outputTokens: 40,
      },
    };
  }
}
