import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compare, evidenceOf, type SyncRecord } from './compare.js';

const record = fc.record({
  seq: fc.bigInt({ min: 1n, max: 1_000_000n }),
  outcome: fc.constantFrom('applied' as const, 'would_overdraw' as const),
  direction: fc.constantFrom('credit' as const, 'debit' as const),
  amount: fc.bigInt({ min: 1n, max: 10_000_000n }),
  resultingBalance: fc.option(fc.bigInt({ min: 0n, max: 10_000_000n }), { nil: null }),
  ledgerBalance: fc.bigInt({ min: 0n, max: 10_000_000n }),
});
const history = fc.uniqueArray(record, { selector: (r) => r.seq, maxLength: 30 });

describe('reconciliation comparison', () => {
  it('takes the last request that carried a resulting_balance or was refused, and nothing else', () => {
    fc.assert(
      fc.property(history, (records) => {
        const evidence = evidenceOf(records);
        const qualifying = records.filter((r) => r.resultingBalance !== null || r.outcome === 'would_overdraw');
        if (qualifying.length === 0) {
          expect(evidence).toBeNull();
          return;
        }
        const latest = qualifying.reduce((a, b) => (b.seq > a.seq ? b : a));
        expect(evidence).toBe(latest);
      }),
    );
  });

  it('is unverifiable without evidence, agrees exactly when the balances match, and delta is ledger minus operator', () => {
    fc.assert(
      fc.property(history, (records) => {
        const verdict = compare(records);
        const evidence = evidenceOf(records);
        if (evidence === null) {
          expect(verdict).toEqual({ kind: 'unverifiable' });
          return;
        }
        const operator = evidence.resultingBalance ?? evidence.ledgerBalance - evidence.amount;
        if (operator === evidence.ledgerBalance) {
          expect(verdict.kind).toBe('agrees');
          return;
        }
        expect(verdict).toEqual({
          kind: 'discrepancy',
          evidence,
          ledgerBalance: evidence.ledgerBalance,
          operatorBalance: operator,
          delta: evidence.ledgerBalance - operator,
        });
      }),
    );
  });

  it('reads a refusal without a resulting_balance as the operator believing in more than the ledger had', () => {
    const refused: SyncRecord = {
      seq: 7n,
      outcome: 'would_overdraw',
      direction: 'debit',
      amount: 1_500n,
      resultingBalance: null,
      ledgerBalance: 1_000n,
    };
    const applied: SyncRecord = { ...refused, seq: 6n, outcome: 'applied', resultingBalance: 1_000n };
    expect(compare([applied, refused])).toMatchObject({ kind: 'discrepancy', operatorBalance: -500n, delta: 1_500n });
    // A later applied sync without a resulting_balance says nothing about the wallet: the refusal stands.
    expect(compare([applied, refused, { ...applied, seq: 8n, resultingBalance: null }])).toMatchObject({
      evidence: refused,
    });
    expect(compare([applied])).toMatchObject({ kind: 'agrees' });
  });
});
