/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import { listDeliveries } from '../../domains/webhooks/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { sendScreen, when } from '../web/shared.js';
import { sessionOf } from '../web/web-session.js';
import { signedIn } from './site.js';

const SHOWN = 50;

/** The environment's latest webhook deliveries with each attempt. */
export function webhookRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/portal/webhooks', signedIn, async (request, reply) => {
      const scope = sessionOf(request).scope!;
      const deliveries = await listDeliveries(platformCtx(deps, request), scope, SHOWN);
      return sendScreen(
        request,
        reply,
        { title: `Webhook deliveries (${scope.environment})`, current: '/portal/webhooks' },
        <section aria-labelledby="latest">
          <h2 id="latest">The latest {SHOWN}, newest first</h2>
          {deliveries.length === 0 && <p>No webhook deliveries yet.</p>}
          {deliveries.map((d) => (
            <details key={d.eventId}>
              <summary>
                {d.type}, {d.state}, {d.attempts.length} attempt{d.attempts.length === 1 ? '' : 's'}, event{' '}
                {when(d.occurredAt)}
                {d.nextAttemptAt && d.state === 'pending' ? `, next try ${when(d.nextAttemptAt)}` : ''}
              </summary>
              <p>
                Event <code>{d.eventId}</code>
              </p>
              {d.attempts.length > 0 && (
                <ol>
                  {d.attempts.map((a) => (
                    <li key={a.attempt}>
                      {when(a.attemptedAt)}: {a.statusCode ? `HTTP ${a.statusCode}` : (a.error ?? 'no answer')} in{' '}
                      {a.latencyMs} ms
                    </li>
                  ))}
                </ol>
              )}
            </details>
          ))}
        </section>,
      );
    });
  };
}
