import { expect } from 'vitest';
import type { FakeClock } from '../src/lib/clock.js';
import { createTenant, expectEnvelope, type Response, type TestService } from './helpers.js';
import { fundedUser, sessionFor } from './trading-helpers.js';

/**
 * What a client that obeys Retry-After gets, and what one that hammers gets (decisions part 5: a refused
 * request counts only when it comes before the Retry-After its bucket last gave). Shared by the tests with
 * the counters in memory (rate-limits.test.ts) and in Redis (rate-limits-redis.test.ts); each call makes
 * its own tenant and users, on saved_markets (20 a minute per end user).
 */
async function readers(service: TestService, count: number): Promise<Array<() => Promise<Response>>> {
  const tenant = await createTenant(service);
  const readers = [];
  for (let i = 0; i < count; i++) {
    const token = await sessionFor(service, tenant.sandboxKey, await fundedUser(service, tenant.sandboxKey, 'rl-fair'));
    readers.push(() => service.api('sandbox', 'GET', '/v1/widget/saved-markets', { key: token }));
  }
  return readers;
}

const retryAfterOf = (refused: Response): number => {
  expectEnvelope(refused, 'rate_limited', 429);
  return Number(refused.headers.get('retry-after'));
};

/**
 * Reads for five minutes, the next 100 ms after each pass and exactly when Retry-After says after each
 * refusal: once steady, 20 in some 60 s spans and never fewer than 18 (it got 10 while every refusal
 * counted). Not 20 in all: Retry-After is whole seconds rounded up, so the client comes a little later
 * than the instant the next request could pass, and loses that time.
 */
export async function expectWaitingKeepsTheWholeBudget(service: TestService, clock: FakeClock): Promise<void> {
  const [read] = await readers(service, 1);
  const start = clock.now().getTime();
  const passed: number[] = [];
  while (clock.now().getTime() < start + 5 * 60_000) {
    const answer = await read!();
    if (answer.status === 200) {
      passed.push(clock.now().getTime());
      clock.advance(100);
    } else {
      clock.advance(retryAfterOf(answer) * 1000);
    }
  }
  const spans: number[] = [];
  for (let from = start + 60_000; from + 60_000 <= start + 5 * 60_000; from += 1_000) {
    spans.push(passed.filter((at) => at >= from && at < from + 60_000).length);
  }
  expect(Math.min(...spans)).toBeGreaterThanOrEqual(18);
  expect(Math.max(...spans)).toBe(20);
}

/**
 * Two users of one tenant spend their 20 at one instant. The quiet one waits out its Retry-After; the
 * other retries at once, 20 times, then once a second: it stays refused, each Retry-After pointing no
 * earlier than the one before, and is still refused when the quiet one passes (spec 8.1 rule 6).
 */
export async function expectHammeringStaysRefused(service: TestService, clock: FakeClock): Promise<void> {
  const [quiet, hammering] = await readers(service, 2);
  for (const read of [quiet!, hammering!]) {
    for (let i = 0; i < 20; i++) expect((await read()).status).toBe(200);
  }
  const wait = retryAfterOf(await quiet!());
  const pointsTo: number[] = [];
  const hammer = async () => pointsTo.push(clock.now().getTime() + retryAfterOf(await hammering!()) * 1000);
  for (let i = 0; i < 20; i++) await hammer();
  const startedAt = clock.now().getTime();
  while (clock.now().getTime() + 1_000 < startedAt + wait * 1000) {
    clock.advance(1_000);
    await hammer();
  }
  expect(pointsTo.every((at, i) => i === 0 || at >= pointsTo[i - 1]!)).toBe(true);
  expect(pointsTo.at(-1)! - pointsTo[0]!).toBeGreaterThan(30_000);
  clock.set(new Date(startedAt + wait * 1000));
  expect((await quiet!()).status).toBe(200);
  await hammer();
}
