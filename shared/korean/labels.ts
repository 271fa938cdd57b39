// Korean words for the codes the API answers with — a simulation's status, an agent's decision, the kind
// of a day, engines, search strategies, the QA route, data sources — and for the field names the page
// shows from JSON without a fixed shape (a run's parameters, calibration figures). One table for every
// place a person reads them: the web page (web/) and the simulation's report page. A code the table
// does not know is shown as it is, never as nothing: a newer server's status still reads as something.

export const LABELS = {
  simulationStatus: {
    pending: "대기 중",
    running: "진행 중",
    completed: "완료",
    completed_with_failures: "완료 (실패한 턴 많음)",
    failed: "실패",
    budget_exhausted: "예산 소진으로 멈춤",
  },
  experimentStatus: { running: "진행 중", completed: "완료", stopped: "멈춤" },
  /** an experiment's two arms: the world as it is, and with the scenario */
  experimentArm: { baseline: "기준", scenario: "시나리오" },
  decision: { visit: "방문", stay_home: "집에 머묾", llm_failed: "LLM 실패" },
  dayType: { weekday: "평일", weekend: "주말", holiday: "공휴일" },
  agentType: { resident: "주민", floating: "유동 인구" },
  /** what answered: the simulation's, the QA's and news' engines, and each step's */
  engine: {
    offline: "오프라인 엔진 (규칙과 어휘)",
    "offline-fallback": "오프라인 엔진 (LLM 실패 후 대체)",
    llm: "LLM (언어 모델)",
    "llm+fallback": "LLM (일부 단계는 규칙으로 대체)",
    replay: "녹화된 LLM 답 재생",
    rules: "규칙 엔진",
    "rules-fallback": "규칙 엔진 (LLM 실패 후 대체)",
    skipped: "건너뜀",
    client: "직접 작성한 계획",
  },
  strategy: {
    radius: "반경 검색",
    route: "경로 검색",
    point_travel: "이동 시간 검색",
    multi_point: "여행 코스",
  },
  travelMode: { walking: "도보", bicycling: "자전거", transit: "대중교통", driving: "자동차" },
  /** a search plan's provider */
  provider: { kakao: "카카오", google: "구글", embedded: "내장 데이터" },
  /** where the places came from (meta.dataSource) */
  dataSource: {
    "embedded-demo": "내장 데모 데이터",
    "embedded-registry": "가져온 가게 목록",
    kakao: "카카오 로컬",
    google: "구글 지도",
  },
  qaRoute: { index: "색인 검색", web: "웹 검색", none: "없음", index_empty: "색인이 비어 있음" },
  qaIndex: { local: "내장 색인", opensearch: "OpenSearch" },
  citationType: { news: "뉴스", regular: "정기보고서", revision: "정정보고서" },
  /** step 5's next action, where a turn had none */
  nextAction: { none: "없음" },
  /** a search plan's actions (seed 000's allow-list) */
  planAction: {
    geocode: "장소 좌표 찾기",
    reverse_geocode: "좌표로 주소 찾기",
    keyword_search: "키워드 검색",
    category_search: "카테고리 검색",
    multi_keyword_search: "여러 키워드 검색",
    multi_category_search: "여러 카테고리 검색",
    midpoint: "중간 지점 찾기",
    route_polyline: "경로 구하기",
    segment_route: "경로를 구간으로 나누기",
    sample_and_search: "경로 위 지점마다 검색",
    distance_filter: "이동 거리로 거르기",
    google_find_place: "구글 장소 찾기",
    google_text_search: "구글 텍스트 검색",
    google_search_along_route: "구글 경로 따라 검색",
    google_enrich: "구글 상세 정보 더하기",
    google_check_open: "구글 영업 여부 확인",
    google_details: "구글 상세 정보",
    google_reviews: "구글 리뷰",
    google_summarize: "구글 리뷰 요약",
  },
  /** a plan step's parameters and its post-processing (seed 001's field names) */
  planField: {
    query: "검색어",
    queries: "검색어들",
    x: "경도",
    y: "위도",
    lat: "위도",
    lng: "경도",
    radius: "반경 (m)",
    searchRadius: "검색 반경 (m)",
    size: "결과 수",
    sort: "정렬",
    category_group_code: "카테고리 코드",
    categories: "카테고리",
    origin: "출발지",
    destination: "도착지",
    mode: "이동 수단",
    places: "장소",
    polyline: "경로 좌표",
    interval: "간격 (m)",
    maxPoints: "최대 지점 수",
    threshold: "기준 거리",
    priority: "우선순위",
    avoid: "피할 것",
    provider: "제공자",
    tripRole: "여행 역할",
    deduplicate: "중복 제거",
    sort_by: "정렬 기준",
    max_results: "최대 결과 수",
    group_by_segment: "구간별로 묶기",
    filter_by_review: "리뷰로 거르기",
    review_keywords: "리뷰 키워드",
    group_by_day: "날짜별로 묶기",
    assign_trip_roles: "여행 역할 정하기",
    optimize_route_per_day: "날마다 동선 정리",
    max_per_day: "하루 최대 장소 수",
    disclaimer: "안내",
    open_at: "영업 시간 조건",
    max_price: "1인 최대 가격 (원)",
    exclude: "제외",
    name: "이름",
    address: "주소",
    id: "ID",
    totalCount: "전체 개수",
  },
  sortBy: {
    distance: "거리순",
    distance_from_start: "출발점에서 가까운 순",
    travelDistance: "이동 거리순",
    relevance: "관련도순",
    rating: "평점순",
    accuracy: "정확도순",
  },
  /** field names of JSON the page shows as tables: a run's parameters, its prompts, calibration figures */
  field: {
    days: "일수",
    seed: "시드",
    agents: "에이전트 수",
    maxConcurrentLlmCalls: "동시 LLM 호출 상한",
    engine: "엔진",
    totalSlots: "전체 시간대 수",
    startDate: "시작 날짜",
    record: "LLM 답 녹화",
    replayOf: "재생한 원본 시뮬레이션",
    budgetUsd: "LLM 예산 (USD)",
    scenario: "시나리오",
    system: "시스템 프롬프트",
    step1_destination: "1단계: 어디서 먹을지",
    step2_category: "2단계: 업종",
    step3_store: "3단계: 가게",
    step4_evaluate: "4단계: 평가",
    step5_next_action: "5단계: 다음 행동",
    turns: "결정 수",
    eatOutRate: "외식 비율",
    visits: "방문",
    meanRating: "평균 평점",
    visitShare: "방문 비중",
    storeShare: "가게 수 비중",
    ratio: "배율",
    low: "재방문율 (내 평점 2 이하)",
    high: "재방문율 (내 평점 4 이상)",
    nLow: "평점 2 이하 방문 수",
    nHigh: "평점 4 이상 방문 수",
    residents: "주민",
    floating: "유동 인구",
    referenceEatOutRateBySlot: "시간대별 외식 비율 (004 기준)",
    priceVarianceExplained: "가격이 설명하는 평점 분산 (R²)",
  },
} as const satisfies Record<string, Record<string, string>>;

export type LabelKind = keyof typeof LABELS;

// not Object.hasOwn: the page is built for browsers that lack it (Safari 15.0–15.3)
const has = (table: object, key: string) => Object.prototype.hasOwnProperty.call(table, key);

/**
 * The Korean word for an API code of a kind; the code itself when the table does not know it, and
 * 없음 for an empty one (a label is never blank).
 */
export function koLabel(kind: LabelKind, code: string | number | boolean): string {
  const table: Record<string, string> = LABELS[kind];
  const key = String(code);
  if (key.trim() === "") return "없음";
  return has(table, key) ? table[key]! : key;
}

/**
 * A JSON key as the page heads a column or row with it: a field name, or a code used as a key (the kinds
 * of day in the calibration's by-day-type table, agent types); the key itself otherwise.
 */
export function koKey(key: string): string {
  for (const kind of ["field", "dayType", "agentType"] as const)
    if (has(LABELS[kind], key)) return koLabel(kind, key);
  return key;
}
