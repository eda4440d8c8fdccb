import type { TicketStatus } from '../../../db/schema.js';

/**
 * How a ticket's status follows what happens to it (docs/operator-api.md, "Support tickets"): the
 * platform's reply makes it answered; closing makes it closed, and a closed ticket takes no more
 * replies. Closing a closed ticket changes nothing (a retried close is not an error).
 */
export type TicketEvent = 'platform_reply' | 'close';

export function nextStatus(current: TicketStatus, event: TicketEvent): TicketStatus | 'refused' {
  if (event === 'close') return 'closed';
  return current === 'closed' ? 'refused' : 'answered';
}
