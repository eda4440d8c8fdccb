import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import {
  createTenant,
  expectEnvelope,
  expectLedgerInvariant,
  startTestService,
  uniqueKey,
  type TestService,
} from './helpers.js';
import { widgetOpen } from './trading-helpers.js';

const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;

beforeAll(async () => {
  service = await startTestService({ clock });
});
afterAll(() => service.stop());

describe("a suspended tenant's widget sessions (audit B7)", () => {
  it('are refused with 403 tenant_suspended before they change anything, and cannot be refreshed', async () => {
    const tenant = await createTenant(service);
    const { market, token, body, opened } = await widgetOpen(service, tenant, 'suspended');

    expect((await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/suspend`)).status).toBe(200);
    const refused = [
      await service.api('sandbox', 'POST', '/v1/positions', { key: token, body, idempotencyKey: uniqueKey() }),
      await service.api('sandbox', 'POST', `/v1/positions/${opened.json.id}/close`, {
        key: token,
        body: { min_price: '0' },
        idempotencyKey: uniqueKey(),
      }),
      await service.api('sandbox', 'POST', '/v1/orders', {
        key: token,
        body: { market_slug: market.slug, outcome_id: market.outcomes[0]!.id, stake: '1.00', limit_price: '0.1' },
        idempotencyKey: uniqueKey(),
      }),
      await service.api('sandbox', 'GET', '/v1/positions', { key: token }),
      await service.api('sandbox', 'GET', '/v1/markets', { key: token }),
    ];
    for (const res of refused) expectEnvelope(res, 'tenant_suspended', 403);
    // Spec 5.3: a suspended tenant's session cannot be renewed; the host mints a new one (which fails too).
    expectEnvelope(
      await service.api('sandbox', 'POST', '/v1/widget/sessions/refresh', { key: token }),
      'invalid_session_token',
      401,
    );

    const positions = await service.db
      .selectFrom('positions')
      .select(['state'])
      .where('tenant_id', '=', tenant.tenantId)
      .execute();
    expect(positions).toEqual([{ state: 'open' }]);
    await expectLedgerInvariant(service.db, tenant.tenantId);

    // Reactivated, the same session works again until it expires (tokens are not stored).
    expect((await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/reactivate`)).status).toBe(200);
    expect((await service.api('sandbox', 'GET', '/v1/positions', { key: token })).status).toBe(200);
  });
});
