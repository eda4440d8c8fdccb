/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import { listTransactionRows } from '../../domains/ledger/index.js';
import { formatPercent } from '../../domains/markets/index.js';
import { getLimits, type LimitsOfUser } from '../../domains/player-limits/index.js';
import { listPositionRows, type PositionRow } from '../../domains/positions/index.js';
import { listRequests } from '../../domains/request-log/index.js';
import { findUser, isExternalUserId, type UserRow } from '../../domains/users/index.js';
import { formatAmount } from '../../lib/money.js';
import { Field, FilterForm, ScrollTable, sendScreen, when } from '../web/shared.js';
import { TransactionsTable } from '../web/transactions-table.js';
import { sessionOf } from '../web/web-session.js';
import { signedIn } from './site.js';
import { staffCtx } from './staff.js';

/** Open positions listed at most; the recent lists hold fewer, newest first. */
const OPEN_SHOWN = 50;
const RECENT_SHOWN = 20;

const LIMIT_WORDS = {
  stake_per_day: 'Stake per day (last 24 hours)',
  stake_per_week: 'Stake per week (last 7 days)',
  stake_per_month: 'Stake per month (last 30 days)',
} as const;

const userPath = (id: string) => `/portal/users/${encodeURIComponent(id)}`;

/**
 * A user of the tenant environment, read-only (docs/operations.md, "The tenant portal"): what support
 * staff need on a call: status and balance, the player's limits and break, open and recent positions,
 * recent ledger transactions and recent refused requests. Looked up by external user id.
 */
export function userRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/portal/users', signedIn, async (request, reply) => {
      const given = (request.query as { external_user_id?: unknown }).external_user_id;
      const typed = typeof given === 'string' ? given.trim().slice(0, 300) : '';
      if (typed !== '' && isExternalUserId(typed)) return reply.redirect(userPath(typed), 303);
      const error =
        typed === ''
          ? null
          : 'An external user id is 1 to 64 letters, digits and . _ ~ - (the id your system gave the user).';
      return sendScreen(
        request,
        reply,
        { title: 'Users', current: '/portal/users', status: error ? 400 : 200 },
        <Lookup value={typed} error={error} />,
      );
    });

    app.get('/portal/users/:external_user_id', signedIn, async (request, reply) => {
      const scope = sessionOf(request).scope!;
      const { external_user_id: id } = request.params as { external_user_id: string };
      const user = await findUser(deps.db, scope, id);
      if (!user) {
        return sendScreen(
          request,
          reply,
          { title: 'User not found', current: '/portal/users', status: 404 },
          <>
            <p class="problem" role="alert">
              No user <code>{id}</code> is registered in this environment ({scope.environment}). A user exists once your
              server's PUT /v1/users/{'{external_user_id}'} has registered them here.
            </p>
            <Lookup value={id} error={null} />
          </>,
        );
      }
      const recentFilter = { externalUserId: id, afterSeq: null, limit: RECENT_SHOWN, newestFirst: true };
      const [limits, open, positions, transactions, refused] = await Promise.all([
        getLimits(staffCtx(deps, request), id),
        listPositionRows(deps.db, scope, { externalUserId: id, state: 'open', afterSeq: null, limit: OPEN_SHOWN }),
        listPositionRows(deps.db, scope, recentFilter),
        listTransactionRows(deps.db, scope, recentFilter),
        listRequests(deps.db, scope, { user: id, statusClass: 4 }, null, RECENT_SHOWN),
      ]);
      return sendScreen(
        request,
        reply,
        { title: `User ${id}`, current: '/portal/users' },
        <>
          <Summary user={user} />
          <Limits limits={limits.ok ? limits.value : null} />
          <section aria-labelledby="positions">
            <h2 id="positions">Positions</h2>
            {positions.length === 0 ? (
              <p>No positions yet.</p>
            ) : (
              <>
                <Positions title="Open" rows={open.slice(0, OPEN_SHOWN)} more={open.length > OPEN_SHOWN} />
                <Positions title="Latest" rows={positions.slice(0, RECENT_SHOWN)} more={false} />
              </>
            )}
          </section>
          <section aria-labelledby="transactions">
            <h2 id="transactions">Latest ledger transactions</h2>
            {transactions.length === 0 ? (
              <p>No transactions yet.</p>
            ) : (
              <TransactionsTable label="Latest ledger transactions" rows={transactions.slice(0, RECENT_SHOWN)} />
            )}
          </section>
          <section aria-labelledby="refused">
            <h2 id="refused">Latest refused requests</h2>
            {refused.length === 0 ? (
              <p>None in the last 14 days.</p>
            ) : (
              <ul>
                {refused.slice(0, RECENT_SHOWN).map((r) => (
                  <li key={r.requestId}>
                    <a href={`/portal/requests/${r.requestId}`}>
                      {r.method} {r.path}
                    </a>{' '}
                    <span class={`status s${Math.floor(r.status / 100)}`}>{r.status}</span> {r.code}, {when(r.at)}
                  </li>
                ))}
              </ul>
            )}
            <p>
              <a href={`/portal/requests?user=${encodeURIComponent(id)}`}>All of this user's requests</a>
            </p>
          </section>
        </>,
      );
    });
  };
}

