/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Fragment, type ComponentChildren } from 'preact';
import type { TenantEnv } from '../../domains/context.js';
import { findTransactionById, listTransactionRows } from '../../domains/ledger/index.js';
import { formatPrice } from '../../domains/markets/index.js';
import { findOrderById, listOrderRows } from '../../domains/orders/index.js';
import { findPositionById, listPositionRows } from '../../domains/positions/index.js';
import { tenantNames } from '../../domains/tenants/index.js';
import { findUserById, findUser } from '../../domains/users/index.js';
import type { ServiceDeps } from '../../deps.js';
import { formatAmount } from '../../lib/money.js';
import { platformCtx } from '../context.js';
import { ScrollTable, sendScreen, when } from '../web/shared.js';
import { TransactionsTable } from '../web/transactions-table.js';
import { signedIn } from './site.js';
import { TenantName } from './tenant-name.js';
import { PortalLinkButtons } from './tenant-portal-link.js';

/** How many of a user's positions, transactions and orders its page lists (the first ones). */
const LISTED = 50;

/**
 * Read-only pages for what the search finds and no other screen shows: an end user (with its positions,
 * transactions and orders), a position, a ledger transaction and an order (a webhook event's page is
 * event-page.tsx). Each names its tenant and environment and offers that tenant's portal.
 */
