// The vocabulary of kinds (a tree in Kakao's category-path format) and the wishes that map to kinds
// (issue 23): invariants of the data, so that a word reads as one kind, every kind a wish names
// exists, every branch says where it comes from, and QA gets only 002's occasion and atmosphere values.
import { describe, expect, it } from "vitest";
import { KAKAO_CATEGORY_CODES } from "../../shared/places/categories.ts";
import { KIND_TREE, type KindNode } from "../../shared/places/kinds-data.ts";
import { LEXICON } from "../../shared/places/lexicon.ts";
import { ATMOSPHERE, OCCASION } from "../../shared/restaurant-qa/vocabulary.ts";
import { WISHES } from "../../shared/places/wishes-data.ts";
import { BRAND_GRAFTS, KIND_GRAFTS as GRAFTS } from "../../shared/places/kinds-grafts.ts";
import { parseCsv, readDataFile } from "../../shared/data/files.ts";

interface Visit {
  node: KindNode;
  /** the names from the root down to the node, as Kakao writes a category_name */
  path: string[];
}

function visit(nodes: readonly KindNode[], above: string[] = []): Visit[] {
  return nodes.flatMap((node) => {
    const path = [...above, node.name];
    return [{ node, path }, ...visit(node.children ?? [], path)];
  });
}

const ALL = visit(KIND_TREE);
const pathOf = (v: Visit) => v.path.join(" > ");
const wordsOf = (n: KindNode) => [n.name, ...(n.synonyms ?? [])];
/** how a word is compared: case, Unicode form and spaces aside ("고기 집" is "고기집") */
const key = (w: string) => w.normalize("NFC").toLowerCase().replace(/\s+/g, "");
const hasHangul = (w: string) => /[가-힣]/u.test(w);

/** every word of the tree → the paths of the nodes that claim it */
function claims(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const v of ALL) {
    for (const w of new Set(wordsOf(v.node).map(key))) out.set(w, [...(out.get(w) ?? []), pathOf(v)]);
  }
  return out;
}

