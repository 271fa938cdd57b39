// The defaults a plan written as the seeds write it gets (000's input, 001's examples): provider kakao
// (000: 미명시 → kakao), the strategy its actions imply, 001's post-processing for that strategy, and a
// trip's nights (days − 1).
import type { PostProcessing, SearchPlan, SeedPlan, StrategyType } from "./schemas.ts";

const ROUTE_ACTIONS = new Set([
  "route_polyline",
  "segment_route",
  "sample_and_search",
  "google_search_along_route",
]);

/** 001's strategy table read backwards: what a plan's actions say it is. */
export function inferStrategy(plan: Pick<SeedPlan, "search_plan" | "travel_plan">): StrategyType {
  const steps = plan.search_plan;
  if (plan.travel_plan || steps.some((s) => s.params.tripRole !== undefined)) return "multi_point";
  if (steps.some((s) => ROUTE_ACTIONS.has(s.action))) return "route";
  if (steps.some((s) => s.action === "distance_filter")) return "point_travel";
  return "radius";
}

/** 001's post_processing for each strategy, as its examples write it. */
export function defaultPostProcessing(strategy: StrategyType): PostProcessing {
  switch (strategy) {
    case "radius":
      return { deduplicate: true, sort_by: "distance", max_results: 10 };
    case "route":
      return { deduplicate: true, sort_by: "distance_from_start", group_by_segment: true, max_results: 10 };
    case "point_travel":
      return { deduplicate: true, sort_by: "travelDistance", max_results: 10 };
    case "multi_point":
      return {
        deduplicate: true,
        group_by_day: true,
        assign_trip_roles: true,
        optimize_route_per_day: true,
        max_per_day: 5,
        max_results: 15,
      };
  }
}

const TRIP_ROLE_DEFAULTS = ["관광지", "맛집", "카페"];

export function withSeedDefaults(plan: SeedPlan): SearchPlan {
  const strategy = plan.strategy_type ?? inferStrategy(plan);
  const pp = plan.post_processing
    ? { deduplicate: true, ...plan.post_processing } // 000: 중복 제거 unless the plan says otherwise
    : defaultPostProcessing(strategy);
  let travel = plan.travel_plan
    ? { ...plan.travel_plan, nights: plan.travel_plan.nights ?? plan.travel_plan.days - 1 }
    : undefined;
  // a trip without its travel_plan: one day at the first place the plan geocodes, the roles its steps name
  if (!travel && strategy === "multi_point" && pp.group_by_day) {
    const roles = [
      ...new Set(
        plan.search_plan.map((s) => s.params.tripRole).filter((r): r is string => typeof r === "string"),
      ),
    ];
    const where = plan.search_plan.find((s) => typeof s.params.query === "string")?.params.query;
    travel = {
      destination: typeof where === "string" ? where : "여행지",
      days: 1,
      nights: 0,
      roles: roles.length ? roles : TRIP_ROLE_DEFAULTS,
    };
  }
  return {
    strategy_type: strategy,
    provider: plan.provider ?? "kakao",
    search_plan: plan.search_plan,
    post_processing: pp,
    ...(travel ? { travel_plan: travel } : {}),
  };
}
