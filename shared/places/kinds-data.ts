// One vocabulary of kinds of place, shared by place search and restaurant QA (issue 23): a tree in Kakao
// Map's category-path format ("음식점 > 한식 > 육류,고기 > 삼겹살"), each node with the words people type
// for it. Data only; the code that reads it (word → node, a node's ancestors, a broad node's children)
// lives beside it.
//
// Where the tree comes from:
// - Kakao's category_name paths. provider-apis.md §1.5 documents the format and shows two paths
//   ("음식점 > 카페 > 커피전문점 > 스타벅스", "의료,건강 > 약국"); the other paths were read in Kakao Local
//   responses recorded in public code (category_name as Kakao returns it). Kakao's tree is followed
//   where it was seen, even where it surprises: a café is "음식점 > 카페 > …", a bakery
//   "음식점 > 간식 > 제과,베이커리", a 분식 place "음식점 > 분식", an izakaya "음식점 > 술집 > 일본식주점",
//   a 보드카페 or 방탈출카페 "가정,생활 > 여가시설 > …", a 동물병원 is no 병원 (lexicon.ts says the same).
// - The project's lexicon (lexicon.ts): dishes and kinds Kakao does not name as a category (평양냉면,
//   오마카세, 한우, 포케) hang under the Kakao node that holds them, marked "lexicon.ts".
// - Google Places (New) types (provider-apis.md §3.3): `en` is the English word a search abroad uses.
//
// Rules the data keeps (test/unit/kinds-data.test.ts checks them):
// - A word (a name or a synonym, spaces and case aside) belongs to one node.
// - A synonym is the same kind, never a broader or a different one: 고기 is 육류,고기; 냉면 is its own
//   node, so it is no synonym of 평양냉면; 한정식 is a node under 한식, not a word for 한식.
// - A word that is a condition elsewhere (주차, 반려동물, 혼밥, 데이트) is no synonym here: conditions
//   and wishes are read by their own lists (vocabulary.ts, wishes-data.ts).
// - Kakao path segments that name no kind a person asks for (유아, 반려동물, 사진) are left out of the
//   tree; their children hang one level up.
import type { KindNode } from "./kind-node.ts";
import { BRAND_GRAFTS, graft, KIND_GRAFTS } from "./kinds-grafts.ts";

export type { KindNode } from "./kind-node.ts";

/** a path read in Kakao Local responses (category_name), recorded in public code */
const KAKAO = "Kakao Map category path (observed in Kakao Local responses)";
/** a name Kakao uses as a path segment; where it sits in the path is our reading, not observed */
const KAKAO_NAME = "Kakao Map category name (observed as a path segment; its parent assumed)";
/** the project's lexicon: a dish or kind Kakao does not name as a category */
const LEX = "lexicon.ts";
/** a kind people ask for that neither Kakao's categories nor the lexicon names */
const USAGE = "common search word (not a Kakao category; not in lexicon.ts)";

