import { expect } from 'vitest';
import type { RefusalStore } from '../src/http/refusal-store.js';
import type { FakeClock } from '../src/lib/clock.js';
import { createTenant, expectEnvelope, type Response, type TestService } from './helpers.js';
import { fundedUser, sessionFor } from './trading-helpers.js';

/**
 * What a client that obeys Retry-After gets, alone or with others sharing its bucket, and what one that
 * hammers gets (decisions part 5 and model/refusals.ts: a refused request is not counted when it comes at
 * or after the Retry-After its bucket last gave, or redeems one the bucket gave earlier that is now due).
 * Shared by the tests with the counters in memory (rate-limits.test.ts) and in Redis
 * (rate-limits-redis.test.ts); each call makes its own tenant and users, on saved_markets (20 a minute
 * per end user).
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
 * A dozen clients of one widget user (each with a session of its own, as the fault harness replays), on
 * the user's one saved_markets bucket, each reading again 100 ms after a pass and exactly when Retry-After
 * says after a refusal, for five minutes: together at least 16 of the 20 in every 60 s span after the
 * first minute. (With only the bucket's last Retry-After excusing a refusal they got none: whichever was
 * refused last moved it later, and the others, coming before it, were counted.)
 */
export async function expectSharedWaitingKeepsTheBudget(
  service: TestService,
  clock: FakeClock,
  count = 12,
): Promise<void> {
  const tenant = await createTenant(service);
  const user = await fundedUser(service, tenant.sandboxKey, 'rl-shared');
  const start = clock.now().getTime();
  const clients = [];
  for (let i = 0; i < count; i++) {
    const token = await sessionFor(service, tenant.sandboxKey, user);
    const read = () => service.api('sandbox', 'GET', '/v1/widget/saved-markets', { key: token });
    clients.push({ read, next: start + i });
  }
  const passed: number[] = [];
  for (;;) {
    const client = clients.reduce((a, b) => (b.next < a.next ? b : a));
    if (client.next >= start + 5 * 60_000) break;
    clock.set(new Date(client.next));
    const answer = await client.read();
    const now = clock.now().getTime();
    if (answer.status === 200) passed.push(now);
    client.next = answer.status === 200 ? now + 100 : now + retryAfterOf(answer) * 1000;
  }
  const spans: number[] = [];
  for (let from = start + 60_000; from + 60_000 <= start + 5 * 60_000; from += 1_000) {
    spans.push(passed.filter((at) => at >= from && at < from + 60_000).length);
  }
  expect(Math.min(...spans)).toBeGreaterThanOrEqual(16);
  clock.set(new Date(start + 5 * 60_000));
}

/**
 * The store of what buckets remember of their refusals (http/refusal-store.ts), asked directly: the last
 * instant, and each given Retry-After redeemable once, from its second until REDEEM_WITHIN_S after it,
 * and only by a refusal that came before the last instant.
 */
export async function expectRefusalStoreRedeemsOnce(store: RefusalStore, bucket: string): Promise<void> {
  const t0 = Date.parse('2026-06-01T12:00:00.000Z');
  expect(await store.recall(bucket, t0)).toEqual({ retryAtMs: null, redeemed: false });
  await store.remember(bucket, t0 + 63_000, t0);
  await store.remember(bucket, t0 + 66_000, t0 + 1_000);
  // Before 63 s nothing is due; at 63.5 s one is, once.
  expect(await store.recall(bucket, t0 + 62_999)).toEqual({ retryAtMs: t0 + 66_000, redeemed: false });
  expect(await store.recall(bucket, t0 + 63_500)).toEqual({ retryAtMs: t0 + 66_000, redeemed: true });
  expect(await store.recall(bucket, t0 + 63_600)).toEqual({ retryAtMs: t0 + 66_000, redeemed: false });
  // Two given for 70 s, the last instant now 70.2 s; at or after it none is redeemed (none needs to be).
  await store.remember(bucket, t0 + 70_100, t0 + 2_000);
  await store.remember(bucket, t0 + 70_200, t0 + 3_000);
  expect(await store.recall(bucket, t0 + 70_200)).toEqual({ retryAtMs: t0 + 70_200, redeemed: false });
  await store.remember(bucket, t0 + 80_000, t0 + 70_200);
  // 66 s is more than 2 s old at 70 s: gone; the two of 70 s are redeemed, then there is none.
  expect(await store.recall(bucket, t0 + 71_000)).toEqual({ retryAtMs: t0 + 80_000, redeemed: true });
  expect(await store.recall(bucket, t0 + 72_999)).toEqual({ retryAtMs: t0 + 80_000, redeemed: true });
  expect(await store.recall(bucket, t0 + 72_999)).toEqual({ retryAtMs: t0 + 80_000, redeemed: false });
  // Concurrent refusals each redeem a different one: five given for 90 s, ten asking at once.
  for (let i = 0; i < 5; i++) await store.remember(bucket, t0 + 90_000 + i, t0 + 80_000);
  await store.remember(bucket, t0 + 99_000, t0 + 80_000);
  const asked = await Promise.all(Array.from({ length: 10 }, () => store.recall(bucket, t0 + 90_500)));
  expect(asked.filter((a) => a.redeemed)).toHaveLength(5);
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
