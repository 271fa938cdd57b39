// How many places the demo world holds, and where: every anchor of the vendored geography (a rail
// station, a dong's centroid, a downtown, a market, a beach) holds a number of places spread around it
// as a bell (a normal distribution of the stated spread), and the density at a point is the sum over
// the anchors near it. Three layers, each with its own mix of kinds (shares.ts): the streets of shops
// around stations and downtowns ("centre"), the everyday shops of a neighbourhood where people live
// ("residential"), and what travellers use ("tourist").
//
// Nothing here was counted on a real map. Each row says which vendored table its anchors come from
// and what its figures assume; the national figures the assumptions lean on are public statistics as
// the author knows them (not vendored, approximate): about 2.5 million storefronts in the Small
// Business store registry (소상공인시장진흥공단 상가정보), one for every ~20 residents; ~700,000 licensed
// restaurants; an urban 행정동 of ~20,000 residents (Seoul: ~9.4 million over 425 행정동).

export type Layer = "centre" | "residential" | "tourist";
export const LAYERS: readonly Layer[] = ["centre", "residential", "tourist"];

export interface DensityRow {
  layer: Layer;
  /** places an anchor of this row holds */
  places: number;
  /** metres: the bell's standard deviation (about 40 % of its places lie within one, 86 % within two) */
  spread: number;
  /** the vendored table its anchors come from */
  source: string;
  assumption: string;
}

const STATIONS = "seoul_metro_stations.csv + korea_urban_rail_stations.csv (rail-stations.ts)";
const KNOWN = "shared/geo/known-places.ts (hand-entered public points)";
const ADMIN = "seoul_admin_dong_centroids.csv + korea_admin_centroids.csv (SGIS 행정동 centroids)";

const row = (
  layer: Layer,
  places: number,
  spread: number,
  source: string,
  assumption: string,
): DensityRow => ({ layer, places, spread, source, assumption });

export const DENSITY = {
  stationLine: row(
    "centre",
    150,
    380,
    STATIONS,
    "a station holds this many places per line that stops there, raised to the power STATION_POWER: " +
      "an interchange draws more people than its lines' sum (no ridership is vendored; the number of lines " +
      "is the one measure of a station's pull the tables give), and stations cluster downtown, so their " +
      "bells add up where several are near (강남, 종로, 서면)",
  ),
  mainStation: row(
    "centre",
    500,
    450,
    KNOWN,
    "a city's main railway station (KTX and intercity: 부산역, 동대구역, 전주역) draws a station " +
      "district like a two-line interchange",
  ),
  metroDowntown: row(
    "centre",
    2600,
    800,
    KNOWN,
    "the downtown of Seoul or a metropolitan city (부산, 대구, 인천, 광주, 대전, 울산) at the point the " +
      "gazetteer gives (city hall or the main street: 대구 is 동성로/중앙로): department stores, shopping " +
      "streets and nightlife that the stations alone do not explain",
  ),
  cityDowntown: row(
    "centre",
    700,
    700,
    KNOWN,
    "the downtown of another named city (수원, 춘천, 전주, 강릉, 제주시 …): its old centre's streets",
  ),
  majorDistrict: row(
    "centre",
    2200,
    500,
    KNOWN,
    "one of the country's best-known shopping and nightlife districts (MAJOR_DISTRICTS: 강남, 홍대, 명동, " +
      "종로, 신촌, 건대, 신림, 이태원, 서면, 남포동; public knowledge, no footfall is vendored): a district's " +
      "worth of restaurants, cafés and bars on top of its stations",
  ),
  street: row(
    "centre",
    300,
    350,
    KNOWN,
    "another street or quarter people go out to (가로수길, 을지로, 성수동, 망리단길, 경리단길, 해리단길): a few " +
      "hundred restaurants, cafés and bars on top of the stations near it",
  ),
  market: row(
    "centre",
    250,
    250,
    KNOWN,
    "a traditional market (광장시장, 자갈치시장, 서문시장): stalls and eateries around its entrance",
  ),
  university: row(
    "centre",
    450,
    500,
    KNOWN,
    "the streets by a university's gate: cheap eateries, cafés, bars, PC rooms, karaoke",
  ),
  seoulDong: row(
    "residential",
    350,
    0,
    ADMIN,
    "a Seoul 행정동 of ~22,000 residents, one storefront per ~60 residents serving homes (the rest stand " +
      "on the station streets); spread: 0.55 × the distance to the nearest other centroid (300–2,500 m)",
  ),
  dong: row(
    "residential",
    300,
    0,
    ADMIN,
    "an urban 행정동 elsewhere (~18,000 residents); spread as for Seoul",
  ),
  eup: row(
    "residential",
    700,
    1200,
    ADMIN,
    "an 읍 (a county town of ~20,000 residents, one storefront per ~30, most in the town); its centroid is " +
      "the 읍's polygon centre, which can lie a few km from the real town (홍천읍: ~4 km): the town's " +
      "streets are placed around the centroid, where the gazetteer also places the 읍",
  ),
  myeon: row(
    "residential",
    55,
    900,
    ADMIN,
    "a 면 (~3,800 residents over tens of km²): a village centre of a few dozen shops; the rest of the " +
      "면 stays almost empty",
  ),
  beach: row(
    "tourist",
    260,
    450,
    KNOWN,
    "a beach people travel to: lodging, raw-fish houses, cafés, convenience stores along its front",
  ),
  sight: row(
    "tourist",
    150,
    600,
    KNOWN,
    "a sight people travel to (a palace, a village, a temple, an island): lodging, eateries, souvenirs",
  ),
  touristTown: row(
    "tourist",
    900,
    2500,
    KNOWN,
    "a town known chiefly as a travel destination (강릉, 속초, 경주, 전주, 여수, 제주 …): pensions, " +
      "guesthouses, camping, sights and restaurants spread over its area",
  ),
} satisfies Record<string, DensityRow>;

export type DensityKey = keyof typeof DENSITY;

/** An interchange's pull grows faster than its lines: lines^STATION_POWER × the row's places. */
export const STATION_POWER = 1.4;

/** Regions known chiefly as travel destinations (the regions 001's trips and the translator's trip words name). */
export const TOURIST_TOWNS: ReadonlySet<string> = new Set([
  "가평",
  "양평",
  "춘천",
  "강릉",
  "속초",
  "양양",
  "평창",
  "단양",
  "경주",
  "안동",
  "전주",
  "여수",
  "순천",
  "목포",
  "통영",
  "거제",
  "남해",
  "태안",
  "보령",
  "제주",
  "서귀포",
]);

/** The best-known shopping and nightlife districts (known-places.ts names): the row majorDistrict. */
export const MAJOR_DISTRICTS: ReadonlySet<string> = new Set([
  "강남",
  "홍대",
  "명동",
  "종로",
  "신촌",
  "건대",
  "신림",
  "이태원",
  "서면",
  "남포동",
]);

/** The metropolitan cities' downtowns (a 특별시/광역시: the row metroDowntown). */
export const METRO_CITIES: ReadonlySet<string> = new Set([
  "서울",
  "부산",
  "대구",
  "인천",
  "광주",
  "대전",
  "울산",
]);
