import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { settledWinPayout } from '../../markets/model/quotes.js';
import {
  applyPostings,
  endingOf,
  moveOf,
  type MarketOutcomeTarget,
  type PositionStanding,
  type Posting,
} from './settlement-plan.js';

const A = 'outcome-a';
const B = 'outcome-b';
const position = { outcomeId: A, stake: 1000n, priceMicro: 523827n };
const win = settledWinPayout(1000n, 523827n);
const resolvedA: MarketOutcomeTarget = { status: 'resolved', outcomeId: A };
const resolvedB: MarketOutcomeTarget = { status: 'resolved', outcomeId: B };
const voided: MarketOutcomeTarget = { status: 'voided' };
const standing = (
  state: PositionStanding['state'],
  payout: bigint | null,
  credit: string | null,
): PositionStanding => ({ state, payout, creditTransactionId: credit });

describe('endingOf', () => {
  it('pays a win stake / price at open rounded down, a loss nothing, a void the stake', () => {
    expect(win).toBe(1909n);
    expect(endingOf(position, resolvedA)).toEqual({
      state: 'settled_win',
      payout: 1909n,
      credit: { type: 'settlement_credit', amount: 1909n },
    });
    expect(endingOf(position, resolvedB)).toEqual({ state: 'settled_loss', payout: 0n, credit: null });
    expect(endingOf(position, voided)).toEqual({
      state: 'voided',
      payout: 1000n,
      credit: { type: 'market_void_refund', amount: 1000n },
    });
  });
});

describe('moveOf: every move a market change makes (docs/platform-api.md, "Settlement and corrections")', () => {
  it.each([
    [
      'open → settled_win',
      standing('open', null, null),
      resolvedA,
      'settled_win',
      [{ kind: 'credit', type: 'settlement_credit', amount: 1909n }],
    ],
    ['open → settled_loss', standing('open', null, null), resolvedB, 'settled_loss', []],
    [
      'open → voided',
      standing('open', null, null),
      voided,
      'voided',
      [{ kind: 'credit', type: 'market_void_refund', amount: 1000n }],
    ],
    [
      'settled_win → settled_loss',
      standing('settled_win', 1909n, 'c1'),
      resolvedB,
      'settled_loss',
      [{ kind: 'reversal', type: 'settlement_credit', amount: 1909n, reverses: 'c1' }],
    ],
    [
      'settled_loss → settled_win',
      standing('settled_loss', 0n, null),
      resolvedA,
      'settled_win',
      [{ kind: 'credit', type: 'settlement_credit', amount: 1909n }],
    ],
    [
      'voided → settled_win',
      standing('voided', 1000n, 'r1'),
      resolvedA,
      'settled_win',
      [
        { kind: 'reversal', type: 'market_void_refund', amount: 1000n, reverses: 'r1' },
        { kind: 'credit', type: 'settlement_credit', amount: 1909n },
      ],
    ],
    [
      'voided → settled_loss',
      standing('voided', 1000n, 'r1'),
      resolvedB,
      'settled_loss',
      [{ kind: 'reversal', type: 'market_void_refund', amount: 1000n, reverses: 'r1' }],
    ],
    [
      'settled_win → voided',
      standing('settled_win', 1909n, 'c1'),
      voided,
      'voided',
      [
        { kind: 'reversal', type: 'settlement_credit', amount: 1909n, reverses: 'c1' },
        { kind: 'credit', type: 'market_void_refund', amount: 1000n },
      ],
    ],
    [
      'settled_loss → voided',
      standing('settled_loss', 0n, null),
      voided,
      'voided',
      [{ kind: 'credit', type: 'market_void_refund', amount: 1000n }],
    ],
  ] as const)('%s', (_name, from, target, state, postings) => {
    const move = moveOf(position, from, target);
    expect(move?.ending.state).toBe(state);
    expect(move?.postings).toEqual(postings);
  });

  it('leaves a position already in the target state alone: only positions whose state changes move', () => {
    expect(moveOf(position, standing('settled_win', 1909n, 'c1'), resolvedA)).toBeNull();
    expect(moveOf(position, standing('settled_loss', 0n, null), resolvedB)).toBeNull();
    expect(moveOf(position, standing('voided', 1000n, 'r1'), voided)).toBeNull();
  });
});

