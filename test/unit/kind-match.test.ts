// The kind check reads every source's categories alike: Kakao's paths ("음식점 > 한식 > 냉면"), Google's
// types (narrowest first, 000: types.join(" > ")) and the store registry's 소분류 ("족발/보쌈", "냉면/밀면",
// "내과·소아과 의원"). A category that stops short of the kind needs the name to say it; a name's letters
// alone never match.
import { describe, expect, it } from "vitest";
import { askedKind, categoryKind, fitOf } from "../../shared/places/kind-match.ts";

const fit = (kind: string, displayName: string, categoryName: string) =>
  fitOf({ displayName, categoryName }, [askedKind(kind)]).fit;

describe("the kind check on every source's categories", () => {
  it("Kakao: the tree's node, the name where the tree stops short", () => {
    expect(fit("평양냉면", "을지로 평양냉면", "음식점 > 한식 > 냉면")).toBe("match");
    expect(fit("평양냉면", "우래옥", "음식점 > 한식 > 냉면")).toBe("near");
    expect(fit("평양냉면", "춘천막국수", "음식점 > 한식 > 국수 > 막국수")).toBe("other");
    expect(fit("바", "바람족발", "음식점 > 한식 > 육류,고기 > 족발,보쌈")).toBe("other");
    expect(fit("바", "블루", "음식점 > 술집 > 칵테일바")).toBe("match");
  });

  it("a category the tree reads only at its root leaves the kind to the name; a family's category to a name's first word", () => {
    // the tree files PC방 and 노래방 under 가정,생활 > 여가시설; a source may file them elsewhere
    expect(fit("PC방", "소담 PC방", "스포츠,레저 > 오락시설")).toBe("match");
    expect(fit("노래방", "서면 노래방", "스포츠,레저 > 오락시설")).toBe("match");
    expect(fit("노래방", "서면 볼링장", "스포츠,레저 > 오락시설")).toBe("other");
    // 분식 holds 떡볶이: a name starting with it is a 떡볶이 house, whatever follows
    expect(fit("떡볶이", "봄날 떡볶이나라 연남점", "음식점 > 분식")).toBe("match");
    expect(fit("떡볶이", "온기 분식나라", "음식점 > 분식")).toBe("near");
    // outside the family the start of a name is no match ("족발골목 공영주차장")
    expect(fit("족발", "족발골목 공영주차장", "교통,수송 > 교통시설 > 주차장 > 공영주차장")).toBe("other");
  });

  it("a dish a node of several dishes holds by name is that dish: 대구탕 is no 해물탕", () => {
    expect(fit("대구탕", "삼각지 원조대구탕", "음식점 > 한식 > 해물,생선 > 매운탕,해물탕")).toBe("match");
    expect(fit("대구탕", "골목 해물탕", "음식점 > 한식 > 해물,생선 > 매운탕,해물탕")).toBe("near");
    expect(fit("해물탕", "골목 해물탕", "음식점 > 한식 > 해물,생선 > 매운탕,해물탕")).toBe("match");
  });

  it("a word the vocabulary lacks is read in the category and the words of the name, never in letters", () => {
    expect(fit("메가커피", "메가커피 강남점", "음식점 > 카페 > 커피전문점")).toBe("match");
    expect(fit("바", "바람족발", "음식점 > 한식 > 육류,고기 > 족발,보쌈")).toBe("other");
  });

  it("Google: types narrowest first", () => {
    expect(fit("라멘", "Ichiran", "ramen_restaurant > japanese_restaurant > restaurant > food")).toBe(
      "match",
    );
    expect(fit("라멘", "Sushi Zanmai", "sushi_restaurant > japanese_restaurant > restaurant > food")).toBe(
      "near",
    );
    expect(fit("치과", "Smile Dental", "dentist > health > point_of_interest")).toBe("match");
    expect(fit("치과", "Seoul Clinic", "doctor > health > point_of_interest")).toBe("other");
  });

  it("the store registry: a category of several kinds is the node they share", () => {
    expect(categoryKind("음식 > 한식 > 족발/보쌈")?.name).toBe("족발,보쌈");
    expect(categoryKind("음식 > 한식 > 냉면/밀면")?.name).toBe("냉면");
    expect(categoryKind("보건의료 > 의원 > 내과·소아과 의원")?.name).toBe("병원");
    // a part the tree cannot read widens it: 국 and 탕 are more than 찌개
    expect(categoryKind("음식 > 한식 > 국/탕/찌개류")?.name).toBe("한식");
    expect(fit("족발", "원조족발", "음식 > 한식 > 족발/보쌈")).toBe("match");
    expect(fit("족발", "할매보쌈", "음식 > 한식 > 족발/보쌈")).toBe("near");
    expect(fit("평양냉면", "을밀대", "음식 > 한식 > 냉면/밀면")).toBe("near");
    expect(fit("평양냉면", "봉피양 평양냉면", "음식 > 한식 > 냉면/밀면")).toBe("match");
    expect(fit("소아과", "튼튼 소아청소년과의원", "보건의료 > 의원 > 내과·소아과 의원")).toBe("match");
    expect(fit("소아과", "서울내과의원", "보건의료 > 의원 > 내과·소아과 의원")).not.toBe("match");
    expect(fit("국밥", "순대국밥", "음식 > 한식 > 국/탕/찌개류")).toBe("match");
    expect(fit("국밥", "김치찌개 명가", "음식 > 한식 > 국/탕/찌개류")).not.toBe("match");
  });
});