function Lookup(props: { value: string; error: string | null }) {
  return (
    <section aria-labelledby="lookup">
      <h2 id="lookup">Look up a user</h2>
      <FilterForm
        action="/portal/users"
        label="Look up a user"
        values={{ external_user_id: props.value }}
        errors={props.error ? { external_user_id: props.error } : {}}
      >
        <div class="row">
          <div>
            <Field name="external_user_id" label="External user id" hint="The id your system gave the user" />
          </div>
          <button type="submit" class="secondary">
            Look up
          </button>
        </div>
      </FilterForm>
    </section>
  );
}

function Summary(props: { user: UserRow }) {
  return (
    <section aria-labelledby="summary">
      <h2 id="summary">Account</h2>
      <dl>
        <dt>Status</dt>
        <dd>{props.user.status === 'active' ? 'Active' : 'Blocked: cannot open positions or place orders'}</dd>
        <dt>Balance</dt>
        <dd>{formatAmount(props.user.balance)}</dd>
      </dl>
    </section>
  );
}

function Limits(props: { limits: LimitsOfUser | null }) {
  const limits = props.limits;
  if (!limits) return null;
  const set = (Object.keys(LIMIT_WORDS) as (keyof typeof LIMIT_WORDS)[]).filter((name) => limits.views[name]);
  return (
    <section aria-labelledby="limits">
      <h2 id="limits">Limits the player set</h2>
      {limits.excludedUntil ? (
        <p class="problem">On a break until {when(limits.excludedUntil)}: no new bets until then.</p>
      ) : (
        <p>Not on a break.</p>
      )}
      {set.length === 0 ? (
        <p>No stake limits.</p>
      ) : (
        <dl>
          {set.map((name) => {
            const view = limits.views[name]!;
            return [
              <dt key={`${name}-t`}>{LIMIT_WORDS[name]}</dt>,
              <dd key={`${name}-d`}>
                {formatAmount(view.used)} of {formatAmount(view.limit)} used, {formatAmount(view.remaining)} left
                {view.resetsAt && <>; more room from {when(view.resetsAt)}</>}
                {view.pending && (
                  <>
                    ; changes to {view.pending.limit === null ? 'no limit' : formatAmount(view.pending.limit)} at{' '}
                    {when(view.pending.effectiveAt)}
                  </>
                )}
              </dd>,
            ];
          })}
        </dl>
      )}
    </section>
  );
}

function Positions(props: { title: string; rows: PositionRow[]; more: boolean }) {
  return (
    <>
      <h3>{props.title}</h3>
      {props.rows.length === 0 ? (
        <p>None.</p>
      ) : (
        <ScrollTable label={`${props.title} positions`} stack>
          <thead>
            <tr>
              <th scope="col">Market</th>
              <th scope="col">State</th>
              <th scope="col" class="num">
                Stake
              </th>
              <th scope="col" class="num">
                Bought at
              </th>
              <th scope="col" class="num">
                Paid out
              </th>
              <th scope="col">Opened</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((p) => (
              <tr key={p.id}>
                <td class="wrap lead">{p.marketSlug}</td>
                <td data-label="State">{p.state}</td>
                <td class="num" data-label="Stake">
                  {formatAmount(p.stake)}
                </td>
                <td class="num" data-label="Bought at">
                  {formatPercent(p.priceMicro)}
                </td>
                <td class="num" data-label="Paid out">
                  {p.payout === null ? '—' : formatAmount(p.payout)}
                </td>
                <td class="nowrap" data-label="Opened">
                  {when(p.openedAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      {props.more && <p class="hint">The first {OPEN_SHOWN} are shown.</p>}
    </>
  );
}
