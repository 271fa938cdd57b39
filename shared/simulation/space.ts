// Where an agent is. A day starts at home (a resident; at work or the neighbourhood's centre without
// one) or at the entry point (a floating visitor); a store visit puts the agent at the store, and step
// 5 moves it: 집에서_쉬기 home, 회사_가기 to work, 한강공원/망원시장 there, 배회하기 a short walk from
// where it is at its walking speed. The store cards' walking distances are measured from here.
import { z } from "zod";
import { haversine } from "../geo/haversine.ts";
import type { Rng } from "../platform/random.ts";
import { entryPoints, MANGWON_CENTER } from "./personas.ts";
import type { Persona, Step5 } from "./types.ts";

export const Position = z.object({ name: z.string(), lat: z.number(), lng: z.number() });
export type Position = z.infer<typeof Position>;

/** The fixed places step 5 can go to (004's prompt lists them with these coordinates). */
export const PLACES: Record<string, Position> = {
  한강공원_산책: { name: "망원한강공원", lat: 37.553, lng: 126.895 },
  망원시장_장보기: { name: "망원시장", lat: 37.556, lng: 126.905 },
};

/** 배회하기 lasts about a quarter of an hour: the distance covered at the agent's walking speed. */
export const WANDER_MINUTES = 15;

const round6 = (x: number) => Number(x.toFixed(6));
/** A named position from a point (a geocoded point may carry more fields than lat/lng). */
const at = (name: string, p: { lat: number; lng: number }): Position => ({ name, lat: p.lat, lng: p.lng });

/** Where the agent's day starts. */
export function startPosition(persona: Persona): Position {
  if (persona.type === "floating") {
    const entry = persona.entry_point ? entryPoints()[persona.entry_point] : undefined;
    if (entry) return at(persona.entry_point!, entry);
  }
  if (persona.home_location) return at("집", persona.home_location);
  if (persona.work_location) return at("회사", persona.work_location);
  return at("망원동", MANGWON_CENTER);
}

/** A point `WANDER_MINUTES` of walking at `kmh` away from `from`, in a direction drawn from `rng`. */
export function wander(from: Position, kmh: number, rng: Rng): Position {
  const metres = (kmh * 1000 * WANDER_MINUTES) / 60;
  const bearing = rng() * 2 * Math.PI;
  return {
    name: "망원동 산책길",
    lat: round6(from.lat + (metres * Math.cos(bearing)) / 111_000),
    lng: round6(from.lng + (metres * Math.sin(bearing)) / (111_000 * Math.cos((from.lat * Math.PI) / 180))),
  };
}

/** Step 5's destination for `action`, where the action fixes one (null coordinates where it does not). */
export function destinationOf(action: string, persona: Persona): Step5["destination"] {
  if (action === "집에서_쉬기" && persona.home_location) return at("집", persona.home_location);
  if (action === "회사_가기" && persona.work_location) return at("회사", persona.work_location);
  if (action === "망원동_떠나기") {
    const entry = persona.entry_point ? entryPoints()[persona.entry_point] : undefined;
    if (entry) return at(persona.entry_point!, entry);
  }
  return PLACES[action] ?? { name: action.replaceAll("_", " "), lat: null, lng: null };
}

/**
 * Where step 5 leaves the agent. The action decides where it fixes a place (home, work, the park, the
 * market, the way out); 배회하기 takes the destination the engine gave when it is within the walk's
 * reach, else a walk from `from`; anything else stays where it is.
 */
export function nextPosition(step5: Step5, persona: Persona, from: Position, rng: Rng): Position {
  const fixed = destinationOf(step5.action, persona);
  if (fixed.lat !== null && fixed.lng !== null) return { name: fixed.name, lat: fixed.lat, lng: fixed.lng };
  if (step5.action === "집에서_쉬기") return startPosition(persona);
  if (step5.action === "배회하기") {
    const d = step5.destination;
    const reach = (step5.walking_speed * 1000 * WANDER_MINUTES) / 60;
    if (d.lat !== null && d.lng !== null && haversine(from, { lat: d.lat, lng: d.lng }) <= reach * 1.5)
      return { name: d.name, lat: d.lat, lng: d.lng };
    return wander(from, step5.walking_speed, rng);
  }
  return from;
}
