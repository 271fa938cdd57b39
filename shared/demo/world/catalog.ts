// The kinds the demo world generates, read from the vocabulary of kinds (shared/places/kinds-data.ts)
// for each row of the share table (shares.ts): the Kakao category path as Kakao would file the place
// (the path stops at the deepest node Kakao's own tree has: a 평양냉면 house is "음식점 > 한식 > 냉면",
// its name says 평양냉면), the category group code, and the words its names are made of.
import type { KakaoCategoryCode } from "../../places/categories.ts";
import { KIND_TREE, type KindNode } from "../../places/kinds-data.ts";
import { kindNamed, kindOfWord } from "../../places/kinds.ts";
import { LAYERS } from "./density.ts";
import { GROUPS, KIND_ROWS, type KindRow } from "./shares.ts";
import { traitsOf, type Traits } from "./traits.ts";

export interface WorldKind {
  /** position in KINDS */
  index: number;
  /** the vocabulary node's name ("평양냉면") */
  name: string;
  group: string;
  code: KakaoCategoryCode | null;
  /** Kakao's category_name ("음식점 > 한식 > 냉면") */
  path: string;
  /** the node's path in the vocabulary, root first (what the corpus and the checks read) */
  nodes: readonly string[];
  words: string[];
  traits: Traits;
  /** percent of each layer's places: [centre, residential, tourist] */
  share: [number, number, number];
  row: KindRow;
}

/** node name → its source, from the data (the reader in kinds.ts does not keep it) */
const SOURCE = new Map<string, string | undefined>();
(function walk(nodes: readonly KindNode[]) {
  for (const n of nodes) {
    SOURCE.set(n.name, n.source);
    walk(n.children ?? []);
  }
})(KIND_TREE);

/** Kakao's own tree has the node: observed in Kakao's paths or named by its documented groups. */
const inKakaoTree = (name: string) => /^(Kakao|provider-apis)/.test(SOURCE.get(name) ?? "");

/** The path as Kakao files a place of this node: up to the deepest node of Kakao's own tree. */
export function kakaoPath(nodes: readonly string[]): string {
  let end = 1;
  for (let i = 1; i < nodes.length; i++) {
    if (!inKakaoTree(nodes[i]!)) break;
    end = i + 1;
  }
  return nodes.slice(0, end).join(" > ");
}

/** A node's own Korean words: those that name it and no other kind, without spaces. */
function ownWords(name: string, traits: Traits): string[] {
  if (traits.words) return traits.words;
  const kind = kindNamed(name)!;
  const words = kind.words.filter((w) => /^[가-힣]{2,}$/.test(w) && (kindOfWord(w) === kind || w === name));
  return words.length ? words : [name.split(",")[0]!];
}

function layerShares(row: KindRow): [number, number, number] {
  const peers = KIND_ROWS.filter((r) => r.group === row.group);
  return LAYERS.map((_, l) => {
    const total = peers.reduce((s, r) => s + r.weights[l]!, 0);
    return total ? (GROUPS[row.group]!.share[l]! * row.weights[l]!) / total : 0;
  }) as [number, number, number];
}

function resolve(): WorldKind[] {
  const out: WorldKind[] = [];
  for (const row of KIND_ROWS) {
    const kind = kindNamed(row.kind);
    if (!kind) continue; // a row for a kind the vocabulary does not (yet) have
    const traits = traitsOf(kind.path);
    out.push({
      index: out.length,
      name: kind.name,
      group: row.group,
      code: kind.code ?? null,
      path: kakaoPath(kind.path),
      nodes: kind.path,
      words: ownWords(kind.name, traits),
      traits,
      share: layerShares(row),
      row,
    });
  }
  return out;
}

let kinds: WorldKind[] | undefined;

/** Every kind the world generates, in the share table's order. */
export function worldKinds(): readonly WorldKind[] {
  kinds ??= resolve();
  return kinds;
}

export const worldKindNamed = (name: string): WorldKind | undefined =>
  worldKinds().find((k) => k.name === name);
