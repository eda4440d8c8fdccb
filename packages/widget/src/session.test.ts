import { describe, expect, it, vi } from 'vitest';
import { refreshDelay, RETRY_DELAYS_MS, SessionKeeper, type RefreshOutcome, type Timers } from './session.js';

/** A token whose payload expires at `expMs` (the widget reads exp, it never verifies: the server does). */
const tokenExpiring = (expMs: number, n = 0, iatMs?: number) =>
  `h.${btoa(JSON.stringify({ exp: expMs / 1000, n, iat: iatMs === undefined ? undefined : iatMs / 1000 })).replace(/=+$/, '')}.s`;

function fakeTimers(start = 1_000_000) {
  let now = start;
  const pending = new Map<number, { at: number; run: () => void }>();
  let id = 0;
  const timers: Timers = {
    now: () => now,
    setTimeout: (run, ms) => {
      pending.set(++id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  };
  const advance = async (ms: number) => {
    const until = now + ms;
    for (;;) {
      const next = [...pending.entries()].sort((a, b) => a[1].at - b[1].at).find(([, t]) => t.at <= until);
      if (!next) break;
      pending.delete(next[0]);
      now = next[1].at;
      next[1].run();
      await new Promise((r) => setTimeout(r, 0));
    }
    now = until;
  };
  return { timers, advance, pending };
}

describe('refreshDelay', () => {
  it('waits until 5 minutes remain, and not at all after that', () => {
    expect(refreshDelay(15 * 60_000, 0)).toBe(10 * 60_000);
    expect(refreshDelay(5 * 60_000, 0)).toBe(0);
    expect(refreshDelay(60_000, 0)).toBe(0);
  });
});

describe('SessionKeeper', () => {
  it('lets a token whose whole life is in the refresh window run out, then ends the session', async () => {
    const { timers, advance } = fakeTimers(0);
    const refresh = vi.fn(async (): Promise<RefreshOutcome> => ({ ok: false, unauthorized: true }));
    const expired = vi.fn();
    // A short sandbox session (ttl_seconds 60): issued at 0, expiring at 60 s.
    const keeper = new SessionKeeper(tokenExpiring(60_000, 0, 0), refresh, expired, timers);
    await advance(60_000 - 1);
    expect(refresh).not.toHaveBeenCalled();
    await advance(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(keeper.isExpired()).toBe(true);
  });

  it('refreshes when 5 minutes remain, and again for the new token', async () => {
    const { timers, advance } = fakeTimers(0);
    const refresh = vi.fn(async (): Promise<RefreshOutcome> => ({
      ok: true,
      token: tokenExpiring(timers.now() + 15 * 60_000, 1),
    }));
    const keeper = new SessionKeeper(tokenExpiring(15 * 60_000), refresh, () => {}, timers);
    await advance(10 * 60_000 - 1);
    expect(refresh).not.toHaveBeenCalled();
    await advance(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(keeper.current()).toContain('.');
    await advance(10 * 60_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    keeper.stop();
  });

  it('retries a failed refresh with short waits, then succeeds', async () => {
    const { timers, advance } = fakeTimers(0);
    const outcomes: RefreshOutcome[] = [
      { ok: false, unauthorized: false },
      { ok: false, unauthorized: false },
      { ok: true, token: tokenExpiring(30 * 60_000) },
    ];
    const refresh = vi.fn(async () => outcomes.shift()!);
    const expired = vi.fn();
    const keeper = new SessionKeeper(tokenExpiring(5 * 60_000), refresh, expired, timers);
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    await advance(RETRY_DELAYS_MS[0]);
    expect(refresh).toHaveBeenCalledTimes(2);
    await advance(RETRY_DELAYS_MS[1]);
    expect(refresh).toHaveBeenCalledTimes(3);
    expect(expired).not.toHaveBeenCalled();
    expect(keeper.isExpired()).toBe(false);
    keeper.stop();
  });

  it('enters the expired state on 401 and reports it once, even when asked again', async () => {
    const { timers, advance } = fakeTimers(0);
    const refresh = vi.fn(async (): Promise<RefreshOutcome> => ({ ok: false, unauthorized: true }));
    const expired = vi.fn();
    const keeper = new SessionKeeper(tokenExpiring(60_000), refresh, expired, timers);
    await advance(0);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(keeper.current()).toBeNull();
    expect(await keeper.renewNow()).toBe(false);
    await advance(60 * 60_000);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('drops the token and every timer on stop', async () => {
    const { timers, advance, pending } = fakeTimers(0);
    const refresh = vi.fn(async (): Promise<RefreshOutcome> => ({ ok: true, token: 'x.y.z' }));
    const keeper = new SessionKeeper(tokenExpiring(15 * 60_000), refresh, () => {}, timers);
    keeper.stop();
    expect(keeper.current()).toBeNull();
    expect(pending.size).toBe(0);
    await advance(60 * 60_000);
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('SessionKeeper at the cap', () => {
  it('does not refresh in a loop when the refresh cannot extend the token, and ends at its expiry', async () => {
    const { timers, advance } = fakeTimers(0);
    const capped = tokenExpiring(60_000);
    const outcomes: RefreshOutcome[] = [
      { ok: true, token: capped },
      { ok: false, unauthorized: true },
    ];
    const refresh = vi.fn(async () => outcomes.shift()!);
    const expired = vi.fn();
    new SessionKeeper(capped, refresh, expired, timers);
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    await advance(59_999);
    expect(refresh).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(expired).toHaveBeenCalledTimes(1);
  });
});
