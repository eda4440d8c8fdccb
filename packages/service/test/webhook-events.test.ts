import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { uniqueKey, type TestService, type TestTenant } from './helpers.js';
import { startWithReceiver, type Receiver } from './receiver.js';
import { expectFits } from './schema-fit.js';
import { createMarket, fundedUser, operatorOpen, sessionFor } from './trading-helpers.js';
import { FakeClock } from '../src/lib/clock.js';
import { WEBHOOK_EVENTS } from '../src/http/webhook-events.js';

/**
 * The webhook events of the OpenAPI document (issue 15): every type the service sends is documented,
 * with an example that fits its own schema, and every body a real run delivers fits the documented one.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;
let receiver: Receiver;
let stop = async () => {};
let doc: any;

beforeAll(async () => {
  ({ service, tenant, receiver, stop } = await startWithReceiver(clock));
  doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
});
afterAll(() => stop());

const schemaOf = (event: string) => doc.webhooks[event].post.requestBody.content['application/json'];
const key = () => tenant.sandboxKey;
const post = (path: string, body: unknown, token = key()) =>
  service.api('sandbox', 'POST', path, { key: token, body, idempotencyKey: uniqueKey('events') });

/** A market with an open position from the operator and one from a widget session, which it also closes. */
async function tradedMarket(name: string) {
  const market = await createMarket(service, tenant);
  const user = await fundedUser(service, key(), name);
  await operatorOpen(service, key(), market, user, '5.00', 0);
  await operatorOpen(service, key(), market, user, '5.00', 1);
  const token = await sessionFor(service, key(), user);
  const trade = { market_slug: market.slug, outcome_id: market.outcomes[0]!.id, stake: '2.00', max_price: '1' };
  const opened = await post('/v1/positions', trade, token);
  expect(opened.status, opened.text).toBe(201);
  const closed = await post(`/v1/positions/${opened.json.id}/close`, { min_price: '0' }, token);
  expect(closed.status, closed.text).toBe(200);
  return { market, user };
}

describe('the webhook events in the OpenAPI document', () => {
  it('documents every event type with headers, a body schema and an example that fits it', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual(Object.keys(WEBHOOK_EVENTS).sort());
    for (const [event, item] of Object.entries<any>(doc.webhooks)) {
      const { schema, example } = schemaOf(event);
      expectFits(schema, example, event);
      expect(item.post.parameters.map((p: any) => p.name)).toEqual([
        'X-Webhook-Signature',
        'X-Webhook-Timestamp',
        'X-Webhook-Signature-V2',
        'X-Webhook-Event',
        'X-Webhook-Delivery',
      ]);
    }
  });

  it('describes every body a real run delivers, of all thirteen types', async () => {
    const first = await tradedMarket('resolve');
    const voided = await tradedMarket('void');
    const platform = (slug: string, action: string, body?: unknown) =>
      service.platform('POST', `/platform/v1/markets/${slug}/${action}`, body);
    const outcome = (n: number) => first.market.outcomes[n]!.id;
    // Resolved, corrected to the other outcome, then voided by a correction, then resolved again.
    expect((await platform(first.market.slug, 'resolve', { outcome_id: outcome(0) })).status).toBe(200);
    const corrections = [
      { status: 'resolved', outcome_id: outcome(1) },
      { status: 'voided' },
      { status: 'resolved', outcome_id: outcome(0) },
    ];
    for (const body of corrections) expect((await platform(first.market.slug, 'corrections', body)).status).toBe(200);
    expect((await platform(voided.market.slug, 'void')).status).toBe(200);
    // A limit order that fills at once, a report, and a balance the operator reports differently.
    const orderMarket = await createMarket(service, tenant);
    const order = await post('/v1/orders', {
      external_user_id: first.user,
      market_slug: orderMarket.slug,
      outcome_id: orderMarket.outcomes[0]!.id,
      stake: '3.00',
      limit_price: '0.9',
    });
    expect(order.json.status, order.text).toBe('filled');
    expect((await post('/v1/reports', { report_type: 'balances', format: 'json' })).status).toBe(202);
    const stale = await post('/v1/balance-sync', {
      external_user_id: voided.user,
      direction: 'debit',
      amount: '1.00',
      resulting_balance: '0.50',
    });
    expect(stale.status, stale.text).toBe(200);
    expect((await service.platform('POST', '/platform/v1/reconciliation/runs')).status).toBe(201);

    const types = new Set<string>();
    for (let i = 0; i < 150 && types.size < 13; i++) {
      await sleep(100);
      for (const received of receiver.received) types.add(received.json.event);
    }
    expect([...types].sort()).toEqual(Object.keys(WEBHOOK_EVENTS).sort());
    for (const { json, headers } of receiver.received) {
      expectFits(schemaOf(json.event).schema, json, json.event);
      expect(headers['x-webhook-event']).toBe(json.event);
    }
  }, 60_000);
});
