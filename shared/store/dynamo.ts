// DynamoDB: the real service in AWS, dynalite (in memory) on one machine, behind the same client.
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from "@aws-sdk/client-dynamodb";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";

export const SIMULATION_TABLE_KEYS = { partition: "pk", sort: "sk" } as const;

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

/** Creates the simulation table when it is missing (local runs; in AWS CDK owns it). */
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
}

export interface LocalDynamo {
  endpoint: string;
  close(): Promise<void>;
}

/** An in-memory dynalite on an ephemeral loopback port. */
export async function startLocalDynamo(): Promise<LocalDynamo> {
  const dynalite = createRequire(import.meta.url)("dynalite") as (opts: object) => import("node:http").Server;
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
