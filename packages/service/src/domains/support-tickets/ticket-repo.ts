import type { Executor } from '../../db/connection.js';
import type { Environment, TicketStatus } from '../../db/schema.js';
import type { TenantEnv } from '../context.js';

export interface TicketMessage {
  from: 'tenant' | 'platform';
  body: string;
  createdAt: Date;
}

export interface Ticket {
  id: string;
  seq: bigint;
  tenantId: string;
  environment: Environment;
  status: TicketStatus;
  subject: string;
  requestId: string | null;
  createdAt: Date;
  updatedAt: Date;
  messages: TicketMessage[];
}

export async function insertTicket(
  tx: Executor,
  scope: TenantEnv,
  ticket: { id: string; subject: string; body: string; requestId: string | null },
  now: Date,
): Promise<void> {
  await tx
    .insertInto('support_tickets')
    .values({
      id: ticket.id,
      tenant_id: scope.tenantId,
      environment: scope.environment,
      status: 'open',
      subject: ticket.subject,
      request_id: ticket.requestId,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await insertMessage(tx, ticket.id, 'tenant', ticket.body, now);
}

export async function insertMessage(
  tx: Executor,
  ticketId: string,
  author: 'tenant' | 'platform',
  body: string,
  now: Date,
): Promise<void> {
  await tx
    .insertInto('support_ticket_messages')
    .values({ ticket_id: ticketId, author, body, created_at: now })
    .execute();
}

/** Locks one ticket for a change of its status; null when there is none. */
export async function lockTicketStatus(tx: Executor, id: string): Promise<TicketStatus | null> {
  const row = await tx
    .selectFrom('support_tickets')
    .select('status')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row?.status ?? null;
}

export async function setTicketStatus(tx: Executor, id: string, status: TicketStatus, now: Date): Promise<void> {
  await tx.updateTable('support_tickets').set({ status, updated_at: now }).where('id', '=', id).execute();
}

export interface TicketFilter {
  /** A tenant environment's own tickets; every tenant's when absent (the platform). */
  scope?: TenantEnv;
  tenantId?: string;
  status?: TicketStatus;
  id?: string;
  /** The tickets that quote this request id. */
  requestId?: string;
  afterSeq: bigint | null;
  limit: number;
  /** The latest `limit`, newest first, without paging (the tenant portal's lists). */
  newestFirst?: boolean;
}

/** Tickets oldest first with their messages in order, in two queries. */
export async function findTickets(db: Executor, filter: TicketFilter): Promise<Ticket[]> {
  let query = db
    .selectFrom('support_tickets')
    .selectAll()
    .orderBy('seq', filter.newestFirst ? 'desc' : 'asc')
    .limit(filter.limit + 1);
  if (filter.scope)
    query = query.where('tenant_id', '=', filter.scope.tenantId).where('environment', '=', filter.scope.environment);
  if (filter.tenantId !== undefined) query = query.where('tenant_id', '=', filter.tenantId);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.id !== undefined) query = query.where('id', '=', filter.id);
  if (filter.requestId !== undefined) query = query.where('request_id', '=', filter.requestId);
  if (filter.afterSeq !== null) query = query.where('seq', '>', filter.afterSeq);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const messages = await db
    .selectFrom('support_ticket_messages')
    .select(['ticket_id', 'author', 'body', 'created_at'])
    .where(
      'ticket_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    seq: r.seq,
    tenantId: r.tenant_id,
    environment: r.environment,
    status: r.status,
    subject: r.subject,
    requestId: r.request_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    messages: messages
      .filter((m) => m.ticket_id === r.id)
      .map((m) => ({ from: m.author, body: m.body, createdAt: m.created_at })),
  }));
}

/** How many tickets each tenant has (of one status, or of any), for the platform panel's tenant filter. */
export async function countTicketsByTenant(
  db: Executor,
  status: TicketStatus | undefined,
): Promise<{ tenantId: string; tickets: number }[]> {
  let query = db
    .selectFrom('support_tickets')
    .select(['tenant_id', (eb) => eb.fn.countAll<bigint>().as('n')])
    .groupBy('tenant_id');
  if (status !== undefined) query = query.where('status', '=', status);
  const rows = await query.execute();
  return rows.map((r) => ({ tenantId: r.tenant_id, tickets: Number(r.n) }));
}

/** Open tickets per tenant environment (the panel's overview). */
export async function countOpenTicketsByTenantEnv(
  db: Executor,
): Promise<{ tenantId: string; environment: Environment; tickets: number }[]> {
  const rows = await db
    .selectFrom('support_tickets')
    .select(['tenant_id', 'environment', (eb) => eb.fn.countAll<bigint>().as('n')])
    .where('status', '=', 'open')
    .groupBy(['tenant_id', 'environment'])
    .execute();
  return rows.map((r) => ({ tenantId: r.tenant_id, environment: r.environment, tickets: Number(r.n) }));
}
