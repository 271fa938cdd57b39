// Experiments, one item each (pk = EXP#<id>, sk = META): the request and the simulation of each arm and
// seed. Their state is the arms' own records, read when asked.
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { ExperimentRecord } from "../experiment-schemas.ts";
import type { SimulationTable } from "./table.ts";

const experimentKey = (id: string) => ({ pk: `EXP#${id}`, sk: "META" });

export class ExperimentRepository {
  constructor(private readonly table: SimulationTable) {}

  /** Written once: an id is never reused. */
  async put(record: ExperimentRecord): Promise<void> {
    await this.table.db.send(
      new PutCommand({
        TableName: this.table.name,
        Item: { ...experimentKey(record.id), experiment: ExperimentRecord.parse(record) },
        ConditionExpression: "attribute_not_exists(pk)",
      }),
    );
  }

  async get(id: string): Promise<ExperimentRecord | null> {
    const item = await this.table.get(experimentKey(id));
    return item ? ExperimentRecord.parse(item.experiment) : null;
  }
}
