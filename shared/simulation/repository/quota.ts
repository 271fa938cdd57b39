// What a caller may start per UTC day (pk = CALLER#<id>, sk = QUOTA#<day>), kept two days.
import type { SimulationTable } from "./table.ts";

export class QuotaRepository {
  constructor(private readonly table: SimulationTable) {}

  /**
   * Adds `amount` to a caller's use of `what` today, only if it stays within `limit`. Returns whether
   * it did (a refused request changes nothing).
   */
  async consume(caller: string, what: string, amount: number, limit: number, day: string): Promise<boolean> {
    if (amount > limit) return false;
    return this.table.update(
      { pk: `CALLER#${caller}`, sk: `QUOTA#${day}` },
      {
        UpdateExpression: "ADD #w :n SET expiresAt = if_not_exists(expiresAt, :exp)",
        ConditionExpression: "attribute_not_exists(#w) OR #w <= :room",
        ExpressionAttributeNames: { "#w": what },
        ExpressionAttributeValues: {
          ":n": amount,
          ":room": limit - amount,
          ":exp": Math.floor(Date.parse(day) / 1000) + 2 * 86_400,
        },
      },
    );
  }
}
