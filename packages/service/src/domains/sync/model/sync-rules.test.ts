import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_BALANCE_MINOR } from '../../ledger/model/balance.js';
import { MAX_SYNCED_BALANCE_MINOR, syncRules } from './sync-rules.js';

const movement = (direction: 'credit' | 'debit', amount: bigint) => ({ externalUserId: 'u1', direction, amount });

describe('syncRules (docs/operator-api.md, "Balance sync")', () => {
  it('applies a credit and a debit with the signed amount and the balance after', () => {
    expect(syncRules({ balance: 1000n }, movement('credit', 250n))).toEqual({
      outcome: 'applied',
      amount: 250n,
      balanceAfter: 1250n,
    });
    expect(syncRules({ balance: 1000n }, movement('debit', 1000n))).toEqual({
      outcome: 'applied',
      amount: -1000n,
      balanceAfter: 0n,
    });
  });

  it('refuses a debit below zero as would_overdraw, naming the balance it was refused against', () => {
    const decision = syncRules({ balance: 999n }, movement('debit', 1000n));
    expect(decision).toMatchObject({ outcome: 'overdrawn', balance: 999n });
    expect(decision.outcome === 'overdrawn' && decision.rejection).toEqual({
      code: 'would_overdraw',
      message: 'The debit of 10.00 would take the balance of 9.99 below zero; nothing was applied.',
    });
  });

  it('refuses an unregistered user without a record, so its key stays unspent', () => {
    const decision = syncRules(null, movement('credit', 1n));
    expect(decision).toMatchObject({ outcome: 'refused', rejection: { code: 'unknown_user' } });
  });

  it('refuses a credit past the largest balance a sync makes, without a record; the room above is for payouts', () => {
    expect(syncRules({ balance: MAX_SYNCED_BALANCE_MINOR - 1n }, movement('credit', 1n))).toMatchObject({
      outcome: 'applied',
      balanceAfter: MAX_SYNCED_BALANCE_MINOR,
    });
    const decision = syncRules({ balance: MAX_SYNCED_BALANCE_MINOR }, movement('credit', 1n));
    expect(decision).toMatchObject({ outcome: 'refused', rejection: { code: 'validation_failed' } });
    expect(syncRules({ balance: MAX_BALANCE_MINOR }, movement('credit', 1n)).outcome).toBe('refused');
    // A balance that payouts took above the ceiling can still be debited, never credited by a sync.
    expect(syncRules({ balance: MAX_BALANCE_MINOR }, movement('debit', 1n))).toMatchObject({ outcome: 'applied' });
    expect(MAX_BALANCE_MINOR - MAX_SYNCED_BALANCE_MINOR).toBeGreaterThan(9n * 10n ** 16n - 10n ** 16n);
  });

  it('never leaves a balance below zero or above the largest, and moves it by exactly the amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: MAX_BALANCE_MINOR }),
        fc.constantFrom('credit' as const, 'debit' as const),
        fc.bigInt({ min: 1n, max: MAX_BALANCE_MINOR }),
        (balance, direction, amount) => {
          const decision = syncRules({ balance }, movement(direction, amount));
          if (decision.outcome !== 'applied') return;
          expect(decision.balanceAfter).toBeGreaterThanOrEqual(0n);
          if (direction === 'credit') expect(decision.balanceAfter).toBeLessThanOrEqual(MAX_SYNCED_BALANCE_MINOR);
          expect(decision.balanceAfter).toBeLessThanOrEqual(MAX_BALANCE_MINOR);
          expect(decision.balanceAfter - balance).toBe(decision.amount);
          expect(decision.amount).toBe(direction === 'credit' ? amount : -amount);
        },
      ),
    );
  });
});
