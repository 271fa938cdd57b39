// The neighbourhood simulation (seed 004), defined once for CDK and the local runner.
//
//  parent (Standard): Initialise → Slots (Map, one slot at a time) [ Flush → PrepareSlot → RunSlot →
//                     Collect ] → Finalize; any failure → MarkFailed → Failed; a slot its LLM budget
//                     does not cover (PrepareSlot: BudgetExhausted, the status already set) → a clean
//                     stop (Succeed), resumable with a higher budget
//  child  (Standard, one execution per slot): Agents (a Distributed Map over the slot's batches of
//                     agents, MaxConcurrencyPath from PrepareSlot: the agent function's reserved
//                     concurrency, and an LLM run's cap) [ each batch a Standard child execution:
//                     AgentTurn, which commits its turns and tally to the table; a failure → AgentFailed,
//                     whose agents Collect counts llm_failed, and the slot goes on ]
//
// Every step is given the parent execution's name: the simulation's owner, which each step checks
// (a step of an execution that lost the simulation fails with LeaseLost, which nothing retries).
// One child execution per slot, and one per batch, keeps every history small: the parent records ~25
// events a slot (≈1,400 for 14 days), a slot's execution a few Map Run events, a batch's ~10 — far
// below the 25,000-event cap. No state grows with the agents: PrepareSlot passes batch numbers (at most
// MAX_BATCHES), each batch writes what it produced to the table, and Collect reads the tallies there.
import { SIMULATION_STEPS as S } from "./steps.ts";
import { task, type ArnOf } from "../../workflows/asl.ts";

export const SIMULATION_STATES = {
  slots: "Slots",
  runSlot: "RunSlot",
  failed: "Failed",
  budgetExhausted: "BudgetExhausted",
  agents: "Agents",
  agentFailed: "AgentFailed",
} as const;
const N = SIMULATION_STATES;

/** Each of these steps is idempotent: its own failure is worth trying again (a lost lease is not). */
const STEP_RETRY = [
  { ErrorEquals: ["LeaseLost"], MaxAttempts: 0 },
  // the budget stop is an answer, not a fault (States.TaskFailed below would match it too)
  { ErrorEquals: ["BudgetExhausted"], MaxAttempts: 0 },
  { ErrorEquals: ["States.TaskFailed"], IntervalSeconds: 2, MaxAttempts: 2, BackoffRate: 2 },
];
const withStepRetry = (t: ReturnType<typeof task>) => ({ ...t, Retry: [...t.Retry, ...STEP_RETRY] });
const toMarkFailed = [{ ErrorEquals: ["States.ALL"], ResultPath: "$.error", Next: S.markFailed.state }];

/** The parent's view of its child: the slot machine's ARN. */
export interface SimulationMachines {
  slotMachineArn: string;
}

export function simulationDefinition(arnOf: ArnOf, machines: SimulationMachines) {
  return {
    Comment: "Neighbourhood simulation (seed 004): personas × days × time slots in Mangwon-dong",
    // 14 days of 500 LLM agents fit well inside; a run past this is stuck and ends (resumable)
    TimeoutSeconds: 7 * 24 * 3600,
    StartAt: S.initialise.state,
    States: {
      [S.initialise.state]: withStepRetry(
        task(S.initialise, arnOf, {
          Parameters: {
            "simulationId.$": "$.simulationId",
            "execution.$": "$$.Execution.Name",
            // a console start carries the request ({days, seed, …}); the API's only the id
            "request.$": "$",
          },
          Next: N.slots,
          Catch: toMarkFailed,
        }),
      ),
      [N.slots]: slotsMap(arnOf, machines),
      ...endStates(arnOf),
    },
  };
}

/** The slots, one at a time: Flush → PrepareSlot → RunSlot (the slot machine) → Collect. */
function slotsMap(arnOf: ArnOf, machines: SimulationMachines) {
  return {
    Type: "Map",
    ItemsPath: "$.slots",
    MaxConcurrency: 1,
    ItemSelector: {
      "simulationId.$": "$.simulationId",
      "execution.$": "$$.Execution.Name",
      "slot.$": "$$.Map.Item.Value",
    },
    ItemProcessor: {
      ProcessorConfig: { Mode: "INLINE" },
      StartAt: S.flush.state,
      States: {
        [S.flush.state]: withStepRetry(task(S.flush, arnOf, { Next: S.prepare.state })),
        [S.prepare.state]: withStepRetry(task(S.prepare, arnOf, { Next: N.runSlot })),
        [N.runSlot]: runSlot(machines),
        [S.collect.state]: withStepRetry(
          task(S.collect, arnOf, {
            Parameters: {
              "simulationId.$": "$.simulationId",
              "execution.$": "$.execution",
              "slot.$": "$.slot",
              "batches.$": "$.batches",
              "batchSize.$": "$.batchSize",
            },
            End: true,
          }),
        ),
      },
    },
    ResultPath: null,
    Next: S.finalize.state,
    Catch: [
      { ErrorEquals: ["BudgetExhausted"], ResultPath: "$.stop", Next: N.budgetExhausted },
      ...toMarkFailed,
    ],
  };
}

