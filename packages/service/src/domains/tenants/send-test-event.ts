import { ok, rejected, type Result } from '../../errors/index.js';
import { withTransaction, type TenantCtx } from '../context.js';
import { recordEvent, type EventContent, type NewEvent } from '../events/index.js';
import { lockWebhookTarget } from './tenant-repo.js';

/**
 * A test event (POST /v1/webhooks/test, the portal's "Send a test event"; docs/guides/webhooks.md): an event of
 * the chosen type with the sample data given, marked `"test": true` in its data, written like every event
 * so that it travels the ordinary path (outbox, signature with the current secret, retries, dead letters)
 * and shows in GET /v1/events. Answers its delivery id. Refused while the environment has no webhook_url
 * (nothing to deliver to) or no webhook secret (nothing to sign with).
 */
export async function sendTestEvent(ctx: TenantCtx, sample: EventContent): Promise<Result<{ deliveryId: string }>> {
  return withTransaction(ctx, async (tx) => {
    // Share-locked until commit: a URL cleared meanwhile waits, so the event that passes this check is
    // enqueued for delivery by the trigger on events (migration 0003), never silently left undelivered.
    const target = await lockWebhookTarget(tx.db, ctx.tenantEnv);
    if (target.webhookUrl === null) {
      return rejected(
        'state_conflict',
        'No webhook_url is set for this environment: set one first (PUT /v1/tenant/settings).',
      );
    }
    // Without a secret every attempt fails unsigned: refused now rather than found in the attempts later.
    if (!target.secretSet) {
      return rejected(
        'state_conflict',
        'No webhook secret is set for this environment: create one first (POST /v1/tenant/webhook-secret, or ' +
          'Create a webhook secret in the portal).',
      );
    }
    // The sample's data with one member more (`test`), so still data of its type.
    const data = Object.assign({}, sample.data, { test: true as const });
    const event = { scope: ctx.tenantEnv, type: sample.type, data } as NewEvent;
    return ok({ deliveryId: await recordEvent(tx.db, event, tx.now) });
  });
}
