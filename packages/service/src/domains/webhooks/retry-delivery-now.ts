import { ok, rejected, type Result } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import type { Ctx } from '../context.js';
import { findDeliveryStanding, retryPendingNow, type DeliveryRef } from './delivery-moves-repo.js';

/** What Retry now did: brought the next attempt forward to now (retried), or nothing, and why. */
export interface DeliveryRetry {
  id: string;
  retried: boolean;
  /** Why nothing was done: an attempt is in flight, or one was made since the page was shown. */
  why: 'in_flight' | 'attempted_since' | null;
  attempts: number;
}

/**
 * Retry now, for a pending delivery (docs/operations.md, "The tenant portal"): its next attempt is due now
 * and the worker is rung (NOTIFY webhook_deliveries), instead of waiting for its place in the schedule.
 * The attempt counts as the schedule's next one. Only while the delivery has the attempt count the page
 * showed (`seenAttempts`), so a form posted twice makes one attempt. not_found outside `scope`;
 * state_conflict for a delivered or dead one (Resend is their action).
 */
export async function retryDeliveryNow(
  ctx: Ctx,
  input: { id: string; scope: DeliveryRef['scope']; seenAttempts: number },
): Promise<Result<DeliveryRetry>> {
  if (!isUuid(input.id)) return rejected('not_found', `No webhook delivery ${input.id}.`);
  const ref = { eventId: input.id, scope: input.scope };
  const hurried = await retryPendingNow(ctx.db, ref, { attempts: input.seenAttempts }, ctx.now);
  if (hurried) return ok({ id: hurried.eventId, retried: true, why: null, attempts: hurried.attempts });
  const standing = await findDeliveryStanding(ctx.db, ref, ctx.now);
  if (standing === null) return rejected('not_found', `No webhook delivery ${input.id}.`);
  if (standing.state !== 'pending' && standing.attempts === input.seenAttempts)
    return rejected(
      'state_conflict',
      `Delivery ${input.id} is ${standing.state}: only a pending delivery is retried; Resend sends it again.`,
    );
  const why = standing.inFlight ? 'in_flight' : 'attempted_since';
  return ok({ id: input.id, retried: false, why, attempts: standing.attempts });
}
