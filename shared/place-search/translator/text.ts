// Tokenizing Korean/English queries and peeling Korean particles off words.

export interface Token {
  text: string;
  start: number;
  end: number;
}

export function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  const re = /[^\s,?!.~·()[\]{}"“”'’]+/g;
  for (let m = re.exec(query); m; m = re.exec(query)) {
    tokens.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  }
  return tokens;
}

/** Postpositions and place words that follow a location, longest first. */
const TRAILERS = [
  "에서부터",
  "에서는",
  "에서도",
  "에서의",
  "으로부터",
  "까지의",
  "까지",
  "부터",
  "으로",
  "이랑",
  "하고",
  "사이에서",
  "에서",
  "사이에",
  "사이",
  "근처에서",
  "근처의",
  "근처에",
  "근처",
  "주변에서",
  "주변의",
  "주변에",
  "주변",
  "인근",
  "부근",
  "쪽에",
  "쪽",
  "앞에",
  "앞",
  "에는",
  "에",
  "의",
  "로",
  "랑",
  "와",
  "과",
  "을",
  "를",
  "이",
  "가",
  "은",
  "는",
  "도",
];

/** The word and, one after another, what is left when trailing particles are peeled off. */
export function particleVariants(word: string): { stem: string; particle: string }[] {
  const out = [{ stem: word, particle: "" }];
  let current = word;
  let peeled = "";
  for (let round = 0; round < 2; round++) {
    const t = TRAILERS.find((p) => current.length > p.length && current.endsWith(p));
    if (!t) break;
    current = current.slice(0, -t.length);
    peeled = t + peeled;
    out.push({ stem: current, particle: peeled });
  }
  return out;
}

export const isHangul = (s: string) => /[가-힣]/.test(s);
