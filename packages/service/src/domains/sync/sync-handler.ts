import { formatAmount } from '../../lib/money.js';
import { newId } from '../../lib/ids.js';
import { presenter } from '../../lib/present.js';
import type { RequestContext } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { answered, submitTo, type Handler, type KeyedRoute, type StoredAnswer } from '../handler.js';
import { refusalAnswer } from '../idempotency/index.js';
import type { RoundBalances } from '../ledger/index.js';
import { ENTRY_TYPE_BY_DIRECTION, syncRules } from './model/sync-rules.js';
import type { RoundSyncs } from './round-syncs.js';
import {
  BalanceSyncResult,
  presentSyncApplied,
  type KeyedMovement,
  type Movement,
  type SyncApplied,
} from './schemas.js';

/** POST /v1/balance-sync and each batch item: 200 with the transaction and the new balance. */
export const SYNC_ROUTE: KeyedRoute<SyncApplied> = {
  operation: 'balance_sync',
  status: 200,
  present: presenter(BalanceSyncResult, presentSyncApplied),
};

/** What a balance sync reads and changes in a round: its user's balance and the movement records. */
export interface SyncState {
  now: Date;
  balances: RoundBalances;
  syncs: RoundSyncs;
}

/**
 * A balance movement (docs/operator-api.md, "Balance sync") under the ledger's rule: applied (200 with the new
 * balance); refused as would_overdraw, recorded with the balance of that moment, flagged for reconciliation and stored
 * for its key; or refused without a record and without spending its key: an unregistered user, or a credit past the
 * largest balance a sync makes (model/sync-rules.ts). Its user is the one row it needs locked.
 */
export const syncHandler: Handler<Movement, SyncState> = {
  route: SYNC_ROUTE,
  needs: (movement, { ctx }) => ({
    user: { scope: ctx.tenantEnv, externalUserId: movement.externalUserId },
    trades: false,
  }),
  apply(state, movement, { ctx, request, key }) {
    const scope = ctx.tenantEnv;
    const user = state.balances.user(scope, movement.externalUserId);
    const decision = syncRules(user ?? null, movement);
    const record = { scope, id: newId(), key: key!.key, ...movement, userId: user?.id ?? '' };
    switch (decision.outcome) {
      case 'refused':
        return { answer: refusalAnswer(decision.rejection, request, state.now), spend: false };
      case 'overdrawn':
        state.syncs.record({
          ...record,
          outcome: 'would_overdraw',
          transactionId: null,
          ledgerBalance: decision.balance,
        });
        return { answer: refusalAnswer(decision.rejection, request, state.now), spend: true };
      case 'applied': {
        const transactionId = state.balances.post(user!, {
          entryType: ENTRY_TYPE_BY_DIRECTION[movement.direction],
          amount: decision.amount,
          balanceAfter: decision.balanceAfter,
          positionId: null,
        });
        state.syncs.record({ ...record, outcome: 'applied', transactionId, ledgerBalance: decision.balanceAfter });
        return answered(SYNC_ROUTE, { transactionId, balance: formatAmount(decision.balanceAfter) });
      }
    }
  },
};

/**
 * POST /v1/balance-sync: one movement through the write engine (docs/operator-api.md, "Balance sync"), its
 * answer stored with its key in the round that applies it.
 */
export function applyBalanceSync(ctx: TenantCtx, request: RequestContext, item: KeyedMovement): Promise<StoredAnswer> {
  const asked = { ctx, request, key: { key: item.key, fields: item.fields } };
  return submitTo(syncHandler, asked, item.movement);
}
