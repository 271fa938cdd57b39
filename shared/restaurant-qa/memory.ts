// Follow-up questions: with a conversationId, the last answer's restaurants are remembered, so
// "거기 주차돼?" is about them. Ids are scoped to the caller's key by the API service (scopedConversation):
// another key's id finds nothing here and starts afresh. Every answer opens a conversation, so the store
// is bounded in time (a TTL) and in number: each caller keeps at most `perCaller` conversations, the
// oldest opened giving way. A small port: in memory on one machine, one DynamoDB item per conversation in
// AWS (Document client, parsed by zod on read, expiring by TTL) with a ring of slots per caller.
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from "@aws-sdk/lib-dynamodb";
import { createHash } from "node:crypto";
import { z } from "zod";
import { keyedPairs } from "../platform/safe-keys.ts";

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
  /**
   * each base-list restaurant's distance (m) from the searched location, as that answer gave it:
   * [place_id, metres] pairs (a place_id may be any name, `constructor` too: never an object's key)
   */
  distances: keyedPairs(z.number(), 20).optional(),
  /** each base-list restaurant's price (won) of its cheapest item of the asked kinds, for "더 싼 데": [place_id, won] pairs */
  prices: keyedPairs(z.number(), 20).optional(),
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

export interface ConversationLimits {
  /** how long a conversation is followed (the config's QA_CONVERSATION_TTL_S) */
  ttlSeconds: number;
  /** conversations kept per caller, the oldest opened giving way (QA_CONVERSATIONS_PER_CALLER) */
  perCaller: number;
}

/** The stored key of a conversation: the caller's key and the public id, hashed (another key's id finds nothing). */
export function scopedConversation(caller: string, publicId: string): string {
  const hex = (s: string) => createHash("sha256").update(s).digest("hex");
  return `${hex(caller).slice(0, 16)}_${hex(`${caller}\u0000${publicId}`).slice(0, 40)}`;
}

/** The caller a stored id belongs to (its hash); ids not made by scopedConversation share one owner. */
export function ownerOf(id: string): string {
  return /^([0-9a-f]{16})_[0-9a-f]{40}$/.exec(id)?.[1] ?? "unscoped";
}

export class InMemoryConversations implements ConversationMemory {
  /** per owner, conversations in the order they were opened */
  private readonly owners = new Map<string, Map<string, ConversationTurn>>();

  constructor(private readonly opts: ConversationLimits & { now?: () => number }) {}

  private now() {
    return this.opts.now?.() ?? Date.now();
  }

  async last(id: string): Promise<ConversationTurn | null> {
    const turns = this.owners.get(ownerOf(id));
    const t = turns?.get(id);
    if (!turns || !t) return null;
    if (this.now() - t.at > this.opts.ttlSeconds * 1000) {
      turns.delete(id);
      if (!turns.size) this.owners.delete(ownerOf(id));
      return null;
    }
    return t;
  }

  async remember(id: string, turn: ConversationTurn): Promise<void> {
    const owner = ownerOf(id);
    const turns = this.owners.get(owner) ?? new Map<string, ConversationTurn>();
    this.owners.set(owner, turns);
    turns.set(id, turn); // a later turn keeps its place: the order is the order of opening
    while (turns.size > this.opts.perCaller) turns.delete(turns.keys().next().value!);
  }
}

const Item = ConversationTurn.extend({ pk: z.string(), sk: z.literal("last"), expiresAt: z.number() });

/**
 * One item per conversation, keyed like the rest of the single table (pk/sk): pk
 * "qa-conversation#<id>", sk "last"; `expiresAt` (epoch seconds) is the table's TTL attribute.
 * A later turn overwrites the item: only the last answer's restaurants matter.
 *
 * The bound in number: a conversation's first turn takes the caller's next number from a counter
 * (pk "qa-conversations#<owner>", sk "opened") and the slot number mod perCaller (sk "slot#<k>"); the
 * conversation that held that slot is deleted. Four small writes when a conversation opens, one for
 * each later turn, whatever perCaller is (a list of ids would grow with it).
 */
export class DynamoConversations implements ConversationMemory {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly opts: ConversationLimits,
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
    const put = await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...this.key(id), ...turn, expiresAt },
        ReturnValues: "ALL_OLD",
      }),
    );
    if (!put.Attributes) await this.takeSlot(id, expiresAt);
  }

  /** A newly opened conversation takes its caller's next slot; the conversation there gives way. */
  private async takeSlot(id: string, expiresAt: number): Promise<void> {
    const pk = `qa-conversations#${ownerOf(id)}`;
    const counted = await this.doc.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk, sk: "opened" },
        UpdateExpression: "ADD opened :one SET expiresAt = :exp",
        ExpressionAttributeValues: { ":one": 1, ":exp": expiresAt },
        ReturnValues: "UPDATED_NEW",
      }),
    );
    const n = Number(counted.Attributes?.opened ?? 1);
    const slot = await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: { pk, sk: `slot#${n % this.opts.perCaller}`, id, expiresAt },
        ReturnValues: "ALL_OLD",
      }),
    );
    const evicted = slot.Attributes?.id as string | undefined;
    if (evicted && evicted !== id)
      await this.doc.send(new DeleteCommand({ TableName: this.table, Key: this.key(evicted) }));
  }
}
