/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import { listWidgetErrors } from '../../domains/error-reports/index.js';
import { listAllDiscrepancies, runReconciliation } from '../../domains/reconciliation/index.js';
import type { ServiceDeps } from '../../deps.js';
import { ok } from '../../errors/index.js';
import { platformCtx } from '../context.js';
import { redirectWith, runAudited } from '../web/act.js';
import { DiscrepancyTable } from '../web/discrepancy-table.js';
import { ActionButton, ScrollTable, sendScreen, when } from '../web/shared.js';
import { tenantNames } from '../../domains/tenants/index.js';
import { signedIn } from './site.js';
import { TenantName } from './tenant-name.js';

/** The last this many of each list: the panel is for looking, the platform API pages through all. */
const SHOWN = 100;

/** Reconciliation runs and discrepancies, and the widget's error reports; tickets are in tickets.tsx. */
export function operationsRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/panel/reconciliation', signedIn, async (request, reply) => {
      const page = await listAllDiscrepancies(platformCtx(deps, request), { limit: SHOWN });
      const rows = page.ok ? page.value.items : [];
      const names = await tenantNames(platformCtx(deps, request), [...new Set(rows.map((r) => r.tenantId))]);
      return sendScreen(
        request,
        reply,
        { title: 'Reconciliation', current: '/panel/reconciliation' },
        <>
          <section aria-labelledby="run">
            <h2 id="run">Run now</h2>
            <p>
              A run compares every user's last balance sync with the ledger (it also runs daily at 02:00 UTC). It
              answers when it is over: seconds for thousands of users, about a minute for a hundred thousand.
            </p>
            <ActionButton request={request} action="/panel/reconciliation/runs" label="Run reconciliation now" />
          </section>
          <section aria-labelledby="found">
            <h2 id="found">Discrepancies, oldest first (the first {SHOWN})</h2>
            <DiscrepancyTable
              rows={rows}
              tenant={(d) => (
                <>
                  <TenantName id={d.tenantId} name={names.get(d.tenantId)} /> {d.environment}
                </>
              )}
            />
          </section>
        </>,
      );
    });

    app.post('/panel/reconciliation/runs', signedIn, async (request, reply) => {
      // A run is many short transactions of its own (run-reconciliation.ts): it runs first, and its
      // audit entry is written when it is over (a run that dies half way keeps what it found anyway).
      const run = await runReconciliation(platformCtx(deps, request), 'platform');
      const recorded = await runAudited(
        platformCtx(deps, request),
        request,
        {
          action: 'reconciliation.run',
          target: run.id,
          details: { users_checked: run.usersChecked, discrepancies: run.discrepancies },
        },
        async () => ok(run),
      );
      return redirectWith(
        request,
        reply,
        '/panel/reconciliation',
        recorded,
        (r) =>
          `Run over: ${r.usersChecked} users checked, ${r.discrepancies} new discrepancies, ${r.unverifiable} unverifiable.`,
      );
    });

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
