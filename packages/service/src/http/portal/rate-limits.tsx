/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import { requestCountsSince, tierUse, type TierUse } from '../../domains/request-log/index.js';
import { ScrollTable, sendScreen } from '../web/shared.js';
import { sessionOf } from '../web/web-session.js';
import { signedIn } from './site.js';

/** What each tier (docs/operator-api.md, "Rate limits") counts, in the operator's words. */
const TIERS: Record<string, string> = {
  balance_sync: 'Balance syncs (single and batch)',
  user_sync: 'User registrations and status changes',
  positions: 'Opens, closes, orders and cancels',
  default: 'Every other request of your API key',
  feed_read: 'Market feed reads',
  widget_session: 'Widget sessions, config, profile, leaderboard, error reports',
  users_me: 'GET /v1/users/me',
  saved_markets: 'Saved markets',
};

const DAY_MS = 86_400_000;

/**
 * The environment's rate limits (docs/operations.md, "The tenant portal"): each tier's use over the last
 * 60 s (the window the limits count in, read from the limiter's counters), and from the request log's
 * hourly counts the requests of the UTC day so far and the 429s of each of the last 24 hours.
 */
export function rateLimitRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/portal/rate-limits', signedIn, async (request, reply) => {
      const scope = sessionOf(request).scope!;
      const now = deps.clock.now();
      const [usage, hours] = await Promise.all([
        deps.rateLimiter.usage(scope),
        requestCountsSince(deps.db, scope, new Date(now.getTime() - DAY_MS)),
      ]);
      const use = new Map(tierUse(hours, now).map((u) => [u.tier, u]));
      return sendScreen(
        request,
        reply,
        { title: 'Rate limits', current: '/portal/rate-limits' },
        <>
          <section aria-labelledby="now">
            <h2 id="now">Now: the last 60 seconds</h2>
            <p>
              The limits are your tenant environment's, per minute, over a sliding window; a request over a limit is
              answered 429 with Retry-After. The platform team can raise them.
            </p>
            {usage === null ? (
              <p class="problem" role="alert">
                The counters cannot be read right now; requests are served meanwhile.
              </p>
            ) : (
              <ScrollTable label="Use of each limit in the last 60 seconds">
                <thead>
                  <tr>
                    <th scope="col">Requests</th>
                    <th scope="col" class="num">
                      Used of the limit
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {usage.map((u) => (
                    <tr key={u.tier}>
                      <th scope="row">
                        {TIERS[u.tier] ?? u.tier} <code class="kind">{u.tier}</code>
                      </th>
                      <td class="num nowrap">
                        {u.used} of {u.limit}
                        <span class="kind">{Math.min(100, Math.round((100 * u.used) / u.limit))} %</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </ScrollTable>
            )}
          </section>
          <section aria-labelledby="day">
            <h2 id="day">Today and the last 24 hours</h2>
            <p class="hint">
              Today is the UTC day so far. A refusal is a 429 your client met; each one is in the{' '}
              <a href="/portal/requests?code=rate_limited">request log</a>.
            </p>
            <ScrollTable label="Requests today and 429s in the last 24 hours" stack>
              <thead>
                <tr>
                  <th scope="col">Requests</th>
                  <th scope="col" class="num">
                    Today
                  </th>
                  <th scope="col" class="num">
                    429s today
                  </th>
                  <th scope="col">429s per hour, last 24 h</th>
                </tr>
              </thead>
              <tbody>
                {Object.keys(TIERS).map((tier) => {
                  const u = use.get(tier);
                  return (
                    <tr key={tier}>
                      <th scope="row">
                        {TIERS[tier]} <code class="kind">{tier}</code>
                      </th>
                      <td class="num" data-label="Today">
                        {u?.requestsToday ?? 0}
                      </td>
                      <td class="num" data-label="429s today">
                        {u?.rateLimitedToday ?? 0}
                      </td>
                      <td class="below" data-label="429s per hour, last 24 h">
                        <RefusalBars use={u} now={now} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </ScrollTable>
          </section>
        </>,
      );
    });
  };
}

const BAR_WIDTH = 4;
const CHART_HEIGHT = 24;

/** The 24 hours' 429s as bars (an SVG: the pages' policy allows no script or inline style), said in words too. */
function RefusalBars(props: { use: TierUse | undefined; now: Date }) {
  const hours = props.use?.rateLimitedByHour ?? [];
  const total = hours.reduce((sum, n) => sum + n, 0);
  if (total === 0) return <span class="hint">None</span>;
  const peak = Math.max(...hours);
  const peakHour = (props.now.getUTCHours() - 23 + hours.indexOf(peak) + 24) % 24;
  const words = `${total} in the last 24 hours, most (${peak}) in the hour from ${String(peakHour).padStart(2, '0')}:00 UTC`;
  return (
    <svg
      role="img"
      aria-label={words}
      width={hours.length * BAR_WIDTH}
      height={CHART_HEIGHT}
      viewBox={`0 0 ${hours.length * BAR_WIDTH} ${CHART_HEIGHT}`}
    >
      <title>{words}</title>
      <rect x="0" y={CHART_HEIGHT - 1} width={hours.length * BAR_WIDTH} height="1" fill="#8a93a3" />
      {hours.map((n, i) => {
        const height = n === 0 ? 0 : Math.max(2, Math.round((n / peak) * (CHART_HEIGHT - 2)));
        return (
          <rect
            key={i}
            x={i * BAR_WIDTH}
            y={CHART_HEIGHT - 1 - height}
            width={BAR_WIDTH - 1}
            height={height}
            class="bar"
          />
        );
      })}
    </svg>
  );
}