describe('applyPostings', () => {
  const reversal: Posting = { kind: 'reversal', type: 'settlement_credit', amount: 1909n, reverses: 'c1' };
  const refund: Posting = { kind: 'credit', type: 'market_void_refund', amount: 1000n };

  it('posts a shortfall credit that lifts the balance to exactly what a reversal takes back', () => {
    expect(applyPostings(500n, [{ of: 'p', posting: reversal }])).toEqual({
      lines: [
        { of: 'p', entryType: 'correction_shortfall_credit', amount: 1409n, reverses: null, posting: null },
        { of: 'p', entryType: 'settlement_credit', amount: -1909n, reverses: 'c1', posting: reversal },
      ],
      balance: 0n,
    });
    expect(applyPostings(1909n, [{ of: 'p', posting: reversal }]).lines).toHaveLength(1);
  });

  it("counts the change's own new credits before a shortfall: a spent win corrected to a void keeps the refund's worth", () => {
    // Won 19.09 on a 10.00 stake and spent it all; corrected to a void, the user was owed 10.00, not 19.09.
    const { lines, balance } = applyPostings(0n, [
      { of: 'p', posting: reversal },
      { of: 'p', posting: refund },
    ]);
    expect(lines.map((l) => [l.entryType, l.amount])).toEqual([
      ['market_void_refund', 1000n],
      ['correction_shortfall_credit', 909n],
      ['settlement_credit', -1909n],
    ]);
    expect(balance).toBe(0n);
  });

  it("nets a user's moves across positions: one position's new win pays for another's reversal first", () => {
    const win: Posting = { kind: 'credit', type: 'settlement_credit', amount: 1500n };
    const { lines, balance } = applyPostings(0n, [
      { of: 'lost', posting: reversal },
      { of: 'won', posting: win },
    ]);
    expect(lines.map((l) => [l.of, l.entryType, l.amount])).toEqual([
      ['won', 'settlement_credit', 1500n],
      ['lost', 'correction_shortfall_credit', 409n],
      ['lost', 'settlement_credit', -1909n],
    ]);
    expect(balance).toBe(0n);
  });

  const posting = fc.oneof(
    fc.record({
      kind: fc.constant('reversal' as const),
      type: fc.constant('settlement_credit' as const),
      amount: fc.bigInt(1n, 10n ** 9n),
      reverses: fc.constant('x'),
    }),
    fc.record({
      kind: fc.constant('credit' as const),
      type: fc.constant('market_void_refund' as const),
      amount: fc.bigInt(1n, 10n ** 9n),
    }),
  );
  const tagged = fc.array(posting, { maxLength: 6 }).map((all) => all.map((p, i) => ({ of: i, posting: p })));

  it('never takes a balance below zero and ends at start + the sum of its lines', () => {
    fc.assert(
      fc.property(fc.bigInt(0n, 10n ** 9n), tagged, (start, postings) => {
        const { lines, balance } = applyPostings(start, postings);
        let running = start;
        for (const line of lines) {
          running += line.amount;
          expect(running >= 0n).toBe(true);
          if (line.entryType === 'correction_shortfall_credit') expect(line.amount > 0n).toBe(true);
        }
        expect(running).toBe(balance);
      }),
    );
  });

  it('credits no more than the change owes: the end balance is max(0, start + credits − reversals)', () => {
    fc.assert(
      fc.property(fc.bigInt(0n, 10n ** 9n), tagged, (start, postings) => {
        const net = postings.reduce((sum, { posting: p }) => sum + (p.kind === 'credit' ? p.amount : -p.amount), start);
        const { lines, balance } = applyPostings(start, postings);
        expect(balance).toBe(net > 0n ? net : 0n);
        const shortfall = lines
          .filter((l) => l.entryType === 'correction_shortfall_credit')
          .reduce((sum, l) => sum + l.amount, 0n);
        expect(shortfall).toBe(net < 0n ? -net : 0n);
      }),
    );
  });
});
