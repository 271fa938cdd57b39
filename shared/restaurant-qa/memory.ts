// Follow-up questions: with a conversationId, the last answer's restaurants are remembered, so
// "거기 주차돼?" is about them. Ids are scoped to the caller's key by the API service (scopedConversation):
// another key's id finds nothing here and starts afresh. A small port: in memory on one machine (bounded, with a time to live),
// one DynamoDB item per conversation in AWS (Document client, parsed by zod on read, expiring by TTL).
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { createHash } from "node:crypto";
import { z } from "zod";

export const ConversationTurn = z.object({
  /** the last search's restaurants, in the order its answer presented them (the "base list") */
  place_ids: z.array(z.string()).max(10),
  query: z.string(),
  /** epoch ms */
  at: z.number(),
  /** the last search's location, kept by "그 근처", "그 동네" and by a follow-up adding only a kind */
  location: z.array(z.object({ name: z.string(), relation: z.enum(["nearby", "exact"]) })).optional(),
  /** the searched point, for distances of the base list */
  origin: z.object({ name: z.string(), lat: z.number(), lon: z.number() }).optional(),
  /** each base-list restaurant's distance (m) from the searched location, as that answer gave it */
  distances: z.record(z.string(), z.number()).optional(),
  /** the kinds (menu ∪ cuisine) the last search asked, for "제일 싼" over that dish */
  kinds: z.array(z.string()).optional(),
  /** the restaurant the conversation last singled out ("두 번째 집" → "거기 가격대는?") */
  focus: z.string().optional(),
});
export type ConversationTurn = z.infer<typeof ConversationTurn>;

export interface ConversationMemory {
  last(conversationId: string): Promise<ConversationTurn | null>;
  remember(conversationId: string, turn: ConversationTurn): Promise<void>;
}

export class InMemoryConversations implements ConversationMemory {
  private readonly turns = new Map<string, ConversationTurn>();

  constructor(
    /** ttlSeconds: how long a conversation is followed (the config's QA_CONVERSATION_TTL_S) */
    private readonly opts: { ttlSeconds: number; maxConversations?: number; now?: () => number },
  ) {}

  private now() {
    return this.opts.now?.() ?? Date.now();
  }

  async last(id: string): Promise<ConversationTurn | null> {
    const t = this.turns.get(id);
    if (!t) return null;
    if (this.now() - t.at > this.opts.ttlSeconds * 1000) {
      this.turns.delete(id);
      return null;
    }
    return t;
  }

  async remember(id: string, turn: ConversationTurn): Promise<void> {
    this.turns.delete(id); // re-insert: Map order is recency order
    this.turns.set(id, turn);
    const max = this.opts.maxConversations ?? 10_000;
    while (this.turns.size > max) this.turns.delete(this.turns.keys().next().value!);
  }
}

const Item = ConversationTurn.extend({ pk: z.string(), sk: z.literal("last"), expiresAt: z.number() });

/**
 * One item per conversation, keyed like the rest of the single table (pk/sk): pk
 * "qa-conversation#<id>", sk "last"; `expiresAt` (epoch seconds) is the table's TTL attribute.
 * A later turn overwrites the item: only the last answer's restaurants matter.
 */
export class DynamoConversations implements ConversationMemory {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly opts: { ttlSeconds: number },
  ) {}

  private key(id: string) {
    return { pk: `qa-conversation#${id}`, sk: "last" as const };
  }

  async last(id: string): Promise<ConversationTurn | null> {
    const r = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: this.key(id), ConsistentRead: true }),
    );
    if (!r.Item) return null;
    const item = Item.parse(r.Item);
    // TTL deletion is lazy (up to days): an expired item is treated as gone
    if (item.expiresAt * 1000 < Date.now()) return null;
    const { pk: _pk, sk: _sk, expiresAt: _e, ...turn } = item;
    return turn;
  }

  async remember(id: string, turn: ConversationTurn): Promise<void> {
    const expiresAt = Math.floor(turn.at / 1000) + this.opts.ttlSeconds;
    await this.doc.send(
      new PutCommand({ TableName: this.table, Item: { ...this.key(id), ...turn, expiresAt } }),
    );
  }
}

/** The stored key of a conversation: the caller's key and the public id, hashed (another key's id finds nothing). */
export function scopedConversation(caller: string, publicId: string): string {
  return createHash("sha256").update(`${caller}\u0000${publicId}`).digest("base64url").slice(0, 43);
}
