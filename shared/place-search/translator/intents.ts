// What the user asks to know about a place (000's 사용 시점): a review summary (google_summarize), the
// reviews (google_reviews), basic information such as the phone or address (google_details), or the
// hours (google_check_open). Read after the conditions ("리뷰 좋은" is a rating sort, "영업중" a filter)
// and claimed, so the words never become search keywords.
import type { DetailKind } from "../schemas.ts";
import type { QueryText } from "../../places/query-terms.ts";

const ANY_INTENT =
  /리뷰|후기|평가|평판|요약|어때|어떤\s?곳|영업\s?시간|몇\s?시|언제까지|문\s?(?:닫|여)|전화|연락처|정보|주소|review|summar|hours|clos|phone|contact|detail/i;

const ASK =
  "(?:\\s?(?:좀|들|을|를|은|는|이|가))?(?:\\s?(?:보여\\s?줘|알려\\s?줘|알려\\s?주세요|궁금해|궁금한데|뭐야|어때))?";

const PATTERNS: [DetailKind, RegExp][] = [
  [
    "summary",
    new RegExp(
      `(?:리뷰|후기|평가|평판)\\s?(?:요약|정리)(?:해\\s?줘|해\\s?주세요)?|요약\\s?(?:해\\s?줘|해\\s?주세요)|(?:은|는)?\\s?어때(?:요)?\\??|어떤\\s?곳(?:이야|인가요)?\\??|summar(?:y|ize)(?: of)?`,
      "i",
    ),
  ],
  ["reviews", new RegExp(`(?:리뷰|후기)${ASK}|\\breviews?\\b`, "i")],
  [
    "hours",
    new RegExp(
      `영업\\s?시간${ASK}|몇\\s?시(?:까지|에)\\s?(?:해|하나요|해요|열어|여나요|열어요|닫아|닫나요|문\\s?(?:닫|열)[가-힣]*)?\\??|언제까지\\s?(?:해|하나요|해요|영업[가-힣]*)?\\??|문\\s?(?:닫는|여는)\\s?시간${ASK}|opening hours|closing time|when does it close`,
      "i",
    ),
  ],
  [
    "details",
    new RegExp(
      `전화\\s?번호${ASK}|연락처${ASK}|(?:기본|상세)\\s?정보${ASK}|정보\\s?(?:좀\\s?)?(?:알려\\s?줘|알려\\s?주세요)|주소${ASK}|phone number|contact|details`,
      "i",
    ),
  ],
];

/** The detail asked for, if any (claiming its words); reviews together with hours is a summary. */
export function parseDetailIntent(q: QueryText): DetailKind | null {
  if (!ANY_INTENT.test(q.text)) return null;
  const asked = new Set<DetailKind>();
  for (const [kind, re] of PATTERNS) if (q.take(re).length) asked.add(kind);
  if (asked.has("summary") || (asked.has("reviews") && asked.size > 1)) return "summary";
  return asked.has("reviews")
    ? "reviews"
    : asked.has("hours")
      ? "hours"
      : asked.has("details")
        ? "details"
        : null;
}
