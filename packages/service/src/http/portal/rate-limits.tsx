/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
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

/** The environment's use of its rate limits over the last 60 s, the window the limits count in. */
export function rateLimitRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/portal/rate-limits', signedIn, async (request, reply) => {
      const usage = await deps.rateLimiter.usage(sessionOf(request).scope!);
      return sendScreen(
        request,
        reply,
        { title: 'Rate limits', current: '/portal/rate-limits' },
        <section aria-labelledby="use">
          <h2 id="use">Requests in the last 60 seconds, per limit</h2>
          <p>
            The limits are your tenant environment's, per minute, over a sliding window; a request over a limit is
            answered 429 with Retry-After. The platform team can raise them.
          </p>
          {usage === null ? (
            <p class="problem" role="alert">
              The counters cannot be read right now; requests are served meanwhile.
            </p>
          ) : (
            <ScrollTable label="Rate limits">
              <thead>
                <tr>
                  <th scope="col">Requests</th>
                  <th scope="col" class="num">
                    Used
                  </th>
                  <th scope="col" class="num">
                    Limit
                  </th>
                  <th scope="col" class="num">
                    Share
                  </th>
                </tr>
              </thead>
              <tbody>
                {usage.map((u) => (
                  <tr key={u.tier}>
                    <th scope="row">
                      {TIERS[u.tier] ?? u.tier} <code>{u.tier}</code>
                    </th>
                    <td class="num">{u.used}</td>
                    <td class="num">{u.limit}</td>
                    <td class="num">{Math.min(100, Math.round((100 * u.used) / u.limit))} %</td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          )}
        </section>,
      );
    });
  };
}
