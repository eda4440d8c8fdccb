import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  askedBy,
  balanceOf,
  bodyOf,
  LIVE,
  OTHER_LIVE,
  postedFor,
  stateOf,
  userOf,
  writeParts,
} from '../../../test/in-memory-round.js';
import { MAX_BALANCE_MINOR } from '../ledger/model/balance.js';
import type { Movement } from './schemas.js';
import { syncHandler } from './sync-handler.js';

const movement = (externalUserId: string, direction: 'credit' | 'debit', amount: bigint): Movement => ({
  externalUserId,
  direction,
  amount,
  resultingBalance: null,
});

describe('syncHandler.needs', () => {
  it("locks the movement's user in the key's tenant environment, and opens nothing", () => {
    expect(syncHandler.route?.operation).toBe('balance_sync');
    expect(syncHandler.needs(movement('alice', 'credit', 100n), askedBy(LIVE, 'api_key'))).toEqual({
      user: { scope: LIVE, externalUserId: 'alice' },
      trades: false,
    });
  });
});

describe('syncHandler.apply', () => {
  it('applies a credit: the balance moves, one entry, one record, 200 with the new balance, key spent', () => {
    const alice = userOf(LIVE, 'alice', 10_000n);
    const state = stateOf({ users: [alice] });

    const applied = syncHandler.apply(state, movement('alice', 'credit', 2_500n), askedBy(LIVE, 'api_key'));

    expect(applied.spend).toBe(true);
    expect(applied.answer.status).toBe(200);
    const body = bodyOf(applied.answer);
    expect(body).toEqual({ transaction_id: expect.any(String), balance: '125.00' });
    expect(balanceOf(state, alice)).toBe(12_500n);
    expect(state.balances.posted).toEqual([
      {
        scope: LIVE,
        id: body.transaction_id,
        userId: alice.id,
        entryType: 'balance_sync_credit',
        amount: 2_500n,
        balanceAfter: 12_500n,
        reversesTransactionId: null,
        positionId: null,
      },
    ]);
    expect(state.syncs.recorded).toEqual([
      {
        scope: LIVE,
        id: expect.any(String),
        key: 'key-1',
        externalUserId: 'alice',
        direction: 'credit',
        amount: 2_500n,
        resultingBalance: null,
        userId: alice.id,
        outcome: 'applied',
        transactionId: body.transaction_id,
        ledgerBalance: 12_500n,
      },
    ]);
    // The entries, the balance they leave, and the record.
    expect(writeParts(state)).toBe(3);
  });

  it('applies a debit down to zero as a negative entry', () => {
    const alice = userOf(LIVE, 'alice', 10_000n);
    const state = stateOf({ users: [alice] });

    const applied = syncHandler.apply(state, movement('alice', 'debit', 10_000n), askedBy(LIVE, 'api_key'));

    expect(applied).toMatchObject({ spend: true, answer: { status: 200 } });
    expect(bodyOf(applied.answer).balance).toBe('0.00');
    expect(balanceOf(state, alice)).toBe(0n);
    expect(state.balances.posted).toMatchObject([
      { entryType: 'balance_sync_debit', amount: -10_000n, balanceAfter: 0n },
    ]);
    expect(state.syncs.recorded).toMatchObject([{ outcome: 'applied', direction: 'debit', ledgerBalance: 0n }]);
  });

  it("applies a blocked user's movement: the operator's wallet moved", () => {
    const alice = userOf(LIVE, 'alice', 1_000n, 'blocked');
    const state = stateOf({ users: [alice] });

    const applied = syncHandler.apply(state, movement('alice', 'credit', 1n), askedBy(LIVE, 'api_key'));

    expect(applied.answer.status).toBe(200);
    expect(balanceOf(state, alice)).toBe(1_001n);
  });

  it('refuses a debit over the balance as 409 would_overdraw: recorded with that balance, key spent, nothing posted', () => {
    const alice = userOf(LIVE, 'alice', 999n);
    const state = stateOf({ users: [alice] });

    const applied = syncHandler.apply(state, movement('alice', 'debit', 1_000n), askedBy(LIVE, 'api_key'));

    expect(applied.spend).toBe(true);
    expect(applied.answer.status).toBe(409);
    expect(bodyOf(applied.answer)).toMatchObject({
      error: 'would_overdraw',
      message: 'The debit of 10.00 would take the balance of 9.99 below zero; nothing was applied.',
      request_id: 'req-test',
    });
    expect(balanceOf(state, alice)).toBe(999n);
    expect(state.balances.posted).toEqual([]);
    expect(state.syncs.recorded).toEqual([
      expect.objectContaining({
        userId: alice.id,
        key: 'key-1',
        direction: 'debit',
        amount: 1_000n,
        outcome: 'would_overdraw',
        transactionId: null,
        ledgerBalance: 999n,
      }),
    ]);
    // The record alone: no entry, no balance.
    expect(writeParts(state)).toBe(1);
  });

  it('refuses an unknown user with 404, records nothing and gives the key back', () => {
    const alice = userOf(LIVE, 'alice', 1_000n);
    const state = stateOf({ users: [alice] });

    const applied = syncHandler.apply(state, movement('bob', 'credit', 100n), askedBy(LIVE, 'api_key'));

    expect(applied.spend).toBe(false);
    expect(applied.answer.status).toBe(404);
    expect(bodyOf(applied.answer).error).toBe('unknown_user');
    expect(state.syncs.recorded).toEqual([]);
    expect(state.balances.posted).toEqual([]);
    expect(balanceOf(state, alice)).toBe(1_000n);
    expect(writeParts(state)).toBe(0);
  });

  it("does not find a user of another tenant environment under the key's", () => {
    const alice = userOf(OTHER_LIVE, 'alice', 1_000n);
    const state = stateOf({ users: [alice] });

    const applied = syncHandler.apply(state, movement('alice', 'credit', 100n), askedBy(LIVE, 'api_key'));

    expect(applied).toMatchObject({ spend: false, answer: { status: 404 } });
    expect(balanceOf(state, alice)).toBe(1_000n);
    expect(writeParts(state)).toBe(0);
  });

  it('refuses a credit past the largest balance a sync makes, unrecorded and unspent', () => {
    const alice = userOf(LIVE, 'alice', MAX_BALANCE_MINOR - 5n);
    const state = stateOf({ users: [alice] });

    const applied = syncHandler.apply(state, movement('alice', 'credit', 10n), askedBy(LIVE, 'api_key'));

    expect(applied.spend).toBe(false);
    expect(applied.answer.status).toBe(400);
    expect(bodyOf(applied.answer).error).toBe('validation_failed');
    expect(balanceOf(state, alice)).toBe(MAX_BALANCE_MINOR - 5n);
    expect(state.syncs.recorded).toEqual([]);
    expect(writeParts(state)).toBe(0);
  });

  it('judges each movement against the balance the ones before it left in the round', () => {
    const alice = userOf(LIVE, 'alice', 0n);
    const state = stateOf({ users: [alice] });
    const asked = askedBy(LIVE, 'api_key');

    const credit = syncHandler.apply(state, movement('alice', 'credit', 500n), asked);
    const debit = syncHandler.apply(state, movement('alice', 'debit', 500n), asked);
    const overdraw = syncHandler.apply(state, movement('alice', 'debit', 1n), asked);

    expect([credit.answer.status, debit.answer.status, overdraw.answer.status]).toEqual([200, 200, 409]);
    expect(state.balances.posted.map((e) => [e.amount, e.balanceAfter])).toEqual([
      [500n, 500n],
      [-500n, 0n],
    ]);
    expect(state.syncs.recorded.map((r) => [r.outcome, r.ledgerBalance])).toEqual([
      ['applied', 500n],
      ['applied', 0n],
      ['would_overdraw', 0n],
    ]);
  });

  it('keeps the ledger: per user, the posted amounts add up to the balance change, each entry chaining on the last', () => {
    const step = fc.record({
      who: fc.constantFrom('alice', 'bob', 'nobody'),
      direction: fc.constantFrom('credit' as const, 'debit' as const),
      amount: fc.bigInt({ min: 1n, max: 50_000n }),
    });
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 100_000n }), fc.array(step, { maxLength: 30 }), (start, steps) => {
        const users = [userOf(LIVE, 'alice', start), userOf(LIVE, 'bob', 0n)];
        const state = stateOf({ users });
        const asked = askedBy(LIVE, 'api_key');
        let recorded = 0;
        for (const s of steps) {
          const applied = syncHandler.apply(state, movement(s.who, s.direction, s.amount), asked);
          if (applied.spend) recorded += 1;
        }
        expect(state.syncs.recorded).toHaveLength(recorded);
        for (const user of users) {
          const after = balanceOf(state, user)!;
          expect(after).toBeGreaterThanOrEqual(0n);
          expect(postedFor(state, user)).toBe(after - user.balance);
          let balance = user.balance;
          for (const entry of state.balances.posted.filter((e) => e.userId === user.id)) {
            balance += entry.amount;
            expect(entry.balanceAfter).toBe(balance);
          }
        }
      }),
    );
  });
});
