import { parseAmount } from '../../lib/money.js';
import { fingerprint } from '../idempotency/model/fingerprint.js';
import type { SyncItem } from './apply-balance-syncs.js';
import type { BalanceSyncBody } from './schemas.js';

/**
 * A validated movement as the apply step takes it. The fingerprint covers the fields as sent (not the
 * parsed amounts), so "10" and "10.00" under one key are different bodies.
 */
export function syncItemOf(key: string, body: BalanceSyncBody): SyncItem {
  return {
    key,
    requestHash: fingerprint({
      external_user_id: body.external_user_id,
      direction: body.direction,
      amount: body.amount,
      resulting_balance: body.resulting_balance,
    }),
    externalUserId: body.external_user_id,
    direction: body.direction,
    amount: parseAmount(body.amount)!,
    resultingBalance: body.resulting_balance === undefined ? null : parseAmount(body.resulting_balance)!,
  };
}
