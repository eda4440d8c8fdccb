/** An environment's attempts over a window, as the health summary counts them (endpoint-health-repo.ts). */
export interface AttemptTally {
  /** Attempts that went out (an HTTP request was made), whatever came back. */
  sent: number;
  /** Of those, the ones answered 2xx. */
  delivered: number;
  /** Attempts never sent (no webhook secret, no URL): in no rate. */
  notSent: number;
  /** The median time taken by the sent attempts; null without any. */
  p50LatencyMs: number | null;
}

/**
 * The success rate of an endpoint (docs/operations.md, "The tenant portal"): delivered attempts over the
 * attempts that were sent, between 0 and 1; null when nothing was sent, which is no rate at all (an
 * environment without a secret sends nothing, and that is not a 0 % endpoint).
 */
export function successRate(tally: Pick<AttemptTally, 'sent' | 'delivered'>): number | null {
  return tally.sent === 0 ? null : tally.delivered / tally.sent;
}

/**
 * A rate as a percentage with one decimal, rounded down so that 100 % means every attempt: 1999 of 2000
 * is 99.9 %, never 100 %.
 * @example percent(0.99951) // '99.9 %'
 */
export function percent(rate: number): string {
  const tenths = Math.floor(rate * 1000 + 1e-9);
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)} %`;
}
