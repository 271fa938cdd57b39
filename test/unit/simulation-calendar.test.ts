// A simulation's days on the Korean calendar: dates, weekdays and public holidays from the maintained
// list, and the label every step's prompt carries (004's step 5 asks for 요일/공휴일).
import { describe, expect, it } from "vitest";
import { dayInfo, dayLabel } from "../../shared/simulation/calendar.ts";
import { LlmEngine } from "../../shared/simulation/engines/llm.ts";
import { LlmCaller } from "../../shared/simulation/engines/llm-gate.ts";
import { personasFor } from "../../shared/simulation/personas.ts";
import { SimulationRequest } from "../../shared/simulation/schemas.ts";
import { noUsage, type LlmPort, type StructuredRequest } from "../../shared/llm/port.ts";
import { stepContext } from "../helpers/simulation.ts";

describe("the simulation calendar", () => {
  it("counts days from the start date, with weekdays, weekends and holidays (substitute ones too)", async () => {
    expect(await dayInfo("2026-09-23", 1)).toMatchObject({
      date: "2026-09-23",
      weekday: "수요일",
      holiday: null,
      dayType: "weekday",
    });
    expect(await dayInfo("2026-09-23", 2)).toMatchObject({ holiday: "추석 전날", dayType: "holiday" });
    expect(await dayInfo("2026-09-24", 2)).toMatchObject({
      date: "2026-09-25",
      holiday: "추석",
      dayType: "holiday",
    });
    expect(await dayInfo("2026-09-24", 4)).toMatchObject({
      date: "2026-09-27",
      weekday: "일요일",
      dayType: "weekend",
    });
    expect(await dayInfo("2026-10-05", 1)).toMatchObject({
      holiday: "대체공휴일(개천절)",
      dayType: "holiday",
    });
    // across a month and a year end
    expect((await dayInfo("2026-12-30", 3)).date).toBe("2027-01-01");
    expect(await dayInfo("2026-12-30", 3)).toMatchObject({ holiday: "1월 1일", dayType: "holiday" });
  });

  it("says when the holiday list does not cover a year, and still knows weekends", async () => {
    expect(await dayInfo("2031-01-04", 1)).toMatchObject({
      weekday: "토요일",
      dayType: "weekend",
      holidaysKnown: false,
    });
  });

  it("puts the date, the weekday and the holiday into every step's prompt", async () => {
    const prompts: string[] = [];
    const llm: LlmPort = {
      name: "capture",
      structured: async (req: StructuredRequest<never>) => {
        prompts.push(req.prompt);
        return { value: { eat_in_mangwon: false, choice: 2, reason: "배부름" } as never, usage: noUsage() };
      },
    } as LlmPort;
    const engine = new LlmEngine(new LlmCaller(llm, { maxConcurrent: 1, backoffUnitMs: 10_000 }));
    const calendar = await dayInfo("2026-09-24", 2);
    await engine.step1(stepContext(personasFor(10)[0]!, { day: 2, calendar }));
    expect(prompts[0]).toContain(dayLabel(2, calendar));
    expect(prompts[0]).toContain("2026-09-25 금요일, 공휴일: 추석");
  });

  it("refuses a start date that is not a date, naming why", () => {
    const r = SimulationRequest.safeParse({ days: 1, seed: 1, startDate: "2026-13-40" });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ["startDate"], message: "날짜(YYYY-MM-DD)여야 합니다" });
  });
});
