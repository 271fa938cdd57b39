// The particle after a word, chosen by how the word ends when read aloud (es-hangul's josa for Hangul),
// never a fallback like "을(를)": digits as Korean numerals (3 → 삼: 을), capital letters by their
// Korean names (LG → 엘지: 를, SM → 에스엠: 을), an English word by its last sound (Elec → 일렉: 을,
// naver → 네이버: 를). A word ending in a sign or a closing quote is read by what comes before it.
import { josa } from "es-hangul";

type Option = Parameters<typeof josa.pick>[1];

/** The final sound of each digit read as a Sino-Korean numeral: a syllable that has it. */
const DIGIT = ["영", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"];
/** Capital letters whose Korean names end in a consonant: L 엘, M 엠, N 엔, R 알. */
const LETTER_WITH_FINAL: Record<string, string> = { L: "일", M: "임", N: "인", R: "일" };

/** A Hangul syllable that ends as `word` sounds at its end. */
function lastSound(word: string): string {
  const w = word.replace(/[\s'"’”)\]}.,!?·…-]+$/, "");
  const last = w.at(-1) ?? "";
  if (/[가-힣]/.test(last)) return last;
  if (/\d/.test(last)) return DIGIT[Number(last)]!;
  if (/[A-Z]/.test(last) && (w.length === 1 || /[A-Z0-9&]$/.test(w.slice(-2, -1)) || !/[a-z]/.test(w)))
    return LETTER_WITH_FINAL[last] ?? "이";
  const lower = w.toLowerCase();
  if (/(ng)$/.test(lower)) return "잉";
  if (/[mn]$/.test(lower)) return "인";
  if (/l$/.test(lower)) return "일";
  if (/(ck|[kc]|[aeiou][pt])$/.test(lower)) return "익";
  return "이";
}

/** The particle of `option` that goes after `word`. */
export const josaFor = <T extends Option>(word: string, option: T) => josa.pick(lastSound(word), option);

/** `word` with its particle. */
export const withJosa = <T extends Option>(word: string, option: T) => `${word}${josaFor(word, option)}`;

/** Words listed with commas, the particle after the last ("김밥, 라면은"). */
export const listWith = <T extends Option>(words: readonly string[], option: T) =>
  words.length ? `${words.join(", ")}${josaFor(words[words.length - 1]!, option)}` : "";
