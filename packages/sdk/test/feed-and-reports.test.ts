import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  startTestService,
  uniqueKey,
  type TestService,
  type TestTenant,
} from '../../service/test/helpers.js';
import { createMarket, type TestMarket } from '../../service/test/trading-helpers.js';
import { generateReport } from '../../service/src/domains/reports/index.js';
import { FakeClock } from '../../service/src/lib/clock.js';
import { ApiError, createOperatorClient, isRetryable, type OperatorClient } from '../src/index.js';

/**
 * The feed, reports and error advice on a running service (issue 29). No job runner: a report stays
 * generating until the test generates it, so its not-ready state is there to see.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;
let market: TestMarket;
let pm: OperatorClient;

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
  market = await createMarket(service, tenant, { slug: uniqueKey('sdk-feed'), title: 'Feed' });
  pm = createOperatorClient({ baseUrl: service.urls.sandbox, credential: tenant.sandboxKey });
});
afterAll(() => service?.stop());

/** A funded user who opens `trades` positions of 1.00 in the widget. */
async function userWithTrades(trades: number): Promise<string> {
  const user = uniqueKey('feed-user');
  await pm.PUT('/v1/users/{external_user_id}', {
    params: { path: { external_user_id: user } },
    body: { status: 'active' },
  });
  const deposit = { external_user_id: user, direction: 'credit' as const, amount: '100.00' };
  expect(
    (await pm.POST('/v1/balance-sync', { params: { header: { 'idempotency-key': `deposit-${user}` } }, body: deposit }))
      .error,
  ).toBeUndefined();
  // A trade in the user's widget session: the operator hears of it as position.opened.
  const session = await pm.POST('/v1/widget/sessions', { body: { external_user_id: user } });
  const widget = createOperatorClient({ baseUrl: service.urls.sandbox, credential: session.data!.token });
  for (let i = 1; i <= trades; i++) {
    const body = {
      market_slug: market.slug,
      outcome_id: market.outcomes[0]!.id,
      stake: '1.00',
      max_price: '1',
    };
    const opened = await widget.POST('/v1/positions', {
      params: { header: { 'idempotency-key': `bet-${user}-${i}` } },
      body,
    });
    expect(opened.error).toBeUndefined();
  }
  return user;
}

/** Waits until the feed shows `count` events after `cursor`: an event shows once every older transaction ended. */
async function feedShows(count: number, cursor: string | null = null): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const polled = await pm.events.poll(cursor, { limit: 500 });
    if (polled.data!.events.length >= count) return;
    await sleep(50);
  }
  throw new Error(`the feed did not show ${count} events`);
}

describe('the event feed', () => {
  it('each() reads it to its end and stops; poll() then finds nothing new, then the next event', async () => {
    await userWithTrades(5);
    await feedShows(5);
    const seen: string[] = [];
    let requests = 0;
    for await (const e of pm.each((cursor) => {
      requests++;
      return pm.GET('/v1/events', { params: { query: { limit: 2, cursor } } });
    }))
      seen.push(e.event);
    expect(seen).toEqual(Array(5).fill('position.opened'));
    expect(requests).toBe(3);

    let cursor: string | null = null;
    for (;;) {
      const polled = await pm.events.poll(cursor, { limit: 2 });
      if (polled.error) throw polled.error;
      cursor = polled.data.cursor;
      if (!polled.data.more) break;
    }
    const idle = await pm.events.poll(cursor);
    expect(idle.data).toEqual({ events: [], cursor, more: false });
    await userWithTrades(1);
    await feedShows(1, cursor);
    const next = await pm.events.poll(cursor);
    expect(next.data!.events.map((e) => e.event)).toEqual(['position.opened']);
    expect(next.data!.cursor).not.toBe(cursor);
  });
});

describe('downloadReport', () => {
  it('streams a CSV report, says when it is not ready yet, and when it has expired', async () => {
    const user = await userWithTrades(1);
    const requested = await pm.POST('/v1/reports', { body: { report_type: 'balances', format: 'csv' } });
    const id = requested.data!.id;
    const waiting = await pm.downloadReport(id);
    expect(waiting.error).toMatchObject({ status: 409, code: 'state_conflict', details: { status: 'generating' } });
    expect(isRetryable(waiting.error)).toBe(false);

    await generateReport(service.system(), id);
    const ready = await pm.downloadReport(id);
    if (ready.error) throw ready.error;
    expect(ready.data).toMatchObject({ format: 'csv', filename: `balances-${id}.csv`, rows: expect.any(Number) });
    const chunks: Uint8Array[] = [];
    for await (const chunk of ready.data.chunks()) chunks.push(chunk);
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(csv.split('\r\n')[0]).toMatch(/external_user_id/);
    expect(csv).toContain(`${user},`);
    expect(await (await pm.downloadReport(id)).data!.text()).toBe(csv);

    const job = await pm.GET('/v1/reports/{id}', { params: { path: { id } } });
    clock.set(job.data!.expires_at!);
    const expired = await pm.downloadReport(id);
    expect(expired.error).toBeInstanceOf(ApiError);
    expect(expired.error).toMatchObject({ status: 410, code: 'report_expired', retry: 'no' });
    expect(expired.error!.action).toMatch(/new report/i);
  });

  it('says what to use when a report is read as JSON by the plain GET', async () => {
    const requested = await pm.POST('/v1/reports', { body: { report_type: 'balances', format: 'csv' } });
    await generateReport(service.system(), requested.data!.id);
    clock.set('2026-06-01T12:00:00.000Z');
    const plain = await pm.GET('/v1/reports/{id}/download', { params: { path: { id: requested.data!.id } } });
    expect(plain.error).toMatchObject({ status: 200, code: 'unexpected_response' });
    expect(plain.error!.message).toMatch(/text\/csv.*downloadReport/);
  });
});

describe('isRetryable and the action of a code', () => {
  const error = (status: number, code: string) => new ApiError(status, code, 'x', 'r', null, null, 'k');

  it('follows the catalog of the served document', () => {
    expect(isRetryable(error(409, 'idempotency_key_in_progress'))).toBe(true);
    expect(isRetryable(error(429, 'rate_limited'))).toBe(true);
    expect(isRetryable(error(500, 'internal_error'))).toBe(true);
    expect(isRetryable(error(409, 'would_overdraw'))).toBe(false);
    expect(error(409, 'would_overdraw').retry).toBe('new_key');
    expect(isRetryable(error(400, 'validation_failed'))).toBe(false);
    expect(error(400, 'idempotency_key_required').action).toMatch(/Idempotency-Key/);
  });

  it('sends a network error or a timeout again with the same key, and a newer code by its status', () => {
    expect(isRetryable(ApiError.network(new Error('ECONNRESET'), 'k', false))).toBe(true);
    expect(isRetryable(ApiError.network(new Error('timeout'), 'k', true))).toBe(true);
    expect(isRetryable(error(502, 'unexpected_response'))).toBe(true);
    expect(isRetryable(error(200, 'unexpected_response'))).toBe(false);
    expect(isRetryable(error(503, 'some_new_code'))).toBe(true);
    expect(isRetryable(error(409, 'some_new_code'))).toBe(false);
    expect(isRetryable(new Error('not an ApiError'))).toBe(false);
  });
});
