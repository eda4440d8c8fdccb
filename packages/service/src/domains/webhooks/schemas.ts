import { z } from 'zod';
import { PageQuery, pageOf } from '../../lib/page.js';
import { ENVIRONMENTS } from '../context.js';
import type { DeadLetterRow } from './delivery-repo.js';
import type { EventFeedPage } from './list-events.js';

const Cursor = z.string().max(128);

export const EventsQuery = z.object({
  after: Cursor.optional().describe('next_cursor of the previous page; absent: from the first event.'),
  cursor: Cursor.optional().describe('The same as after, the name every other list uses.'),
  limit: PageQuery.limit,
});

export const WebhookBodySchema = z
  .object({
    id: z.uuid().describe('The delivery id: equals the X-Webhook-Delivery header of its webhook.'),
    event: z.string().describe('The event type; equals X-Webhook-Event. New types can appear without notice.'),
    occurred_at: z.string().describe('When the reported state change committed (RFC 3339 UTC), never a send time.'),
    data: z.record(z.string(), z.unknown()).describe('The per-event object of spec part 6.3.'),
  })
  .describe('An event: byte for byte the body of its webhook.');

export const EventPage = z.object({
  data: z.array(WebhookBodySchema),
  next_cursor: z
    .string()
    .nullable()
    .describe(
      'Where to continue, also after the last page: keep it and ask again later for newer events. Null only while there is no event at all.',
    ),
});

export const DeadLettersQuery = z.object({
  tenant_id: z.uuid().optional(),
  environment: z.enum(ENVIRONMENTS).optional(),
  ...PageQuery,
});

export const DeadLetter = z.object({
  id: z.uuid().describe('The delivery id (the event id, the X-Webhook-Delivery header).'),
  tenant_id: z.uuid(),
  environment: z.enum(ENVIRONMENTS),
  event: z.string(),
  occurred_at: z.string(),
  attempts: z.number().int(),
  last_attempt_at: z.string().nullable(),
  last_status: z.number().int().nullable().describe('The HTTP status of the last attempt; null when no answer came.'),
  last_error: z
    .string()
    .nullable()
    .describe('Why the last attempt got no answer: timeout, connection refused, no webhook secret, no webhook_url.'),
  dead_at: z.string(),
});

export const DeadLetterPage = pageOf(DeadLetter);

export const DeadLetterParams = z.object({ id: z.string().max(64) });

export const ResentDelivery = z.object({
  id: z.uuid(),
  state: z.literal('pending'),
  attempts: z.number().int().describe("Attempts so far; the next one is made at the worker's next pass."),
});

export function presentDeadLetter(r: DeadLetterRow): z.infer<typeof DeadLetter> {
  return {
    id: r.eventId,
    tenant_id: r.tenantId,
    environment: r.environment,
    event: r.type,
    occurred_at: r.occurredAt.toISOString(),
    attempts: r.attempts,
    last_attempt_at: r.lastAttemptAt?.toISOString() ?? null,
    last_status: r.lastStatus,
    last_error: r.lastError,
    dead_at: r.deadAt.toISOString(),
  };
}

export function presentEventFeed(page: EventFeedPage): z.infer<typeof EventPage> {
  return { data: page.events, next_cursor: page.nextCursor };
}
