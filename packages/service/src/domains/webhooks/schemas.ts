import { z } from 'zod';
import { PageQuery, pageOf } from '../../lib/page.js';
import type { Environment } from '../../db/schema.js';
import { ENVIRONMENTS } from '../context.js';
import { EVENT_TYPES, type EventType } from '../events/index.js';
import { BULK_RESEND_CAP, DEAD_AGES, type DeadAge, type DeadLetterFilter } from './model/dead-letter-filter.js';
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
    data: z.record(z.string(), z.unknown()).describe("The event type's own fields, as its webhook documents them."),
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

/** The filters of the dead-letter list and of a bulk resend: each optional, each narrows. */
const deadLetterFilterFields = {
  tenant_id: z.uuid().optional().describe('One tenant.'),
  environment: z.enum(ENVIRONMENTS).optional().describe('One environment.'),
  type: z
    .enum(EVENT_TYPES as [EventType, ...EventType[]])
    .optional()
    .describe('One event type.'),
  older_than: z
    .enum(Object.keys(DEAD_AGES) as [DeadAge, ...DeadAge[]])
    .optional()
    .describe('Dead for more than 1 hour, 24 hours or 7 days.'),
  dead_from: z.iso.datetime().optional().describe('Dead at or after this instant (RFC 3339 UTC).'),
  dead_to: z.iso.datetime().optional().describe('Dead before this instant (RFC 3339 UTC); after dead_from.'),
};

/** The filters alone: the panel's form is checked by these, so its rules are the API's. */
export const DeadLetterFilterFields = z.object(deadLetterFilterFields);

export const DeadLettersQuery = z.object({ ...deadLetterFilterFields, ...PageQuery });

export const BulkResendBody = z
  .object(deadLetterFilterFields)
  .strict()
  .describe(`The same filters as the list; {} means every dead letter (at most ${BULK_RESEND_CAP} a call).`);

export const BulkResent = z.object({
  resent: z
    .number()
    .int()
    .describe(
      `Dead letters put back to pending, at most ${BULK_RESEND_CAP}; when it is ${BULK_RESEND_CAP}, call again for the rest.`,
    ),
});

/** The wire's filter fields as the domain's filter. */
export function deadLetterFilterOf(fields: {
  tenant_id?: string;
  environment?: Environment;
  type?: string;
  older_than?: DeadAge;
  dead_from?: string;
  dead_to?: string;
}): DeadLetterFilter {
  return {
    tenantId: fields.tenant_id,
    environment: fields.environment,
    type: fields.type,
    olderThan: fields.older_than,
    deadFrom: fields.dead_from === undefined ? undefined : new Date(fields.dead_from),
    deadTo: fields.dead_to === undefined ? undefined : new Date(fields.dead_to),
  };
}

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
