// One small restaurant document of the ingest format (seed 002's fields), for tests and benches that
// upload many of them: each its own id, the same 망원동 place, menu and review unless `extra` says.
export const restaurantDoc = (id: string, extra: Record<string, unknown> = {}) => ({
  place_id: id,
  title: `망원 식당 ${id}`,
  address: "서울 마포구 망원동 1",
  mapx: "1269010000",
  mapy: "375560000",
  menus: [{ name: "김치찌개", price: "9,000원" }],
  reviews: ["맛있어요. 주차 가능해요."],
  ...extra,
});
