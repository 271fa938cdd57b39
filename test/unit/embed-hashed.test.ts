import { describe, expect, it } from "vitest";
import { HashedNgramEmbedder } from "../../shared/embed/hashed-ngrams.ts";
import { dot } from "../../shared/embed/port.ts";
import { decodeVector, encodeVector } from "../../shared/embed/vector-codec.ts";

const e = new HashedNgramEmbedder(512);
const sim = (a: string, b: string) => dot(e.embedOne(a), e.embedOne(b));

describe("hashed n-gram embedder", () => {
  it("is deterministic and returns unit vectors of its dimension", async () => {
    const [a, b] = await e.embed(["망원동 삼겹살 맛집", "망원동 삼겹살 맛집"]);
    expect(a).toEqual(b);
    expect(a).toHaveLength(512);
    expect(dot(a!, a!)).toBeCloseTo(1, 6);
  });

  it("places Korean texts that share words and syllables closer than unrelated ones", () => {
    const doc = "식당 이름: 스시 다이닝\n메뉴: 모둠초밥,연어초밥\n편의: 주차,예약\n분위기: 조용한";
    const related = sim("강남역 주차되는 일식 초밥집", doc);
    const unrelated = sim("홍대 떡볶이 분식 포장", doc);
    expect(related).toBeGreaterThan(unrelated + 0.05);
    // particles do not hide the word: 주차되는 still meets 주차
    expect(sim("주차되는 곳", "편의: 주차")).toBeGreaterThan(sim("배달되는 곳", "편의: 주차"));
  });

  it("gives an empty text the zero vector and refuses a dimension that is not a power of two", () => {
    expect(e.embedOne("").every((x) => x === 0)).toBe(true);
    expect(() => new HashedNgramEmbedder(300)).toThrow(/power of two/);
  });

  it("round-trips vectors through base64 float32", () => {
    const v = e.embedOne("조용한 와인바");
    const back = decodeVector(encodeVector(v));
    expect(back).toHaveLength(512);
    back.forEach((x, i) => expect(x).toBeCloseTo(v[i]!, 6));
    expect(() => decodeVector("AAA")).toThrow();
  });
});
