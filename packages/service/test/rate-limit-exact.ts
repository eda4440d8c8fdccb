import { expect } from 'vitest';
import type { FakeClock } from '../src/lib/clock.js';
import { burst, createTenant, expectEnvelope, registerUser, sync, uniqueKey, type TestService } from './helpers.js';

/**
 * The window counted exactly (docs/operator-api.md "Rate limits"), with the counters in memory or in Redis,
 * shared by the services given (one store): 300 syncs at 12:00:59.x and 150 at 12:01:00.x fill the 450 of
 * balance_sync, so the 451st is refused (an estimate from two fixed windows let it through), with a
 * Retry-After of 59, until 12:00:59 has left the window; obeyed, the request passes. Requests go to the
 * services in turn. Moves the clock on by a few minutes.
 */
export async function expectExactAcrossMinute(services: readonly TestService[], clock: FakeClock): Promise<void> {
  clock.advance(3 * 60_000 - (clock.now().getTime() % 60_000));
  const minute = clock.now().getTime();
  const tenant = await createTenant(services[0]!);
  await registerUser(services[0]!, tenant.sandboxKey, 'rl-exact');
  const body = { external_user_id: 'rl-exact', direction: 'credit', amount: '0.01' };
  let turn = 0;
  const send = (key = uniqueKey()) => sync(services[turn++ % services.length]!, tenant.sandboxKey, body, key);
  const passing = async (n: number) => {
    const answers = await burst(n, () => send());
    expect([...new Set(answers.map((a) => a.status))]).toEqual([200]);
    return answers;
  };

  clock.set(new Date(minute + 59_300));
  await passing(300);
  clock.set(new Date(minute + 60_200));
  const [first] = await passing(1);
  // 301 counted; the oldest, at 12:00:59, leaves the window 59 s from 12:01:00.
  expect(first!.headers.get('ratelimit-remaining')).toBe('149');
  expect(first!.headers.get('ratelimit-reset')).toBe('59');
  await passing(149);

  const key = uniqueKey();
  const refused = await send(key);
  expectEnvelope(refused, 'rate_limited', 429);
  expect(refused.headers.get('retry-after')).toBe('59');
  expect(refused.headers.get('ratelimit-reset')).toBe('59');
  expect(refused.headers.get('ratelimit-remaining')).toBe('0');
  // Still refused in the last second 12:00:59 is in the window; obeyed, at 12:01:59.2, it passes.
  clock.set(new Date(minute + 118_999));
  expectEnvelope(await send(), 'rate_limited', 429);
  clock.set(new Date(minute + 119_200));
  const obeyed = await send(key);
  expect(obeyed.status, obeyed.text).toBe(200);
  expect(obeyed.json.balance).toBe('4.51');
}
