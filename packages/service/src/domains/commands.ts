/*
 * The commands of the write engine (DESIGN part 2): every keyed write as a value. A domain's verb
 * (openPosition, applyBalanceSync, …) builds one after the route's checks and submits it through its
 * context (context.ts: Engine); the engine (domains/engine) runs it in a round with whatever else waits.
 * Plain data only, so a verb needs nothing of the engine but this file.
 */

/** An answer as it is stored and sent for a keyed write: the status and the exact body bytes. */
export interface StoredAnswer {
  status: number;
  body: string;
  /** Seconds for Retry-After (idempotency_key_in_progress only); never stored. */
  retryAfter?: number;
  /** A stored answer sent again for its key (decisions part 10: `Idempotent-Replayed: true`); never stored. */
  replayed?: true;
}

/** The keyed writes, each with its key space and how long its answer is replayed (idempotency/operations.ts). */
export type CommandOperation = 'balance_sync' | 'position_open' | 'position_close' | 'order_place';

/** A command's Idempotency-Key and the request fields it is bound to (hashed: same key, other fields is 422). */
export interface CommandKey {
  key: string;
  fields: Record<string, unknown>;
}

export interface OpenCommand {
  kind: 'open';
  externalUserId: string | undefined;
  marketSlug: string;
  outcomeId: string;
  stake: bigint;
  maxPriceMicro: bigint;
}

/** A close of a position the asker may see (null: none it may see, so not_found once the key allows). */
export interface CloseCommand {
  kind: 'close';
  positionId: string;
  position: { marketId: string; marketSlug: string; externalUserId: string } | null;
  minPriceMicro: bigint;
}

export interface SyncCommand {
  kind: 'sync';
  externalUserId: string;
  direction: 'credit' | 'debit';
  amount: bigint;
  resultingBalance: bigint | null;
}

export interface PlaceOrderCommand {
  kind: 'place_order';
  externalUserId: string | undefined;
  marketSlug: string;
  outcomeId: string;
  stake: bigint;
  limitPriceMicro: bigint;
  expiresAt: Date | null;
}

/** A cancel of an order the asker may see, found open when the route read it. It takes no key. */
export interface CancelOrderCommand {
  kind: 'cancel_order';
  order: { id: string; marketId: string; marketSlug: string; externalUserId: string };
}

export type TenantCommand = OpenCommand | CloseCommand | SyncCommand | PlaceOrderCommand | CancelOrderCommand;
