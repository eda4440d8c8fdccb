import { isPlainText } from '../../lib/text.js';
import type { Ctx, TenantEnv } from '../../domains/context.js';
import { findErrorAnswer, type StoredErrorAnswer } from '../../domains/error-answers/index.js';
import { findTransactionById } from '../../domains/ledger/index.js';
import { findMarketBySlug, findMarketsByIds, isSlug } from '../../domains/markets/index.js';
import { findAnyRequest } from '../../domains/request-log/index.js';
import { findOrderById } from '../../domains/orders/index.js';
import { findPositionById } from '../../domains/positions/index.js';
import { getAnyTicket, ticketsQuoting } from '../../domains/support-tickets/index.js';
import { findTenant, listTenants, tenantNames } from '../../domains/tenants/index.js';
import { findUserById, findUsersByExternalId, isExternalUserId } from '../../domains/users/index.js';
import { findEventById } from '../../domains/webhooks/index.js';
import { isUuid } from '../../lib/ids.js';

/** Longer than any id or name the search looks for: such a query finds nothing without a query. */
export const SEARCH_MAX = 200;
const TENANT_MATCHES = 20;
const USER_MATCHES = 50;

export type MatchKind =
  'tenant' | 'user' | 'position' | 'transaction' | 'order' | 'event' | 'market' | 'ticket' | 'request';

/** One thing a query names: where its page is, and the tenant environment it belongs to. */
export interface Match {
  kind: MatchKind;
  label: string;
  href: string;
  scope?: { tenantId: string; tenantName: string; environment: string | null };
  /** A request id's error answer, which has no page of its own: the search shows it. */
  errorAnswer?: StoredErrorAnswer;
}

type Found = Omit<Match, 'scope'> & { scope?: { tenantId: string; environment: string | null } };

/**
 * Everything a query can name: by exact id (each read checks the id's form first, so nothing but a UUID
 * reaches a uuid column), an end user by external id in every tenant environment, a market by slug,
 * and tenants whose names contain it. Read-only, through each domain's index.
 */
export async function searchEverything(ctx: Ctx, raw: string): Promise<Match[]> {
  const q = raw.trim();
  // No id or name holds a control character (and a NUL could not even be compared in the database).
  if (q === '' || q.length > SEARCH_MAX || !isPlainText(q)) return [];
  const found = (await Promise.all([byId(ctx, q), byExternalId(ctx, q), byName(ctx, q), byQuote(ctx, q)])).flat();
  const names = await tenantNames(ctx, [...new Set(found.flatMap((f) => (f.scope ? [f.scope.tenantId] : [])))]);
  return found.map((f) => ({
    ...f,
    scope: f.scope && { ...f.scope, tenantName: names.get(f.scope.tenantId) ?? f.scope.tenantId },
  }));
}

const place = (scope: TenantEnv) => ({ tenantId: scope.tenantId, environment: scope.environment });

async function byId(ctx: Ctx, q: string): Promise<Found[]> {
  if (!isUuid(q)) return [];
  const id = q.toLowerCase();
  const [tenant, user, position, transaction, order, event, markets, ticket, logged, answer] = await Promise.all([
    findTenant(ctx.db, id),
    findUserById(ctx.db, id),
    findPositionById(ctx.db, id),
    findTransactionById(ctx.db, id),
    findOrderById(ctx.db, id),
    findEventById(ctx.db, id),
    findMarketsByIds(ctx.db, [id]),
    getAnyTicket(ctx, id),
    findAnyRequest(ctx.db, id),
    findErrorAnswer(ctx, id),
  ]);
  const found: Found[] = [];
  if (tenant) {
    found.push({
      kind: 'tenant',
      label: `Tenant ${tenant.name}`,
      href: `/panel/tenants/${id}`,
      scope: { tenantId: id, environment: null },
    });
  }
  if (user) {
    found.push({
      kind: 'user',
      label: `End user ${user.externalUserId}`,
      href: `/panel/users/${id}`,
      scope: place(user.scope),
    });
  }
  if (position) {
    found.push({
      kind: 'position',
      label: `Position on ${position.marketSlug} of ${position.externalUserId}`,
      href: `/panel/positions/${id}`,
      scope: place(position.scope),
    });
  }
  if (transaction) {
    found.push({
      kind: 'transaction',
      label: `Ledger transaction (${transaction.entryType}) of ${transaction.externalUserId}`,
      href: `/panel/transactions/${id}`,
      scope: place(transaction.scope),
    });
  }
  if (order) {
    found.push({
      kind: 'order',
      label: `Order on ${order.marketSlug} of ${order.externalUserId}`,
      href: `/panel/orders/${id}`,
      scope: place(order.scope),
    });
  }
  if (event) {
    found.push({
      kind: 'event',
      label: `Event ${event.type} and its webhook delivery`,
      href: `/panel/events/${id}`,
      scope: place(event.scope),
    });
  }
  const market = markets.get(id);
  if (market) found.push({ kind: 'market', label: `Market ${market.title}`, href: `/panel/markets/${market.slug}` });
  if (ticket.ok) {
    found.push({
      kind: 'ticket',
      label: `Support ticket “${ticket.value.subject}”`,
      href: `/panel/tickets/${id}`,
      scope: place(ticket.value),
    });
  }
  if (logged) {
    found.push({
      kind: 'request',
      label: `Request ${logged.method} ${logged.route}, answered ${logged.status}${logged.code ? ` ${logged.code}` : ''}`,
      href: `/panel/requests/${id}`,
      scope: place(logged),
    });
  } else if (answer) {
    // Not in the request log: a platform answer, one to a caller never known, or older than the log keeps.
    found.push({
      kind: 'request',
      label: `Request answered ${answer.status} ${answer.code}`,
      href: `/panel/search?q=${id}`,
      scope: answer.tenantId ? { tenantId: answer.tenantId, environment: answer.environment } : undefined,
      errorAnswer: answer,
    });
  }
  return found;
}

/** Tickets that quote the query as their request id (any form: a tenant may quote what its client logged). */
async function byQuote(ctx: Ctx, q: string): Promise<Found[]> {
  const tickets = await ticketsQuoting(ctx, q, TENANT_MATCHES);
  return tickets.map((t) => ({
    kind: 'ticket',
    label: `Support ticket “${t.subject}”, quoting this request id`,
    href: `/panel/tickets/${t.id}`,
    scope: place(t),
  }));
}

async function byExternalId(ctx: Ctx, q: string): Promise<Found[]> {
  if (!isExternalUserId(q)) return [];
  const users = await findUsersByExternalId(ctx.db, q, USER_MATCHES);
  return users.map((u) => ({
    kind: 'user',
    label: `End user ${u.externalUserId}`,
    href: `/panel/users/${u.id}`,
    scope: place(u.scope),
  }));
}

async function byName(ctx: Ctx, q: string): Promise<Found[]> {
  const [tenants, market] = await Promise.all([
    isUuid(q) ? [] : listTenants(ctx, { name: q, limit: TENANT_MATCHES }),
    isSlug(q) ? findMarketBySlug(ctx.db, q) : null,
  ]);
  const found: Found[] = tenants.map((t) => ({
    kind: 'tenant',
    label: `Tenant ${t.name}`,
    href: `/panel/tenants/${t.id}`,
    scope: { tenantId: t.id, environment: null },
  }));
  if (market) found.push({ kind: 'market', label: `Market ${market.title}`, href: `/panel/markets/${market.slug}` });
  return found;
}
