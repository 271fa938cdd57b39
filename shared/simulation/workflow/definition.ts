// The neighbourhood simulation (seed 004), defined once for CDK and the local runner.
//
//  parent (Standard): Initialise → Slots (Map, one slot at a time) [ Flush → PrepareSlot → RunSlot →
//                     Collect ] → Finalize; any failure → MarkFailed → Failed; a slot its LLM budget
//                     does not cover (PrepareSlot: BudgetExhausted, the status already set) → a clean
//                     stop (Succeed), resumable with a higher budget
//  child  (Standard, one execution per slot): Agents (a Distributed Map over the slot's agents,
//                     MaxConcurrencyPath from PrepareSlot: the simulation's LLM cap, up to 100) [ each
//                     agent a Standard child execution: AgentTurn; a failure → AgentFailed, an llm_failed
//                     summary, and the slot goes on ]
//
// Every step is given the parent execution's name: the simulation's owner, which each step checks
// (a step of an execution that lost the simulation fails with LeaseLost, which nothing retries).
// One child execution per slot, and one per agent, keeps every history small: the parent records ~25
// events a slot (≈700 for 7 days), a slot's execution a few Map Run events, an agent's ~10 — far below
// the 25,000-event cap.
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
              "results.$": "$.run.results",
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
    ResultSelector: { "results.$": "$.Output" },
    ResultPath: "$.run",
    // a slot of 500 LLM agents at the cap takes minutes; one that takes hours is stuck
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
    Comment: "One time slot of the simulation: every active agent's five steps, in parallel",
    TimeoutSeconds: 6 * 3600,
    StartAt: N.agents,
    States: {
      [N.agents]: {
        Type: "Map",
        ItemsPath: "$.agents",
        // PrepareSlot says how many agents may be in flight (the LLM cap, up to 100, or all of them
        // offline). An Inline Map runs at most 40 iterations at once whatever it is told; a Distributed
        // Map runs up to 10,000 child executions, so the cap is the one honoured. Locally
        // aws-local-stepfunctions runs this same Map inline, with the same MaxConcurrencyPath.
        MaxConcurrencyPath: "$.agentsInFlight",
        // Every agent's failure is caught inside its child (AgentFailed: llm_failed, and the slot goes on);
        // a child that fails anyway met an error no Catch sees (States.DataLimitExceeded, States.Runtime):
        // the slot fails, MarkFailed records it, and a resume runs it again (turns are idempotent). The
        // local runner fails the Map on one failed item too: the two agree.
        ToleratedFailurePercentage: 0,
        ItemProcessor: {
          // STANDARD, not EXPRESS: an Express child ends at 5 minutes, and a turn may last longer — its
          // Lambda may run 10 minutes (five steps, up to three store rounds, 429 back-off of 10–30 s a
          // call), tried twice. Standard children also start exactly once and keep a history to read.
          // Results stay small (an AgentSummary of ~150 bytes an agent, the Catch keeping only the
          // error's name; 500 agents well under 256 KB), so no ResultWriter: the Map's output is the
          // array Collect reads.
          ProcessorConfig: { Mode: "DISTRIBUTED", ExecutionType: "STANDARD" },
          StartAt: S.agentTurn.state,
          States: {
            [S.agentTurn.state]: task(S.agentTurn, arnOf, {
              // a turn is idempotent (committed once, then re-buffered), so any failure is worth one
              // more try — a crash between its writes is completed by it; a lost lease is not
              Retry: [
                ...task(S.agentTurn, arnOf, {}).Retry,
                { ErrorEquals: ["LeaseLost"], MaxAttempts: 0 },
                { ErrorEquals: ["States.ALL"], IntervalSeconds: 1, MaxAttempts: 1 },
              ],
              End: true,
              Catch: [{ ErrorEquals: ["States.ALL"], ResultPath: "$.error", Next: N.agentFailed }],
            }),
            // 004: a failing agent is llm_failed with its error, and the slot goes on
            [N.agentFailed]: {
              Type: "Pass",
              Parameters: {
                "agent_id.$": "$.agentId",
                decision: "llm_failed",
                visits: 0,
                llmCalls: 0,
                inputTokens: 0,
                outputTokens: 0,
                "error.$": "$.error.Error",
              },
              End: true,
            },
          },
        },
        End: true,
      },
    },
  };
}
