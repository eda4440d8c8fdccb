import { ok, type Result } from '../../errors/index.js';
import { newId } from '../../lib/ids.js';
import { withTransaction, type TenantCtx } from '../context.js';
import { findTickets, insertTicket, type Ticket } from './ticket-repo.js';

export interface OpenTicketInput {
  subject: string;
  body: string;
  requestId: string | null;
}

/** POST /v1/support-tickets: a new ticket, open, with the tenant's text as its first message. */
export async function openTicket(ctx: TenantCtx, input: OpenTicketInput): Promise<Result<Ticket>> {
  return withTransaction(ctx, async (tx) => {
    const id = newId();
    await insertTicket(tx.db, ctx.tenantEnv, { id, ...input }, tx.now);
    const [ticket] = await findTickets(tx.db, { scope: ctx.tenantEnv, id, afterSeq: null, limit: 1 });
    return ok(ticket!);
  });
}
