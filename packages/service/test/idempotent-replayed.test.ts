import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { createMarket, fundedUser, sessionFor, type TestMarket } from './trading-helpers.js';
import {
  call,
  createTenant,
  expectEnvelope,
  startTestService,
  uniqueKey,
  type CallOptions,
  type Response,
  type TestService,
  type TestTenant,
} from './helpers.js';

/** A replayed keyed answer carries Idempotent-Replayed: true, its body the first one's. */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
const SHOP = 'https://shop.example.com';
let service: TestService;
let tenant: TestTenant;
let market: TestMarket;

const replayed = (res: Response) => res.headers.get('idempotent-replayed');

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
  market = await createMarket(service, tenant);
  const origins = await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/environments/sandbox`, {
    allowed_origins: [SHOP],
  });
  expect(origins.status, origins.text).toBe(200);
});
afterAll(() => service.stop());

/**
 * Sends a keyed request twice with one key: the first answer has no header, the second is the same status
 * and bytes with Idempotent-Replayed: true. Returns the first answer.
 */
async function expectReplayed(path: string, options: CallOptions, status: number): Promise<Response> {
  const send = () => service.api('sandbox', 'POST', path, { key: tenant.sandboxKey, ...options });
  const first = await send();
  expect(first.status, first.text).toBe(status);
  expect(replayed(first), `${path}: a first answer`).toBeNull();
  const again = await send();
  expect(again.status, `${path}: the replay`).toBe(status);
  expect(replayed(again), `${path}: the replay`).toBe('true');
  expect(again.text).toBe(first.text);
  expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
  // A third send is a replay too, of the same first answer.
  const third = await send();
  expect(replayed(third)).toBe('true');
  expect(third.text).toBe(first.text);
  return first;
}

describe('Idempotent-Replayed', () => {
  it('marks replays of a balance sync, and of its stored 409 would_overdraw refusal', async () => {
    const user = await fundedUser(service, tenant.sandboxKey, 'sync', '10.00');
    const credit = { external_user_id: user, direction: 'credit', amount: '5.00' };
    await expectReplayed('/v1/balance-sync', { body: credit, idempotencyKey: uniqueKey('sync') }, 200);
    const debit = { external_user_id: user, direction: 'debit', amount: '50.00' };
    const refused = await expectReplayed('/v1/balance-sync', { body: debit, idempotencyKey: uniqueKey('sync') }, 409);
    expectEnvelope(refused, 'would_overdraw', 409);
  });

  it('marks a replayed batch, but not a new batch whose items replay their own keys', async () => {
    const user = await fundedUser(service, tenant.sandboxKey, 'batch');
    const items = [
      { idempotency_key: uniqueKey('item'), external_user_id: user, direction: 'credit', amount: '1.00' },
      { idempotency_key: uniqueKey('item'), external_user_id: user, direction: 'debit', amount: '9999.00' },
    ];
    const first = await expectReplayed(
      '/v1/balance-sync/batch',
      { body: { items }, idempotencyKey: uniqueKey('batch') },
      200,
    );
    const fresh = await service.api('sandbox', 'POST', '/v1/balance-sync/batch', {
      key: tenant.sandboxKey,
      body: { items },
      idempotencyKey: uniqueKey('batch'),
    });
    expect(fresh.status).toBe(200);
    expect(replayed(fresh)).toBeNull();
    expect(fresh.text).toBe(first.text);
  });

  it('marks replays of a position open and close and of an order placement', async () => {
    const user = await fundedUser(service, tenant.sandboxKey, 'trade');
    const opened = await expectReplayed(
      '/v1/positions',
      {
        body: {
          external_user_id: user,
          market_slug: market.slug,
          outcome_id: market.outcomes[0]!.id,
          stake: '2.00',
          max_price: '1',
        },
        idempotencyKey: uniqueKey('open'),
      },
      201,
    );
    await expectReplayed(
      `/v1/positions/${opened.json.id}/close`,
      { body: { min_price: '0' }, idempotencyKey: uniqueKey('close') },
      200,
    );
    await expectReplayed(
      '/v1/orders',
      {
        body: {
          external_user_id: user,
          market_slug: market.slug,
          outcome_id: market.outcomes[1]!.id,
          stake: '1.00',
          limit_price: '0.01',
        },
        idempotencyKey: uniqueKey('order'),
      },
      201,
    );
  });

  it('marks replays of a report request and a support ticket (keyed work outside the engine)', async () => {
    await expectReplayed(
      '/v1/reports',
      { body: { report_type: 'balances', format: 'json' }, idempotencyKey: uniqueKey('report') },
      202,
    );
    await expectReplayed(
      '/v1/support-tickets',
      { body: { subject: 'Replays', body: 'Is this marked?' }, idempotencyKey: uniqueKey('ticket') },
      201,
    );
  });

  it('marks replays of a test event and of the sandbox test markets’ create, resolve, void and corrections', async () => {
    const settings = await service.api('sandbox', 'PUT', '/v1/tenant/settings', {
      key: tenant.sandboxKey,
      body: { webhook_url: 'https://hooks.example.com/pm' },
    });
    expect(settings.status, settings.text).toBe(200);
    const secret = await service.api('sandbox', 'POST', '/v1/tenant/webhook-secret', { key: tenant.sandboxKey });
    expect(secret.status, secret.text).toBe(201);
    expect(replayed(secret)).toBeNull();
    await expectReplayed(
      '/v1/webhooks/test',
      { body: { event: 'position.settled' }, idempotencyKey: uniqueKey('test-event') },
      202,
    );

    const create = (title: string) =>
      expectReplayed(
        '/v1/sandbox/markets',
        { body: { title, outcomes: ['Yes', 'No'] }, idempotencyKey: uniqueKey('test-market') },
        201,
      );
    const resolved = (await create('Resolved in the sandbox')).json;
    await expectReplayed(
      `/v1/sandbox/markets/${resolved.slug}/resolve`,
      { body: { outcome_id: resolved.outcomes[0].id }, idempotencyKey: uniqueKey('resolve') },
      200,
    );
    await expectReplayed(
      `/v1/sandbox/markets/${resolved.slug}/corrections`,
      { body: { status: 'resolved', outcome_id: resolved.outcomes[1].id }, idempotencyKey: uniqueKey('correct') },
      200,
    );
    const voided = (await create('Voided in the sandbox')).json;
    await expectReplayed(`/v1/sandbox/markets/${voided.slug}/void`, { idempotencyKey: uniqueKey('void') }, 200);
  });

  it('never marks a refusal that spends no key, a reused key or a key in progress', async () => {
    const user = await fundedUser(service, tenant.sandboxKey, 'unspent', '1.00');
    const key = uniqueKey('open');
    const body = {
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: market.outcomes[0]!.id,
      stake: '5.00',
      max_price: '1',
    };
    const send = (b: object) =>
      service.api('sandbox', 'POST', '/v1/positions', { key: tenant.sandboxKey, body: b, idempotencyKey: key });
    for (const res of [await send(body), await send(body)]) {
      expectEnvelope(res, 'would_overdraw', 409);
      expect(replayed(res)).toBeNull();
    }
    const credited = await service.api('sandbox', 'POST', '/v1/balance-sync', {
      key: tenant.sandboxKey,
      body: { external_user_id: user, direction: 'credit', amount: '10.00' },
      idempotencyKey: uniqueKey('sync'),
    });
    expect(credited.status).toBe(200);
    const opened = await send(body);
    expect(opened.status, opened.text).toBe(201);
    expect(replayed(opened)).toBeNull();
    const reused = await send({ ...body, stake: '6.00' });
    expectEnvelope(reused, 'idempotency_key_reused', 422);
    expect(replayed(reused)).toBeNull();
    expect(replayed(await send(body))).toBe('true');

    const syncKey = uniqueKey('sync');
    const sync = () =>
      service.api('sandbox', 'POST', '/v1/balance-sync', {
        key: tenant.sandboxKey,
        body: { external_user_id: user, direction: 'credit', amount: '1.00' },
        idempotencyKey: syncKey,
      });
    const answers = await Promise.all([sync(), sync(), sync()]);
    for (const res of answers.filter((r) => r.status === 409)) {
      expectEnvelope(res, 'idempotency_key_in_progress', 409);
      expect(replayed(res)).toBeNull();
    }
    expect(answers.filter((r) => r.status === 200 && replayed(r) === null).length).toBeLessThanOrEqual(1);
  });

  it('marks a session token’s replay, and a listed origin may read the header', async () => {
    const user = await fundedUser(service, tenant.sandboxKey, 'widget');
    const token = await sessionFor(service, tenant.sandboxKey, user);
    const key = uniqueKey('widget-open');
    const send = () =>
      call(service.urls.sandbox, 'POST', '/v1/positions', {
        key: token,
        idempotencyKey: key,
        headers: { origin: SHOP },
        body: { market_slug: market.slug, outcome_id: market.outcomes[0]!.id, stake: '1.00', max_price: '1' },
      });
    const first = await send();
    expect(first.status, first.text).toBe(201);
    expect(replayed(first)).toBeNull();
    const again = await send();
    expect(again.text).toBe(first.text);
    expect(replayed(again)).toBe('true');
    expect(again.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(again.headers.get('access-control-expose-headers')).toContain('Idempotent-Replayed');
  });

  it('is documented on the answers of every keyed route, and only there', async () => {
    const doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
    const keyed: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const takesKey = (operation.parameters ?? []).some(
          (p: any) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key',
        );
        const responses = Object.entries(operation.responses as Record<string, any>);
        const marked = responses.filter(([, r]) => r.headers?.['Idempotent-Replayed']).map(([status]) => status);
        if (!takesKey) {
          expect(marked, `${method} ${path}`).toEqual([]);
          continue;
        }
        keyed.push(`${method.toUpperCase()} ${path}`);
        const successes = responses.map(([status]) => status).filter((s) => s.startsWith('2'));
        for (const status of successes) expect(marked, `${method} ${path}`).toContain(status);
        expect(marked, `${method} ${path}`).not.toContain('401');
      }
    }
    expect(keyed).toEqual(
      expect.arrayContaining([
        'POST /v1/balance-sync',
        'POST /v1/balance-sync/batch',
        'POST /v1/positions',
        'POST /v1/positions/{id}/close',
        'POST /v1/orders',
        'POST /v1/reports',
        'POST /v1/support-tickets',
        'POST /v1/webhooks/test',
        'POST /v1/sandbox/markets',
        'POST /v1/sandbox/markets/{slug}/resolve',
        'POST /v1/sandbox/markets/{slug}/void',
        'POST /v1/sandbox/markets/{slug}/corrections',
      ]),
    );
    expect(doc.paths['/v1/balance-sync'].post.responses['409'].headers['Idempotent-Replayed']).toBeDefined();
  });
});
