/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import { listDiscrepancies } from '../../domains/reconciliation/index.js';
import type { ServiceDeps } from '../../deps.js';
import { formatAmount } from '../../lib/money.js';
import { sendScreen, when } from '../web/shared.js';
import { signedIn } from './site.js';
import { staffCtx } from './staff.js';

const SHOWN = 100;

/** The reconciliation discrepancies found in this tenant environment (decisions part 8). */
export function reconciliationRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/portal/reconciliation', signedIn, async (request, reply) => {
      const page = await listDiscrepancies(staffCtx(deps, request), { limit: SHOWN });
      const rows = page.ok ? page.value.items : [];
      return sendScreen(
        request,
        reply,
        { title: 'Reconciliation', current: '/portal/reconciliation' },
        <section aria-labelledby="found">
          <h2 id="found">Where your reported balance and our ledger disagree (the first {SHOWN})</h2>
          <p>
            Each row names the balance sync it is about by its Idempotency-Key, so that you can find it in your books.
          </p>
          {rows.length === 0 ? (
            <p>No discrepancies.</p>
          ) : (
            <div class="scroll" tabIndex={0} role="region" aria-label="Discrepancies">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Found</th>
                    <th scope="col">User</th>
                    <th scope="col" class="num">
                      Our ledger
                    </th>
                    <th scope="col" class="num">
                      Your balance
                    </th>
                    <th scope="col" class="num">
                      Difference
                    </th>
                    <th scope="col">Sync key</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((d) => (
                    <tr key={d.id}>
                      <td>{when(d.createdAt)}</td>
                      <td>{d.externalUserId}</td>
                      <td class="num">{formatAmount(d.ledgerBalance)}</td>
                      <td class="num">{formatAmount(d.operatorBalance)}</td>
                      <td class="num">{formatAmount(d.delta)}</td>
                      <td>
                        <code>{d.idempotencyKey}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>,
      );
    });
  };
}
