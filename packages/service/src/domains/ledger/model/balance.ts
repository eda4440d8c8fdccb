/**
 * The ledger's one posting rule: a signed amount moves a balance, and no balance goes below zero.
 * Pure; the repo applies the result under the user's row lock.
 */
export type Posting = { ok: true; balanceAfter: bigint } | { ok: false; code: 'would_overdraw'; balance: bigint };

export function post(balance: bigint, amount: bigint): Posting {
  const balanceAfter = balance + amount;
  return balanceAfter < 0n ? { ok: false, code: 'would_overdraw', balance } : { ok: true, balanceAfter };
}