const BASE_TREE: readonly KindNode[] = [
  {
    name: "음식점",
    code: "FD6",
    synonyms: ["식당", "밥집", "레스토랑", "restaurant", "restaurants"],
    source: "provider-apis.md §1.4 (FD6 음식점) and §1.5 (category_name 음식점 > 카페 > 커피전문점)",
    children: [
      {
        name: "한식",
        synonyms: ["한식당", "한식집", "한국음식", "한국 음식", "korean", "korean food", "korean restaurant"],
        en: "korean restaurant",
        source: `${KAKAO}; provider-apis.md §3.3 (Google type korean_restaurant)`,
        children: [
          {
            name: "육류,고기",
            synonyms: ["고기", "고깃집", "고기집", "고기구이", "구이집", "korean bbq", "bbq", "barbecue"],
            en: "korean bbq",
            source: KAKAO,
            children: [
              {
                name: "삼겹살",
                synonyms: ["오겹살", "목살", "삼겹살집", "samgyeopsal", "pork belly"],
                source: KAKAO,
                children: [{ name: "흑돼지", synonyms: ["흑돼지집", "black pork"], source: LEX }],
              },
              { name: "갈비", synonyms: ["갈빗집", "갈비집", "돼지갈비", "소갈비", "galbi"], source: KAKAO },
              { name: "갈비탕", synonyms: ["galbitang"], source: KAKAO_NAME },
              {
                name: "곱창,막창",
                distinctParts: true,
                synonyms: ["곱창", "막창", "대창", "곱창집", "막창집", "양곱창", "gopchang"],
                source: KAKAO,
              },
              {
                name: "족발,보쌈",
                distinctParts: true,
                synonyms: ["족발", "보쌈", "족발집", "보쌈집", "jokbal", "bossam"],
                source: KAKAO,
              },
              {
                name: "소고기",
                synonyms: ["쇠고기", "소고기집", "소고깃집", "beef", "beef restaurant"],
                source: LEX,
                children: [{ name: "한우", synonyms: ["한우집", "hanwoo", "korean beef"], source: LEX }],
              },
              {
                name: "닭요리",
                synonyms: ["닭요리집"],
                en: "korean chicken restaurant",
                source: KAKAO,
                children: [
                  { name: "닭갈비", synonyms: ["춘천닭갈비", "닭갈비집", "dakgalbi"], source: LEX },
                  { name: "찜닭", synonyms: ["안동찜닭", "jjimdak"], source: LEX },
                  { name: "닭볶음탕", synonyms: ["닭도리탕"], source: LEX },
                  { name: "삼계탕", synonyms: ["삼계탕집", "samgyetang"], source: KAKAO_NAME },
                  { name: "닭한마리", synonyms: ["닭 한마리", "dakhanmari"], source: USAGE },
                ],
              },
              {
                name: "오리",
                synonyms: ["오리고기", "오리구이", "오리백숙", "훈제오리", "duck"],
                source: KAKAO_NAME,
              },
              { name: "양고기", synonyms: ["양갈비", "lamb"], source: USAGE },
              {
                name: "불고기,두루치기",
                distinctParts: true,
                synonyms: ["불고기", "두루치기", "bulgogi"],
                source: KAKAO_NAME,
              },
            ],
          },
          {
            name: "해물,생선",
            synonyms: ["해물", "해산물", "해물요리", "생선요리", "seafood"],
            en: "seafood restaurant",
            source: KAKAO,
            children: [
              {
                name: "회",
                synonyms: ["횟집", "회집", "활어회", "생선회", "활어", "사시미", "sashimi", "raw fish"],
                en: "raw fish restaurant",
                source: KAKAO,
                children: [{ name: "물회", synonyms: ["물횟집", "mulhoe"], source: LEX }],
              },
              { name: "조개", synonyms: ["조개구이", "조개찜", "조개구이집", "clams"], source: KAKAO_NAME },
              {
                name: "게,대게",
                synonyms: ["대게", "킹크랩", "꽃게", "crab"],
                source: KAKAO,
                children: [{ name: "게장", synonyms: ["간장게장", "양념게장", "게장백반"], source: LEX }],
              },
              { name: "장어", synonyms: ["장어구이", "민물장어", "풍천장어", "eel"], source: KAKAO },
              { name: "아구", synonyms: ["아구찜", "아귀찜", "아귀", "monkfish"], source: KAKAO },
              { name: "복어", synonyms: ["복국", "복어국", "복지리", "복집", "pufferfish"], source: KAKAO },
              {
                name: "매운탕,해물탕",
                distinctParts: true,
                synonyms: ["매운탕", "해물탕", "알탕", "대구탕", "연포탕"],
                source: KAKAO,
              },
              {
                name: "굴,전복",
                distinctParts: true,
                synonyms: ["전복", "굴요리", "전복요리", "oyster", "abalone"],
                source: KAKAO,
              },
              { name: "추어", synonyms: ["추어탕", "추어탕집"], source: KAKAO },
              { name: "생선구이", synonyms: ["고등어구이", "생선구이집", "grilled fish"], source: USAGE },
              { name: "갈치", synonyms: ["갈치조림", "갈치구이"], source: USAGE },
              { name: "낙지", synonyms: ["낙지볶음", "산낙지"], source: USAGE },
              { name: "주꾸미", synonyms: ["쭈꾸미", "쭈꾸미볶음", "주꾸미볶음"], source: USAGE },
            ],
          },
          {
            name: "국밥",
            synonyms: ["국밥집", "gukbap"],
            source: KAKAO,
            children: [
              { name: "돼지국밥", synonyms: ["부산돼지국밥", "dwaeji gukbap"], source: LEX },
              { name: "콩나물국밥", synonyms: ["전주콩나물국밥"], source: LEX },
              { name: "내장탕", synonyms: ["내장국밥"], source: LEX },
            ],
          },
          {
            name: "해장국",
            synonyms: ["해장국집", "haejangguk"],
            source: KAKAO_NAME,
            children: [
              { name: "뼈해장국", synonyms: ["뼈다귀해장국", "뼈다귀탕"], source: LEX },
              { name: "선지해장국", synonyms: ["선짓국", "선지국"], source: LEX },
              { name: "황태해장국", synonyms: ["황태국", "북엇국", "북어국", "황태해장국집"], source: LEX },
            ],
          },
          {
            name: "순대",
            synonyms: ["순대국", "순댓국", "순대국밥", "순댓국집", "sundae"],
            alsoUnder: ["국밥"],
            source: KAKAO,
          },
          { name: "감자탕", synonyms: ["감자탕집", "gamjatang"], source: KAKAO },
          { name: "설렁탕", synonyms: ["설렁탕집", "도가니탕", "seolleongtang"], source: KAKAO },
          { name: "곰탕", synonyms: ["곰탕집", "꼬리곰탕", "gomtang"], source: KAKAO_NAME },
          { name: "육개장", synonyms: ["육개장집", "yukgaejang"], source: LEX },
          { name: "미역국", synonyms: ["소고기미역국", "미역국집"], source: LEX },
          {
            name: "국수",
            synonyms: ["국숫집", "국수집", "잔치국수", "비빔국수"],
            en: "noodle restaurant",
            source: KAKAO,
            children: [
              {
                name: "칼국수",
                synonyms: ["칼국숫집", "칼국수집", "바지락칼국수", "kalguksu"],
                source: KAKAO,
              },
              { name: "막국수", synonyms: ["춘천막국수", "메밀국수", "makguksu"], source: LEX },
            ],
          },
          { name: "수제비", synonyms: ["수제비집", "sujebi"], source: KAKAO },
          {
            name: "냉면",
            synonyms: ["냉면집", "naengmyeon", "cold noodles"],
            source: KAKAO,
            children: [
              { name: "평양냉면", synonyms: ["평냉", "pyongyang naengmyeon"], source: USAGE },
              { name: "함흥냉면", synonyms: ["함냉", "hamheung naengmyeon"], source: USAGE },
              { name: "밀면", synonyms: ["부산밀면", "milmyeon"], source: LEX },
            ],
          },
          {
            name: "찌개,전골",
            synonyms: ["찌개", "전골", "찌개집", "jjigae", "stew"],
            source: KAKAO,
            children: [
              { name: "김치찌개", synonyms: ["김치찌개집", "kimchi jjigae"], source: LEX },
              { name: "부대찌개", synonyms: ["부대찌개집", "budae jjigae"], source: LEX },
              { name: "된장찌개", synonyms: ["doenjang jjigae"], source: LEX },
              { name: "순두부찌개", synonyms: ["순두부", "순두부집", "sundubu"], source: LEX },
              { name: "청국장", synonyms: ["청국장찌개"], source: LEX },
              { name: "동태찌개", synonyms: ["동태탕"], source: LEX },
              { name: "고추장찌개", synonyms: ["고추장찌개집"], source: LEX },
              { name: "짜글이", synonyms: ["돼지짜글이"], source: LEX },
            ],
          },
          { name: "두부전문점", synonyms: ["두부요리", "두부집", "tofu"], source: KAKAO },
          {
            name: "한정식",
            synonyms: ["한정식집", "한식 코스", "hanjeongsik", "korean course meal"],
            en: "korean fine dining",
            source: KAKAO,
          },
          {
            name: "백반",
            synonyms: ["백반집", "가정식", "가정식백반", "집밥", "korean set meal"],
            en: "korean home-style restaurant",
            source: LEX,
          },
          { name: "쌈밥", synonyms: ["쌈밥집", "우렁쌈밥", "ssambap"], source: KAKAO_NAME },
          { name: "비빔밥", synonyms: ["전주비빔밥", "돌솥비빔밥", "bibimbap"], source: USAGE },
          { name: "죽", synonyms: ["죽집", "전복죽", "호박죽", "porridge"], source: KAKAO_NAME },
          {
            name: "전집",
            synonyms: ["파전", "빈대떡", "부침개", "녹두전", "모둠전", "해물파전", "전집골목", "jeon"],
            en: "korean pancake",
            source: LEX,
          },
        ],
      },
      {
        name: "분식",
        synonyms: ["분식집", "bunsik", "korean snack bar"],
        en: "korean snack bar",
        source: KAKAO,
        children: [
          { name: "떡볶이", synonyms: ["떡볶이집", "즉석떡볶이", "떡볶기", "tteokbokki"], source: KAKAO },
          { name: "김밥", synonyms: ["김밥집", "gimbap", "kimbap"], source: LEX },
          {
            name: "만두",
            synonyms: ["만둣집", "만두집", "왕만두", "dumplings", "mandu"],
            source: KAKAO_NAME,
          },
        ],
      },
      {
        name: "일식",
        synonyms: [
          "일식집",
          "일본음식",
          "일본 음식",
          "일식당",
          "japanese",
          "japanese food",
          "japanese restaurant",
        ],
        en: "japanese restaurant",
        source: KAKAO,
        children: [
          {
            name: "초밥,롤",
            synonyms: ["초밥", "스시", "초밥집", "스시집", "sushi"],
            source: KAKAO,
          },
          { name: "오마카세", synonyms: ["스시 오마카세", "스시오마카세", "omakase"], source: LEX },
          {
            name: "돈까스,우동",
            distinctParts: true,
            source: KAKAO,
            children: [
              {
                name: "돈까스",
                synonyms: ["돈가스", "돈카츠", "돈까스집", "돈가스집", "tonkatsu"],
                source: LEX,
              },
              { name: "우동", synonyms: ["우동집", "udon"], source: LEX },
              { name: "소바", synonyms: ["메밀소바", "냉소바", "soba"], source: LEX },
            ],
          },
          {
            name: "일본식라면",
            synonyms: ["라멘", "라멘집", "돈코츠라멘", "ramen"],
            en: "ramen",
            source: KAKAO,
          },
          { name: "참치회", synonyms: ["참치", "참치집", "참치회집", "tuna"], source: KAKAO },
          { name: "덮밥", synonyms: ["덮밥집", "donburi"], source: LEX },
          { name: "카레", synonyms: ["카레집", "일본카레", "japanese curry"], source: USAGE },
        ],
      },
      {
        name: "중식",
        synonyms: [
          "중국집",
          "중국음식",
          "중화요리",
          "중식당",
          "chinese",
          "chinese food",
          "chinese restaurant",
        ],
        en: "chinese restaurant",
        source: KAKAO,
        children: [
          {
            name: "중국요리",
            synonyms: ["중국요리집", "탕수육"],
            source: KAKAO,
            children: [
              { name: "짜장면", synonyms: ["짜장", "자장면", "jajangmyeon"], source: LEX },
              { name: "짬뽕", synonyms: ["짬뽕집", "jjamppong"], source: LEX },
            ],
          },
          { name: "양꼬치", synonyms: ["양꼬치집", "lamb skewers"], source: KAKAO },
          { name: "마라탕", synonyms: ["마라샹궈", "마라탕집", "malatang"], source: LEX },
          { name: "훠궈", synonyms: ["훠궈집", "hotpot", "hot pot"], source: LEX },
          { name: "딤섬", synonyms: ["딤섬집", "dim sum", "dimsum"], source: LEX },
        ],
      },
      {
        name: "양식",
        synonyms: ["양식당", "양식집", "western", "western food"],
        en: "western restaurant",
        source: KAKAO,
        children: [
          {
            name: "이탈리안",
            synonyms: [
              "이탈리아음식",
              "이태리음식",
              "이탈리안 레스토랑",
              "이탈리아 요리",
              "italian",
              "italian restaurant",
            ],
            en: "italian restaurant",
            source: KAKAO,
            children: [{ name: "파스타", synonyms: ["파스타집", "스파게티", "pasta"], source: LEX }],
          },
          {
            name: "피자",
            synonyms: ["피자집", "화덕피자", "피제리아", "pizza", "pizzeria"],
            source: KAKAO,
          },
          {
            name: "프랑스음식",
            synonyms: ["프렌치", "프랑스요리", "프렌치 레스토랑", "french", "french restaurant"],
            en: "french restaurant",
            source: KAKAO_NAME,
          },
          { name: "스페인음식", synonyms: ["스페인요리", "타파스", "빠에야", "spanish"], source: USAGE },
          {
            name: "스테이크,립",
            synonyms: ["스테이크", "스테이크하우스", "스테이크집", "steak", "steakhouse"],
            en: "steakhouse",
            source: KAKAO,
          },
          {
            name: "햄버거",
            synonyms: ["버거", "햄버거집", "버거집", "burger", "burgers", "hamburger"],
            source: KAKAO,
            children: [
              { name: "수제버거", synonyms: ["수제 버거", "수제햄버거", "gourmet burger"], source: USAGE },
            ],
          },
          {
            name: "멕시칸,브라질",
            synonyms: ["멕시칸", "멕시코음식", "멕시코 음식", "브라질음식", "슈하스코", "mexican"],
            en: "mexican restaurant",
            source: KAKAO,
            children: [
              {
                name: "타코",
                synonyms: ["타코집", "부리또", "브리또", "taco", "tacos", "burrito"],
                source: LEX,
              },
            ],
          },
          {
            name: "브런치",
            synonyms: ["브런치집", "브런치카페", "브런치 카페", "brunch"],
            source: KAKAO_NAME,
          },
          {
            name: "샐러드",
            synonyms: ["샐러드집", "샐러드바", "salad"],
            source: KAKAO_NAME,
            children: [{ name: "포케", synonyms: ["포케볼", "poke"], source: LEX }],
          },
          { name: "경양식", synonyms: ["경양식집", "함박스테이크"], source: USAGE },
        ],
      },
      {
        name: "아시아음식",
        synonyms: ["아시안", "아시안음식", "asian", "asian food"],
        en: "asian restaurant",
        source: KAKAO,
        children: [
          {
            name: "동남아음식",
            synonyms: ["동남아", "동남아요리", "southeast asian"],
            source: KAKAO,
            children: [
              {
                name: "베트남음식",
                synonyms: ["베트남", "베트남요리", "분짜", "vietnamese"],
                en: "vietnamese restaurant",
                source: KAKAO,
                children: [{ name: "쌀국수", synonyms: ["쌀국숫집", "pho"], source: KAKAO_NAME }],
              },
              {
                name: "태국음식",
                synonyms: ["태국요리", "태국 음식", "타이음식", "팟타이", "똠얌꿍", "thai", "thai food"],
                en: "thai restaurant",
                source: KAKAO_NAME,
              },
            ],
          },
          {
            name: "인도음식",
            synonyms: ["인도요리", "인도커리", "커리", "탄두리", "indian", "curry"],
            en: "indian restaurant",
            source: KAKAO,
          },
          { name: "케밥", synonyms: ["터키음식", "kebab"], source: KAKAO_NAME },
        ],
      },
      {
        name: "퓨전요리",
        synonyms: ["퓨전", "퓨전음식", "fusion"],
        en: "fusion restaurant",
        source: KAKAO,
      },
      {
        name: "치킨",
        synonyms: ["치킨집", "통닭", "후라이드치킨", "양념치킨", "chicken", "fried chicken"],
        en: "fried chicken",
        source: KAKAO,
        children: [{ name: "닭강정", synonyms: ["dakgangjeong"], source: KAKAO_NAME }],
      },
      {
        name: "술집",
        synonyms: ["주점", "bar", "bars", "nightlife"],
        en: "bar",
        source: KAKAO,
        children: [
          {
            name: "호프,요리주점",
            synonyms: ["호프", "호프집", "요리주점", "맥주집", "맥줏집", "맥주", "펍", "pub", "beer"],
            en: "pub",
            source: KAKAO,
            children: [
              {
                name: "수제맥주",
                synonyms: ["크래프트비어", "브루어리", "브루펍", "craft beer", "brewery"],
                source: LEX,
              },
            ],
          },
          {
            name: "실내포장마차",
            synonyms: ["포차", "실내포차", "포장마차", "pojangmacha"],
            en: "pojangmacha",
            source: KAKAO,
          },
          {
            name: "일본식주점",
            synonyms: ["이자카야", "이자까야", "일식주점", "사케바", "izakaya"],
            en: "izakaya",
            source: KAKAO,
          },
          { name: "와인바", synonyms: ["와인", "와인 바", "와인집", "wine", "wine bar"], source: KAKAO },
          {
            name: "칵테일바",
            synonyms: ["칵테일", "칵테일 바", "cocktail", "cocktails", "cocktail bar", "speakeasy"],
            source: KAKAO,
          },
          { name: "위스키바", synonyms: ["위스키", "위스키 바", "whisky bar", "whiskey bar"], source: USAGE },
          {
            name: "전통주점",
            synonyms: ["막걸리", "막걸리집", "전통주", "민속주점", "makgeolli"],
            en: "makgeolli bar",
            source: LEX,
          },
          { name: "오뎅바", synonyms: ["어묵바", "오뎅 바"], source: KAKAO_NAME },
          { name: "비치클럽", synonyms: ["비치 클럽", "beach club"], source: LEX },
        ],
      },
      {
        name: "카페",
        code: "CE7",
        synonyms: ["까페", "cafe", "cafes", "café"],
        en: "cafe",
        source:
          "provider-apis.md §1.4 (CE7 카페) and §1.5 (category_name 음식점 > 카페 > 커피전문점 > 스타벅스)",
        children: [
          {
            name: "커피전문점",
            synonyms: ["커피", "커피숍", "커피집", "커피 전문점", "coffee", "coffee shop", "coffeeshop"],
            en: "coffee shop",
            source: "provider-apis.md §1.5",
            children: [
              { name: "로스터리", synonyms: ["로스터리카페", "로스터리 카페", "roastery"], source: USAGE },
            ],
          },
          {
            name: "테마카페",
            synonyms: ["이색카페", "테마 카페", "themed cafe"],
            source: KAKAO,
            children: [
              {
                name: "디저트카페",
                synonyms: [
                  "디저트",
                  "디저트 카페",
                  "디저트집",
                  "dessert",
                  "desserts",
                  "dessert cafe",
                  "sweets",
                ],
                en: "dessert cafe",
                source: KAKAO,
                children: [{ name: "빙수", synonyms: ["빙수집", "팥빙수", "bingsu"], source: LEX }],
              },
              { name: "고양이카페", synonyms: ["고양이 카페", "캣카페", "cat cafe"], source: KAKAO_NAME },
              {
                name: "애견카페",
                synonyms: ["애견 카페", "강아지카페", "강아지 카페", "dog cafe"],
                source: KAKAO_NAME,
              },
              { name: "북카페", synonyms: ["북 카페", "책카페", "book cafe"], source: KAKAO_NAME },
              {
                name: "사주카페",
                synonyms: ["타로카페", "사주 카페", "타로 카페", "tarot cafe"],
                source: KAKAO_NAME,
              },
              { name: "룸카페", synonyms: ["룸 카페", "room cafe"], source: KAKAO },
              { name: "한옥카페", synonyms: ["한옥 카페", "hanok cafe"], source: USAGE },
              { name: "대형카페", synonyms: ["대형 카페"], source: USAGE },
              { name: "베이커리카페", synonyms: ["베이커리 카페", "bakery cafe"], source: USAGE },
            ],
          },
          {
            name: "전통찻집",
            synonyms: ["전통 찻집", "전통차", "한방찻집", "traditional tea house"],
            source: KAKAO_NAME,
          },
          {
            name: "티카페",
            synonyms: [
              "찻집",
              "티하우스",
              "티룸",
              "말차",
              "녹차",
              "녹차카페",
              "홍차",
              "tea house",
              "tea room",
              "matcha",
            ],
            source: LEX,
          },
          {
            name: "생과일전문점",
            synonyms: ["생과일주스", "과일주스", "주스가게", "juice bar"],
            source: KAKAO_NAME,
          },
        ],
      },
      {
        name: "간식",
        synonyms: ["간식거리", "snacks"],
        source: KAKAO,
        children: [
          {
            name: "제과,베이커리",
            synonyms: ["빵집", "베이커리", "제과점", "빵", "bakery", "bakeries", "bread"],
            en: "bakery",
            source: KAKAO,
            children: [
              { name: "케이크", synonyms: ["케이크집", "케익", "레터링케이크", "cake"], source: LEX },
            ],
          },
          {
            name: "떡,한과",
            distinctParts: true,
            synonyms: ["떡집", "한과", "rice cake"],
            source: KAKAO_NAME,
          },
          { name: "아이스크림", synonyms: ["젤라또", "아이스크림집", "ice cream", "gelato"], source: KAKAO },
          { name: "도넛", synonyms: ["도너츠", "도넛집", "donut", "doughnut"], source: KAKAO },
          { name: "토스트", synonyms: ["토스트집", "toast"], source: KAKAO },
        ],
      },
      {
        name: "뷔페",
        synonyms: ["부페", "buffet"],
        source: KAKAO,
        children: [
          { name: "해산물뷔페", synonyms: ["씨푸드뷔페", "seafood buffet"], source: KAKAO },
          { name: "한식뷔페", synonyms: ["한식 뷔페"], source: KAKAO_NAME },
          { name: "고기뷔페", synonyms: ["고기무한리필", "고기 무한리필"], source: USAGE },
          { name: "호텔뷔페", synonyms: ["호텔 뷔페", "hotel buffet"], source: USAGE },
        ],
      },
      { name: "샤브샤브", synonyms: ["샤브", "샤브샤브집", "shabu shabu"], source: KAKAO },
      {
        name: "패스트푸드",
        synonyms: ["패스트푸드점", "fast food"],
        source: KAKAO,
        children: [{ name: "샌드위치", synonyms: ["샌드위치집", "sandwich"], source: KAKAO }],
      },
      { name: "패밀리레스토랑", synonyms: ["패밀리 레스토랑", "family restaurant"], source: KAKAO },
      { name: "기사식당", synonyms: ["기사 식당"], source: KAKAO },
      { name: "도시락", synonyms: ["도시락집", "도시락전문점", "dosirak"], source: KAKAO },
      {
        name: "비건",
        synonyms: ["채식", "비건식당", "채식식당", "vegan", "vegetarian"],
        en: "vegan restaurant",
        source: LEX,
      },
      { name: "할랄", synonyms: ["할랄푸드", "halal"], en: "halal restaurant", source: LEX },
    ],
  },
  {
    name: "가정,생활",
    source: KAKAO,
    children: [
      {
        name: "편의점",
        code: "CS2",
        synonyms: ["convenience store"],
        source: "provider-apis.md §1.4 (CS2); " + KAKAO,
      },
      {
        name: "대형마트",
        code: "MT1",
        synonyms: ["마트", "대형 마트", "할인마트", "hypermarket"],
        en: "hypermarket",
        source: "provider-apis.md §1.4 (MT1); " + KAKAO,
      },
      {
        name: "슈퍼마켓",
        synonyms: ["슈퍼", "동네마트", "식자재마트", "supermarket", "grocery store"],
        source: KAKAO,
      },
      { name: "백화점", synonyms: ["department store"], source: KAKAO },
      { name: "복합쇼핑몰", synonyms: ["쇼핑몰", "shopping mall", "mall"], source: KAKAO },
      { name: "상설할인매장", synonyms: ["아울렛", "아웃렛", "outlet"], source: KAKAO },
      {
        name: "시장",
        synonyms: ["market"],
        source: `${KAKAO}; ${LEX}`,
        children: [
          { name: "전통시장", synonyms: ["재래시장", "전통 시장", "traditional market"], source: LEX },
          { name: "수산시장", synonyms: ["어시장", "수산물시장", "fish market"], source: LEX },
          { name: "야시장", synonyms: ["night market"], source: USAGE },
        ],
      },
      { name: "드럭스토어", synonyms: ["drugstore"], source: KAKAO },
      { name: "생활용품점", synonyms: ["생활용품", "household goods"], source: KAKAO },
      { name: "소품샵", synonyms: ["소품가게", "소품 샵", "소품숍", "gift shop"], source: KAKAO },
      { name: "문구,사무용품", synonyms: ["문구점", "문방구", "stationery store"], source: KAKAO_NAME },
      {
        name: "꽃집,꽃배달",
        synonyms: ["꽃집", "꽃가게", "플라워샵", "florist", "flower shop"],
        source: KAKAO,
      },
      { name: "안경,렌즈", synonyms: ["안경점", "안경원", "optician"], source: KAKAO_NAME },
      {
        name: "패션",
        source: KAKAO,
        children: [
          {
            name: "의류판매",
            synonyms: ["옷가게", "옷집", "의류매장", "편집샵", "clothing store"],
            source: KAKAO,
          },
          { name: "한복대여", synonyms: ["한복 대여", "한복체험", "hanbok rental"], source: KAKAO },
        ],
      },
      {
        name: "미용",
        source: KAKAO,
        children: [
          {
            name: "미용실",
            synonyms: ["헤어샵", "헤어숍", "미장원", "hair salon", "hairdresser"],
            source: KAKAO,
          },
          { name: "바버샵", synonyms: ["이발소", "이발관", "barbershop", "barber"], source: KAKAO_NAME },
          { name: "네일샵", synonyms: ["네일", "네일숍", "네일아트", "nail salon"], source: KAKAO },
          { name: "피부관리", synonyms: ["피부관리실", "에스테틱", "skin care"], source: KAKAO },
          { name: "화장품", synonyms: ["화장품가게", "cosmetics store"], source: KAKAO },
        ],
      },
      { name: "세탁소", synonyms: ["세탁", "드라이클리닝", "dry cleaner"], source: KAKAO_NAME },
      {
        name: "셀프빨래방",
        synonyms: ["빨래방", "코인세탁", "코인빨래방", "코인워시", "laundromat"],
        source: KAKAO_NAME,
      },
      {
        name: "동물병원",
        synonyms: [
          "동물 병원",
          "애견병원",
          "애견 병원",
          "강아지병원",
          "고양이병원",
          "vet",
          "veterinarian",
          "animal hospital",
        ],
        en: "veterinary clinic",
        source: `${KAKAO} (가정,생활 > 반려동물 > 동물병원); ${LEX}`,
      },
      { name: "동물약국", synonyms: ["동물 약국", "애견약국", "pet pharmacy"], source: LEX },
      {
        name: "반려동물미용",
        synonyms: ["애견미용", "애견미용실", "강아지미용", "펫미용", "pet grooming"],
        source: KAKAO_NAME,
      },
      { name: "반려동물용품", synonyms: ["애견용품", "펫샵", "pet supplies"], source: KAKAO_NAME },
      { name: "애견호텔", synonyms: ["애견 호텔", "강아지호텔", "펫호텔", "pet hotel"], source: LEX },
      { name: "애견유치원", synonyms: ["강아지유치원", "반려견유치원", "dog daycare"], source: LEX },
      {
        name: "반려견놀이터",
        synonyms: ["애견놀이터", "강아지 놀이터", "애견운동장", "dog park"],
        source: KAKAO_NAME,
      },
      {
        name: "여가시설",
        source: KAKAO,
        children: [
          {
            name: "노래방",
            synonyms: ["노래연습장", "가라오케", "karaoke", "noraebang"],
            source: KAKAO,
            children: [
              { name: "코인노래방", synonyms: ["코노", "코인 노래방", "coin karaoke"], source: KAKAO_NAME },
            ],
          },
          {
            name: "게임방,PC방",
            synonyms: ["PC방", "pc방", "피시방", "피씨방", "pc bang", "internet cafe"],
            en: "pc bang",
            source: KAKAO,
          },
          {
            name: "방탈출카페",
            synonyms: ["방탈출", "방탈출 카페", "이스케이프룸", "escape room"],
            en: "escape room",
            source: KAKAO,
          },
          {
            name: "보드카페",
            code: "CE7",
            synonyms: ["보드게임카페", "보드게임 카페", "보드게임방", "보드게임", "board game cafe"],
            en: "board game cafe",
            source: KAKAO,
          },
          {
            name: "만화방",
            synonyms: ["만화책방"],
            source: KAKAO,
            children: [
              { name: "만화카페", synonyms: ["만화 카페", "comic cafe", "manga cafe"], source: KAKAO },
            ],
          },
          { name: "오락실", synonyms: ["게임센터", "아케이드", "arcade"], source: USAGE },
          { name: "인형뽑기", synonyms: ["인형뽑기방", "뽑기방", "claw machine"], source: USAGE },
          { name: "VR체험", synonyms: ["VR방", "vr방", "vr"], source: USAGE },
        ],
      },
      {
        name: "목욕탕,사우나",
        synonyms: ["목욕탕", "사우나", "대중목욕탕", "sauna", "bathhouse"],
        source: KAKAO,
        children: [{ name: "찜질방", synonyms: ["찜질", "jjimjilbang"], source: KAKAO }],
      },
      {
        name: "키즈카페",
        synonyms: ["키즈 카페", "키즈까페", "실내놀이터", "kids cafe", "indoor playground"],
        source: `${KAKAO} (가정,생활 > 유아 > 놀이시설 > 키즈카페)`,
      },
      {
        name: "유흥시설",
        source: KAKAO,
        children: [
          {
            name: "나이트,클럽",
            synonyms: ["클럽", "나이트클럽", "나이트", "club", "nightclub"],
            source: KAKAO,
          },
        ],
      },
    ],
  },
  {
    name: "교통,수송",
    source: KAKAO,
    children: [
      {
        name: "교통시설",
        source: KAKAO,
        children: [
          {
            name: "주차장",
            code: "PK6",
            synonyms: ["parking lot", "car park"],
            source: "provider-apis.md §1.4 (PK6); " + KAKAO,
            children: [{ name: "공영주차장", synonyms: ["공용주차장", "public parking"], source: KAKAO }],
          },
          {
            name: "고속,시외버스터미널",
            synonyms: ["버스터미널", "고속버스터미널", "시외버스터미널", "터미널", "bus terminal"],
            source: KAKAO,
          },
          { name: "공항", synonyms: ["airport"], source: KAKAO },
        ],
      },
      {
        name: "자동차",
        source: KAKAO,
        children: [
          {
            name: "주유,가스",
            code: "OL7",
            source: "provider-apis.md §1.4 (OL7); " + KAKAO,
            children: [
              { name: "주유소", synonyms: ["gas station", "petrol station"], source: KAKAO },
              { name: "LPG충전소", synonyms: ["lpg", "가스충전소", "lpg station"], source: KAKAO },
            ],
          },
          {
            name: "전기차충전소",
            code: "OL7",
            synonyms: ["전기차 충전소", "충전소", "전기차 충전", "ev charging", "ev charger"],
            en: "electric vehicle charging station",
            source: KAKAO,
          },
          { name: "세차장", synonyms: ["세차", "손세차", "셀프세차장", "car wash"], source: KAKAO_NAME },
          { name: "자동차정비", synonyms: ["카센터", "정비소", "car repair"], source: KAKAO_NAME },
        ],
      },
      {
        name: "지하철,전철",
        code: "SW8",
        synonyms: ["지하철역", "전철역", "subway station", "metro station"],
        source: "provider-apis.md §1.4 (SW8); " + KAKAO,
      },
      { name: "화장실", synonyms: ["공중화장실", "restroom", "toilet"], source: KAKAO_NAME },
      {
        name: "기차,철도",
        source: KAKAO,
        children: [{ name: "기차역", synonyms: ["KTX역", "ktx역", "train station"], source: KAKAO }],
      },
    ],
  },
  {
    name: "금융,보험",
    source: KAKAO,
    children: [
      {
        name: "금융서비스",
        source: KAKAO,
        children: [
          {
            name: "은행",
            code: "BK9",
            synonyms: ["bank"],
            source: "provider-apis.md §1.4 (BK9); " + KAKAO,
            children: [{ name: "ATM", synonyms: ["atm", "현금인출기", "현금지급기"], source: KAKAO }],
          },
          { name: "환전소", synonyms: ["환전", "currency exchange", "money exchange"], source: USAGE },
        ],
      },
    ],
  },
  {
    name: "의료,건강",
    source: "provider-apis.md §1.5 (category_name 의료,건강 > 약국)",
    children: [
      {
        name: "병원",
        code: "HP8",
        synonyms: ["hospital"],
        source: "provider-apis.md §1.4 (HP8); " + KAKAO,
        children: [
          { name: "일반의원", synonyms: ["의원", "동네병원", "clinic"], catchAll: true, source: KAKAO_NAME },
          { name: "종합병원", synonyms: ["대형병원", "general hospital"], source: KAKAO },
          { name: "대학병원", synonyms: ["university hospital"], source: KAKAO_NAME },
          { name: "응급실", synonyms: ["응급의료센터", "emergency room"], source: KAKAO },
          { name: "내과", synonyms: ["내과의원", "internal medicine"], source: KAKAO },
          { name: "치과", synonyms: ["치과의원", "치과병원", "dentist", "dental clinic"], source: KAKAO },
          {
            name: "소아청소년과",
            synonyms: ["소아과", "소아과의원", "소아청소년과의원", "pediatrician", "pediatrics"],
            source: KAKAO_NAME,
          },
          { name: "피부과", synonyms: ["피부과의원", "dermatologist", "dermatology"], source: KAKAO },
          { name: "안과", synonyms: ["안과의원", "eye clinic", "ophthalmologist"], source: KAKAO_NAME },
          { name: "이비인후과", synonyms: ["이비인후과의원"], source: KAKAO_NAME },
          {
            name: "정형외과",
            synonyms: ["정형외과의원", "orthopedic clinic", "orthopedics"],
            source: KAKAO_NAME,
          },
          { name: "산부인과", synonyms: ["산부인과의원", "gynecologist", "obgyn"], source: KAKAO },
          { name: "비뇨기과", synonyms: ["비뇨의학과", "urologist"], source: KAKAO_NAME },
          { name: "정신건강의학과", synonyms: ["정신과", "신경정신과", "psychiatrist"], source: KAKAO_NAME },
          { name: "성형외과", synonyms: ["plastic surgery"], source: KAKAO_NAME },
          { name: "한의원", synonyms: ["한방병원", "korean medicine clinic"], source: KAKAO_NAME },
        ],
      },
      { name: "약국", code: "PM9", synonyms: ["pharmacy"], source: "provider-apis.md §1.5" },
      { name: "보건소", synonyms: ["public health center"], source: KAKAO },
    ],
  },
  {
    name: "여행",
    source: KAKAO,
    children: [
      {
        name: "숙박",
        code: "AD5",
        synonyms: ["숙소", "숙박업소", "accommodation", "lodging"],
        source: "provider-apis.md §1.4 (AD5); " + KAKAO,
        children: [
          {
            name: "호텔",
            synonyms: ["hotel", "hotels"],
            source: KAKAO,
            children: [
              {
                name: "특급호텔",
                synonyms: ["5성급호텔", "5성급 호텔", "럭셔리호텔", "luxury hotel"],
                source: KAKAO,
              },
              { name: "비즈니스호텔", synonyms: ["business hotel"], source: USAGE },
            ],
          },
          { name: "여관,모텔", synonyms: ["모텔", "여관", "motel"], source: KAKAO },
          {
            name: "펜션",
            synonyms: ["pension"],
            source: KAKAO,
            children: [{ name: "풀빌라", synonyms: ["풀빌라펜션", "pool villa"], source: USAGE }],
          },
          {
            name: "게스트하우스",
            synonyms: ["게스트 하우스", "호스텔", "guesthouse", "guest house", "hostel"],
            source: KAKAO_NAME,
          },
          { name: "콘도,리조트", synonyms: ["리조트", "콘도", "콘도미니엄", "resort"], source: KAKAO },
          {
            name: "야영,캠핑장",
            synonyms: ["캠핑장", "캠핑", "campground", "camping", "campsite"],
            en: "campground",
            source: KAKAO,
            children: [
              { name: "글램핑장", synonyms: ["글램핑", "glamping"], source: KAKAO_NAME },
              { name: "오토캠핑장", synonyms: ["오토캠핑", "auto camping"], source: KAKAO_NAME },
              { name: "카라반", synonyms: ["캠핑카", "caravan"], source: KAKAO_NAME },
            ],
          },
          {
            name: "한옥숙소",
            synonyms: ["한옥스테이", "한옥 숙소", "한옥 스테이", "hanok stay"],
            source: KAKAO_NAME,
          },
          { name: "민박", synonyms: ["민박집", "homestay"], source: KAKAO_NAME },
        ],
      },
      {
        name: "관광,명소",
        code: "AT4",
        synonyms: [
          "관광지",
          "명소",
          "관광명소",
          "볼거리",
          "tourist attraction",
          "attraction",
          "attractions",
          "sights",
          "sightseeing",
        ],
        en: "tourist attraction",
        source: "provider-apis.md §1.4 (AT4); " + KAKAO,
        children: [
          {
            name: "문화유적",
            synonyms: ["유적지", "유적", "사적지", "historic site"],
            source: KAKAO,
            children: [{ name: "고궁,궁", synonyms: ["고궁", "궁궐", "palace"], source: KAKAO }],
          },
          { name: "한옥마을", synonyms: ["한옥 마을", "hanok village"], source: USAGE },
          { name: "민속촌", synonyms: ["folk village"], source: KAKAO_NAME },
          { name: "전망대", synonyms: ["observation deck", "observatory"], source: KAKAO },
          { name: "케이블카", synonyms: ["cable car"], source: KAKAO },
          {
            name: "테마거리",
            synonyms: ["themed street"],
            source: KAKAO,
            children: [
              { name: "카페거리", synonyms: ["카페 거리", "cafe street"], source: KAKAO_NAME },
              { name: "먹자골목", synonyms: ["먹자거리", "먹자 골목", "food alley"], source: KAKAO_NAME },
            ],
          },
          {
            name: "테마파크",
            synonyms: ["놀이공원", "놀이동산", "테마 파크", "amusement park", "theme park"],
            source: KAKAO,
            children: [{ name: "워터테마파크", synonyms: ["워터파크", "water park"], source: KAKAO }],
          },
          { name: "유원지", synonyms: ["recreation area"], source: KAKAO },
          {
            name: "동물원",
            synonyms: ["zoo"],
            source: KAKAO,
            children: [{ name: "실내동물원", synonyms: ["실내 동물원", "indoor zoo"], source: KAKAO_NAME }],
          },
          {
            name: "수목원,식물원",
            synonyms: ["수목원", "식물원", "botanical garden", "arboretum"],
            source: KAKAO,
          },
          { name: "해수욕장,해변", synonyms: ["해수욕장", "해변", "바닷가", "비치", "beach"], source: KAKAO },
          { name: "산", synonyms: ["mountain"], source: KAKAO },
          {
            name: "등산로",
            synonyms: ["등산", "등산코스", "트레킹", "하이킹", "hiking", "hiking trail"],
            source: `${KAKAO}; ${LEX}`,
          },
          { name: "계곡", synonyms: ["valley"], source: KAKAO },
          { name: "호수", synonyms: ["lake"], source: KAKAO },
          { name: "섬", synonyms: ["island"], source: KAKAO },
          { name: "온천", synonyms: ["온천탕", "hot spring"], source: KAKAO },
          { name: "자연휴양림", synonyms: ["휴양림", "recreational forest"], source: KAKAO },
          { name: "국립공원", synonyms: ["national park"], source: KAKAO },
          {
            name: "도보여행",
            synonyms: ["걷기길"],
            source: KAKAO,
            children: [
              { name: "둘레길", synonyms: ["올레길", "trail"], source: KAKAO },
              { name: "산책로", synonyms: ["산책길", "산책 코스", "산책코스", "walking trail"], source: LEX },
            ],
          },
          { name: "드라이브코스", synonyms: ["드라이브 코스", "scenic drive"], source: KAKAO_NAME },
          { name: "관광농원", synonyms: ["체험농장", "농장체험", "farm stay"], source: KAKAO },
        ],
      },
      {
        name: "공원",
        synonyms: ["park"],
        source: `${KAKAO}; ${LEX}`,
        children: [
          { name: "도시근린공원", synonyms: ["근린공원", "동네 공원", "neighborhood park"], source: KAKAO },
        ],
      },
      { name: "체험여행", synonyms: ["체험장", "체험학습장", "체험관"], source: KAKAO },
      { name: "기념품판매", synonyms: ["기념품", "기념품샵", "기념품가게", "souvenir shop"], source: KAKAO },
    ],
  },
  {
    name: "문화,예술",
    source: KAKAO,
    children: [
      {
        name: "문화시설",
        code: "CT1",
        synonyms: ["cultural facility"],
        source: "provider-apis.md §1.4 (CT1); " + KAKAO,
        children: [
          {
            name: "박물관",
            synonyms: ["museum", "museums"],
            source: KAKAO,
            children: [{ name: "과학관", synonyms: ["science museum"], source: KAKAO_NAME }],
          },
          { name: "미술관", synonyms: ["art museum"], source: KAKAO },
          {
            name: "전시관",
            synonyms: ["전시", "전시장", "exhibition", "exhibition hall"],
            source: KAKAO,
          },
          {
            name: "공연장,연극극장",
            synonyms: [
              "공연장",
              "연극극장",
              "연극",
              "뮤지컬",
              "콘서트홀",
              "공연",
              "theater",
              "theatre",
              "concert hall",
            ],
            en: "performing arts theater",
            source: KAKAO_NAME,
            children: [
              { name: "소극장", synonyms: ["small theater"], source: USAGE },
              {
                name: "라이브클럽",
                synonyms: ["라이브홀", "라이브 공연장", "live music venue"],
                source: USAGE,
              },
            ],
          },
          { name: "도서관", synonyms: ["library"], source: KAKAO },
          { name: "아쿠아리움", synonyms: ["aquarium"], source: KAKAO },
          { name: "천문대", synonyms: ["천문관", "planetarium"], source: KAKAO_NAME },
        ],
      },
      {
        name: "영화,영상",
        source: KAKAO,
        children: [
          {
            name: "영화관",
            code: "CT1",
            synonyms: ["시네마", "멀티플렉스", "movie theater", "cinema", "movies"],
            source: KAKAO,
            children: [
              {
                name: "독립영화관",
                synonyms: ["예술영화관", "독립 영화관", "arthouse cinema"],
                source: USAGE,
              },
            ],
          },
        ],
      },
      { name: "전시회,박람회", synonyms: ["전시회", "박람회", "엑스포", "expo", "fair"], source: KAKAO },
      {
        name: "도서",
        source: KAKAO,
        children: [
          {
            name: "서점",
            synonyms: ["책방", "bookstore", "bookshop"],
            source: KAKAO,
            children: [
              {
                name: "독립서점",
                synonyms: ["동네서점", "독립 서점", "independent bookstore"],
                source: KAKAO,
              },
              { name: "중고서점", synonyms: ["헌책방", "used bookstore"], source: KAKAO_NAME },
            ],
          },
        ],
      },
      {
        name: "사진관,포토스튜디오",
        synonyms: ["사진관", "포토스튜디오", "증명사진", "프로필사진", "photo studio"],
        source: `${KAKAO} (문화,예술 > 사진 > 사진관,포토스튜디오)`,
      },
      {
        name: "즉석사진",
        synonyms: ["인생네컷", "네컷사진", "셀프사진관", "포토부스", "photo booth"],
        source: KAKAO_NAME,
      },
      {
        name: "미술,공예",
        source: KAKAO,
        children: [
          { name: "화랑", synonyms: ["갤러리", "아트갤러리", "art gallery", "gallery"], source: KAKAO },
          {
            name: "공방",
            synonyms: ["원데이클래스", "원데이 클래스", "공예공방", "도자기공방", "craft workshop"],
            source: USAGE,
          },
        ],
      },
      {
        name: "종교",
        source: KAKAO,
        children: [
          { name: "절,사찰", synonyms: ["사찰", "절집", "temple"], source: KAKAO },
          { name: "성당", synonyms: ["catholic church"], source: KAKAO_NAME },
          { name: "교회", synonyms: ["church"], source: KAKAO_NAME },
        ],
      },
    ],
  },
  {
    name: "스포츠,레저",
    source: KAKAO,
    children: [
      {
        name: "볼링",
        source: KAKAO,
        children: [{ name: "볼링장", synonyms: ["bowling", "bowling alley"], source: KAKAO }],
      },
      {
        name: "당구",
        source: KAKAO_NAME,
        children: [
          {
            name: "당구장,포켓볼",
            synonyms: ["당구장", "포켓볼", "billiards", "pool hall"],
            source: KAKAO_NAME,
          },
        ],
      },
      {
        name: "수영,수상",
        source: KAKAO,
        children: [
          {
            name: "수영장",
            synonyms: ["수영", "실내수영장", "swimming", "swimming pool"],
            source: KAKAO_NAME,
          },
          { name: "수상스포츠", synonyms: ["수상레저", "웨이크보드", "water sports"], source: KAKAO },
          { name: "서핑", synonyms: ["서핑샵", "서핑스쿨", "surfing"], source: LEX },
        ],
      },
      {
        name: "골프",
        synonyms: ["golf"],
        source: KAKAO,
        children: [
          {
            name: "골프연습장",
            synonyms: ["골프 연습장", "driving range"],
            source: KAKAO,
            children: [
              {
                name: "스크린골프연습장",
                synonyms: ["스크린골프", "스크린 골프", "screen golf"],
                source: KAKAO,
              },
            ],
          },
          { name: "골프장", synonyms: ["golf course"], source: KAKAO },
        ],
      },
      {
        name: "스포츠시설",
        source: KAKAO,
        children: [
          {
            name: "헬스클럽",
            synonyms: ["헬스", "헬스장", "피트니스", "피트니스센터", "gym", "fitness"],
            source: KAKAO,
          },
          {
            name: "클라이밍",
            synonyms: ["클라이밍장", "실내클라이밍", "볼더링", "암벽", "암벽등반", "climbing", "bouldering"],
            source: LEX,
          },
          { name: "테니스장", synonyms: ["테니스", "tennis", "tennis court"], source: LEX },
          { name: "프로야구장", synonyms: ["야구장", "baseball stadium"], source: KAKAO_NAME },
        ],
      },
      {
        name: "요가,필라테스",
        source: KAKAO,
        children: [
          { name: "요가원", synonyms: ["요가", "요가 학원", "yoga", "yoga studio"], source: KAKAO },
          { name: "필라테스", synonyms: ["필라테스 학원", "pilates"], source: KAKAO },
        ],
      },
      {
        name: "스키,스노우보드",
        source: KAKAO,
        children: [
          {
            name: "스키장",
            synonyms: ["스키", "스노보드", "스노우보드", "ski resort", "skiing"],
            source: KAKAO,
          },
        ],
      },
      { name: "눈썰매장", synonyms: ["눈썰매", "sledding"], source: KAKAO_NAME },
      {
        name: "스케이트",
        source: KAKAO_NAME,
        children: [
          {
            name: "스케이트장",
            synonyms: ["아이스링크", "빙상장", "ice rink", "skating"],
            source: KAKAO_NAME,
          },
        ],
      },
      {
        name: "탁구",
        source: KAKAO_NAME,
        children: [{ name: "탁구장", synonyms: ["table tennis", "ping pong"], source: LEX }],
      },
      {
        name: "낚시",
        source: KAKAO,
        children: [
          { name: "낚시터", synonyms: ["fishing", "fishing spot"], source: KAKAO },
          { name: "실내낚시터", synonyms: ["실내낚시", "낚시카페", "indoor fishing"], source: KAKAO_NAME },
        ],
      },
    ],
  },
  {
    name: "교육,학문",
    source: KAKAO,
    children: [
      {
        name: "학교",
        code: "SC4",
        synonyms: ["school"],
        source: "provider-apis.md §1.4 (SC4); " + KAKAO,
        children: [
          { name: "초등학교", synonyms: ["elementary school"], source: `${KAKAO}; ${LEX}` },
          { name: "중학교", synonyms: ["middle school"], source: `${KAKAO}; ${LEX}` },
          { name: "고등학교", synonyms: ["high school"], source: `${KAKAO}; ${LEX}` },
          { name: "대학교", synonyms: ["university"], source: KAKAO },
        ],
      },
      { name: "학원", code: "AC5", synonyms: ["academy"], source: "provider-apis.md §1.4 (AC5); " + KAKAO },
      {
        name: "유아교육",
        code: "PS3",
        source: "provider-apis.md §1.4 (PS3); " + KAKAO,
        children: [
          { name: "어린이집", synonyms: ["daycare"], source: KAKAO },
          { name: "유치원", synonyms: ["kindergarten"], source: KAKAO_NAME },
        ],
      },
      {
        name: "학습시설",
        source: KAKAO,
        children: [
          { name: "스터디카페", synonyms: ["스터디 카페", "study cafe"], source: LEX },
          { name: "독서실", synonyms: ["reading room"], source: LEX },
        ],
      },
    ],
  },
  {
    name: "서비스,산업",
    source: KAKAO,
    children: [
      {
        name: "공간대여",
        source: `${KAKAO} (서비스,산업 > 전문대행 > 공간대여)`,
        children: [
          { name: "공유오피스", synonyms: ["코워킹스페이스", "코워킹", "coworking space"], source: KAKAO },
          {
            name: "모임공간",
            synonyms: ["세미나실", "스터디룸", "회의실 대여", "meeting room"],
            source: KAKAO_NAME,
          },
          { name: "파티룸", synonyms: ["파티 룸", "party room"], source: USAGE },
        ],
      },
    ],
  },
  {
    name: "사회,공공기관",
    code: "PO3",
    source: "provider-apis.md §1.4 (PO3); " + KAKAO,
    children: [
      {
        name: "지방행정기관",
        source: KAKAO,
        children: [
          { name: "행정복지센터", synonyms: ["주민센터", "동사무소", "community center"], source: KAKAO },
          { name: "구청", synonyms: ["district office"], source: KAKAO_NAME },
          { name: "시청", synonyms: ["city hall"], source: KAKAO_NAME },
        ],
      },
      { name: "우체국", synonyms: ["post office"], source: KAKAO_NAME },
      { name: "경찰서", synonyms: ["파출소", "지구대", "police station"], source: KAKAO_NAME },
    ],
  },
  {
    name: "부동산",
    code: "AG2",
    source: "provider-apis.md §1.4 (AG2); " + KAKAO,
    children: [
      {
        name: "부동산중개업",
        synonyms: ["공인중개사", "중개사무소", "부동산중개", "real estate agency", "realtor"],
        source: `${KAKAO} (부동산 > 부동산서비스 > 부동산중개업)`,
      },
    ],
  },
];

/**
 * The tree: Kakao's paths and the lexicon's kinds above, grown by the table of kinds-grafts.ts (the
 * standard industrial classification's consumer-facing subclasses, menu words, the medical specialties,
 * national chains).
 */
export const KIND_TREE: readonly KindNode[] = graft(BASE_TREE, [...KIND_GRAFTS, ...BRAND_GRAFTS]);
