import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { claimOf, type StoredKey } from './claim.js';

const HASH = Buffer.alloc(32, 1);
const OTHER_HASH = Buffer.alloc(32, 2);
const CREATED = new Date('2025-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(CREATED.getTime() + ms);

function stored(overrides: Partial<StoredKey> = {}): StoredKey {
  return {
    requestHash: HASH,
    state: 'in_progress',
    createdAt: CREATED,
    lockedUntil: at(30_000),
    responseStatus: null,
    responseBody: null,
    ...overrides,
  };
}

const done = (status: number, body: string) => stored({ state: 'done', responseStatus: status, responseBody: body });

describe('claimOf', () => {
  it('answers reused when the stored fingerprint differs, whatever the state of the key', () => {
    expect(claimOf(stored(), OTHER_HASH, at(100))).toEqual({ kind: 'reused' });
    expect(claimOf(stored(), OTHER_HASH, at(10_000))).toEqual({ kind: 'reused' });
    expect(claimOf(done(200, '{"balance":"1.00"}'), OTHER_HASH, at(100))).toEqual({ kind: 'reused' });
    // A fingerprint that differs only in its last byte is still another request.
    const almost = Buffer.from(HASH);
    almost[31] = 0;
    expect(claimOf(done(200, '{}'), almost, at(100))).toEqual({ kind: 'reused' });
  });

  it('replays the stored status and body of a done key, however old', () => {
    const body = '{"transaction_id":"6b1c","balance":"59.50"}';
    expect(claimOf(done(200, body), HASH, at(5))).toEqual({ kind: 'replay', status: 200, body });
    expect(claimOf(done(409, '{"error":"would_overdraw"}'), HASH, at(90 * 86_400_000))).toEqual({
      kind: 'replay',
      status: 409,
      body: '{"error":"would_overdraw"}',
    });
  });

  it('replays any stored answer byte for byte, compared by hash contents rather than identity', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        fc.string(),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.nat(),
        (status, body, bytes, later) => {
          const key = stored({
            requestHash: Buffer.from(bytes),
            state: 'done',
            responseStatus: status,
            responseBody: body,
          });
          expect(claimOf(key, Buffer.from(bytes), at(later))).toEqual({ kind: 'replay', status, body });
        },
      ),
    );
  });

  it('asks a fresh in-progress key to retry after 1 second, even with a long lock left', () => {
    expect(claimOf(stored(), HASH, at(0))).toEqual({ kind: 'in_progress', retryAfterSeconds: 1 });
    expect(claimOf(stored(), HASH, at(500))).toEqual({ kind: 'in_progress', retryAfterSeconds: 1 });
    expect(claimOf(stored(), HASH, at(1_999))).toEqual({ kind: 'in_progress', retryAfterSeconds: 1 });
  });

  it('asks for the remaining lock seconds, rounded up, once the reservation is 2 seconds old', () => {
    expect(claimOf(stored(), HASH, at(2_000))).toEqual({ kind: 'in_progress', retryAfterSeconds: 28 });
    expect(claimOf(stored(), HASH, at(5_000))).toEqual({ kind: 'in_progress', retryAfterSeconds: 25 });
    expect(claimOf(stored(), HASH, at(5_500))).toEqual({ kind: 'in_progress', retryAfterSeconds: 25 });
    expect(claimOf(stored(), HASH, at(28_999))).toEqual({ kind: 'in_progress', retryAfterSeconds: 2 });
    expect(claimOf(stored(), HASH, at(29_900))).toEqual({ kind: 'in_progress', retryAfterSeconds: 1 });
  });

  it('never asks for less than 1 second, even when the lock has run out', () => {
    expect(claimOf(stored(), HASH, at(30_000))).toEqual({ kind: 'in_progress', retryAfterSeconds: 1 });
    expect(claimOf(stored(), HASH, at(45_000))).toEqual({ kind: 'in_progress', retryAfterSeconds: 1 });
  });

  it('always answers a whole number of seconds between 1 and the lock remaining (rounded up)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60_000 }), fc.integer({ min: 0, max: 120_000 }), (lockMs, nowMs) => {
        const claim = claimOf(stored({ lockedUntil: at(lockMs) }), HASH, at(nowMs));
        if (claim.kind !== 'in_progress') throw new Error(`expected in_progress, got ${claim.kind}`);
        expect(Number.isInteger(claim.retryAfterSeconds)).toBe(true);
        expect(claim.retryAfterSeconds).toBeGreaterThanOrEqual(1);
        if (nowMs < 2_000) expect(claim.retryAfterSeconds).toBe(1);
        else {
          expect(claim.retryAfterSeconds).toBe(Math.max(1, Math.ceil((lockMs - nowMs) / 1000)));
          // Retrying after that many seconds lands at or after the end of the lock (or it has ended).
          expect(nowMs + claim.retryAfterSeconds * 1000 >= lockMs).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
