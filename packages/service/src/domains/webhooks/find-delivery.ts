import { isUuid } from '../../lib/ids.js';
import type { Ctx, TenantEnv } from '../context.js';
import { selectAttempts, selectEventDelivery, type AttemptRow, type EventDeliveryRow } from './delivery-detail-repo.js';
import { webhookBody, type WebhookBody } from './model/body.js';

/** A delivery's page: its event, the body it carries, its delivery and every attempt. */
export interface DeliveryDetail extends EventDeliveryRow {
  /** The body every attempt sends: the worker serializes this object (JSON.stringify) and signs those bytes. */
  body: WebhookBody;
  attempts: AttemptRow[];
  /** The latest attempt that was sent (its headers are the ones shown); null before any. */
  lastSent: AttemptRow | null;
}

/**
 * A webhook event and its delivery (same id), for the portal's delivery page and the panel's event page:
 * within `scope` when given (the portal's session environment: any other is not found), any tenant's for
 * the platform (null). Null for an unknown id or one that is not a UUID.
 */
export async function findDelivery(ctx: Ctx, id: string, scope: TenantEnv | null): Promise<DeliveryDetail | null> {
  if (!isUuid(id)) return null;
  const found = await selectEventDelivery(ctx.db, id.toLowerCase(), scope, ctx.now);
  if (!found) return null;
  const attempts = found.delivery ? await selectAttempts(ctx.db, found.event.id) : [];
  const lastSent = attempts.filter((a) => a.sent).at(-1) ?? null;
  return { ...found, body: webhookBody(found.event), attempts, lastSent };
}
