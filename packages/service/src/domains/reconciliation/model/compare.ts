/**
 * Reconciliation's comparison (docs/operator-api.md, "Reconciliation"), pure: which balance-sync
 * request of a user speaks for the operator's wallet, and whether the ledger agrees with it. The
 * run (run-reconciliation.ts) reads each user's sync records and reports what this returns.
 */

/** One balance-sync request as recorded (balance_syncs): applied or refused as would_overdraw. */
export interface SyncRecord {
  seq: bigint;
  outcome: 'applied' | 'would_overdraw';
  direction: 'credit' | 'debit';
  amount: bigint;
  /** The balance the operator reported after the movement, when it sent one. */
  resultingBalance: bigint | null;
  /** The ledger's balance at that request: after it when applied, before it when refused. */
  ledgerBalance: bigint;
}

export type Verdict =
  | { kind: 'unverifiable' }
  | { kind: 'agrees'; evidence: SyncRecord }
  | { kind: 'discrepancy'; evidence: SyncRecord; ledgerBalance: bigint; operatorBalance: bigint; delta: bigint };

/**
 * The request that speaks for the operator: the last one that carried a resulting_balance or was
 * refused as would_overdraw (a refusal says the operator believed in a balance the ledger did not have).
 */
export function evidenceOf<R extends SyncRecord>(records: readonly R[]): R | null {
  let last: R | null = null;
  for (const r of records) {
    if (r.resultingBalance === null && r.outcome !== 'would_overdraw') continue;
    if (last === null || r.seq > last.seq) last = r;
  }
  return last;
}

/**
 * operator_balance is the reported resulting_balance; for a refusal without one, the ledger balance
 * minus the refused debit, which may be negative (docs/operator-api.md, "Reconciliation"). delta = ledger_balance −
 * operator_balance; any delta other than zero is a discrepancy. No evidence at all: unverifiable.
 */
export function compare(records: readonly SyncRecord[]): Verdict {
  const evidence = evidenceOf(records);
  if (evidence === null) return { kind: 'unverifiable' };
  const ledgerBalance = evidence.ledgerBalance;
  const operatorBalance = evidence.resultingBalance ?? ledgerBalance - evidence.amount;
  const delta = ledgerBalance - operatorBalance;
  return delta === 0n
    ? { kind: 'agrees', evidence }
    : { kind: 'discrepancy', evidence, ledgerBalance, operatorBalance, delta };
}
