// Answers the simulation's five prompts like a model would (valid JSON by each step's schema), so a
// whole simulation can run through the real Anthropic SDK against a fake Messages API.
import type { FakeAnthropic, FakeReply } from "./fake-anthropic.ts";

type Req = FakeAnthropic["requests"][number];

const promptOf = (req: Req) => JSON.stringify(req.messages[0].content);
const schemaOf = (req: Req) => JSON.stringify(req.output_config ?? {});

export function simulationAnswer(req: Req, n: number): FakeReply {
  const prompt = promptOf(req).replace(/\\n/g, "\n");
  const schema = schemaOf(req);
  const ok = (value: unknown) => ({ text: JSON.stringify(value), inputTokens: 400, outputTokens: 40 });
  if (schema.includes("eat_in_mangwon"))
    return ok(
      n % 3 === 0
        ? { eat_in_mangwon: false, choice: 2, reason: "배부름" }
        : { eat_in_mangwon: true, choice: 1, reason: "배고픔" },
    );
  if (schema.includes("store_name")) {
    const names = [...prompt.matchAll(/^\[(.+)\]$/gm)]
      .map((m) => m[1])
      .filter((x) => !["페르소나", "기억", "후보 매장"].includes(x) && !x.startsWith("지금"));
    return ok({ store_name: names[n % names.length] ?? "없는 가게", reason: "평점이 좋아서" });
  }
  if (schema.includes("selected_tags"))
    return ok({
      rating: 1 + (n % 5),
      selected_tags: n % 2 ? ["맛"] : ["가성비", "분위기"],
      comment: "괜찮았어요",
    });
  if (schema.includes("walking_speed")) {
    const actions = /고르세요: (.+)/
      .exec(prompt)?.[1]
      .split(", ")
      .map((a) => a.trim()) ?? ["배회하기"];
    const action = actions.find((a) => a === "집에서_쉬기" || a === "망원동_떠나기") ?? actions[0];
    return ok({
      action,
      walking_speed: 4.2,
      reason: "피곤해서",
      destination: { name: "집", lat: null, lng: null },
    });
  }
  const categories = /하나를 고르세요: (.+)/.exec(prompt)?.[1].split(", ") ?? ["한식"];
  return ok({ category: categories[n % categories.length].trim(), reason: "당겨서" });
}
