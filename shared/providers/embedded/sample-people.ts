// The synthetic people of a listed company that the OpenDART sample's tables name: its board (seats held
// for three-year terms from the March shareholders' meeting, so a roster changes between reports only
// when a term ends), its unregistered executives, what they are paid, and its largest shareholder with
// the related parties over time. Names are placeholders marked (합성). The assumptions are at the top of
// sample-facts.ts; every table built from here agrees with the others (api_07, 09, 10, 11, 14, 21, 22, 27
// on people and pay; api_04 and 05 on the largest shareholder).
import { hashString, rngFor, type Rng } from "../../platform/random.ts";
import { dotted, issuedAt, once, scaleOfRank } from "./sample-facts.ts";

const SEED = 3026;
const rng = (corpCode: string, what: string): Rng => rngFor(SEED, `${corpCode}:${what}`);
const between = (r: Rng, lo: number, hi: number) => lo + (hi - lo) * r();

/** "A", …, "Z", "AA", … */
const letters = (n: number): string =>
  (n < 26 ? "" : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(65 + (n % 26));
const placeholder = (name: string) => `${name}(합성)`;

/** The shareholders' meeting of a year, where terms start. */
const agm = (year: number) => dotted(year, 3, 20);

export interface Director {
  name: string;
  ofcps: "대표이사" | "사내이사" | "사외이사";
  /** when the person first took the seat (a shareholders' meeting) */
  since: string;
  /** when the current term ends */
  termEnds: string;
  /** pay for the business year (원) */
  annualPay: number;
  sex: "남" | "여";
  birth: string;
}

/** The board's seats: the CEO and inside directors first, then outside directors. */
function seats(corpCode: string, rank: number): { ofcps: Director["ofcps"]; offset: number; stay: number }[] {
  const r = rng(corpCode, "board");
  const inside = 2 + Math.floor(r() * 3);
  const outside = rank >= 150 ? 2 + Math.floor(r() * 2) : 3 + Math.floor(r() * 5);
  return Array.from({ length: inside + outside }, (_, i) => ({
    ofcps: i === 0 ? "대표이사" : i < inside ? "사내이사" : "사외이사",
    offset: Math.floor(r() * 3),
    stay: i === 0 ? 0.5 : i < inside ? 0.6 : 0.3,
  }));
}

/** The board on a day "YYYY.MM.DD": each seat's holder of the term running then. */
export function boardAt(corpCode: string, rank: number, date: string): Director[] {
  const scale = scaleOfRank(rank);
  return seats(corpCode, rank).map((seat, i) => {
    let holder = 0;
    let since = agm(2000 + seat.offset);
    let termStart = since;
    for (let y = 2000 + seat.offset + 3; agm(y) <= date; y += 3) {
      termStart = agm(y);
      if (rngFor(SEED, `${corpCode}:seat${i}:${y}`)() >= seat.stay) {
        holder++;
        since = termStart;
      }
    }
    const who = rng(corpCode, `seat${i}:holder${holder}`);
    const inside = seat.ofcps !== "사외이사";
    const base = inside ? (3e8 + 27e8 * scale) * (seat.ofcps === "대표이사" ? 1.5 : 1) : 6e7 + 6e7 * scale;
    return {
      name: placeholder(`임원${letters(i * 16 + holder)}`),
      ofcps: seat.ofcps,
      since,
      termEnds: agm(Number(termStart.slice(0, 4)) + 3),
      annualPay: Math.round((base * between(who, 0.8, 1.2)) / 1e6) * 1e6,
      sex: who() < 0.85 ? "남" : "여",
      birth: `19${55 + Math.floor(who() * 25)}년 ${String(1 + Math.floor(who() * 12)).padStart(2, "0")}월`,
    };
  });
}

/** Unregistered executives in a year, their average pay, and the five best paid (원, the business year). */
export function unregisteredIn(corpCode: string, year: number, rank: number) {
  const scale = scaleOfRank(rank);
  const r = rng(corpCode, `${year}:unregistered`);
  const count = Math.round((8 + 900 * scale ** 2) * between(r, 0.95, 1.05));
  const average = Math.round(((1.5e8 + 3e8 * scale) * between(r, 0.9, 1.1)) / 1e6) * 1e6;
  const top = [3.2, 2.6, 2.2, 1.9, 1.7].map((f, i) => ({
    name: placeholder(`미등기임원${i + 1}`),
    ofcps: i === 0 ? "사장" : "부사장",
    annualPay: Math.round((average * f * between(r, 0.95, 1.05)) / 1e6) * 1e6,
  }));
  return { count, average, top };
}

export interface HolderState {
  date: string;
  /** the largest shareholder (a placeholder name) */
  holder: string;
  /** the related parties beside it */
  related: number;
  /** the holder and related parties together, % of common shares */
  stake: number;
  cause: string;
}

const CAUSES = ["장내매수", "장내매도", "특수관계인 지분 변동", "주식 증여"];

/** The largest shareholder's history from 2015: a change of holder in a year in ten, a change of stake in half the others. */
export function holderHistory(corpCode: string): HolderState[] {
  return once(`${corpCode}:holders`, () => makeHolderHistory(corpCode));
}

function makeHolderHistory(corpCode: string): HolderState[] {
  const r = rng(corpCode, "holder");
  let era = 0;
  let stake = between(r, 15, 45);
  const related = 2 + (hashString(corpCode) % 4);
  const out: HolderState[] = [
    { date: "2015.01.01", holder: placeholder("주주A"), related, stake, cause: "-" },
  ];
  for (let year = 2015; year <= 2035; year++) {
    const y = rng(corpCode, `${year}:holder`);
    const date = dotted(year, 1 + Math.floor(y() * 12), 1 + Math.floor(y() * 28));
    const roll = y();
    if (roll < 0.1) {
      era++;
      stake = between(y, 15, 45);
      out.push({
        date,
        holder: placeholder(`주주${letters(era)}`),
        related,
        stake,
        cause: "최대주주 변경(주식 양수도)",
      });
    } else if (roll < 0.55) {
      stake = Math.min(60, Math.max(5, stake + between(y, -1.5, 1.5)));
      out.push({
        date,
        holder: out.at(-1)!.holder,
        related,
        stake,
        cause: CAUSES[Math.floor(y() * CAUSES.length)]!,
      });
    }
  }
  return out.map((s) => ({ ...s, stake: Math.round(s.stake * 100) / 100 }));
}

/** The largest shareholder's state at the end of a day, with the shares it means then. */
export function holderAt(corpCode: string, rank: number, date: string) {
  const state = holderHistory(corpCode)
    .filter((s) => s.date <= date)
    .at(-1)!;
  return { ...state, shares: Math.round((issuedAt(corpCode, rank, date) * state.stake) / 100) };
}
