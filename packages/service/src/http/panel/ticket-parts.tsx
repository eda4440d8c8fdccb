/** @jsxRuntime automatic @jsxImportSource preact */
import type { TicketStatus } from '../../db/schema.js';
import type { Ticket } from '../../domains/support-tickets/index.js';
import { isUuid } from '../../lib/ids.js';
import { shortDuration } from '../web/duration.js';

/** What the list's status filter offers, in the team's words. */
export const STATUSES = {
  open: 'Open: waiting for us',
  answered: 'Answered: waiting for the tenant',
  closed: 'Closed',
  all: 'Any status',
} as const;
export type StatusChoice = keyof typeof STATUSES;

/** One ticket's status, short, as a table cell or a fact of the ticket's page says it. */
export const STATUS_WORDS: Record<TicketStatus, string> = { open: 'Open', answered: 'Answered', closed: 'Closed' };

/** What the list shows: a status (open by default), one tenant or all, and where the page starts. */
export interface TicketFilter {
  status: StatusChoice;
  tenant: string;
  cursor: string;
}

/** The filter of a query string or a form's hidden fields; anything unknown falls back to the default. */
export function filterOf(fields: Record<string, unknown>): TicketFilter {
  const status = String(fields.status ?? '');
  const tenant = String(fields.tenant ?? '');
  const cursor = String(fields.cursor ?? '');
  return {
    status: Object.hasOwn(STATUSES, status) ? (status as StatusChoice) : 'open',
    tenant: isUuid(tenant) ? tenant : '',
    cursor: /^[A-Za-z0-9_-]{1,64}$/.test(cursor) ? cursor : '',
  };
}

function filterQuery(filter: TicketFilter): URLSearchParams {
  const query = new URLSearchParams({ status: filter.status });
  if (filter.tenant) query.set('tenant', filter.tenant);
  if (filter.cursor) query.set('cursor', filter.cursor);
  return query;
}

/** The list's address for a filter: what "Next page" and "Back to the list" link to. */
export function ticketsPath(filter: TicketFilter): string {
  return `/panel/tickets?${filterQuery(filter)}`;
}

/**
 * A ticket's page, carrying the list's filter in its query: its "Back to the list" returns to the same
 * filtered page, and a reply or close returns to the ticket with the filter still there.
 */
export function ticketPath(id: string, filter: TicketFilter): string {
  return `/panel/tickets/${id}?${filterQuery(filter)}`;
}

/** The filter as hidden fields, so that a form's action returns to a page that still knows it. */
export function FilterFields({ filter }: { filter: TicketFilter }) {
  return (
    <>
      <input type="hidden" name="status" value={filter.status} />
      {filter.tenant && <input type="hidden" name="tenant" value={filter.tenant} />}
      {filter.cursor && <input type="hidden" name="cursor" value={filter.cursor} />}
    </>
  );
}

/**
 * How long the tenant has waited for us: since its last message (its first one opened the ticket).
 * Only an open ticket waits for us; an answered one waits for the tenant and a closed one for nobody.
 */
export function waiting(ticket: Ticket, now: Date): string {
  if (ticket.status !== 'open') return '—';
  const last = ticket.messages.filter((m) => m.from === 'tenant').at(-1)?.createdAt ?? ticket.createdAt;
  return shortDuration(now.getTime() - last.getTime());
}

/** A tenant's name, or the start of its id when it has none (a tenant deleted under the ticket). */
export const tenantLabel = (tenantId: string, name: string | undefined) => name ?? `${tenantId.slice(0, 8)}…`;
