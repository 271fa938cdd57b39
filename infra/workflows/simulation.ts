// The neighbourhood simulation (seed 004), defined once for CDK and the local runner.
//
//  parent (Standard): Initialise → Slots (Map, one slot at a time) [ Flush → PrepareSlot → RunSlot →
//                     Collect ] → Finalize; any failure → MarkFailed → Failed
//  child  (Standard, one execution per slot): Agents (Map over the slot's agents, MaxConcurrencyPath
//                     from PrepareSlot: the simulation's LLM cap) [ AgentTurn; a failure → AgentFailed,
//                     an llm_failed summary, and the slot goes on ]
//
// One child execution per slot keeps every history small: the parent records ~25 events a slot (≈700
// for 7 days), a child ~5 per agent (≈1,000 for 200 agents) — far below the 25,000-event cap.

export const SIMULATION_STATES = {
  initialise: "Initialise",
  slots: "Slots",
  flush: "Flush",
  prepare: "PrepareSlot",
  runSlot: "RunSlot",
  collect: "Collect",
  finalize: "Finalize",
  markFailed: "MarkFailed",
  failed: "Failed",
  agents: "Agents",
  agentTurn: "AgentTurn",
  agentFailed: "AgentFailed",
} as const;

export interface SimulationResources {
  initialiseFunctionArn: string;
  flushFunctionArn: string;
  prepareFunctionArn: string;
  agentFunctionArn: string;
  collectFunctionArn: string;
  finalizeFunctionArn: string;
  failFunctionArn: string;
  /** the child state machine; locally RunSlot is mapped to a handler that runs it in-process */
  slotStateMachineArn: string;
}

const S = SIMULATION_STATES;
const RETRY = [
  {
    ErrorEquals: [
      "Lambda.ServiceException",
      "Lambda.AWSLambdaException",
      "Lambda.SdkClientException",
      "Lambda.TooManyRequestsException",
    ],
    IntervalSeconds: 2,
    MaxAttempts: 3,
    BackoffRate: 2,
  },
];
const task = (resource: string, extra: Record<string, unknown>) => ({
  Type: "Task",
  Resource: resource,
  TimeoutSeconds: 300,
  Retry: RETRY,
  ...extra,
});

export function simulationDefinition(r: SimulationResources) {
  return {
    Comment: "Neighbourhood simulation (seed 004): personas × days × time slots in Mangwon-dong",
    StartAt: S.initialise,
    States: {
      [S.initialise]: task(r.initialiseFunctionArn, {
        Next: S.slots,
        Catch: [{ ErrorEquals: ["States.ALL"], ResultPath: "$.error", Next: S.markFailed }],
      }),
      [S.slots]: {
        Type: "Map",
        ItemsPath: "$.slots",
        MaxConcurrency: 1,
        ItemSelector: { "simulationId.$": "$.simulationId", "slot.$": "$$.Map.Item.Value" },
        ItemProcessor: {
          ProcessorConfig: { Mode: "INLINE" },
          StartAt: S.flush,
          States: {
            [S.flush]: task(r.flushFunctionArn, { Next: S.prepare }),
            [S.prepare]: task(r.prepareFunctionArn, { Next: S.runSlot }),
            [S.runSlot]: {
              Type: "Task",
              Resource: "arn:aws:states:::states:startExecution.sync:2",
              Parameters: {
                StateMachineArn: r.slotStateMachineArn,
                "Input.$": "$",
              },
              ResultSelector: { "results.$": "$.Output" },
              ResultPath: "$.run",
              Retry: [
                {
                  ErrorEquals: ["StepFunctions.ExecutionLimitExceeded"],
                  IntervalSeconds: 5,
                  MaxAttempts: 3,
                  BackoffRate: 2,
                },
              ],
              Next: S.collect,
            },
            [S.collect]: task(r.collectFunctionArn, {
              Parameters: {
                "simulationId.$": "$.simulationId",
                "slot.$": "$.slot",
                "results.$": "$.run.results",
              },
              End: true,
            }),
          },
        },
        ResultPath: null,
        Next: S.finalize,
        Catch: [{ ErrorEquals: ["States.ALL"], ResultPath: "$.error", Next: S.markFailed }],
      },
      [S.finalize]: task(r.finalizeFunctionArn, {
        Parameters: { "simulationId.$": "$.simulationId", "lastKey.$": "$.lastKey" },
        End: true,
      }),
      [S.markFailed]: task(r.failFunctionArn, {
        Parameters: { "simulationId.$": "$.simulationId", "error.$": "$.error" },
        Next: S.failed,
      }),
      [S.failed]: {
        Type: "Fail",
        Error: "SimulationFailed",
        Cause: "a slot failed; resume the simulation to continue from its last completed slot",
      },
    },
  };
}

export function slotDefinition(r: SimulationResources) {
  return {
    Comment: "One time slot of the simulation: every active agent's five steps, in parallel",
    StartAt: S.agents,
    States: {
      [S.agents]: {
        Type: "Map",
        ItemsPath: "$.agents",
        // PrepareSlot says how many agents may be in flight (SimulationRuntime.prepare)
        MaxConcurrencyPath: "$.agentsInFlight",
        ItemProcessor: {
          ProcessorConfig: { Mode: "INLINE" },
          StartAt: S.agentTurn,
          States: {
            // the Lambda's timeout (10 min) fires first; this one only bounds a lost invocation
            [S.agentTurn]: task(r.agentFunctionArn, {
              TimeoutSeconds: 660,
              // a turn is idempotent (committed once, then re-buffered), so any failure is worth one
              // more try — a crash between its writes is completed by it
              Retry: [...RETRY, { ErrorEquals: ["States.ALL"], IntervalSeconds: 1, MaxAttempts: 1 }],
              End: true,
              Catch: [{ ErrorEquals: ["States.ALL"], ResultPath: "$.error", Next: S.agentFailed }],
            }),
            // 004: a failing agent is llm_failed with its error, and the slot goes on
            [S.agentFailed]: {
              Type: "Pass",
              Parameters: {
                "agent_id.$": "$.agentId",
                decision: "llm_failed",
                visits: 0,
                llmCalls: 0,
                inputTokens: 0,
                outputTokens: 0,
                "error.$": "$.error",
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

const localArn = (name: string) => `arn:aws:lambda:ap-northeast-2:000000000000:function:dongne-sim-${name}`;
export const LOCAL_SIMULATION_RESOURCES: SimulationResources = {
  initialiseFunctionArn: localArn("initialise"),
  flushFunctionArn: localArn("flush"),
  prepareFunctionArn: localArn("prepare"),
  agentFunctionArn: localArn("agent"),
  collectFunctionArn: localArn("collect"),
  finalizeFunctionArn: localArn("finalize"),
  failFunctionArn: localArn("fail"),
  slotStateMachineArn: "arn:aws:states:ap-northeast-2:000000000000:stateMachine:dongne-simulation-slot",
};
