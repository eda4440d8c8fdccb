import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Environment } from '../src/db/schema.js';
import { deliverDue } from '../src/domains/webhooks/deliver-due.js';
import { verifySignature } from '../src/domains/webhooks/signature.js';
import {
  createTenant,
  expectEnvelope,
  registerUser,
  startTestService,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { startReceiver, type Receiver } from './receiver.js';

/**
 * Self-service for the operator (docs/guides/self-service.md): who am I, the environment's own settings, the
 * webhook secret's rotation and test events. `insecure` allows loopback webhooks (the receiver);
 * `strict` is the default, where they are refused.
 */
let insecure: TestService;
let strict: TestService;
let receiver: Receiver;

beforeAll(async () => {
  [insecure, strict, receiver] = await Promise.all([
    startTestService({ env: { ALLOW_INSECURE_WEBHOOKS: '1' } }),
    startTestService(),
    startReceiver(),
  ]);
});
afterAll(async () => {
  await Promise.all([insecure?.stop(), strict?.stop(), receiver?.close()]);
});

const keyOf = (tenant: TestTenant, environment: Environment) =>
  environment === 'sandbox' ? tenant.sandboxKey : tenant.liveKey;

const api = (
  on: TestService,
  tenant: TestTenant,
  method: string,
  path: string,
  options: { body?: unknown; environment?: Environment; key?: string; idempotencyKey?: string } = {},
) => {
  const environment = options.environment ?? 'sandbox';
  return on.api(environment, method, path, {
    key: options.key ?? keyOf(tenant, environment),
    body: options.body,
    idempotencyKey: options.idempotencyKey,
  });
};

/** One delivery pass, as the worker runs it. */
const pass = (on: TestService) =>
  deliverDue(
    on.system(),
    { transport: on.deps.webhookTransport, keepGoing: () => on.deps.isReady() },
    { timeoutMs: 1000 },
  );

async function deliveredTo(r: Receiver, deliveryId: string) {
  for (let i = 0; i < 50; i++) {
    await pass(insecure);
    const found = r.received.find((x) => x.json?.id === deliveryId);
    if (found) return found;
    await sleep(50);
  }
  throw new Error(`delivery ${deliveryId} never arrived`);
}

async function sessionToken(on: TestService, tenant: TestTenant) {
  const user = uniqueKey('me');
  await registerUser(on, tenant.sandboxKey, user);
  const res = await on.api('sandbox', 'POST', '/v1/widget/sessions', {
    key: tenant.sandboxKey,
    body: { external_user_id: user },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.token as string;
}

describe('GET /v1/tenant', () => {
  it('says who the key is, with the limits the limiter applies (raised ones included)', async () => {
    const tenant = await createTenant(strict, ['read:markets']);
    const raised = await strict.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/rate-limits`, {
      default: 900,
    });
    expect(raised.status).toBe(200);
    const res = await api(strict, tenant, 'GET', '/v1/tenant');
    expect(res.status, res.text).toBe(200);
    const detail = await strict.platform('GET', `/platform/v1/tenants/${tenant.tenantId}`);
    const key = detail.json.api_keys.find((k: { environment: string }) => k.environment === 'sandbox');
    expect(res.json).toEqual({
      tenant_id: tenant.tenantId,
      name: detail.json.name,
      environment: 'sandbox',
      key: {
        id: key.id,
        scopes: ['read:markets'],
        expires_at: null,
        last_used_at: expect.toBeOneOf([null, expect.any(String)]),
      },
      rate_limits: raised.json,
    });
    expect(res.json.rate_limits.default.tenant).toBe(900);
    expect(res.headers.get('ratelimit-limit')).toBe('900');
    const live = await api(strict, tenant, 'GET', '/v1/tenant', { environment: 'live' });
    expect(live.json.environment).toBe('live');
    expect(live.json.key.id).not.toBe(key.id);
  });

  it("records the key's last use, at most once a minute", async () => {
    const tenant = await createTenant(strict);
    await api(strict, tenant, 'GET', '/v1/tenant');
    let seen: string | null = null;
    for (let i = 0; i < 40 && seen === null; i++) {
      seen = (await api(strict, tenant, 'GET', '/v1/tenant')).json.key.last_used_at;
      if (seen === null) await sleep(50);
    }
    expect(seen).not.toBeNull();
    expect(Math.abs(Date.parse(seen!) - Date.now())).toBeLessThan(60_000);
    // Within the minute, further uses write nothing.
    await api(strict, tenant, 'GET', '/v1/tenant');
    await sleep(100);
    expect((await api(strict, tenant, 'GET', '/v1/tenant')).json.key.last_used_at).toBe(seen);
  });

  it('refuses no credential, a session token and a key of the other environment', async () => {
    const tenant = await createTenant(strict);
    expectEnvelope(await strict.api('sandbox', 'GET', '/v1/tenant'), 'invalid_api_key', 401);
    const token = await sessionToken(strict, tenant);
    expectEnvelope(await strict.api('sandbox', 'GET', '/v1/tenant', { key: token }), 'invalid_api_key', 401);
    expectEnvelope(await strict.api('live', 'GET', '/v1/tenant', { key: tenant.sandboxKey }), 'invalid_api_key', 401);
  });
});

describe('GET and PUT /v1/tenant/settings', () => {
  it("reads and changes the key's own environment, answering the settings after the change", async () => {
    const tenant = await createTenant(strict);
    const empty = await api(strict, tenant, 'GET', '/v1/tenant/settings');
    expect(empty.status, empty.text).toBe(200);
    expect(empty.json).toEqual({
      environment: 'sandbox',
      webhook_url: null,
      allowed_origins: [],
      webhook_secret_set: false,
    });

    const body = { webhook_url: 'https://hooks.example.com/pm?t=1', allowed_origins: ['https://shop.example.com'] };
    const put = await api(strict, tenant, 'PUT', '/v1/tenant/settings', { body });
    expect(put.status, put.text).toBe(200);
    expect(put.json).toEqual({ environment: 'sandbox', ...body, webhook_secret_set: false });
    expect((await api(strict, tenant, 'GET', '/v1/tenant/settings')).json).toEqual(put.json);

    // A field left out is kept; a null URL stops delivery.
    const origins = await api(strict, tenant, 'PUT', '/v1/tenant/settings', { body: { allowed_origins: [] } });
    expect(origins.json).toEqual({ ...put.json, allowed_origins: [] });
    const off = await api(strict, tenant, 'PUT', '/v1/tenant/settings', { body: { webhook_url: null } });
    expect(off.json.webhook_url).toBeNull();
    // The platform sees the same.
    const detail = await strict.platform('GET', `/platform/v1/tenants/${tenant.tenantId}`);
    const sandbox = detail.json.environments.find((e: { environment: string }) => e.environment === 'sandbox');
    expect(sandbox).toMatchObject({ webhook_url: null, allowed_origins: [] });
  });

  it('makes a listed origin get CORS on session requests at once', async () => {
    const tenant = await createTenant(strict);
    const origin = `https://t${Date.now()}.example.com`;
    await api(strict, tenant, 'PUT', '/v1/tenant/settings', { body: { allowed_origins: [origin] } });
    const token = await sessionToken(strict, tenant);
    const res = await strict.api('sandbox', 'GET', '/v1/users/me', { key: token, headers: { origin } });
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it('refuses what the platform refuses, changing nothing', async () => {
    const tenant = await createTenant(strict);
    const bad = [
      { webhook_url: 'http://hooks.example.com/pm' },
      { webhook_url: 'https://127.0.0.1/pm' },
      { webhook_url: 'https://10.0.0.7/pm' },
      { webhook_url: 'https://user:pw@hooks.example.com/' },
      { webhook_url: 'not a url' },
      { allowed_origins: ['https://shop.example.com/path'] },
      { allowed_origins: ['https://SHOP.example.com'] },
      { allowed_origins: ['https://a.example.com', 'https://a.example.com'] },
      { allowed_origins: 'https://a.example.com' },
      { widget: { scheme: 'dark' } },
      { webhook_secret: 'mine' },
      [],
    ];
    for (const body of bad) {
      const res = await api(strict, tenant, 'PUT', '/v1/tenant/settings', { body });
      expectEnvelope(res, 'validation_failed', 400);
    }
    // Another method on the path is no route at all.
    for (const method of ['POST', 'DELETE', 'PATCH']) {
      expectEnvelope(await api(strict, tenant, method, '/v1/tenant/settings', { body: {} }), 'not_found', 404);
    }
    expectEnvelope(await api(strict, tenant, 'PUT', '/v1/tenant', { body: {} }), 'not_found', 404);
    const raw = await strict.api('sandbox', 'PUT', '/v1/tenant/settings', {
      key: tenant.sandboxKey,
      rawBody: '{"webhook_url":',
    });
    expectEnvelope(raw, 'validation_failed', 400);
    expect((await api(strict, tenant, 'GET', '/v1/tenant/settings')).json).toMatchObject({
      webhook_url: null,
      allowed_origins: [],
    });
  });

  it('takes loopback and plain http only with ALLOW_INSECURE_WEBHOOKS', async () => {
    const onInsecure = await createTenant(insecure);
    const put = await api(insecure, onInsecure, 'PUT', '/v1/tenant/settings', { body: { webhook_url: receiver.url } });
    expect(put.status, put.text).toBe(200);
    const onStrict = await createTenant(strict);
    const res = await api(strict, onStrict, 'PUT', '/v1/tenant/settings', { body: { webhook_url: receiver.url } });
    expectEnvelope(res, 'validation_failed', 400);
  });

  it('refuses no credential, a session token and a key without write:sync', async () => {
    const tenant = await createTenant(strict);
    const reader = await createTenant(strict, ['read:markets', 'write:positions']);
    const token = await sessionToken(strict, tenant);
    for (const [method, path] of [
      ['GET', '/v1/tenant/settings'],
      ['PUT', '/v1/tenant/settings'],
      ['POST', '/v1/tenant/webhook-secret'],
      ['POST', '/v1/webhooks/test'],
    ] as const) {
      const body = method === 'GET' ? undefined : {};
      expectEnvelope(await strict.api('sandbox', method, path, { body }), 'invalid_api_key', 401);
      expectEnvelope(await strict.api('sandbox', method, path, { key: token, body }), 'invalid_api_key', 401);
      const wrongScope = await strict.api('sandbox', method, path, {
        key: reader.sandboxKey,
        body,
        idempotencyKey: uniqueKey(),
      });
      expectEnvelope(wrongScope, 'insufficient_scope', 403);
    }
  });

  it('keeps tenants and environments apart', async () => {
    const a = await createTenant(strict);
    const b = await createTenant(strict);
    const url = 'https://a.example.com/hooks';
    await api(strict, a, 'PUT', '/v1/tenant/settings', { body: { webhook_url: url } });
    expect((await api(strict, b, 'GET', '/v1/tenant/settings')).json.webhook_url).toBeNull();
    expect((await api(strict, a, 'GET', '/v1/tenant/settings', { environment: 'live' })).json).toMatchObject({
      environment: 'live',
      webhook_url: null,
    });
    // The live key changes live only; the body cannot name another tenant or environment.
    await api(strict, a, 'PUT', '/v1/tenant/settings', {
      environment: 'live',
      body: { webhook_url: 'https://live.example.com/hooks' },
    });
    expect((await api(strict, a, 'GET', '/v1/tenant/settings')).json.webhook_url).toBe(url);
    const named = await api(strict, b, 'PUT', '/v1/tenant/settings', {
      body: { tenant_id: a.tenantId, webhook_url: 'https://b.example.com/' },
    });
    expectEnvelope(named, 'validation_failed', 400);
    expect((await api(strict, a, 'GET', '/v1/tenant/settings')).json.webhook_url).toBe(url);
    // A secret rotated by the sandbox key leaves live without one.
    expect((await api(strict, a, 'POST', '/v1/tenant/webhook-secret')).status).toBe(201);
    expect((await api(strict, a, 'GET', '/v1/tenant/settings', { environment: 'live' })).json.webhook_secret_set).toBe(
      false,
    );
    expect((await api(strict, b, 'GET', '/v1/tenant/settings')).json.webhook_secret_set).toBe(false);
  });
});

describe('POST /v1/tenant/webhook-secret and POST /v1/webhooks/test', () => {
  it('delivers a signed test event with "test": true, and a rotation signs the next one with the new secret', async () => {
    const tenant = await createTenant(insecure);
    await api(insecure, tenant, 'PUT', '/v1/tenant/settings', { body: { webhook_url: receiver.url } });
    const first = await api(insecure, tenant, 'POST', '/v1/tenant/webhook-secret');
    expect(first.status, first.text).toBe(201);
    expect(first.json).toEqual({ webhook_secret: expect.stringMatching(/^whsec_/) });
    expect((await api(insecure, tenant, 'GET', '/v1/tenant/settings')).json.webhook_secret_set).toBe(true);

    const key = uniqueKey('test-event');
    const sent = await api(insecure, tenant, 'POST', '/v1/webhooks/test', {
      body: { event: 'position.settled' },
      idempotencyKey: key,
    });
    expect(sent.status, sent.text).toBe(202);
    expect(sent.json).toEqual({ delivery_id: expect.any(String) });
    const got = await deliveredTo(receiver, sent.json.delivery_id);
    expect(got.headers['x-webhook-event']).toBe('position.settled');
    expect(got.headers['x-webhook-delivery']).toBe(sent.json.delivery_id);
    expect(got.json).toMatchObject({ id: sent.json.delivery_id, event: 'position.settled' });
    expect(got.json.data).toMatchObject({ test: true, state: 'settled_win', stake: '10.00' });
    expect(verifySignature(first.json.webhook_secret, got.raw, got.headers['x-webhook-signature'] as string)).toBe(
      true,
    );

    // A replay of the key answers the same delivery and sends nothing more.
    const replay = await api(insecure, tenant, 'POST', '/v1/webhooks/test', {
      body: { event: 'position.settled' },
      idempotencyKey: key,
    });
    expect(replay.status).toBe(202);
    expect(replay.text).toBe(sent.text);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const reused = await api(insecure, tenant, 'POST', '/v1/webhooks/test', {
      body: { event: 'market.voided' },
      idempotencyKey: key,
    });
    expectEnvelope(reused, 'idempotency_key_reused', 422);

    // A rotation: the old secret stops at once, the next delivery carries the new one.
    const second = await api(insecure, tenant, 'POST', '/v1/tenant/webhook-secret');
    expect(second.json.webhook_secret).not.toBe(first.json.webhook_secret);
    const next = await api(insecure, tenant, 'POST', '/v1/webhooks/test', {
      body: { event: 'market.voided' },
      idempotencyKey: uniqueKey('test-event'),
    });
    expect(next.status, next.text).toBe(202);
    const later = await deliveredTo(receiver, next.json.delivery_id);
    const signature = later.headers['x-webhook-signature'] as string;
    expect(verifySignature(second.json.webhook_secret, later.raw, signature)).toBe(true);
    expect(verifySignature(first.json.webhook_secret, later.raw, signature)).toBe(false);
    expect(later.json.data).toEqual({ market_slug: 'election-2026', test: true });
    expect(receiver.received.filter((r) => r.json?.id === sent.json.delivery_id)).toHaveLength(1);

    // It is an event like any other: the feed shows it too.
    const feed = await api(insecure, tenant, 'GET', '/v1/events');
    expect(feed.json.data.map((e: { id: string }) => e.id)).toEqual([sent.json.delivery_id, next.json.delivery_id]);
  });

  it('refuses without a webhook_url (key not spent), an unknown event, a missing key or body', async () => {
    const tenant = await createTenant(strict);
    const key = uniqueKey('test-event');
    const none = await api(strict, tenant, 'POST', '/v1/webhooks/test', {
      body: { event: 'market.voided' },
      idempotencyKey: key,
    });
    expectEnvelope(none, 'state_conflict', 409);
    for (const body of [{ event: 'market.exploded' }, {}, { event: 'market.voided', extra: 1 }, { event: 7 }]) {
      const res = await api(strict, tenant, 'POST', '/v1/webhooks/test', { body, idempotencyKey: uniqueKey() });
      expectEnvelope(res, 'validation_failed', 400);
    }
    const noKey = await api(strict, tenant, 'POST', '/v1/webhooks/test', { body: { event: 'market.voided' } });
    expectEnvelope(noKey, 'idempotency_key_required', 400);

    // A URL without a secret to sign with is refused too.
    await api(strict, tenant, 'PUT', '/v1/tenant/settings', { body: { webhook_url: 'https://hooks.example.com/x' } });
    const unsigned = await api(strict, tenant, 'POST', '/v1/webhooks/test', {
      body: { event: 'market.voided' },
      idempotencyKey: key,
    });
    expectEnvelope(unsigned, 'state_conflict', 409);
    expect(unsigned.json.message).toContain('secret');

    // Once both are set, the same key works: the refusals did not spend it.
    expect((await api(strict, tenant, 'POST', '/v1/tenant/webhook-secret')).status).toBe(201);
    const ok = await api(strict, tenant, 'POST', '/v1/webhooks/test', {
      body: { event: 'market.voided' },
      idempotencyKey: key,
    });
    expect(ok.status, ok.text).toBe(202);
  });

  it('retries a test event the receiver refused, as any delivery', async () => {
    const tenant = await createTenant(insecure);
    const failing = await startReceiver();
    failing.answer = () => 503;
    try {
      await api(insecure, tenant, 'PUT', '/v1/tenant/settings', { body: { webhook_url: failing.url } });
      await api(insecure, tenant, 'POST', '/v1/tenant/webhook-secret');
      const sent = await api(insecure, tenant, 'POST', '/v1/webhooks/test', {
        body: { event: 'order.filled' },
        idempotencyKey: uniqueKey(),
      });
      expect(sent.status, sent.text).toBe(202);
      for (let i = 0; i < 50 && failing.received.length === 0; i++) {
        await pass(insecure);
        await sleep(50);
      }
      expect(failing.received[0]!.json.data.test).toBe(true);
      const delivery = await insecure.db
        .selectFrom('webhook_deliveries')
        .select(['state', 'attempts', 'last_status', 'next_attempt_at'])
        .where('event_id', '=', sent.json.delivery_id)
        .executeTakeFirstOrThrow();
      expect(delivery).toMatchObject({ state: 'pending', attempts: 1, last_status: 503 });
      expect(delivery.next_attempt_at!.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await failing.close();
    }
  });

  it("never sends to another tenant's or environment's receiver", async () => {
    const a = await createTenant(insecure);
    const b = await createTenant(insecure);
    const other = await startReceiver();
    try {
      await api(insecure, b, 'PUT', '/v1/tenant/settings', { body: { webhook_url: other.url } });
      await api(insecure, a, 'PUT', '/v1/tenant/settings', {
        environment: 'live',
        body: { webhook_url: other.url },
      });
      await api(insecure, a, 'PUT', '/v1/tenant/settings', { body: { webhook_url: receiver.url } });
      await api(insecure, a, 'POST', '/v1/tenant/webhook-secret');
      const sent = await api(insecure, a, 'POST', '/v1/webhooks/test', {
        body: { event: 'report.ready' },
        idempotencyKey: uniqueKey(),
      });
      await deliveredTo(receiver, sent.json.delivery_id);
      await pass(insecure);
      expect(other.received.filter((r) => r.json?.id === sent.json.delivery_id)).toHaveLength(0);
      // b's own events list does not show a's test.
      const feed = await api(insecure, b, 'GET', '/v1/events');
      expect(feed.json.data).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
