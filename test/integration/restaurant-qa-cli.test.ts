// `dongne ask` without a question: a conversation on the command line. Each line is a question in the
// same conversation, so a follow-up is about the last answer; "/새 대화" starts another.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalWorld } from "../../functions/api/local.ts";
import type { CrawlRecordInput } from "../../shared/places/restaurant-crawl.ts";
import { conversationCommand } from "../../shared/restaurant-qa/cli.ts";
import { qaRuntime, type QaRuntime } from "../../shared/restaurant-qa/wiring.ts";
import { testWorld } from "../helpers/server.ts";

const e7 = (x: number) => String(Math.round(x * 1e7));
// noodle places around 망원역 (37.556094, 126.910052), at different distances
const rec = (id: string, title: string, lat: number, lon: number, price: string): CrawlRecordInput => ({
  place_id: id,
  title,
  address: `서울 마포구 망원동 ${id}`,
  roadAddress: "",
  mapx: e7(lon),
  mapy: e7(lat),
  menus: [{ name: "칼국수", price }],
  reviews: ["국물이 진해요."],
  description: "",
  collected_at: "2025-10-01",
});

let world: LocalWorld;
let qa: QaRuntime;

beforeAll(async () => {
  world = await testWorld({}, { QA_DEMO_CORPUS: "off" });
  qa = qaRuntime(world.rt);
  await qa.qa.ingest([
    rec("k1", "먼 칼국수", 37.5605, 126.9065, "9,000원"),
    rec("k2", "가까운 칼국수", 37.5562, 126.9102, "10,000원"),
    rec("k3", "중간 칼국수", 37.5585, 126.9085, "8,000원"),
  ]);
});
afterAll(() => world.close());

async function converse(lines: string[]): Promise<string[]> {
  const out: string[] = [];
  async function* input() {
    yield* lines;
  }
  await conversationCommand(input(), (request) => qa.qa.ask(request), { log: (line) => void out.push(line) });
  return out;
}

describe("dongne ask, a conversation", () => {
  it("sends the conversation back with each question, so a follow-up is about the last answer", async () => {
    const out = await converse([
      "망원역 근처 칼국수",
      "그 중에 제일 가까운 곳은?",
      "/새 대화",
      "망원역 근처 칼국수",
      "",
      "this line is never read",
    ]);
    const turns = out.filter((l) => /^\(대화 .+ · \d번째 질문\)$/.test(l));
    expect(turns).toHaveLength(3);
    const id = (l: string) => /^\(대화 (\S+) ·/.exec(l)![1];
    // the follow-up continues the first conversation; "/새 대화" opens another
    expect(id(turns[1]!)).toBe(id(turns[0]!));
    expect(turns[1]).toMatch(/2번째 질문/);
    expect(id(turns[2]!)).not.toBe(id(turns[0]!));
    expect(turns[2]).toMatch(/1번째 질문/);
    expect(out).toContain("새 대화를 시작합니다.");
    // the follow-up's answer opens with the nearest of the earlier three
    const followUp = out[out.indexOf(turns[0]!) + 1]!;
    expect(followUp).toMatch(/가까운 칼국수/);
    expect(followUp).not.toMatch(/먼 칼국수|중간 칼국수/);
    expect(out.join("\n")).not.toContain("this line is never read");
  });
});
