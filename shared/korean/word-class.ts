// Word classes no name or place ever belongs to. Korean interrogatives (의문사: the pronouns 누구,
// 무엇/뭐, 어디, 언제, 얼마; the determiners 어느, 어떤, 무슨, 몇; the adverbs 왜, 어떻게; the predicate
// 어떻다 — 표준국어대사전's 의문 대명사/관형사/부사) ask; a word in a predicate's form (a verb or adjective with
// its ending: 열어, 시켜, 걸려, 먹고나서, 먹을수) says what happens. Neither is a restaurant's name or a place.

const INTERROGATIVE = /^(?:어디|언제|어느|얼마|몇|뭐|뭘|무엇|무슨|어떤|어떻|어때|어땠|어떰|어뗘|누구|누가)/;

/** "어디야", "언제까지", "몇시", "얼마임", "어느": a question word, with whatever ending or particle follows. */
export function isQuestionWord(word: string): boolean {
  const w = word.normalize("NFC").trim();
  return INTERROGATIVE.test(w) || /^왜(?:요|지|죠)?$/.test(w);
}

const SHORT_ENDING = /[어아여워와줘돼해려켜쳐겨셔라봐써]$/;
const SPOKEN_ENDING = /(?:요|죠|임|까|냐|[가-힣][해돼됨함했])$/;
const JOINED_ENDING = /(?:[하되있없파팔][나니]|[을를]수|고나서|고서|어서|아서|해서|는데|은데|던데|하고)$/;

/**
 * A word in a predicate's form, not a name: the endings that close a predicate or join it to the next
 * clause as people type them (반말 열어/시켜/나아, 해요체 열어요, spoken 얼마임, 하나/하니, 먹을수,
 * 먹고나서, 해서). Names end in nouns; endings names share (네 of "할매네") are left out, and one
 * syllable of ending counts on two-syllable words only (에티오피아, 아시아, 코리아 are names).
 */
export function looksPredicate(word: string): boolean {
  const w = word.normalize("NFC").replace(/[?!.~]+$/, "");
  if (w.length < 2) return false;
  if (w.length === 2 && SHORT_ENDING.test(w)) return true;
  if (w.length <= 4 && SPOKEN_ENDING.test(w)) return true;
  return JOINED_ENDING.test(w);
}