describe("the tree of kinds", () => {
  it("is broad: at least 250 nodes", () => {
    expect(ALL.length).toBeGreaterThanOrEqual(250);
  });

  it("names every node and writes every word trimmed, English in lowercase", () => {
    const bad: string[] = [];
    for (const v of ALL) {
      for (const w of wordsOf(v.node)) {
        if (w.trim() === "" || w !== w.trim() || /\s{2}/u.test(w)) bad.push(`${pathOf(v)}: "${w}"`);
      }
      for (const s of v.node.synonyms ?? [])
        if (!hasHangul(s) && s !== s.toLowerCase()) bad.push(`${pathOf(v)}: ${s}`);
      if (v.node.name.includes(">")) bad.push(`${pathOf(v)}: ">" in a name`);
    }
    expect(bad).toEqual([]);
  });

  it("gives a word to one node only (a name or a synonym, case and spaces aside)", () => {
    const twice = [...claims()]
      .filter(([, paths]) => paths.length > 1)
      .map(([w, p]) => `${w}: ${p.join(" | ")}`);
    expect(twice).toEqual([]);
  });

  it("lists no synonym twice in a node, nor its own name", () => {
    const bad: string[] = [];
    for (const v of ALL) {
      const words = wordsOf(v.node);
      if (new Set(words).size !== words.length) bad.push(pathOf(v));
    }
    expect(bad).toEqual([]);
  });

  it("says where each top- and second-level branch comes from", () => {
    const missing = ALL.filter((v) => v.path.length <= 2 && !v.node.source?.trim()).map(pathOf);
    expect(missing).toEqual([]);
  });

  it("uses only Kakao's 18 category_group_codes", () => {
    const codes: readonly string[] = KAKAO_CATEGORY_CODES;
    const bad = ALL.filter((v) => v.node.code !== undefined && !codes.includes(v.node.code)).map(
      (v) => `${pathOf(v)}: ${v.node.code}`,
    );
    expect(bad).toEqual([]);
  });

  it("gives every code group a branch", () => {
    const used = new Set(ALL.map((v) => v.node.code).filter(Boolean));
    expect(KAKAO_CATEGORY_CODES.filter((c) => !used.has(c))).toEqual([]);
  });

  it("keeps narrow kinds narrow and reads Kakao's paths as Kakao writes them", () => {
    const at = (word: string) => claims().get(key(word)) ?? [];
    expect(at("삼겹살")).toEqual(["음식점 > 한식 > 육류,고기 > 삼겹살"]);
    expect(at("고기")).toEqual(["음식점 > 한식 > 육류,고기"]);
    expect(at("한정식")).toEqual(["음식점 > 한식 > 한정식"]);
    expect(at("냉면")).toEqual(["음식점 > 한식 > 냉면"]);
    expect(at("평양냉면")).toEqual(["음식점 > 한식 > 냉면 > 평양냉면"]);
    expect(at("이탈리안")).toEqual(["음식점 > 양식 > 이탈리안"]);
    expect(at("이자카야")).toEqual(["음식점 > 술집 > 일본식주점"]);
    expect(at("커피")).toEqual(["음식점 > 카페 > 커피전문점"]);
    expect(at("약국")).toEqual(["의료,건강 > 약국"]);
    // the two paths provider-apis.md documents
    const paths = new Set(ALL.map(pathOf));
    expect(paths.has("음식점 > 카페 > 커피전문점")).toBe(true);
    expect(paths.has("의료,건강 > 약국")).toBe(true);
  });

  it("holds the lexicon's words for food, drink, cafés and places (lexicon.ts is one source of the tree)", () => {
    // words the lexicon reads that are no kind of their own, each with its reason
    const NOT_KINDS = new Set([
      "라면집", // 분식 ramyeon or Japanese ramen: the lexicon reads it as ramen, Kakao has no such node
      "술", // one syllable, a drink: 술집 is the kind
      "바", // one syllable: 술집 / 칵테일바 are the kinds
      "tea", // a drink: 티카페, 전통찻집 are the kinds
      "stay", // any stay: 숙박 is the kind
      "가볼만한곳", // generic: any place worth a visit (a wish or a filler, not a kind)
      "parking", // a condition (vocabulary.ts: 주차), as well as 주차장
      "escape", // English word alone: "escape room" is the kind
      // activities with no kind of place of their own: wishes-data.ts reads 산책; the others name a sport
      "자전거",
      "라이딩",
      "cycling",
      "러닝",
      "조깅",
      "running",
      "산책",
      "walk",
    ]);
    const words = claims();
    const missing: string[] = [];
    for (const e of LEXICON) {
      if (e.generic) continue;
      for (const t of e.terms) {
        // "=burgers?" is a whole word with an optional plural: read its singular
        const w = key(t.replace(/^=/u, "").replace(/s\?$/u, "").replace(/\?$/u, ""));
        if (!words.has(w) && !NOT_KINDS.has(w)) missing.push(`${e.en}: ${t}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

const KIND_GRAFTS = [...GRAFTS, ...BRAND_GRAFTS];

describe("the kinds grown from stated sources (kinds-grafts.ts)", () => {
  const grafted = KIND_GRAFTS.flatMap((g) => visit(g.nodes ?? []));

  it("say where each kind comes from, and cite only subclasses the vendored KSIC table holds", () => {
    const ksic = new Map(
      parseCsv(readDataFile("ksic_consumer_subclasses.csv")).map((r) => [r.code!, r.name!]),
    );
    expect(ksic.size).toBeGreaterThanOrEqual(50);
    const bad: string[] = [];
    for (const v of grafted) {
      const source = v.node.source ?? "";
      if (!source.trim()) bad.push(`${v.node.name}: no source`);
      for (const m of source.matchAll(/KSIC (\d{5})/g))
        if (!ksic.has(m[1]!)) bad.push(`${v.node.name}: ${m[1]}`);
    }
    expect(bad).toEqual([]);
  });

  it("are in the tree others read (KIND_TREE), under the node each names", () => {
    const paths = new Set(ALL.map(pathOf));
    const byName = new Map(ALL.map((v) => [v.node.name, pathOf(v)]));
    for (const g of KIND_GRAFTS)
      for (const node of g.nodes ?? []) expect(paths.has(`${byName.get(g.under)} > ${node.name}`)).toBe(true);
  });
});

describe("the wishes", () => {
  const names = new Set(ALL.map((v) => v.node.name));
  const descendants = (name: string) =>
    ALL.filter((v) => v.path.slice(0, -1).includes(name)).map((v) => v.node.name);

  it("cover weather, occasions and activities: 30 to 50 wishes, each named once", () => {
    expect(WISHES.length).toBeGreaterThanOrEqual(30);
    expect(WISHES.length).toBeLessThanOrEqual(50);
    expect(new Set(WISHES.map((w) => w.name)).size).toBe(WISHES.length);
  });

  it("name only kinds of the tree, at most 8, none twice, none both asked and ruled out", () => {
    const bad: string[] = [];
    for (const w of WISHES) {
      if (w.kinds.length === 0 || w.kinds.length > 8) bad.push(`${w.name}: ${w.kinds.length} kinds`);
      if (new Set(w.kinds).size !== w.kinds.length) bad.push(`${w.name}: a kind twice`);
      for (const k of [...w.kinds, ...(w.notKinds ?? [])]) if (!names.has(k)) bad.push(`${w.name}: ${k}`);
      // a kind ruled out takes its children with it: 술집 rules out 와인바
      const ruledOut = new Set((w.notKinds ?? []).flatMap((n) => [n, ...descendants(n)]));
      for (const k of w.kinds) if (ruledOut.has(k)) bad.push(`${w.name}: ${k} both asked and ruled out`);
    }
    expect(bad).toEqual([]);
  });

  it("give QA only values of 002's OCCASION and ATMOSPHERE lists", () => {
    const occasion: readonly string[] = OCCASION;
    const atmosphere: readonly string[] = ATMOSPHERE;
    const bad: string[] = [];
    for (const w of WISHES) {
      for (const o of w.qa?.occasion ?? []) if (!occasion.includes(o)) bad.push(`${w.name}: occasion ${o}`);
      for (const a of w.qa?.atmosphere ?? [])
        if (!atmosphere.includes(a)) bad.push(`${w.name}: atmosphere ${a}`);
    }
    expect(bad).toEqual([]);
  });

  it("write their terms trimmed, English in lowercase, each term in one wish only", () => {
    const bad: string[] = [];
    const owner = new Map<string, string>();
    for (const w of WISHES) {
      if (w.terms.length === 0) bad.push(`${w.name}: no term`);
      for (const t of w.terms) {
        if (t.trim() === "" || t !== t.trim()) bad.push(`${w.name}: "${t}"`);
        if (!hasHangul(t) && t !== t.toLowerCase()) bad.push(`${w.name}: ${t}`);
        const other = owner.get(key(t));
        if (other !== undefined && other !== w.name) bad.push(`${t}: ${other} | ${w.name}`);
        owner.set(key(t), w.name);
      }
    }
    expect(bad).toEqual([]);
  });

  it("never claim a word of a kind: a kind reads as a kind", () => {
    const words = claims();
    const bad = WISHES.flatMap((w) => w.terms.filter((t) => words.has(key(t))).map((t) => `${w.name}: ${t}`));
    expect(bad).toEqual([]);
  });

  it("give each a one-line reason", () => {
    const bad = WISHES.filter((w) => !w.reason.trim() || w.reason.includes("\n")).map((w) => w.name);
    expect(bad).toEqual([]);
  });

  it("turn the issue's examples into kinds: rain into indoor places, a hangover into soup and no bars", () => {
    const wish = (name: string) => WISHES.find((w) => w.name === name);
    const rain = wish("비 오는 날");
    expect(rain?.terms).toContain("우천시");
    expect(rain?.kinds).toEqual(expect.arrayContaining(["카페", "전시관", "영화관"]));
    const hangover = wish("해장");
    expect(hangover?.kinds.slice(0, 2)).toEqual(["해장국", "국밥"]);
    expect(hangover?.notKinds).toContain("술집");
    expect(wish("데이트")?.qa?.occasion).toContain("데이트");
  });
});
