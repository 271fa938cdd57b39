// DynamoDB: the real service in AWS, dynalite (on disk or in memory) on one machine, behind the same client.
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
} from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";

export function dynamoClient(endpoint?: string): DynamoDBClient {
  return endpoint
    ? new DynamoDBClient({
        endpoint,
        region: "local",
        credentials: { accessKeyId: "local", secretAccessKey: "local" },
        maxAttempts: 3,
      })
    : new DynamoDBClient({ maxAttempts: 3 });
}

/** The Document client every repository uses: plain JS values in and out, undefined fields dropped. */
export function documentClient(endpoint?: string): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(dynamoClient(endpoint), {
    marshallOptions: { removeUndefinedValues: true },
  });
}

/**
 * Creates a pk/sk table when it is missing and waits until it is ACTIVE (local runs and tests; in AWS
 * CDK owns the tables). Every table of the product has that key schema.
 */
export async function ensureTable(client: DynamoDBClient, table: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: table }));
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
    await client.send(
      new CreateTableCommand({
        TableName: table,
        BillingMode: "PAY_PER_REQUEST",
        AttributeDefinitions: [
          { AttributeName: "pk", AttributeType: "S" },
          { AttributeName: "sk", AttributeType: "S" },
        ],
        KeySchema: [
          { AttributeName: "pk", KeyType: "HASH" },
          { AttributeName: "sk", KeyType: "RANGE" },
        ],
      }),
    );
  }
  // a table is usable once ACTIVE: the first write right after CreateTable can otherwise fail
  for (let i = 0; i < 100; i++) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: table }));
    if (Table?.TableStatus === "ACTIVE") return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`table ${table} did not become ACTIVE`);
}

export interface LocalDynamo {
  endpoint: string;
  /** whether state is on disk */
  persistent: boolean;
  /** a Document client that hands each request to this dynalite in-process: no socket, no signature */
  documents(): DynamoDBDocumentClient;
  close(): Promise<void>;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;
type SdkRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
};

/**
 * An SDK request handler that gives each request to dynalite's own request listener in this process
 * and answers with what it writes: the same validation and store as over HTTP, without the loopback
 * socket, the HTTP parsing on both sides and the body's checksum (a quarter of a local request's CPU).
 */
/** The in-process requests of one dynalite: refused once it is closing, those in flight waited for. */
class InProcessGate {
  closing = false;
  private inFlight = 0;
  private drained?: () => void;
  enter(): boolean {
    if (this.closing) return false;
    this.inFlight++;
    return true;
  }
  leave(): void {
    if (--this.inFlight === 0) this.drained?.();
  }
  /** Refuses new requests and resolves when those in flight have been answered. */
  close(): Promise<void> {
    this.closing = true;
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => (this.drained = resolve));
  }
}

function inProcessHandler(listener: Listener, gate: InProcessGate) {
  return {
    handle(request: SdkRequest) {
      return new Promise<{ response: { statusCode: number; headers: Record<string, string>; body: Buffer } }>(
        (resolve, reject) => {
          // once closing, a request fails as a socket's would (refused), not inside dynalite's closed
          // store, whose error no caller could catch; close() waits for those already handed over
          if (!gate.enter())
            return reject(
              Object.assign(new Error("connect ECONNREFUSED: dynalite is closed"), { code: "ECONNREFUSED" }),
            );
          const req = Object.assign(new EventEmitter(), {
            method: request.method,
            url: request.path,
            headers: Object.fromEntries(
              Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v]),
            ),
          });
          const headers: Record<string, string> = {};
          const res = {
            statusCode: 200,
            setHeader: (k: string, v: unknown) => void (headers[k.toLowerCase()] = String(v)),
            end: (body?: string) => {
              gate.leave();
              resolve({ response: { statusCode: res.statusCode, headers, body: Buffer.from(body ?? "") } });
            },
          };
          listener(req as unknown as IncomingMessage, res as unknown as ServerResponse);
          const body = request.body;
          // the SDK's body is bytes (its own Uint8Array, which turns to a string on Buffer.from(body)):
          // handed over as they are
          if (typeof body === "string") req.emit("data", Buffer.from(body));
          else if (body) req.emit("data", Buffer.from(body.buffer, body.byteOffset, body.byteLength));
          req.emit("end");
        },
      );
    },
    updateHttpClientConfig: () => undefined,
    httpHandlerConfigs: () => ({}),
    destroy: () => undefined,
  };
}

