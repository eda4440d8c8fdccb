import { ok, rejected, type Result } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import type { Ctx } from '../context.js';
import { findDeliveryStanding, reviveDelivery, type DeliveryRef } from './delivery-moves-repo.js';

/** What a Resend did: put the delivery back to be sent (resent), or nothing, because it had moved on. */
export interface DeliveryResend {
  id: string;
  resent: boolean;
  state: 'pending' | 'delivered' | 'dead';
  attempts: number;
}

/**
 * Resend from the portal's delivery page or the panel's event page (docs/operations.md, "The tenant
 * portal"): a delivered or dead delivery is pending again and due now, and the worker posts the same
 * delivery (same id, same body, signed with the secret current then) with a new cycle of the retry
 * schedule; the dead-letter resend's move (reviveDelivery), from delivered as well.
 *
 * `seenAttempts` is the attempt count the page showed. The move happens only while the delivery still
 * has it, so the same form posted twice (a double click, a reload of the post) resends once: the second
 * finds it pending, or attempted since, and answers resent: false with where it stands. So does a
 * pending delivery (Retry now is its action). not_found for an id that is not a delivery in `scope`.
 */
export async function resendDelivery(
  ctx: Ctx,
  input: { id: string; scope: DeliveryRef['scope']; seenAttempts: number },
): Promise<Result<DeliveryResend>> {
  if (!isUuid(input.id)) return rejected('not_found', `No webhook delivery ${input.id}.`);
  const ref = { eventId: input.id, scope: input.scope };
  const revived = await reviveDelivery(ctx.db, ref, ['delivered', 'dead'], { attempts: input.seenAttempts }, ctx.now);
  if (revived) return ok({ id: revived.eventId, resent: true, state: 'pending', attempts: revived.attempts });
  const standing = await findDeliveryStanding(ctx.db, ref, ctx.now);
  if (standing === null) return rejected('not_found', `No webhook delivery ${input.id}.`);
  return ok({ id: input.id, resent: false, state: standing.state, attempts: standing.attempts });
}
