/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import { listDeadLetters, resendDeadLetter } from '../../domains/webhooks/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { act } from '../web/act.js';
import { ActionButton, ScrollTable, sendScreen, when } from '../web/shared.js';
import { signedIn } from './site.js';

/** Deliveries that ran out of retries, and resending them (decisions part 2). */
export function deadLetterRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/panel/dead-letters', signedIn, async (request, reply) => {
      const page = await listDeadLetters(platformCtx(deps, request), { limit: 200 });
      const rows = page.ok ? page.value.items : [];
      return sendScreen(
        request,
        reply,
        { title: 'Dead letters', current: '/panel/dead-letters' },
        <section aria-labelledby="list">
          <h2 id="list">Oldest event first (at most 200)</h2>
          {rows.length === 0 ? (
            <p>No dead letters.</p>
          ) : (
            <ScrollTable label="Dead letters">
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Tenant</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last failure</th>
                  <th scope="col">Dead since</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((d) => (
                  <tr key={d.eventId}>
                    <td>
                      {d.type} <code>{d.eventId}</code>
                    </td>
                    <td>
                      <a href={`/panel/tenants/${d.tenantId}`}>{d.tenantId.slice(0, 8)}…</a> {d.environment}
                    </td>
                    <td class="num">{d.attempts}</td>
                    <td>{d.lastStatus ? `HTTP ${d.lastStatus}` : (d.lastError ?? '—')}</td>
                    <td>{when(d.deadAt)}</td>
                    <td>
                      <ActionButton
                        request={request}
                        action={`/panel/dead-letters/${d.eventId}/resend`}
                        name={`Resend ${d.type} ${d.eventId}`}
                        label="Resend"
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          )}
        </section>,
      );
    });

    app.post('/panel/dead-letters/:id/resend', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      return act(platformCtx(deps, request), request, reply, (ctx) => resendDeadLetter(ctx, id), {
        action: 'dead_letter.resend',
        target: id,
        back: '/panel/dead-letters',
        done: () => 'The delivery is pending again; the worker sends it at its next pass.',
      });
    });
  };
}
