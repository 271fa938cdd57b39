// The simulation table, one repository per aggregate; repository/table.ts holds its layout and keys.
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { AgentRepository } from "./repository/agents.ts";
import { ExperimentRepository } from "./repository/experiments.ts";
import { QuotaRepository } from "./repository/quota.ts";
import { RecordingRepository } from "./repository/recordings.ts";
import { RunRepository } from "./repository/runs.ts";
import { SimulationTable } from "./repository/table.ts";
import { TurnRepository } from "./repository/turns.ts";
import { VisitRepository } from "./repository/visits.ts";

export interface SimulationRepository {
  runs: RunRepository;
  agents: AgentRepository;
  turns: TurnRepository;
  visits: VisitRepository;
  recordings: RecordingRepository;
  quota: QuotaRepository;
  experiments: ExperimentRepository;
}

export function openSimulationRepository(
  db: DynamoDBDocumentClient,
  tableName: string,
): SimulationRepository {
  const table = new SimulationTable(db, tableName);
  return {
    runs: new RunRepository(table),
    agents: new AgentRepository(table),
    turns: new TurnRepository(table),
    visits: new VisitRepository(table),
    recordings: new RecordingRepository(table),
    quota: new QuotaRepository(table),
    experiments: new ExperimentRepository(table),
  };
}
