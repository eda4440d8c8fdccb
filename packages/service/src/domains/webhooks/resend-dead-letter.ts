import { ok, rejected, type Result } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import type { Ctx } from '../context.js';
import { findDeliveryState } from './delivery-repo.js';
import { reviveDelivery } from './delivery-moves-repo.js';

/**
 * POST /platform/v1/dead-letters/{id}/resend: the delivery is pending again and due now; the worker
 * sends it at its next pass, with a new cycle of the retry schedule. not_found for an unknown id,
 * state_conflict for a delivery that is not dead (pending or delivered).
 */
export async function resendDeadLetter(
  ctx: Ctx,
  id: string,
): Promise<Result<{ id: string; state: 'pending'; attempts: number }>> {
  if (!isUuid(id)) return rejected('not_found', `No dead letter ${id}.`);
  const revived = await reviveDelivery(ctx.db, { eventId: id, scope: null }, ['dead'], {}, ctx.now);
  if (revived) return ok({ id: revived.eventId, state: 'pending', attempts: revived.attempts });
  const state = await findDeliveryState(ctx.db, id);
  if (state === null) return rejected('not_found', `No dead letter ${id}.`);
  return rejected('state_conflict', `Delivery ${id} is ${state}, not dead; only a dead letter can be resent.`);
}
