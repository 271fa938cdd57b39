// The one text a document is embedded from (002 §5.3). The seed's template is Python that does not
// run as written; this is what it means: seven lines joined by "\n" with no leading or trailing
// newline, menu names then review_food joined by "," (duplicates kept, as the seed's example keeps
// them). Where Python would print None for an empty list we write "없음" (the embedding reads
// Korean; a missing line would change the template's shape), and the menu line follows the same
// rule. "주소: address(roadAddress)" drops the parentheses when there is no road address.

export interface SummaryInput {
  title: string;
  address: string;
  roadAddress: string;
  menus: readonly { name: string }[];
  review_food: readonly string[];
  convenience: readonly string[];
  atmosphere: readonly string[];
  occasion: readonly string[];
  features: readonly string[];
}

export const EMPTY_LIST = "없음";

const joined = (xs: readonly string[]) => (xs.length ? xs.join(",") : EMPTY_LIST);

/** Convenience, atmosphere, occasion and features on one line, as the grader's and the generator's prompts show them. */
export function attributesLine(
  d: Pick<SummaryInput, "convenience" | "atmosphere" | "occasion" | "features">,
): string {
  const list = (xs: readonly string[]) => xs.join(",") || EMPTY_LIST;
  return `편의: ${list(d.convenience)} / 분위기: ${list(d.atmosphere)} / 상황: ${list(d.occasion)} / 특징: ${list(d.features)}`;
}

export function buildSummary(d: SummaryInput): string {
  const road = d.roadAddress.trim();
  return [
    `식당 이름: ${d.title}`,
    `주소: ${d.address}${road ? `(${road})` : ""}`,
    `메뉴: ${joined([...d.menus.map((m) => m.name), ...d.review_food])}`,
    `편의: ${joined(d.convenience)}`,
    `분위기: ${joined(d.atmosphere)}`,
    `상황: ${joined(d.occasion)}`,
    `기타 특징: ${joined(d.features)}`,
  ].join("\n");
}
