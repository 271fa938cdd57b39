// The dish words menus write (보리굴비 정식, 떡갈비 정식, 홍어삼합), from the demo kinds' menus
// (shared/demo/kinds.ts, kinds-more.ts: real dish names, synthetic prices): a word a person types that
// is one of them, or the dish a compound ends with (굴비 of 보리굴비), is a word in its own right, never a
// typo of another kind's word one letter away (굴비 is not 갈비).
import { FIRST_KINDS } from "../demo/kinds.ts";
import { MORE_KINDS } from "../demo/kinds-more.ts";

let words: Set<string> | undefined;

function build(): Set<string> {
  const out = new Set<string>();
  for (const kind of [...Object.values(FIRST_KINDS), ...Object.values(MORE_KINDS)])
    for (const [item] of kind.menu)
      for (const token of item.split(/[^가-힣]+/)) {
        // the token and the dishes it ends with (보리굴비: 굴비), two syllables or more
        for (let i = 0; i + 2 <= token.length; i++) out.add(token.slice(i));
      }
  return out;
}

/** A dish word some menu writes, whole or as the end of a compound (굴비, 보리굴비, 삼합). */
export function isMenuWord(word: string): boolean {
  words ??= build();
  return words.has(word);
}