export function recordRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/panel/users/:id', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const ctx = platformCtx(deps, request);
      const user = await findUserById(ctx.db, id);
      if (!user) return missing(request, reply, 'end user', id);
      const filter = { externalUserId: user.externalUserId, afterSeq: null, limit: LISTED };
      const [positions, transactions, orders, name] = await Promise.all([
        listPositionRows(ctx.db, user.scope, filter),
        listTransactionRows(ctx.db, user.scope, filter),
        listOrderRows(ctx.db, user.scope, filter),
        nameOf(deps, request, user.scope),
      ]);
      return record(
        request,
        reply,
        `End user ${user.externalUserId}`,
        user.scope,
        name,
        [
          ['External user id', user.externalUserId],
          ['Id', user.id],
          ['Status', user.status],
          ['Balance', formatAmount(user.balance)],
          ['Since', when(user.createdAt)],
        ],
        <>
          <section aria-labelledby="positions">
            <h2 id="positions">Positions</h2>
            <ScrollTable label="Positions">
              <thead>
                <tr>
                  <th scope="col">Market</th>
                  <th scope="col">State</th>
                  <th scope="col" class="num">
                    Stake
                  </th>
                  <th scope="col">Opened</th>
                </tr>
              </thead>
              <tbody>
                {positions.slice(0, LISTED).map((p) => (
                  <tr key={p.id}>
                    <td>
                      <a href={`/panel/positions/${p.id}`}>{p.marketSlug}</a>
                    </td>
                    <td>{p.state}</td>
                    <td class="num">{formatAmount(p.stake)}</td>
                    <td class="nowrap">{when(p.openedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
            {positions.length === 0 && <p>No positions.</p>}
          </section>
          <section aria-labelledby="transactions">
            <h2 id="transactions">Ledger transactions</h2>
            <TransactionsTable
              label="Ledger transactions"
              rows={transactions.slice(0, LISTED)}
              hrefOf={(id) => `/panel/transactions/${id}`}
            />
            {transactions.length === 0 && <p>No transactions.</p>}
          </section>
          <section aria-labelledby="orders">
            <h2 id="orders">Orders</h2>
            {orders.length === 0 ? (
              <p>No orders.</p>
            ) : (
              <ul>
                {orders.slice(0, LISTED).map((o) => (
                  <li key={o.id}>
                    <a href={`/panel/orders/${o.id}`}>
                      {o.marketSlug}: {formatAmount(o.stake)} at {formatPrice(o.limitPriceMicro)}, {o.status}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>,
      );
    });

    app.get('/panel/positions/:id', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const ctx = platformCtx(deps, request);
      const p = await findPositionById(ctx.db, id);
      if (!p) return missing(request, reply, 'position', id);
      return record(request, reply, `Position on ${p.marketSlug}`, p.scope, await nameOf(deps, request, p.scope), [
        ['Id', p.id],
        ['End user', <a href={`/panel/users/${p.userId}`}>{p.externalUserId}</a>],
        ['Market', <a href={`/panel/markets/${p.marketSlug}`}>{p.marketSlug}</a>],
        ['Outcome id', p.outcomeId],
        ['State', p.state],
        ['Stake', formatAmount(p.stake)],
        ['Price', formatPrice(p.priceMicro)],
        ['Payout', p.payout === null ? '—' : formatAmount(p.payout)],
        ['Opened', when(p.openedAt)],
        ['Closed', when(p.closedAt)],
        ['Settled', when(p.settledAt)],
        ['Opening transaction', <a href={`/panel/transactions/${p.openTransactionId}`}>{p.openTransactionId}</a>],
        [
          'Settlement transaction',
          p.settlementTransactionId ? (
            <a href={`/panel/transactions/${p.settlementTransactionId}`}>{p.settlementTransactionId}</a>
          ) : (
            '—'
          ),
        ],
      ]);
    });

    app.get('/panel/transactions/:id', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const ctx = platformCtx(deps, request);
      const t = await findTransactionById(ctx.db, id);
      if (!t) return missing(request, reply, 'ledger transaction', id);
      return record(
        request,
        reply,
        `Ledger transaction ${t.entryType}`,
        t.scope,
        await nameOf(deps, request, t.scope),
        [
          ['Id', t.id],
          ['End user', <a href={`/panel/users/${t.userId}`}>{t.externalUserId}</a>],
          ['Type', t.entryType],
          ['Amount', formatAmount(t.amount)],
          ['Balance after', formatAmount(t.balanceAfter)],
          ['When', when(t.createdAt)],
          ['Position', t.positionId ? <a href={`/panel/positions/${t.positionId}`}>{t.positionId}</a> : '—'],
          [
            'Reverses',
            t.reversesTransactionId ? (
              <a href={`/panel/transactions/${t.reversesTransactionId}`}>{t.reversesTransactionId}</a>
            ) : (
              '—'
            ),
          ],
        ],
      );
    });

    app.get('/panel/orders/:id', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const ctx = platformCtx(deps, request);
      const o = await findOrderById(ctx.db, id);
      if (!o) return missing(request, reply, 'order', id);
      const user = await findUser(ctx.db, o.scope, o.externalUserId);
      return record(request, reply, `Order on ${o.marketSlug}`, o.scope, await nameOf(deps, request, o.scope), [
        ['Id', o.id],
        ['End user', user ? <a href={`/panel/users/${user.id}`}>{o.externalUserId}</a> : o.externalUserId],
        ['Market', <a href={`/panel/markets/${o.marketSlug}`}>{o.marketSlug}</a>],
        ['Outcome id', o.outcomeId],
        ['Status', o.status],
        ['Stake', formatAmount(o.stake)],
        ['Limit price', formatPrice(o.limitPriceMicro)],
        ['Fill price', o.fillPriceMicro === null ? '—' : formatPrice(o.fillPriceMicro)],
        ['Refused with', o.rejectCode ?? '—'],
        ['Position', o.positionId ? <a href={`/panel/positions/${o.positionId}`}>{o.positionId}</a> : '—'],
        ['Placed', when(o.createdAt)],
        ['Expires', when(o.expiresAt)],
      ]);
    });
  };
}

async function nameOf(deps: ServiceDeps, request: FastifyRequest, scope: TenantEnv): Promise<string | undefined> {
  return (await tenantNames(platformCtx(deps, request), [scope.tenantId])).get(scope.tenantId);
}

/** A record's page: its tenant and environment first, its facts, the tenant's portal, then any lists. */
function record(
  request: FastifyRequest,
  reply: FastifyReply,
  title: string,
  scope: TenantEnv,
  tenantName: string | undefined,
  facts: [string, ComponentChildren][],
  more?: ComponentChildren,
): FastifyReply {
  return sendScreen(
    request,
    reply,
    { title, current: '/panel/search' },
    <>
      <section aria-labelledby="facts">
        <h2 id="facts">Details</h2>
        <dl>
          <dt>Tenant</dt>
          <dd>
            <TenantName id={scope.tenantId} name={tenantName} />
          </dd>
          <dt>Environment</dt>
          <dd>{scope.environment}</dd>
          {facts.map(([term, value]) => (
            <Fragment key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
        <p>
          <PortalLinkButtons request={request} tenantId={scope.tenantId} environment={scope.environment} />
        </p>
      </section>
      {more}
    </>,
  );
}

function missing(request: FastifyRequest, reply: FastifyReply, what: string, id: string): FastifyReply {
  return sendScreen(
    request,
    reply,
    { title: `No such ${what}`, current: '/panel/search', status: 404 },
    <p>
      There is no {what} {id}. <a href={`/panel/search?q=${encodeURIComponent(id)}`}>Search for it</a>
    </p>,
  );
}
