import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN,
  call,
  createTenant,
  expectEnvelope,
  registerUser,
  startTestService,
  type TestService,
} from './helpers.js';

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

describe('platform API', () => {
  it('needs the admin token', async () => {
    expectEnvelope(
      await call(service.urls.platform, 'POST', '/platform/v1/tenants', { body: { name: 'x' } }),
      'invalid_api_key',
      401,
    );
    expectEnvelope(
      await call(service.urls.platform, 'POST', '/platform/v1/tenants', { key: 'wrong', body: { name: 'x' } }),
      'invalid_api_key',
      401,
    );
  });

  it('is not served on the tenant listeners, and the operator API is not served on the platform listener', async () => {
    expectEnvelope(
      await service.api('sandbox', 'POST', '/platform/v1/tenants', {
        key: ADMIN_TOKEN,
        body: { name: 'x' },
      }),
      'not_found',
      404,
    );
    expectEnvelope(await call(service.urls.platform, 'GET', '/v1/users/x'), 'not_found', 404);
  });

  it('creates a tenant and reads it back with both environments and no secrets', async () => {
    const created = await service.platform('POST', '/platform/v1/tenants', { name: 'Acme Casino' });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ id: expect.any(String), name: 'Acme Casino', status: 'active' });
    const read = await service.platform('GET', `/platform/v1/tenants/${created.json.id}`);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ id: created.json.id, name: 'Acme Casino', status: 'active', api_keys: [] });
    expect(read.json.environments).toEqual([
      {
        environment: 'sandbox',
        webhook_url: null,
        allowed_origins: [],
        widget: { theme: {}, scheme: null, locales: ['en'], default_locale: 'en', currency: null },
        webhook_secret_set: false,
      },
      {
        environment: 'live',
        webhook_url: null,
        allowed_origins: [],
        widget: { theme: {}, scheme: null, locales: ['en'], default_locale: 'en', currency: null },
        webhook_secret_set: false,
      },
    ]);
    expectEnvelope(
      await service.platform('GET', '/platform/v1/tenants/00000000-0000-4000-8000-000000000000'),
      'not_found',
      404,
    );
    expectEnvelope(await service.platform('GET', '/platform/v1/tenants/not-a-uuid'), 'not_found', 404);
    expectEnvelope(await service.platform('POST', '/platform/v1/tenants', { name: '' }), 'validation_failed', 400);
  });

  it('issues keys of the form pmk_<environment>_<32 chars>, shown once and listed only by prefix', async () => {
    const tenant = await service.platform('POST', '/platform/v1/tenants', { name: 'Keys' });
    const issued = await service.platform('POST', `/platform/v1/tenants/${tenant.json.id}/api-keys`, {
      environment: 'live',
      scopes: ['write:sync', 'read:markets'],
    });
    expect(issued.status).toBe(201);
    expect(issued.json).toEqual({
      id: expect.any(String),
      api_key: expect.stringMatching(/^pmk_live_[A-Za-z0-9]{32}$/),
      environment: 'live',
      scopes: ['write:sync', 'read:markets'],
    });
    const read = await service.platform('GET', `/platform/v1/tenants/${tenant.json.id}`);
    expect(read.text).not.toContain(issued.json.api_key);
    expect(read.json.api_keys).toEqual([
      {
        id: issued.json.id,
        environment: 'live',
        scopes: ['write:sync', 'read:markets'],
        prefix: issued.json.api_key.slice(0, 13),
        created_at: expect.any(String),
        revoked_at: null,
        expires_at: null,
        rotates_key_id: null,
      },
    ]);
    expectEnvelope(
      await service.platform('POST', `/platform/v1/tenants/${tenant.json.id}/api-keys`, {
        environment: 'prod',
        scopes: ['write:sync'],
      }),
      'validation_failed',
      400,
    );
    expectEnvelope(
      await service.platform('POST', `/platform/v1/tenants/${tenant.json.id}/api-keys`, {
        environment: 'live',
        scopes: ['admin'],
      }),
      'validation_failed',
      400,
    );
    expectEnvelope(
      await service.platform('POST', `/platform/v1/tenants/${tenant.json.id}/api-keys`, {
        environment: 'live',
        scopes: [],
      }),
      'validation_failed',
      400,
    );
  });

  it('revokes a key at once', async () => {
    const tenant = await createTenant(service);
    await registerUser(service, tenant.sandboxKey, 'u1');
    const keys = (await service.platform('GET', `/platform/v1/tenants/${tenant.tenantId}`)).json.api_keys;
    const sandboxKeyId = keys.find((k: any) => k.environment === 'sandbox').id;
    expect((await service.platform('DELETE', `/platform/v1/api-keys/${sandboxKeyId}`)).status).toBe(204);
    expectEnvelope(
      await service.api('sandbox', 'GET', '/v1/users/u1', { key: tenant.sandboxKey }),
      'invalid_api_key',
      401,
    );
    expect((await service.platform('DELETE', `/platform/v1/api-keys/${sandboxKeyId}`)).status).toBe(204);
    expectEnvelope(
      await service.platform('DELETE', '/platform/v1/api-keys/00000000-0000-4000-8000-000000000000'),
      'not_found',
      404,
    );
    // The live key of the same tenant is untouched.
    expect(
      (await service.api('live', 'PUT', '/v1/users/u1', { key: tenant.liveKey, body: { status: 'active' } })).status,
    ).toBe(201);
  });

  it('a key works only on the listener of its environment', async () => {
    const tenant = await createTenant(service);
    expectEnvelope(
      await service.api('live', 'PUT', '/v1/users/u1', { key: tenant.sandboxKey, body: { status: 'active' } }),
      'invalid_api_key',
      401,
    );
    expectEnvelope(
      await service.api('sandbox', 'PUT', '/v1/users/u1', { key: tenant.liveKey, body: { status: 'active' } }),
      'invalid_api_key',
      401,
    );
    expect(
      (await service.api('sandbox', 'PUT', '/v1/users/u1', { key: tenant.sandboxKey, body: { status: 'active' } }))
        .status,
    ).toBe(201);
  });

  it('suspending a tenant revokes its keys; reactivating does not bring them back', async () => {
    const tenant = await createTenant(service);
    const suspended = await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/suspend`);
    expect(suspended.json).toMatchObject({ id: tenant.tenantId, status: 'suspended' });
    expectEnvelope(
      await service.api('sandbox', 'GET', '/v1/users/u1', { key: tenant.sandboxKey }),
      'invalid_api_key',
      401,
    );
    expectEnvelope(await service.api('live', 'GET', '/v1/users/u1', { key: tenant.liveKey }), 'invalid_api_key', 401);
    expectEnvelope(
      await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/api-keys`, {
        environment: 'sandbox',
        scopes: ['write:sync'],
      }),
      'state_conflict',
      409,
    );
    const reactivated = await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/reactivate`);
    expect(reactivated.json.status).toBe('active');
    expectEnvelope(
      await service.api('sandbox', 'GET', '/v1/users/u1', { key: tenant.sandboxKey }),
      'invalid_api_key',
      401,
    );
    const fresh = await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/api-keys`, {
      environment: 'sandbox',
      scopes: ['write:sync'],
    });
    expect(
      (await service.api('sandbox', 'PUT', '/v1/users/u1', { key: fresh.json.api_key, body: { status: 'active' } }))
        .status,
    ).toBe(201);
    expectEnvelope(
      await service.platform('POST', '/platform/v1/tenants/00000000-0000-4000-8000-000000000000/suspend'),
      'not_found',
      404,
    );
  });

  it('sets webhook_url and allowed_origins per environment, validating origins', async () => {
    const tenant = await createTenant(service);
    const path = `/platform/v1/tenants/${tenant.tenantId}/environments/sandbox`;
    const set = await service.platform('PUT', path, {
      webhook_url: 'https://hooks.example.com/pm',
      allowed_origins: ['https://casino.example', 'http://localhost:3000'],
    });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({
      environment: 'sandbox',
      webhook_url: 'https://hooks.example.com/pm',
      allowed_origins: ['https://casino.example', 'http://localhost:3000'],
      widget: { theme: {}, scheme: null, locales: ['en'], default_locale: 'en', currency: null },
      webhook_secret_set: false,
    });
    const partial = await service.platform('PUT', path, { webhook_url: null });
    expect(partial.json).toMatchObject({
      webhook_url: null,
      allowed_origins: ['https://casino.example', 'http://localhost:3000'],
    });
    for (const origins of [
      ['https://casino.example/'],
      ['https://Casino.example'],
      ['https://casino.example:443'],
      ['file://x'],
      ['https://a.example', 'https://a.example'],
      ['https://a.example/path'],
    ]) {
      expectEnvelope(await service.platform('PUT', path, { allowed_origins: origins }), 'validation_failed', 400);
    }
    expectEnvelope(await service.platform('PUT', path, { webhook_url: 'ftp://x.example' }), 'validation_failed', 400);
    expectEnvelope(
      await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/environments/prod`, {}),
      'validation_failed',
      400,
    );
    const live = (await service.platform('GET', `/platform/v1/tenants/${tenant.tenantId}`)).json.environments.find(
      (e: any) => e.environment === 'live',
    );
    expect(live).toEqual({
      environment: 'live',
      webhook_url: null,
      allowed_origins: [],
      widget: { theme: {}, scheme: null, locales: ['en'], default_locale: 'en', currency: null },
      webhook_secret_set: false,
    });
  });

  it('rotates the webhook secret, a new one every time, never shown afterwards', async () => {
    const tenant = await createTenant(service);
    const path = `/platform/v1/tenants/${tenant.tenantId}/environments/live/webhook-secret`;
    const first = await service.platform('POST', path);
    const second = await service.platform('POST', path);
    expect(first.status).toBe(201);
    expect(first.json.webhook_secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(second.json.webhook_secret).not.toBe(first.json.webhook_secret);
    const read = await service.platform('GET', `/platform/v1/tenants/${tenant.tenantId}`);
    expect(read.text).not.toContain(second.json.webhook_secret);
    expect(read.json.environments.find((e: any) => e.environment === 'live').webhook_secret_set).toBe(true);
  });
});

describe('PLATFORM_HOST', () => {
  it('binds the platform listener apart from HOST, so exposing the operator API does not expose it', async () => {
    const apart = await startTestService({ env: { HOST: '127.0.0.1', PLATFORM_HOST: '127.0.0.2' } });
    try {
      const platform = new URL(apart.urls.platform);
      expect(platform.hostname).toBe('127.0.0.2');
      expect(new URL(apart.urls.sandbox).hostname).toBe('127.0.0.1');
      expect((await fetch(`${apart.urls.platform}/healthz`)).status).toBe(200);
      // Nothing of this service answers on HOST at the platform's port. Another test's service may hold the
      // same port number on 127.0.0.1 (ports are per address), so an answer is allowed, just not this one's.
      const there = await fetch(`http://127.0.0.1:${platform.port}/no-such-path`).then(
        (res) => res.json().catch(() => null),
        () => null,
      );
      if (there?.source)
        expect(Buffer.from(there.source, 'base64url').toString()).not.toBe(`platform:${apart.deps.instanceId}`);
    } finally {
      await apart.stop();
    }
  });
});
