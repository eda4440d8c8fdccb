import { expect } from 'vitest';
import type { Bucket } from '../src/domains/rate-limits/index.js';
import type { WindowStore } from '../src/http/window-store.js';
import type { FakeClock } from '../src/lib/clock.js';
import { createTenant, expectEnvelope, type Response, type TestService } from './helpers.js';
import { fundedUser, sessionFor } from './trading-helpers.js';

/**
 * What a client that obeys Retry-After gets, alone or with others sharing its bucket, and what one that
 * hammers gets (docs/operator-api.md "Rate limits" and model/refusals.ts: a refused request is not counted
 * when it comes at or after the Retry-After its bucket last gave, or redeems one the bucket gave earlier
 * that is now due).
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
 * A WindowStore asked directly (memory-window-store.ts, or redis-window-store.ts in one script a call):
 * each given Retry-After is redeemed once, by a refusal that comes before the bucket's last instant, from
 * its second until REDEEM_WITHIN_S after it; refusals that come together each redeem a different one.
 * `tag` must be new to the store (each call makes its buckets under it).
 */
export async function expectStoreRedeemsEachOnce(store: WindowStore, tag: string): Promise<void> {
  const t0 = Date.parse('2026-06-01T12:00:00.000Z');
  const take = (bucket: Bucket, at: number) => store.take(tag, [bucket], at);
  const used = async (bucket: Bucket, at: number) => (await store.used(tag, [bucket], at))[0];
  const times = async (n: number, bucket: Bucket, at: number) => {
    for (let i = 0; i < n; i++) expect((await take(bucket, at)).limited).toBe(false);
  };

  // Limit 3: three refusals after the budget, each told to come back when 12:00:00 leaves (12:01:00).
  const span = { key: `saved_markets:${tag}:sandbox:u:span`, limit: 3 };
  await times(3, span, t0);
  for (const at of [t0 + 100, t0 + 200, t0 + 300]) {
    expect(await take(span, at)).toMatchObject({ limited: true, retryAfterSeconds: 60 });
  }
  // The first was not counted (no Retry-After before it), the next two were (they came before it).
  expect(await used(span, t0 + 300)).toBe(5);
  // Others take the room at 12:01:00 (the window is 12:00:01 … 12:01:00, empty); the refused come back:
  // each before the bucket's last instant, each redeeming one of the three (not counted)…
  await times(3, span, t0 + 60_000);
  expect((await take(span, t0 + 60_050)).limited).toBe(true);
  expect((await take(span, t0 + 62_999)).limited).toBe(true);
  expect(await used(span, t0 + 62_999)).toBe(3);
  // …but the third only within 2 s of its second: at 12:01:03 it is past, and the refusal counts.
  expect((await take(span, t0 + 63_000)).limited).toBe(true);
  expect(await used(span, t0 + 63_000)).toBe(4);

  // Limit 5: five Retry-Afters fall due at 12:01:00; ten refusals at once there, five of them redeem.
  const together = { key: `saved_markets:${tag}:sandbox:u:together`, limit: 5 };
  await times(5, together, t0);
  for (let i = 1; i <= 5; i++) expect((await take(together, t0 + i * 100)).limited).toBe(true);
  expect(await used(together, t0 + 500)).toBe(9);
  await times(5, together, t0 + 60_000);
  const answers = await Promise.all(Array.from({ length: 10 }, () => take(together, t0 + 60_100)));
  expect(answers.every((a) => a.limited)).toBe(true);
  expect(await used(together, t0 + 60_100)).toBe(10);
}

/**
 * Two users of one tenant spend their 20 at one instant. The quiet one waits out its Retry-After; the
 * other retries at once, 20 times, then once a second: it stays refused, each Retry-After pointing no
 * earlier than the one before, and is still refused when the quiet one passes (docs/operator-api.md, "Rate limits":
 * what counts).
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
