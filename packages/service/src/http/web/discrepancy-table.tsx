/** @jsxRuntime automatic @jsxImportSource preact */
import type { Discrepancy } from '../../domains/reconciliation/index.js';
import { formatAmount } from '../../lib/money.js';
import { ScrollTable, when } from './shared.js';

/**
 * Reconciliation discrepancies as a table: the panel's (every tenant, with a tenant column) and the
 * portal's (its own environment). Each names the balance sync it is about by its Idempotency-Key.
 */
export function DiscrepancyTable(props: { rows: readonly Discrepancy[]; withTenant: boolean }) {
  if (props.rows.length === 0) return <p>No discrepancies.</p>;
  return (
    <ScrollTable label="Discrepancies">
      <thead>
        <tr>
          <th scope="col">Found</th>
          {props.withTenant && <th scope="col">Tenant</th>}
          <th scope="col">User</th>
          <th scope="col" class="num">
            Ledger
          </th>
          <th scope="col" class="num">
            Operator's balance
          </th>
          <th scope="col" class="num">
            Difference
          </th>
          <th scope="col">Sync key</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((d) => (
          <tr key={d.id}>
            <td>{when(d.createdAt)}</td>
            {props.withTenant && (
              <td>
                <a href={`/panel/tenants/${d.tenantId}`}>{d.tenantId.slice(0, 8)}…</a> {d.environment}
              </td>
            )}
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
    </ScrollTable>
  );
}
