/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import type { Discrepancy } from '../../domains/reconciliation/index.js';
import { formatAmount } from '../../lib/money.js';
import { ScrollTable, when } from './shared.js';

/**
 * Reconciliation discrepancies as a table: the panel's (every tenant, with a tenant column) and the
 * portal's (its own environment). Each names the balance sync it is about by its Idempotency-Key. The
 * panel says whose each row is with `tenant` (its tenant's name and environment).
 */
export function DiscrepancyTable(props: {
  rows: readonly Discrepancy[];
  tenant?: (row: Discrepancy) => ComponentChildren;
}) {
  if (props.rows.length === 0) return <p>No discrepancies.</p>;
  return (
    <ScrollTable label="Discrepancies">
      <thead>
        <tr>
          <th scope="col">Found</th>
          {props.tenant && <th scope="col">Tenant</th>}
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
            {props.tenant && <td>{props.tenant(d)}</td>}
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
