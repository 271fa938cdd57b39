// Kakao Local's 18 category_group_codes (provider-apis.md §1.4).
export const KAKAO_CATEGORIES = {
  MT1: "대형마트",
  CS2: "편의점",
  PS3: "어린이집, 유치원",
  SC4: "학교",
  AC5: "학원",
  PK6: "주차장",
  OL7: "주유소, 충전소",
  SW8: "지하철역",
  BK9: "은행",
  CT1: "문화시설",
  AG2: "중개업소",
  PO3: "공공기관",
  AT4: "관광명소",
  AD5: "숙박",
  FD6: "음식점",
  CE7: "카페",
  HP8: "병원",
  PM9: "약국",
} as const;

export type KakaoCategoryCode = keyof typeof KAKAO_CATEGORIES;
export const KAKAO_CATEGORY_CODES = Object.keys(KAKAO_CATEGORIES) as [
  KakaoCategoryCode,
  ...KakaoCategoryCode[],
];
