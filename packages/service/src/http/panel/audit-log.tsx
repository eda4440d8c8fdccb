/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import { readAuditLog } from '../../domains/audit/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { ScrollTable, sendScreen, when } from '../web/shared.js';
import { signedIn } from './site.js';

const PAGE = 100;

/** Who did what, when, newest first, a page at a time (the `before` link). */
export function auditRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/panel/audit', signedIn, async (request, reply) => {
      const raw = String((request.query as { before?: unknown }).before ?? '');
      const before = /^\d{1,18}$/.test(raw) ? BigInt(raw) : null;
      const entries = await readAuditLog(platformCtx(deps, request), { before, limit: PAGE });
      const last = entries[entries.length - 1];
      return sendScreen(
        request,
        reply,
        { title: 'Audit log', current: '/panel/audit' },
        <section aria-labelledby="entries">
          <h2 id="entries">Newest first</h2>
          <ScrollTable label="Audit entries">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">On</th>
                <th scope="col">Outcome</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={String(e.seq)}>
                  <td>{when(e.at)}</td>
                  <td>{e.who}</td>
                  <td>{e.action}</td>
                  <td>
                    <code>{e.target}</code>
                  </td>
                  <td>{e.outcome}</td>
                  <td>
                    <code>{JSON.stringify(e.details)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
          {entries.length === 0 && <p>Nothing recorded yet.</p>}
          {entries.length === PAGE && last && (
            <p>
              <a href={`/panel/audit?before=${last.seq}`}>Older entries</a>
            </p>
          )}
        </section>,
      );
    });
  };
}
