import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_BALANCE_MINOR, post } from './balance.js';

/** Amounts on a scale comparable to the balance, so that both postings and refusals happen often. */
const scaled = (limit: bigint) =>
  fc.record({
    start: fc.bigInt({ min: 0n, max: limit }),
    amounts: fc.array(fc.bigInt({ min: -limit, max: limit }), { maxLength: 60 }),
  });

describe('post', () => {
  it('posts a credit, a debit of less than the balance and a debit of exactly the balance', () => {
    expect(post(0n, 100n)).toEqual({ ok: true, balanceAfter: 100n });
    expect(post(300n, -100n)).toEqual({ ok: true, balanceAfter: 200n });
    expect(post(300n, -300n)).toEqual({ ok: true, balanceAfter: 0n });
    expect(post(0n, 0n)).toEqual({ ok: true, balanceAfter: 0n });
  });

  it('refuses a debit of one minor unit more than the balance, reporting the unchanged balance', () => {
    expect(post(300n, -301n)).toEqual({ ok: false, code: 'would_overdraw', balance: 300n });
    expect(post(0n, -1n)).toEqual({ ok: false, code: 'would_overdraw', balance: 0n });
  });

  it('keeps the balance at or above zero over any sequence; the balance is start + accepted; refusals are exactly the overdraws', () => {
    fc.assert(
      fc.property(fc.oneof(scaled(1_000n), scaled(100_000_000n), scaled(10n ** 17n)), ({ start, amounts }) => {
        let balance = start;
        let accepted = 0n;
        for (const amount of amounts) {
          const result = post(balance, amount);
          expect(result.ok).toBe(balance + amount >= 0n);
          if (result.ok) {
            expect(result.balanceAfter).toBe(balance + amount);
            balance = result.balanceAfter;
            accepted += amount;
          } else {
            expect(result).toEqual({ ok: false, code: 'would_overdraw', balance });
          }
          expect(balance >= 0n).toBe(true);
          expect(balance).toBe(start + accepted);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('decides at the exact boundary: a debit of the balance posts, one unit more is refused', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 17n }), (balance) => {
        expect(post(balance, -balance)).toEqual({ ok: true, balanceAfter: 0n });
        expect(post(balance, -balance - 1n)).toEqual({ ok: false, code: 'would_overdraw', balance });
      }),
    );
  });
});

describe('the largest storable balance', () => {
  it('posts up to it and refuses a credit past it, reporting the unchanged balance', () => {
    expect(post(MAX_BALANCE_MINOR - 5n, 5n)).toEqual({ ok: true, balanceAfter: MAX_BALANCE_MINOR });
    expect(post(MAX_BALANCE_MINOR - 5n, 6n)).toEqual({
      ok: false,
      code: 'balance_limit',
      balance: MAX_BALANCE_MINOR - 5n,
    });
    expect(post(MAX_BALANCE_MINOR, -1n)).toEqual({ ok: true, balanceAfter: MAX_BALANCE_MINOR - 1n });
  });
});
