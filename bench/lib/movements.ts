import { randomInt } from 'node:crypto';

/** One balance movement as a single request or a batch item sends it (docs/operator-api.md, "Balance sync"). */
export interface Movement {
  external_user_id: string;
  direction: 'credit' | 'debit';
  amount: string;
}

/** The starting balance every user is credited with, large enough that the debits below never overdraw. */
export const STARTING_BALANCE = '1000.00';

/** Share of debits in the mix; the rest are credits. */
const DEBIT_SHARE = 0.1;

const cents = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** A random user and a movement: mostly credits of 1.00 to 50.00, some debits of 0.01 to 5.00. */
export function randomMovement(userIds: readonly string[]): Movement {
  const external_user_id = userIds[randomInt(userIds.length)]!;
  return Math.random() < DEBIT_SHARE
    ? { external_user_id, direction: 'debit', amount: cents(randomInt(1, 501)) }
    : { external_user_id, direction: 'credit', amount: cents(randomInt(100, 5001)) };
}

/** One random movement for each of `ids`, in random order: a batch whose users are all distinct. */
export function movementsFor(ids: readonly string[]): Movement[] {
  const order = [...ids];
  for (let i = order.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order.map((id) => randomMovement([id]));
}

/**
 * `size` distinct users drawn at random from all of `ids` (a partial Fisher-Yates shuffle), in random
 * order: the users of one batch. Two batches drawn this way share users as often as chance has it.
 */
export function randomUsers(ids: readonly string[], size: number): string[] {
  if (ids.length < size)
    throw new Error(`a batch of ${size} distinct users needs ${size} users, there are ${ids.length}`);
  const pool = [...ids];
  for (let i = 0; i < size; i++) {
    const j = i + randomInt(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, size);
}

/**
 * Idempotency keys unique to this run: every request is a first use, so none is answered from a
 * stored response.
 */
export function keyMaker(prefix: string): () => string {
  const run = `${process.pid}-${Date.now().toString(36)}`;
  let n = 0;
  return () => `${prefix}-${run}-${++n}`;
}

/** The ids of the bench's users, u000001 … */
export function userIds(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `u${String(i + 1).padStart(6, '0')}`);
}
