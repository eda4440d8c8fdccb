/**
 * The ledger's one posting rule: a signed amount moves a balance, no balance goes below zero, and none
 * goes above what the balance column can hold (a bigint of cents). Pure; the repo applies the result
 * under the user's row lock.
 */
export type Posting =
  | { ok: true; balanceAfter: bigint }
  | { ok: false; code: 'would_overdraw'; balance: bigint }
  | { ok: false; code: 'balance_limit'; balance: bigint };

/** The largest balance the ledger stores, in cents: 92,233,720,368,547,758.07. */
export const MAX_BALANCE_MINOR = 2n ** 63n - 1n;

export function post(balance: bigint, amount: bigint): Posting {
  const balanceAfter = balance + amount;
  if (balanceAfter < 0n) return { ok: false, code: 'would_overdraw', balance };
  if (balanceAfter > MAX_BALANCE_MINOR) return { ok: false, code: 'balance_limit', balance };
  return { ok: true, balanceAfter };
}
