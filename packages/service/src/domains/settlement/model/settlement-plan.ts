import { settledWinPayout } from '../../markets/model/quotes.js';

/**
 * What a market's ending (or a correction of it) does to one position (docs/platform-api.md,
 * "Settlement and corrections"), as pure values: the position's new state and payout, and the ledger postings in order.
 * Shortfall credits are added when the postings are applied to a balance (applyPostings), since they depend on what the
 * user has left.
 */
export type MarketOutcomeTarget = { status: 'resolved'; outcomeId: string } | { status: 'voided' };

export type EndState = 'settled_win' | 'settled_loss' | 'voided';
export type CreditType = 'settlement_credit' | 'market_void_refund';

export interface PositionTerms {
  outcomeId: string;
  stake: bigint;
  priceMicro: bigint;
}

export interface PositionStanding {
  state: 'open' | EndState;
  /** The transaction that paid the position, if any: a settlement_credit or market_void_refund. */
  creditTransactionId: string | null;
  payout: bigint | null;
}

export interface Ending {
  state: EndState;
  payout: bigint;
  /** The credit this ending pays, if any. */
  credit: { type: CreditType; amount: bigint } | null;
}

/** The state, payout and credit a position ends in under a target (docs/operator-api.md, "Positions", for the win payout). */
export function endingOf(position: PositionTerms, target: MarketOutcomeTarget): Ending {
  if (target.status === 'voided')
    return { state: 'voided', payout: position.stake, credit: { type: 'market_void_refund', amount: position.stake } };
  if (position.outcomeId !== target.outcomeId) return { state: 'settled_loss', payout: 0n, credit: null };
  const payout = settledWinPayout(position.stake, position.priceMicro);
  return { state: 'settled_win', payout, credit: { type: 'settlement_credit', amount: payout } };
}

/** The credit type a standing position was paid with, read from its state. */
export function creditTypeOf(state: PositionStanding['state']): CreditType | null {
  if (state === 'settled_win') return 'settlement_credit';
  if (state === 'voided') return 'market_void_refund';
  return null;
}

export type Posting =
  | { kind: 'reversal'; type: CreditType; amount: bigint; reverses: string }
  | { kind: 'credit'; type: CreditType; amount: bigint };

export interface Move {
  ending: Ending;
  /** The reversal of the old credit, if any, and the new credit, if any (applyPostings orders a user's). */
  postings: Posting[];
}

/**
 * The move a target makes a position do, or null when the position stays as it is: only positions whose state
 * changes move, so a correction that leaves a position in its state sends nothing and posts nothing.
 */
export function moveOf(position: PositionTerms, standing: PositionStanding, target: MarketOutcomeTarget): Move | null {
  const ending = endingOf(position, target);
  if (standing.state === ending.state) return null;
  const postings: Posting[] = [];
  const oldType = creditTypeOf(standing.state);
  if (oldType !== null) {
    if (standing.creditTransactionId === null || standing.payout === null)
      throw new Error(`a ${standing.state} position without its credit`);
    postings.push({ kind: 'reversal', type: oldType, amount: standing.payout, reverses: standing.creditTransactionId });
  }
  if (ending.credit) postings.push({ kind: 'credit', ...ending.credit });
  return { ending, postings };
}

export type LedgerLine<Of> = { of: Of } & (
  | { entryType: 'correction_shortfall_credit'; amount: bigint; reverses: null; posting: null }
  | { entryType: CreditType; amount: bigint; reverses: string | null; posting: Posting }
);

/**
 * The ledger lines of one user's postings in a market change, and the balance after (docs/platform-api.md,
 * "Settlement and corrections"). Every new credit comes first, then the reversals; a reversal of more than
 * the balance is preceded by a correction_shortfall_credit lifting the balance to exactly the amount taken
 * back. So a shortfall covers only what the user spent beyond what the same change pays them (a win
 * corrected to a void takes back the payout less the refund), and no balance goes below zero at any line.
 * `of` tags each line with what its posting came with (a position), a shortfall with its reversal's.
 */
export function applyPostings<Of>(
  balance: bigint,
  postings: readonly { of: Of; posting: Posting }[],
): { lines: LedgerLine<Of>[]; balance: bigint } {
  const lines: LedgerLine<Of>[] = [];
  for (const { of, posting } of postings) {
    if (posting.kind !== 'credit') continue;
    lines.push({ of, entryType: posting.type, amount: posting.amount, reverses: null, posting });
    balance += posting.amount;
  }
  for (const { of, posting } of postings) {
    if (posting.kind !== 'reversal') continue;
    if (balance < posting.amount) {
      const amount = posting.amount - balance;
      lines.push({ of, entryType: 'correction_shortfall_credit', amount, reverses: null, posting: null });
      balance = posting.amount;
    }
    lines.push({ of, entryType: posting.type, amount: -posting.amount, reverses: posting.reverses, posting });
    balance -= posting.amount;
  }
  return { lines, balance };
}
