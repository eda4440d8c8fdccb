/** @jsxRuntime automatic @jsxImportSource preact */
import type { TransactionRow } from '../../domains/ledger/index.js';
import { formatAmount } from '../../lib/money.js';
import { ScrollTable, when } from './shared.js';

/**
 * A user's ledger transactions, as the panel's and the portal's user pages show them: type, amount,
 * balance after, time. `hrefOf` links each to its own page where the site has one (the panel).
 */
export function TransactionsTable(props: { label: string; rows: TransactionRow[]; hrefOf?: (id: string) => string }) {
  return (
    <ScrollTable label={props.label} stack>
      <thead>
        <tr>
          <th scope="col">Type</th>
          <th scope="col" class="num">
            Amount
          </th>
          <th scope="col" class="num">
            Balance after
          </th>
          <th scope="col">When</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((t) => (
          <tr key={t.id}>
            <td class="lead">{props.hrefOf ? <a href={props.hrefOf(t.id)}>{t.entryType}</a> : t.entryType}</td>
            <td class="num" data-label="Amount">
              {formatAmount(t.amount)}
            </td>
            <td class="num" data-label="Balance after">
              {formatAmount(t.balanceAfter)}
            </td>
            <td class="nowrap" data-label="When">
              {when(t.createdAt)}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
