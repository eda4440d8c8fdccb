/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import { listMarkets } from '../../domains/markets/index.js';
import { getExposure } from '../../domains/positions/index.js';
import type { ServiceDeps } from '../../deps.js';
import { formatAmount } from '../../lib/money.js';
import { ScrollTable, sendScreen, when } from '../web/shared.js';
import { signedIn } from './site.js';
import { staffCtx } from './staff.js';

const SHOWN = 100;

/** A net as a person reads it: what the operator pays beyond the stakes it holds, or keeps. */
const netText = (net: bigint) =>
  net > 0n ? `pay ${formatAmount(net)}` : net < 0n ? `keep ${formatAmount(-net)}` : 'break even';

/**
 * The tenant environment's markets and, per market, its exposure (docs/guides/exposure.md): what the open
 * positions pay for each outcome, as GET /v1/markets/{slug}/exposure answers it.
 */
export function marketRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/portal/markets', signedIn, async (request, reply) => {
      const { cursor } = request.query as { cursor?: string };
      const page = await listMarkets(staffCtx(deps, request), {
        limit: SHOWN,
        cursor: typeof cursor === 'string' ? cursor : undefined,
      });
      const markets = page.ok ? page.value : { items: [], nextCursor: null };
      return sendScreen(
        request,
        reply,
        { title: 'Markets', current: '/portal/markets', status: page.ok ? 200 : 400 },
        <section aria-labelledby="enabled">
          <h2 id="enabled">Markets enabled for you, by slug</h2>
          <p>Open a market to see its exposure: what your users' open positions would pay for each outcome.</p>
          {!page.ok && (
            <p class="problem" role="alert">
              That page of the list does not exist. <a href="/portal/markets">The first page</a>
            </p>
          )}
          {page.ok && markets.items.length === 0 && <p>No market is enabled for you yet.</p>}
          {markets.items.length > 0 && (
            <ScrollTable label="Markets">
              <thead>
                <tr>
                  <th scope="col">Market</th>
                  <th scope="col">Status</th>
                  <th scope="col">Closes</th>
                </tr>
              </thead>
              <tbody>
                {markets.items.map((m) => (
                  <tr key={m.id}>
                    <th scope="row">
                      <a href={`/portal/markets/${m.slug}`}>{m.title}</a>
                      <br />
                      <code>{m.slug}</code>
                    </th>
                    <td>{m.status}</td>
                    <td>{when(m.closesAt)}</td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          )}
          {markets.nextCursor && (
            <p>
              <a href={`/portal/markets?cursor=${encodeURIComponent(markets.nextCursor)}`}>Next {SHOWN} markets</a>
            </p>
          )}
        </section>,
      );
    });

    app.get('/portal/markets/:slug', signedIn, async (request, reply) => {
      const { slug } = request.params as { slug: string };
      const found = await getExposure(staffCtx(deps, request), slug);
      if (!found.ok)
        return sendScreen(
          request,
          reply,
          { title: 'No such market', current: '/portal/markets', status: 404 },
          <p>
            No market {slug} is enabled for you. <a href="/portal/markets">All markets</a>
          </p>,
        );
      const { market, asOf, outcomes } = found.value;
      const titles = new Map(market.outcomes.map((o) => [o.id, o.title]));
      const positions = outcomes.reduce((sum, o) => sum + o.positions, 0);
      const stake = outcomes.reduce((sum, o) => sum + o.stake, 0n);
      return sendScreen(
        request,
        reply,
        { title: `Exposure: ${market.title}`, current: '/portal/markets' },
        <>
          <section aria-labelledby="exposure">
            <h2 id="exposure">If each outcome wins</h2>
            <p>
              <code>{market.slug}</code>, {market.status}, closes {when(market.closesAt)}. Open positions as of{' '}
              {when(asOf)}: {positions} holding {formatAmount(stake)} in stakes.
              {market.status === 'resolved' || market.status === 'voided'
                ? ' The market is settled, so nothing is open any more.'
                : ''}
            </p>
            <ScrollTable label="Exposure per outcome" stack>
              <thead>
                <tr>
                  <th scope="col">Outcome</th>
                  <th scope="col" class="num">
                    If it wins, you
                  </th>
                  <th scope="col" class="num">
                    Payout
                  </th>
                  <th scope="col" class="num">
                    Stake
                  </th>
                  <th scope="col" class="num">
                    Positions
                  </th>
                </tr>
              </thead>
              <tbody>
                {outcomes.map((o) => (
                  <tr key={o.outcomeId}>
                    <th scope="row">{titles.get(o.outcomeId)}</th>
                    <td class="num" data-label="If it wins, you">
                      {netText(o.netIfWins)}
                    </td>
                    <td class="num" data-label="Payout">
                      {formatAmount(o.payoutIfWins)}
                    </td>
                    <td class="num" data-label="Stake">
                      {formatAmount(o.stake)}
                    </td>
                    <td class="num" data-label="Positions">
                      {o.positions}
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
            <p>
              For each outcome: the open positions on it (Positions), their stake, and the payout they get if it wins.
              If it wins, you pay that payout and keep every open stake on the market, which your users have already
              paid: "pay" is what it costs you beyond those stakes, "keep" what you earn. Closed and settled positions
              are not counted. The API answers the same at <code>GET /v1/markets/{market.slug}/exposure</code>.
            </p>
            <p>
              <a href="/portal/markets">All markets</a>
            </p>
          </section>
        </>,
      );
    });
  };
}
