import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import {
  createTenant,
  expectEnvelope,
  registerUser,
  startTestService,
  type TestService,
  type TestTenant,
} from './helpers.js';

/**
 * Key rotation with changeover, expiry and go-live (docs/platform-api.md, "Tenants, keys, support, reconciliation").
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;

beforeAll(async () => {
  service = await startTestService({ clock });
});
afterAll(() => service.stop());

const keysOf = async (tenantId: string) =>
  (await service.platform('GET', `/platform/v1/tenants/${tenantId}`)).json.api_keys as any[];
/** Whether the key gets through on its environment's listener (a read any scope set allows). */
const works = async (key: string, environment: 'sandbox' | 'live' = 'sandbox') => {
  const res = await service.api(environment, 'GET', '/v1/users/nobody', { key });
  if (res.status === 401) {
    expectEnvelope(res, 'invalid_api_key', 401);
    return false;
  }
  return true;
};
const keyIdOf = async (tenant: TestTenant, environment: 'sandbox' | 'live') =>
  (await keysOf(tenant.tenantId)).find((k) => k.environment === environment && k.revoked_at === null).id as string;

describe('rotation', () => {
  it('issues a new key with the old scopes and environment; both work until the changeover is confirmed', async () => {
    const tenant = await createTenant(service);
    await registerUser(service, tenant.sandboxKey, 'rotating');
    const oldId = await keyIdOf(tenant, 'sandbox');
    const rotated = await service.platform('POST', `/platform/v1/api-keys/${oldId}/rotate`);
    expect(rotated.status, rotated.text).toBe(201);
    const old = (await keysOf(tenant.tenantId)).find((k) => k.id === oldId);
    expect(rotated.json).toEqual({
      id: expect.any(String),
      api_key: expect.stringMatching(/^pmk_sandbox_[A-Za-z0-9]{32}$/),
      environment: 'sandbox',
      scopes: old.scopes,
      rotates_key_id: oldId,
    });
    const fresh = rotated.json.api_key as string;
    expect(await works(tenant.sandboxKey)).toBe(true);
    expect(await works(fresh)).toBe(true);
    expect((await service.api('sandbox', 'GET', '/v1/users/rotating', { key: fresh })).status).toBe(200);

    // A second rotation while one waits is a conflict.
    expectEnvelope(await service.platform('POST', `/platform/v1/api-keys/${oldId}/rotate`), 'state_conflict', 409);

    const confirmed = await service.platform('POST', `/platform/v1/api-keys/${rotated.json.id}/confirm-rotation`);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json).toMatchObject({ id: rotated.json.id, rotates_key_id: oldId, revoked_at: null });
    expect(await works(tenant.sandboxKey)).toBe(false);
    expect(await works(fresh)).toBe(true);
    expect((await keysOf(tenant.tenantId)).find((k) => k.id === oldId).revoked_at).toBe(clock.now().toISOString());

    // Confirming again changes nothing; the old key cannot be rotated any more; the new one can.
    expect((await service.platform('POST', `/platform/v1/api-keys/${rotated.json.id}/confirm-rotation`)).status).toBe(
      200,
    );
    expectEnvelope(await service.platform('POST', `/platform/v1/api-keys/${oldId}/rotate`), 'state_conflict', 409);
    expect((await service.platform('POST', `/platform/v1/api-keys/${rotated.json.id}/rotate`)).status).toBe(201);
  });

  it('refuses to confirm what is no rotation, or a rotation abandoned by revoking its new key', async () => {
    const tenant = await createTenant(service);
    const oldId = await keyIdOf(tenant, 'live');
    expectEnvelope(
      await service.platform('POST', `/platform/v1/api-keys/${oldId}/confirm-rotation`),
      'state_conflict',
      409,
    );
    const rotated = await service.platform('POST', `/platform/v1/api-keys/${oldId}/rotate`);
    expect((await service.platform('DELETE', `/platform/v1/api-keys/${rotated.json.id}`)).status).toBe(204);
    expectEnvelope(
      await service.platform('POST', `/platform/v1/api-keys/${rotated.json.id}/confirm-rotation`),
      'state_conflict',
      409,
    );
    expect(await works(tenant.liveKey, 'live')).toBe(true);
    // With the abandoned rotation out of the way, the key can be rotated again.
    expect((await service.platform('POST', `/platform/v1/api-keys/${oldId}/rotate`)).status).toBe(201);
  });

  it('answers not_found for unknown and malformed key ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expectEnvelope(await service.platform('POST', `/platform/v1/api-keys/${id}/rotate`), 'not_found', 404);
      expectEnvelope(await service.platform('POST', `/platform/v1/api-keys/${id}/confirm-rotation`), 'not_found', 404);
    }
  });

  it('lets only one of two simultaneous rotations of a key through', async () => {
    const tenant = await createTenant(service);
    const oldId = await keyIdOf(tenant, 'sandbox');
    const answers = await Promise.all(
      [1, 2, 3].map(() => service.platform('POST', `/platform/v1/api-keys/${oldId}/rotate`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });
});

describe('expiry', () => {
  it('refuses a key from its expires_at on, as it refuses a revoked one', async () => {
    const tenant = await createTenant(service);
    const expiresAt = new Date(clock.now().getTime() + 60_000).toISOString();
    const issued = await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/api-keys`, {
      environment: 'sandbox',
      scopes: ['write:sync'],
      expires_at: expiresAt,
    });
    expect(issued.status, issued.text).toBe(201);
    expect((await keysOf(tenant.tenantId)).find((k) => k.id === issued.json.id).expires_at).toBe(expiresAt);
    expect(await works(issued.json.api_key)).toBe(true);
    clock.advance(59_999);
    expect(await works(issued.json.api_key)).toBe(true);
    clock.advance(1);
    expect(await works(issued.json.api_key)).toBe(false);
    expectEnvelope(
      await service.platform('POST', `/platform/v1/api-keys/${issued.json.id}/rotate`),
      'state_conflict',
      409,
    );
  });

  it('takes only a future RFC 3339 UTC instant', async () => {
    const tenant = await createTenant(service);
    const path = `/platform/v1/tenants/${tenant.tenantId}/api-keys`;
    for (const expires_at of [
      clock.now().toISOString(),
      '2020-01-01T00:00:00Z',
      'tomorrow',
      '2030-01-01T00:00:00+02:00',
    ]) {
      const res = await service.platform('POST', path, { environment: 'sandbox', scopes: ['write:sync'], expires_at });
      expectEnvelope(res, 'validation_failed', 400);
    }
    expect((await keysOf(tenant.tenantId)).length).toBe(2); // only createTenant's
  });
});

describe('go-live', () => {
  it('revokes every sandbox key and issues a live key in one step', async () => {
    const tenant = await createTenant(service);
    const extra = await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/api-keys`, {
      environment: 'sandbox',
      scopes: ['read:markets'],
    });
    const live = await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/go-live`, {
      scopes: ['write:sync', 'write:positions'],
    });
    expect(live.status, live.text).toBe(201);
    expect(live.json).toEqual({
      id: expect.any(String),
      api_key: expect.stringMatching(/^pmk_live_[A-Za-z0-9]{32}$/),
      environment: 'live',
      scopes: ['write:sync', 'write:positions'],
    });
    expect(await works(tenant.sandboxKey)).toBe(false);
    expect(await works(extra.json.api_key)).toBe(false);
    expect(await works(live.json.api_key, 'live')).toBe(true);
    expect(await works(tenant.liveKey, 'live')).toBe(true); // live keys stay
    const sandboxKeys = (await keysOf(tenant.tenantId)).filter((k) => k.environment === 'sandbox');
    expect(sandboxKeys.every((k) => k.revoked_at === clock.now().toISOString())).toBe(true);
  });

  it('changes nothing for an unknown or suspended tenant, or bad scopes', async () => {
    expectEnvelope(
      await service.platform('POST', '/platform/v1/tenants/00000000-0000-4000-8000-000000000000/go-live', {
        scopes: ['write:sync'],
      }),
      'not_found',
      404,
    );
    const tenant = await createTenant(service);
    const path = `/platform/v1/tenants/${tenant.tenantId}/go-live`;
    expectEnvelope(await service.platform('POST', path, { scopes: [] }), 'validation_failed', 400);
    expectEnvelope(await service.platform('POST', path, { scopes: ['admin'] }), 'validation_failed', 400);
    expect(await works(tenant.sandboxKey)).toBe(true);
    expect((await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/suspend`)).status).toBe(200);
    expectEnvelope(await service.platform('POST', path, { scopes: ['write:sync'] }), 'state_conflict', 409);
    expect((await keysOf(tenant.tenantId)).filter((k) => k.environment === 'live').length).toBe(1);
  });
});
