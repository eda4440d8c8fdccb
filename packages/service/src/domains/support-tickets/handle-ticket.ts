import { ok, rejected, type Result } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import { withTransaction, type Ctx } from '../context.js';
import { nextStatus, type TicketEvent } from './model/ticket-status.js';
import { findTickets, insertMessage, lockTicketStatus, setTicketStatus, type Ticket } from './ticket-repo.js';

/**
 * The platform team's side of a ticket: a reply (which makes it answered) or closing it. The ticket row
 * is locked, so a reply and a close at once apply one after the other; a reply to a closed ticket is
 * state_conflict and changes nothing.
 */
export async function handleTicket(
  ctx: Ctx,
  id: string,
  action: { event: TicketEvent; body?: string },
): Promise<Result<Ticket>> {
  if (!isUuid(id)) return rejected('not_found', `No support ticket ${id}.`);
  return withTransaction(ctx, async (tx) => {
    const status = await lockTicketStatus(tx.db, id);
    if (status === null) return rejected('not_found', `No support ticket ${id}.`);
    const next = nextStatus(status, action.event);
    if (next === 'refused') return rejected('state_conflict', 'The ticket is closed; it takes no more replies.');
    if (action.event === 'platform_reply') await insertMessage(tx.db, id, 'platform', action.body!, tx.now);
    if (next !== status || action.event === 'platform_reply') await setTicketStatus(tx.db, id, next, tx.now);
    const [ticket] = await findTickets(tx.db, { id, afterSeq: null, limit: 1 });
    return ok(ticket!);
  });
}
