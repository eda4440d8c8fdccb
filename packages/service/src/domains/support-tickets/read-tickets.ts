import type { Environment, TicketStatus } from '../../db/schema.js';
import { ok, rejected, type Result } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import { pageFrom, readCursor, type Page } from '../../lib/page.js';
import type { Ctx, TenantCtx } from '../context.js';
import { countOpenTicketsByTenantEnv, countTicketsByTenant, findTickets, type Ticket } from './ticket-repo.js';

/** One ticket of the caller's tenant environment; another tenant's or environment's is not_found. */
export async function getTicket(ctx: TenantCtx, id: string): Promise<Result<Ticket>> {
  const [ticket] = isUuid(id) ? await findTickets(ctx.db, { scope: ctx.tenantEnv, id, afterSeq: null, limit: 1 }) : [];
  return ticket ? ok(ticket) : rejected('not_found', `No support ticket ${id}.`);
}

/** The tickets of any tenant that quote a request id (the panel's search), oldest first, at most `limit`. */
export async function ticketsQuoting(ctx: Ctx, requestId: string, limit: number): Promise<Ticket[]> {
  if (requestId.length > 64) return [];
  return (await findTickets(ctx.db, { requestId, afterSeq: null, limit })).slice(0, limit);
}

/** Any tenant's ticket, for the platform (the panel's ticket page); an unknown or malformed id is not_found. */
export async function getAnyTicket(ctx: Ctx, id: string): Promise<Result<Ticket>> {
  const [ticket] = isUuid(id) ? await findTickets(ctx.db, { id, afterSeq: null, limit: 1 }) : [];
  return ticket ? ok(ticket) : rejected('not_found', `No support ticket ${id}.`);
}

/** The caller's tickets, oldest first. */
export async function listTickets(
  ctx: TenantCtx,
  query: { status?: TicketStatus; limit: number; cursor?: string },
): Promise<Result<Page<Ticket>>> {
  const after = readCursor(query.cursor);
  if (!after.ok) return after;
  const rows = await findTickets(ctx.db, { ...query, scope: ctx.tenantEnv, afterSeq: after.value });
  return ok(pageFrom(rows, query.limit, (t) => t.seq));
}

/**
 * The platform's view: every tenant's tickets, oldest first (by when they were opened), optionally of one
 * tenant or status. Oldest first because the list is a queue: the open ticket that has waited longest for
 * the platform is answered first, and one tenant opening a hundred new ones pushes nobody back.
 */
export async function listAllTickets(
  ctx: Ctx,
  query: { tenantId?: string; status?: TicketStatus; limit: number; cursor?: string },
): Promise<Result<Page<Ticket>>> {
  const after = readCursor(query.cursor);
  if (!after.ok) return after;
  const rows = await findTickets(ctx.db, { ...query, afterSeq: after.value });
  return ok(pageFrom(rows, query.limit, (t) => t.seq));
}

/** The caller's latest tickets, newest first (the tenant portal's list). */
export async function latestTickets(ctx: TenantCtx, limit: number): Promise<Ticket[]> {
  const rows = await findTickets(ctx.db, { scope: ctx.tenantEnv, afterSeq: null, limit, newestFirst: true });
  return rows.slice(0, limit);
}

/** The tenants that have tickets (of a status, or any) and how many: the panel's tenant filter. */
export async function ticketCountsByTenant(
  ctx: Ctx,
  status?: TicketStatus,
): Promise<{ tenantId: string; tickets: number }[]> {
  return countTicketsByTenant(ctx.db, status);
}

/** Open tickets per tenant environment: the overview's "who is waiting for an answer?". */
export async function openTicketCounts(
  ctx: Ctx,
): Promise<{ tenantId: string; environment: Environment; tickets: number }[]> {
  return countOpenTicketsByTenantEnv(ctx.db);
}
