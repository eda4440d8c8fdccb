import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, uniqueKey, type TestService, type TestTenant } from '../../../test/helpers.js';
import { completeKeys, reserveKeys, type KeyScope } from './idempotency-repo.js';

let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  service = await startTestService();
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

describe('completeKeys', () => {
  it('refuses, and so rolls back the work, when another request took the reservation over', async () => {
    const scope: KeyScope = {
      tenantId: tenant.tenantId,
      environment: 'sandbox',
      principal: 'operator',
      operation: 'test_op',
    };
    const key = uniqueKey();
    const hash = Buffer.alloc(32, 1);
    const start = new Date();
    const first = '00000000-0000-4000-8000-00000000000a';
    const second = '00000000-0000-4000-8000-00000000000b';
    expect((await reserveKeys(service.db, scope, [{ key, requestHash: hash }], first, start, 1)).get(key)).toBe(
      'reserved',
    );
    // The first holder's lock runs out; a second request takes the key over.
    const later = new Date(start.getTime() + 2_000);
    expect((await reserveKeys(service.db, scope, [{ key, requestHash: hash }], second, later, 30)).get(key)).toBe(
      'reserved',
    );
    const late = service.db
      .transaction()
      .execute((tx) => completeKeys(tx, scope, first, [{ key, status: 200, body: '{}' }]));
    await expect(late).rejects.toThrow('expired');
    const row = await service.db
      .selectFrom('idempotency_keys')
      .select(['state', 'holder'])
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'in_progress', holder: second });
    await service.db
      .transaction()
      .execute((tx) => completeKeys(tx, scope, second, [{ key, status: 200, body: '{"ok":true}' }]));
    const done = await service.db
      .selectFrom('idempotency_keys')
      .select(['state', 'response_body'])
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(done).toEqual({ state: 'done', response_body: '{"ok":true}' });
  });
});
