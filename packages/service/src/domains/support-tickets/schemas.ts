import { z } from 'zod';
import { pageOf, PageQuery } from '../../lib/page.js';
import { MultilineText, PlainText } from '../../lib/text.js';
import { ENVIRONMENTS } from '../context.js';
import type { Ticket } from './ticket-repo.js';

const Status = z.enum(['open', 'answered', 'closed']);

export const OpenTicketBody = z
  .object({
    subject: PlainText.min(1).max(200),
    body: MultilineText.min(1)
      .max(10_000)
      .refine((b) => b.trim() !== '', 'must not be blank'),
    request_id: PlainText.max(64)
      .optional()
      .describe('The X-Request-Id of an answer the ticket is about (every error envelope carries it).'),
  })
  .strict();

export const TicketReplyBody = z
  .object({
    body: MultilineText.min(1)
      .max(10_000)
      .refine((b) => b.trim() !== '', 'must not be blank'),
  })
  .strict();

export const TicketParams = z.object({ id: z.string().max(64) });

export const TicketQuery = z.object({ status: Status.optional(), ...PageQuery });
export const PlatformTicketQuery = z.object({
  tenant_id: z.uuid().optional().describe('Only this tenant’s tickets.'),
  status: Status.optional().describe('Only tickets in this status: open (waiting for the platform), answered, closed.'),
  ...PageQuery,
});

/** What the create answers (docs/operator-api.md, "Support tickets"). */
export const OpenedTicket = z.object({ id: z.uuid(), status: Status, subject: z.string(), created_at: z.string() });

export const SupportTicket = OpenedTicket.extend({
  request_id: z.string().nullable(),
  updated_at: z.string(),
  messages: z
    .array(z.object({ from: z.enum(['tenant', 'platform']), body: z.string(), created_at: z.string() }))
    .describe("In order; the first is the tenant's own text."),
});
export const SupportTicketPage = pageOf(SupportTicket);

export const PlatformTicket = SupportTicket.extend({ tenant_id: z.uuid(), environment: z.enum(ENVIRONMENTS) });
export const PlatformTicketPage = pageOf(PlatformTicket);

export function presentOpenedTicket(t: Ticket): z.infer<typeof OpenedTicket> {
  return { id: t.id, status: t.status, subject: t.subject, created_at: t.createdAt.toISOString() };
}

export function presentTicket(t: Ticket): z.infer<typeof SupportTicket> {
  return {
    ...presentOpenedTicket(t),
    request_id: t.requestId,
    updated_at: t.updatedAt.toISOString(),
    messages: t.messages.map((m) => ({ from: m.from, body: m.body, created_at: m.createdAt.toISOString() })),
  };
}

export function presentPlatformTicket(t: Ticket): z.infer<typeof PlatformTicket> {
  return { ...presentTicket(t), tenant_id: t.tenantId, environment: t.environment };
}
