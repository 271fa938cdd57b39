// Record and replay for simulations (issue 15): a run started with `record` keeps each LLM call in its
// own partition, and a replay (engine "replay") answers every call from that recording — no network,
// no key. A call is kept under the agent turn that asked it and its place in that turn:
//   REC#<slot key>#<agent>#<nnn>
// A turn's calls are sequential (an agent asks one thing at a time), so the nnn-th call of a turn is
// the same request in a retried attempt of it: the retry writes the same item (nothing is added), while
// one turn asking the identical request twice (a 429, then the answer) keeps two. The later attempt's
// write wins: it is the attempt whose turn is committed, and a real model may answer it differently.
import { AsyncLocalStorage } from "node:async_hooks";
import { z } from "zod";
import { type CallLog, type RecordedCall, ReplayLlm } from "../llm/recording.ts";
import type { LlmPort, StructuredRequest, StructuredResult } from "../llm/port.ts";
import type { SimulationRepository } from "./repository.ts";

/** One attempt of an agent turn: who asks, and how many calls it has made so far. */
interface Turn {
  key: string;
  agentId: string;
  calls: number;
  replay?: Promise<ReplayLlm>;
}

const turns = new AsyncLocalStorage<Turn>();

/** Runs one attempt of an agent's turn: the LLM calls made inside it are recorded (or replayed) under it. */
export const inTurn = <T>(key: string, agentId: string, run: () => Promise<T>): Promise<T> =>
  turns.run({ key, agentId, calls: 0 }, run);

function currentTurn(): Turn {
  const turn = turns.getStore();
  if (!turn) throw new Error("a simulation's LLM call outside an agent turn cannot be recorded or replayed");
  return turn;
}

/** The sort key prefix of a turn's recorded calls (and, with its place, of one call). */
export const recordPrefix = (key: string, agentId: string) => `REC#${key}#${agentId}#`;

/** A simulation's recording: each call an item in its partition. */
export class SimulationCallLog implements CallLog {
  constructor(
    private readonly repo: SimulationRepository,
    private readonly simulationId: string,
  ) {}

  async append(call: RecordedCall): Promise<void> {
    const turn = currentTurn();
    const sk = `${recordPrefix(turn.key, turn.agentId)}${String(turn.calls++).padStart(3, "0")}`;
    await this.repo.recordings.save(this.simulationId, sk, call);
  }
}

/**
 * Answers from another simulation's recording, one turn at a time: a turn's calls are read when it
 * first asks, and answered in recorded order (ReplayLlm). A request the turn did not record is an
 * error (ReplayMissError): the turn ends llm_failed rather than deciding something the run did not.
 */
export class TurnReplayLlm implements LlmPort {
  readonly name = "replay";

  constructor(
    private readonly repo: SimulationRepository,
    private readonly recordedId: string,
    readonly models: { fast: string; smart: string },
  ) {}

  async structured<S extends z.ZodType>(req: StructuredRequest<S>): Promise<StructuredResult<z.infer<S>>> {
    const turn = currentTurn();
    turn.replay ??= this.repo.recordings
      .list(this.recordedId, recordPrefix(turn.key, turn.agentId))
      .then((calls) => new ReplayLlm(calls));
    return (await turn.replay).structured(req);
  }
}
