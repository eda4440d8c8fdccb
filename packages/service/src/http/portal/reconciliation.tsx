/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import { latestDiscrepancies } from '../../domains/reconciliation/index.js';
import type { ServiceDeps } from '../../deps.js';
import { DiscrepancyTable } from '../web/discrepancy-table.js';
import { sendScreen } from '../web/shared.js';
import { signedIn } from './site.js';
import { staffCtx } from './staff.js';

const SHOWN = 100;

/** The reconciliation discrepancies found in this tenant environment (docs/operator-api.md, "Reconciliation"). */
export function reconciliationRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/portal/reconciliation', signedIn, async (request, reply) => {
      const rows = await latestDiscrepancies(staffCtx(deps, request), SHOWN);
      return sendScreen(
        request,
        reply,
        { title: 'Reconciliation', current: '/portal/reconciliation' },
        <section aria-labelledby="found">
          <h2 id="found">Where your reported balance and our ledger disagree (the latest {SHOWN})</h2>
          <DiscrepancyTable rows={rows} />
        </section>,
      );
    });
  };
}
