// What the simulation's views share: 004's time slots as a person reads them, and reads that wait and
// try again when the API Gateway stage throttles them.
import { ApiProblem } from "./api.ts";

/** Display names of 004's time slots; the slot keys themselves come from the API. */
export const SLOT_NAME: Record<string, string> = {
  "07:00": "아침",
  "12:00": "점심",
  "18:00": "저녁",
  "22:00": "야식",
};
export const SLOTS = Object.keys(SLOT_NAME);
export const slotLabel = (s: string) => (SLOT_NAME[s] ? `${SLOT_NAME[s]} ${s}` : s);

/** 004's step 5 actions are written with underscores (카페_가기): read with spaces. */
export const actionLabel = (a: string) => a.replaceAll("_", " ");

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function withRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      // a throttled read (the API Gateway stage's per-route limit) waits and tries again
      if (!(err instanceof ApiProblem && err.status === 429) || attempt >= 4) throw err;
      await sleep(500 * 2 ** attempt);
    }
  }
}
