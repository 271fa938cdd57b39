// A fake Step Functions on loopback (the AWS JSON 1.0 protocol the SDK speaks): StartSyncExecution,
// StartExecution and DescribeExecution run the real definitions through the local workflows, so the
// AWS adapter and the API Lambda's handler are tested over HTTP against what they would meet.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { LocalWorkflows } from "../../shared/workflows/local.ts";
import { Deadline } from "../../shared/platform/deadline.ts";

import type { MachineKey } from "../../shared/workflows/port.ts";
import { WorkflowFailedError } from "../../shared/workflows/errors.ts";

export const machineArn = (key: string) => `arn:aws:states:ap-northeast-2:123456789012:stateMachine:${key}`;

export interface FakeStepFunctions {
  url: string;
  calls: { target: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

export async function startFakeStepFunctions(
  workflows: LocalWorkflows<unknown>,
  /** how long a synchronous execution waits before it runs (Infinity: it never answers) */
  opts: { delayMs?: (input: unknown) => number } = {},
): Promise<FakeStepFunctions> {
  const calls: FakeStepFunctions["calls"] = [];
  const keyOf = (arn: unknown) => String(arn).split(":").at(-1) as MachineKey;
  const reply = (status: number, body: unknown) => ({ status, body });
  const handle = async (target: string, body: Record<string, unknown>) => {
    const now = Date.now() / 1000;
    switch (target) {
      case "AWSStepFunctions.StartSyncExecution": {
        const input = JSON.parse(String(body.input));
        const delay = opts.delayMs?.(input) ?? 0;
        // Infinity: an execution that never ends (the caller gives up on it)
        await new Promise((r) => (Number.isFinite(delay) ? setTimeout(r, delay) : undefined));
        const executionArn = `${String(body.stateMachineArn).replace(":stateMachine:", ":express:")}:x`;
        try {
          const output = await workflows.runSync(keyOf(body.stateMachineArn), input, Deadline.none());
          return reply(200, {
            executionArn,
            startDate: now,
            stopDate: Date.now() / 1000,
            status: "SUCCEEDED",
            output: JSON.stringify(output),
          });
        } catch (err) {
          const e =
            err instanceof WorkflowFailedError
              ? JSON.parse(err.error)
              : { Error: "Error", Cause: String(err) };
          return reply(200, {
            executionArn,
            startDate: now,
            stopDate: now,
            status: "FAILED",
            error: e.Error,
            cause: e.Cause,
          });
        }
      }
      case "AWSStepFunctions.StartExecution": {
        const name = String(body.name);
        await workflows.start(keyOf(body.stateMachineArn), name, JSON.parse(String(body.input)));
        return reply(200, {
          executionArn: `${String(body.stateMachineArn).replace(":stateMachine:", ":execution:")}:${name}`,
          startDate: now,
        });
      }
      case "AWSStepFunctions.DescribeExecution": {
        // a malformed ARN names no execution: it does not exist
        const [machine = "", name = ""] = String(body.executionArn).split(":").slice(-2);
        const running = await workflows.isRunning(machine as MachineKey, name);
        return running
          ? reply(200, {
              executionArn: body.executionArn,
              stateMachineArn: machineArn(machine),
              status: "RUNNING",
              startDate: now,
            })
          : reply(400, {
              __type: "com.amazonaws.states#ExecutionDoesNotExist",
              message: "Execution Does Not Exist",
            });
      }
      default:
        return reply(400, { __type: "UnknownOperationException", message: target });
    }
  };
  const server: Server = createServer((req, res) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", async () => {
      const target = String(req.headers["x-amz-target"]);
      const body = JSON.parse(data || "{}");
      calls.push({ target, body });
      const out = await handle(target, body);
      res
        .writeHead(out.status, { "content-type": "application/x-amz-json-1.0" })
        .end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
