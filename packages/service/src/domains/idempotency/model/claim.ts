/** What a stored key row means for a new request carrying that key (pure; time passed in). */
export type Claim =
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'reused' }
  | { kind: 'in_progress'; retryAfterSeconds: number };

export interface StoredKey {
  requestHash: Buffer;
  state: 'in_progress' | 'done';
  lockedUntil: Date;
  createdAt: Date;
  responseStatus: number | null;
  responseBody: string | null;
}

/** A reservation older than this is presumed to belong to a request whose outcome is unknown. */
const PRESUMED_LOST_MS = 2_000;

export function claimOf(stored: StoredKey, requestHash: Buffer, now: Date): Claim {
  if (!stored.requestHash.equals(requestHash)) return { kind: 'reused' };
  if (stored.state === 'done') return { kind: 'replay', status: stored.responseStatus!, body: stored.responseBody! };
  const age = now.getTime() - stored.createdAt.getTime();
  const remaining = Math.ceil((stored.lockedUntil.getTime() - now.getTime()) / 1000);
  return { kind: 'in_progress', retryAfterSeconds: age < PRESUMED_LOST_MS ? 1 : Math.max(1, remaining) };
}
