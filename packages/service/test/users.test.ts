import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, expectEnvelope, startTestService, type TestService, type TestTenant } from './helpers.js';

let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  service = await startTestService();
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

describe('PUT and GET /v1/users/{external_user_id}', () => {
  it('creates with 201, updates with 200, and reads the user with its balance', async () => {
    const created = await service.api('sandbox', 'PUT', '/v1/users/player.01_~-X', {
      key: tenant.sandboxKey,
      body: { status: 'active' },
    });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ external_user_id: 'player.01_~-X', status: 'active', balance: '0.00' });
    const updated = await service.api('sandbox', 'PUT', '/v1/users/player.01_~-X', {
      key: tenant.sandboxKey,
      body: { status: 'blocked' },
    });
    expect(updated.status).toBe(200);
    expect(updated.json.status).toBe('blocked');
    const again = await service.api('sandbox', 'PUT', '/v1/users/player.01_~-X', {
      key: tenant.sandboxKey,
      body: { status: 'blocked' },
    });
    expect(again.status).toBe(200);
    const read = await service.api('sandbox', 'GET', '/v1/users/player.01_~-X', { key: tenant.sandboxKey });
    expect(read.json).toEqual({ external_user_id: 'player.01_~-X', status: 'blocked', balance: '0.00' });
  });

  it('takes no Idempotency-Key (naturally idempotent)', async () => {
    const res = await service.api('sandbox', 'PUT', '/v1/users/no-key', {
      key: tenant.sandboxKey,
      body: { status: 'active' },
    });
    expect(res.status).toBe(201);
  });

  it.each([
    ['65 characters', 'a'.repeat(65)],
    ['an e-mail address', 'someone@example.com'],
    ['a space', 'a%20b'],
    ['a plus sign', 'a+b'],
    ['non-ASCII', '%C3%A9'],
  ])('refuses an id with %s', async (_name, id) => {
    expectEnvelope(
      await service.api('sandbox', 'PUT', `/v1/users/${id}`, { key: tenant.sandboxKey, body: { status: 'active' } }),
      'validation_failed',
      400,
    );
    expectEnvelope(
      await service.api('sandbox', 'GET', `/v1/users/${id}`, { key: tenant.sandboxKey }),
      'validation_failed',
      400,
    );
  });

  it('accepts an id of exactly 64 characters', async () => {
    expect(
      (
        await service.api('sandbox', 'PUT', `/v1/users/${'b'.repeat(64)}`, {
          key: tenant.sandboxKey,
          body: { status: 'active' },
        })
      ).status,
    ).toBe(201);
  });

  it.each([[{}], [{ status: 'deleted' }], [{ status: 1 }]])('refuses the body %j', async (body) => {
    expectEnvelope(
      await service.api('sandbox', 'PUT', '/v1/users/body-check', { key: tenant.sandboxKey, body }),
      'validation_failed',
      400,
    );
    expectEnvelope(
      await service.api('sandbox', 'GET', '/v1/users/body-check', { key: tenant.sandboxKey }),
      'unknown_user',
      404,
    );
  });

  it('answers 404 unknown_user for a user that is not registered', async () => {
    expectEnvelope(
      await service.api('sandbox', 'GET', '/v1/users/nobody', { key: tenant.sandboxKey }),
      'unknown_user',
      404,
    );
  });

  it('keeps sandbox and live users apart, and tenants apart', async () => {
    const other = await createTenant(service);
    await service.api('sandbox', 'PUT', '/v1/users/shared-id', { key: tenant.sandboxKey, body: { status: 'blocked' } });
    expectEnvelope(
      await service.api('live', 'GET', '/v1/users/shared-id', { key: tenant.liveKey }),
      'unknown_user',
      404,
    );
    expectEnvelope(
      await service.api('sandbox', 'GET', '/v1/users/shared-id', { key: other.sandboxKey }),
      'unknown_user',
      404,
    );
    const theirs = await service.api('sandbox', 'PUT', '/v1/users/shared-id', {
      key: other.sandboxKey,
      body: { status: 'active' },
    });
    expect(theirs.status).toBe(201);
    expect((await service.api('sandbox', 'GET', '/v1/users/shared-id', { key: tenant.sandboxKey })).json.status).toBe(
      'blocked',
    );
  });
});
