import type { RawBuilder } from 'kysely';
import { newId } from '../../lib/ids.js';
import type { TenantEnv } from '../context.js';
import { insertEntriesSql, setBalancesSql, type RoundLockedUser, type ScopedEntry } from './ledger-repo.js';

/** A user as a round holds it: locked, with the balance moving command by command. */
export type RoundUser = RoundLockedUser;

/** The one name of a user in a round, across tenant environments. */
export const userKey = (scope: TenantEnv, externalUserId: string) =>
  `${scope.tenantId}/${scope.environment}/${externalUserId}`;

/**
 * The ledger's slice of an engine round: the users it locked, their balances as the round's commands move
 * them, and the entries those moves add, written set-based at the end (docs/architecture.md, "The write
 * path"). A handler posts an amount it already judged with the ledger's rule (model/balance.ts `post`).
 */
export class RoundBalances {
  private readonly users = new Map<string, RoundUser>();
  private readonly entries: ScopedEntry[] = [];

  constructor(locked: readonly RoundLockedUser[]) {
    for (const user of locked) this.users.set(userKey(user.scope, user.externalUserId), { ...user });
  }

  /** The entries posted so far, in order. */
  get posted(): readonly ScopedEntry[] {
    return this.entries;
  }

  /** A user the round holds, or undefined: not registered, or not locked in this round. */
  user(scope: TenantEnv, externalUserId: string): RoundUser | undefined {
    return this.users.get(userKey(scope, externalUserId));
  }

  /** Appends an entry and moves the user's balance to `balanceAfter`; returns the entry's transaction id. */
  post(
    user: RoundUser,
    entry: { entryType: string; amount: bigint; balanceAfter: bigint; positionId: string | null },
  ): string {
    const id = newId();
    this.entries.push({ scope: user.scope, id, userId: user.id, reversesTransactionId: null, ...entry });
    user.balance = entry.balanceAfter;
    return id;
  }

  /** The entries and the balances they leave, as parts of the round's one statement. */
  writes(now: Date): RawBuilder<unknown>[] {
    if (this.entries.length === 0) return [];
    return [insertEntriesSql(this.entries, now), setBalancesSql(this.entries, now)];
  }
}
