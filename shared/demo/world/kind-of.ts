// Which kind of the vocabulary a demo place is, from what a person sees: its Kakao category path and
// its name. Where Kakao's tree stops short of the kind (a 평양냉면 house is filed under 냉면), the name
// names it; the deepest kind filed under the path whose word the name holds is the place's kind.
import { worldKinds, type WorldKind } from "./catalog.ts";
import { SPECIALITIES } from "./specialities.ts";

let byPath: Map<string, { kind: WorldKind; words: string[] }[]> | undefined;

function filed(): Map<string, { kind: WorldKind; words: string[] }[]> {
  if (byPath) return byPath;
  byPath = new Map();
  for (const kind of worldKinds()) {
    const local = SPECIALITIES.filter((s) => s.kind === kind.name).flatMap((s) => s.words ?? []);
    const entry = { kind, words: [...kind.words, ...local] };
    byPath.set(kind.path, [...(byPath.get(kind.path) ?? []), entry]);
  }
  // deepest kind first: its word is the narrower one (평양냉면 before 냉면)
  for (const list of byPath.values()) list.sort((a, b) => b.kind.nodes.length - a.kind.nodes.length);
  return byPath;
}

/** The place's kind, or undefined for a place no kind of the world is filed as (a station, an office). */
export function demoKindOf(p: { categoryName: string; displayName: string }): WorldKind | undefined {
  const list = filed().get(p.categoryName);
  if (!list) return undefined;
  const named = list.find((e) => e.words.some((w) => p.displayName.includes(w)));
  if (named) return named.kind;
  const last = p.categoryName.split(" > ").at(-1);
  return list.find((e) => e.kind.name === last)?.kind ?? list.at(-1)!.kind;
}