/** dynalite checks that a request carries a SigV4 header, not what it signs: this one stands in. */
const LOCAL_SIGNATURE = {
  authorization:
    "AWS4-HMAC-SHA256 Credential=local/20260101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=local",
  "x-amz-date": "20260101T000000Z",
};

function inProcessDocumentClient(listener: Listener, gate: InProcessGate): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    endpoint: "http://dynalite.in-process",
    region: "local",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
    maxAttempts: 3,
    requestHandler: inProcessHandler(listener, gate) as never,
    signer: {
      sign: async (r: { headers: Record<string, string> }) =>
        Object.assign(r, { headers: { ...r.headers, ...LOCAL_SIGNATURE } }),
    } as never,
  });
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

// resolved on first local use only: Lambda bundles import this module (dynamoClient) without dynalite
const requireDynalite = (id: string) =>
  createRequire(createRequire(import.meta.url).resolve("dynalite"))(id) as unknown;

/**
 * Table files LevelDB keeps open on disk, and mapped (its default is 1,000). A mapped file's pages that
 * a read touched stay in the process's resident set until the file is closed: with a thousand of 2 MB
 * open, a long simulation's store (gigabytes written, agents' items rewritten every slot) held over a
 * gigabyte of file pages in the resident set. With this many, at most ~200 MB; a file out of the cache
 * is opened again when read (a few microseconds). What LevelDB holds to it is its table cache: this less
 * ten, in sixteen shards of ⌈90 / 16⌉ = 6 (96 files at most); a file a read or an iterator in flight
 * holds stays mapped beyond that until it is let go, and the cache sheds the excess on its next opens —
 * so the count mapped is not held to this: 248 with ~63 batches in flight, and still 273 by day 14 of a
 * 10,000-agent run with four, its store grown to ~2,900 table files (docs/performance.md). What pins the
 * extra tables is not found yet.
 */
export const STORE_OPEN_FILES = 100;

/**
 * dynalite opens its LevelDB with only an encoding: its `level` module's class is given our file bound
 * before dynalite first loads it (dynalite takes the class when its db module loads).
 */
function boundStoreFiles() {
  const level = requireDynalite("level") as { Level: new (p: string, o?: object) => object; bounded?: true };
  if (level.bounded) return;
  const Base = level.Level;
  level.Level = class extends Base {
    constructor(path: string, options?: object) {
      super(path, { maxOpenFiles: STORE_OPEN_FILES, ...options });
    }
  };
  level.bounded = true;
}

/**
 * True when no other process holds the on-disk store (LevelDB allows one at a time; a second
 * dynalite on the same directory would crash on its first request instead of saying so).
 */
async function diskStoreFree(path: string): Promise<boolean> {
  const { Level } = requireDynalite("level") as {
    Level: new (p: string) => { open(): Promise<void>; close(): Promise<void> };
  };
  const db = new Level(path);
  try {
    await db.open();
    await db.close();
    return true;
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code === "LEVEL_LOCKED") return false;
    throw err;
  }
}

/**
 * dynalite on an ephemeral loopback port: on disk under `path` (state survives a restart), or in
 * memory. `onDiskBusy` is told when another process holds the directory and memory is used instead.
 */
export async function startLocalDynamo(
  opts: { path?: string; onDiskBusy?: (path: string) => void } = {},
): Promise<LocalDynamo> {
  // first: the check below opens the directory's LevelDB too, and is held to the same bound
  boundStoreFiles();
  let path = opts.path;
  if (path) {
    mkdirSync(path, { recursive: true });
    if (!(await diskStoreFree(path))) {
      opts.onDiskBusy?.(path);
      path = undefined;
    }
  }
  const dynalite = requireDynalite("./index.js") as (o: object) => import("node:http").Server;
  const server = dynalite({ path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // dynalite opens its store on the first request: take the directory's lock now
  await dynamoClient(endpoint).send(new ListTablesCommand({}));
  const listener = server.listeners("request")[0] as Listener;
  const gate = new InProcessGate();
  return {
    endpoint,
    persistent: path !== undefined,
    documents: () => inProcessDocumentClient(listener, gate),
    close: async () => {
      await gate.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
