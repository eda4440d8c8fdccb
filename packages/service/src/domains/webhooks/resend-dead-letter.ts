import type { Db } from '../../db/connection.js';
import { ApiError } from '../../errors/index.js';
import type { Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';
import { findDeliveryState, reviveDeadDelivery } from './delivery-repo.js';

/**
 * POST /platform/v1/dead-letters/{id}/resend: the delivery is pending again and due now; the worker
 * sends it at its next pass, with a new cycle of the retry schedule. 404 for an unknown id, 409
 * state_conflict for a delivery that is not dead (pending or delivered).
 */
export async function resendDeadLetter(
  deps: { db: Db; clock: Clock },
  id: string,
): Promise<{ id: string; state: 'pending'; attempts: number }> {
  if (!isUuid(id)) throw new ApiError('not_found', `No dead letter ${id}.`);
  const revived = await reviveDeadDelivery(deps.db, id, deps.clock.now());
  if (revived) return { id: revived.eventId, state: 'pending', attempts: revived.attempts };
  const state = await findDeliveryState(deps.db, id);
  if (state === null) throw new ApiError('not_found', `No dead letter ${id}.`);
  throw new ApiError('state_conflict', `Delivery ${id} is ${state}, not dead; only a dead letter can be resent.`);
}
