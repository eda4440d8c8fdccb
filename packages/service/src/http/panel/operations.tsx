/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import { listWidgetErrors } from '../../domains/error-reports/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { ScrollTable, sendScreen, when } from '../web/shared.js';
import { tenantNames } from '../../domains/tenants/index.js';
import { signedIn } from './site.js';
import { TenantName } from './tenant-name.js';

/** The last this many of each list: the panel is for looking, the platform API pages through all. */
const SHOWN = 100;

/** The widget's error reports; reconciliation is in reconciliation.tsx, tickets in tickets.tsx. */
export function operationsRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/panel/widget-errors', signedIn, async (request, reply) => {
      const page = await listWidgetErrors(platformCtx(deps, request), { limit: SHOWN });
      const reports = page.ok ? page.value.items : [];
      const names = await tenantNames(platformCtx(deps, request), [...new Set(reports.map((r) => r.tenantId))]);
      return sendScreen(
        request,
        reply,
        { title: 'Widget error reports', current: '/panel/widget-errors' },
        <section aria-labelledby="reports">
          <h2 id="reports">Newest first (the last {SHOWN})</h2>
          {reports.length === 0 ? (
            <p>No reports.</p>
          ) : (
            <ScrollTable label="Error reports">
              <thead>
                <tr>
                  <th scope="col">Received</th>
                  <th scope="col">Tenant</th>
                  <th scope="col">Error</th>
                  <th scope="col">Page</th>
                  <th scope="col">Widget</th>
                </tr>
              </thead>
              <tbody>
                {reports.map((r) => (
                  <tr key={r.id}>
                    <td>{when(r.receivedAt)}</td>
                    <td>
                      <TenantName id={r.tenantId} name={names.get(r.tenantId)} /> {r.environment}
                    </td>
                    <td>
                      <code>{r.code}</code> {r.message}
                    </td>
                    <td>{r.url}</td>
                    <td>{r.widgetVersion}</td>
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
