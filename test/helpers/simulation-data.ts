// A simulation's raw data as tests compare it (every export kind in every format), and a recorded run
// carried into another world (its record and recording, item by item), for record and replay tests.
import { PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { expect } from "vitest";
import { EXPORT_FORMATS, EXPORT_KINDS, exportPage } from "../../shared/simulation/export.ts";
import type { testSimulations } from "./simulation.ts";

type World = Awaited<ReturnType<typeof testSimulations>>;

/** A simulation's exports, every kind in every format, as the API answers them (one page each). */
export async function exportedData(t: World, id: string): Promise<string> {
  const out: string[] = [];
  for (const kind of EXPORT_KINDS)
    for (const format of EXPORT_FORMATS) {
      const page = await exportPage(t.repo, id, { kind, format, maxRows: 1_000_000, maxBytes: 1e9 });
      expect(page.next).toBeUndefined();
      out.push(page.body);
    }
  return out.join("").replaceAll(id, "<id>");
}

/** A simulation's items whose sort keys start with one of `prefixes` (META, REC#, …). */
export async function simulationItems(t: World, id: string, prefixes: string[]) {
  const items = await t.world.rt.documents().send(
    new QueryCommand({
      TableName: t.world.rt.config.aws.tables.simulation,
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": `SIM#${id}` },
    }),
  );
  return (items.Items ?? []).filter((i) => prefixes.some((p) => String(i.sk).startsWith(p)));
}

/** Puts items into a world's simulation table as they are. */
export async function putItems(t: World, items: Record<string, unknown>[]) {
  for (const Item of items)
    await t.world.rt
      .documents()
      .send(new PutCommand({ TableName: t.world.rt.config.aws.tables.simulation, Item }));
}

/** Copies a simulation's record and recording into another world (its partition, item by item). */
export async function copyRecording(from: World, to: World, id: string) {
  await putItems(to, await simulationItems(from, id, ["META", "REC#"]));
}
