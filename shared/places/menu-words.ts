// The dish words menus write (보리굴비 정식, 떡갈비 정식, 홍어삼합, 고기 무한리필), from the demo kinds'
// menus (shared/demo/kinds.ts, kinds-more.ts: real dish names, synthetic prices): a word a person types
// that is one of them, or the dish a compound ends with (굴비 of 보리굴비), is a word in its own right,
// never a typo of another kind's word one letter away (굴비 is not 갈비).
import { FIRST_KINDS } from "../demo/kinds.ts";
import { MORE_KINDS } from "../demo/kinds-more.ts";

let tables: { whole: Set<string>; ends: Set<string> } | undefined;

function build(): { whole: Set<string>; ends: Set<string> } {
  const whole = new Set<string>();
  const ends = new Set<string>();
  for (const kind of [...Object.values(FIRST_KINDS), ...Object.values(MORE_KINDS)])
    for (const [item] of kind.menu)
      for (const token of item.split(/[^가-힣]+/)) {
        if (token.length < 2) continue;
        whole.add(token);
        // the dishes of two syllables or more it ends with after two syllables or more (보리굴비: 굴비)
        for (let i = 2; i + 2 <= token.length; i++) ends.add(token.slice(i));
      }
  return { whole, ends };
}

/** A word some menu writes as a word of its own (무한리필, 보리굴비). */
export function isMenuToken(word: string): boolean {
  tables ??= build();
  return tables.whole.has(word);
}

/** A dish word some menu writes, whole or as the end of a compound (굴비, 보리굴비, 삼합). */
export function isMenuWord(word: string): boolean {
  tables ??= build();
  return tables.whole.has(word) || tables.ends.has(word);
}
