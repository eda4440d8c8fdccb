/**
 * A mint can race a suspension: its API key was read just before the suspension committed, and its token
 * is signed a moment after. Sessions are therefore ended up to a little after the suspension's time, so
 * such a token is refused too once the tenant is reactivated; the price is that sessions minted within
 * that margin after a reactivation as quick as that are refused as well (the operator mints again).
 */
export const RACING_MINT_MS = 2_000;

/** From when a suspended tenant's widget sessions may be issued again (tokens issued up to it stay refused). */
export function sessionsNotBeforeOf(suspendedAt: Date): Date {
  return new Date(suspendedAt.getTime() + RACING_MINT_MS);
}
