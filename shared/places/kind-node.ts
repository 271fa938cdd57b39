// The shape of a node of the vocabulary of kinds (kinds-data.ts, kinds-grafts.ts): one kind of place,
// named as Kakao Map writes it in category_name, with the words people type for it.
import type { KakaoCategoryCode } from "./categories.ts";

export interface KindNode {
  /** the node's name as Kakao Map writes it in category_name (e.g. "육류,고기", "커피전문점") */
  name: string;
  /** other words people type for this kind: Korean (고깃집, 고기집), English ("korean bbq"), common romanizations; never a word that means a broader or a different kind */
  synonyms?: string[];
  /** the Kakao category_group_code of this branch, where one applies (inherited by children when absent) */
  code?: KakaoCategoryCode;
  /** the English word Google Places (New) would be searched with, where it differs from a translation of the name */
  en?: string;
  /** where this branch comes from: "provider-apis.md §…", "Kakao Map category path (observed on place pages)", "lexicon.ts", … */
  source?: string;
  /**
   * A comma name whose parts are two kinds a person tells apart ("족발,보쌈", "돈까스,우동"): asked for one
   * part, a place filed here is of that kind only when its name says so. Without it the parts are one
   * kind written two ways ("육류,고기", "안경,렌즈").
   */
  distinctParts?: true;
  /**
   * A node a category path stops at for any kind beside it ("의료,건강 > 병원 > 의원" for a 치과의원):
   * a place filed here is of the kind its name names.
   */
  catchAll?: true;
  /** other nodes a provider files this kind under (a 순댓국 house under 국밥): its name must say which */
  alsoUnder?: string[];
  children?: KindNode[];
}
