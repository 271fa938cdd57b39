// A recorded run's LLM calls (REC#<slot key>#<agent>#<nnn>: shared/simulation/recordings.ts names the
// keys), each put whole.
import { RecordedCall } from "../../llm/recording.ts";
import { simulationPk, type SimulationTable } from "./table.ts";

export class RecordingRepository {
  constructor(private readonly table: SimulationTable) {}

  /**
   * Keeps one recorded LLM call: put whole, so a retried turn's same call writes the same item again
   * (the JSON round trip drops undefined fields, which DynamoDB refuses).
   */
  async save(id: string, sk: string, call: RecordedCall): Promise<void> {
    await this.table.put({ pk: simulationPk(id), sk, call: JSON.parse(JSON.stringify(call)) as unknown });
  }

  /** The recorded calls whose keys start with `prefix` (REC#…), in recorded order. */
  async list(id: string, prefix = "REC#"): Promise<RecordedCall[]> {
    return (await this.table.queryAll(id, prefix)).map((i) => RecordedCall.parse(i.call));
  }
}