/** One slot's agents, as a child execution of the slot machine. */
function runSlot(machines: SimulationMachines) {
  return {
    Type: "Task",
    Resource: "arn:aws:states:::states:startExecution.sync:2",
    Parameters: { StateMachineArn: machines.slotMachineArn, "Input.$": "$" },
    // the slot's turns are in the table (Collect reads their tallies): nothing of the child is kept
    ResultPath: null,
    // a slot of 10,000 LLM agents at a cap of 60 takes about an hour; one that takes six is stuck
    TimeoutSeconds: 6 * 3600,
    Retry: [
      {
        ErrorEquals: ["StepFunctions.ExecutionLimitExceeded"],
        IntervalSeconds: 5,
        MaxAttempts: 3,
        BackoffRate: 2,
      },
    ],
    Next: S.collect.state,
  };
}

/** How a run ends: Finalize; MarkFailed → Failed; or the budget's clean stop. */
function endStates(arnOf: ArnOf) {
  return {
    [S.finalize.state]: withStepRetry(
      task(S.finalize, arnOf, {
        Parameters: {
          "simulationId.$": "$.simulationId",
          "execution.$": "$$.Execution.Name",
          "lastKey.$": "$.lastKey",
        },
        End: true,
        Catch: toMarkFailed,
      }),
    ),
    [S.markFailed.state]: withStepRetry(
      task(S.markFailed, arnOf, {
        Parameters: {
          "simulationId.$": "$.simulationId",
          "execution.$": "$$.Execution.Name",
          "error.$": "$.error",
        },
        Next: N.failed,
        Catch: [{ ErrorEquals: ["States.ALL"], ResultPath: "$.markFailedError", Next: N.failed }],
      }),
    ),
    [N.budgetExhausted]: {
      Type: "Succeed",
      Comment: "stopped before a slot its LLM budget does not cover; resume with a higher budget",
    },
    [N.failed]: {
      Type: "Fail",
      Error: "SimulationFailed",
      Cause: "a slot failed; resume the simulation to continue from its last completed slot",
    },
  };
}

export function slotDefinition(arnOf: ArnOf) {
  return {
    Comment: "One time slot of the simulation: every active agent's five steps, batches in parallel",
    TimeoutSeconds: 6 * 3600,
    StartAt: N.agents,
    States: {
      [N.agents]: {
        Type: "Map",
        // the batch numbers PrepareSlot chose (at most MAX_BATCHES: ~6 KB, however many agents); each
        // item names its batch, which the agent function cuts from the slot's roster
        ItemsPath: "$.batches",
        ItemSelector: {
          "simulationId.$": "$.simulationId",
          "execution.$": "$.execution",
          "slot.$": "$.slot",
          "batch.$": "$$.Map.Item.Value",
          "size.$": "$.batchSize",
        },
        // PrepareSlot says how many batches may be in flight: at most the agent function's reserved
        // concurrency, and for an LLM run the batches that hold its LLM cap of agents. An Inline Map runs
        // at most 40 iterations at once whatever it is told; a Distributed Map up to 10,000 child
        // executions, so the cap is the one honoured. Locally aws-local-stepfunctions runs this same Map
        // inline, with the same MaxConcurrencyPath.
        MaxConcurrencyPath: "$.batchesInFlight",
        // Every batch's failure is caught inside its child (BatchFailed: Collect counts its agents
        // llm_failed, and the slot goes on); a child that fails anyway met an error no Catch sees
        // (States.Runtime): the slot fails, MarkFailed records it, and a resume runs it again (batches are
        // idempotent). The local runner fails the Map on one failed item too: the two agree.
        ToleratedFailurePercentage: 0,
        ItemProcessor: {
          // STANDARD, not EXPRESS: an Express child ends at 5 minutes, and an LLM batch may last longer —
          // its Lambda may run 10 minutes (five steps, up to three store rounds, 429 back-off of 10–30 s a
          // call), tried twice. Standard children also start exactly once and keep a history to read.
          // Each batch writes its turns and its tally to the table and answers a few numbers, so the Map's
          // output is at most MAX_BATCHES small objects, and no ResultWriter is needed.
          ProcessorConfig: { Mode: "DISTRIBUTED", ExecutionType: "STANDARD" },
          StartAt: S.agentTurn.state,
          States: {
            [S.agentTurn.state]: task(S.agentTurn, arnOf, {
              // a batch is idempotent (committed once, then applied), so any failure is worth one more
              // try — a crash between its writes is completed by it; a lost lease is not
              Retry: [
                ...task(S.agentTurn, arnOf, {}).Retry,
                { ErrorEquals: ["LeaseLost"], MaxAttempts: 0 },
                { ErrorEquals: ["States.ALL"], IntervalSeconds: 1, MaxAttempts: 1 },
              ],
              End: true,
              Catch: [{ ErrorEquals: ["States.ALL"], ResultPath: "$.error", Next: N.agentFailed }],
            }),
            // 004: a failing agent is llm_failed, and the slot goes on: Collect finds no tally for the batch
            [N.agentFailed]: {
              Type: "Pass",
              Parameters: { "batch.$": "$.batch", failed: true, "error.$": "$.error.Error" },
              End: true,
            },
          },
        },
        // the batches' answers are not kept: Collect reads the tallies from the table
        ResultPath: null,
        End: true,
      },
    },
  };
}
