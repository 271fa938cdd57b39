// Experiments in the simulation table, one item each (pk = EXP#<id>, sk = META): the request and the
// simulation of each arm and seed. Their state is the arms' own records, read when asked.
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { ExperimentRecord } from "./experiment-schemas.ts";

export class ExperimentRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  private key = (id: string) => ({ pk: `EXP#${id}`, sk: "META" });

  /** Written once: an id is never reused. */
  async put(record: ExperimentRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...this.key(record.id), experiment: ExperimentRecord.parse(record) },
        ConditionExpression: "attribute_not_exists(pk)",
      }),
    );
  }

  async get(id: string): Promise<ExperimentRecord | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: this.key(id), ConsistentRead: true }),
    );
    return out.Item ? ExperimentRecord.parse(out.Item.experiment) : null;
  }
}
