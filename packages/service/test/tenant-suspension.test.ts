import { RACING_MINT_MS } from '../src/domains/tenants/model/sessions-not-before.js';
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
import { setTimeout as sleep } from 'node:timers/promises';
import { SCOPES } from '../src/domains/api-keys/model/scopes.js';
import { openSse } from './sse-client.js';
import { sessionFor, widgetOpen } from './trading-helpers.js';

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
    // A suspended tenant's session cannot be renewed (docs/operator-api.md, "Widget sessions"); the host mints a new
    // one (which fails too).
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
  });

  it('end for good: after a reactivation the old token and its refresh are 401, a session minted since works', async () => {
    const tenant = await createTenant(service);
    const { user, token } = await widgetOpen(service, tenant, 'reactivated');
    const path = (action: string) => `/platform/v1/tenants/${tenant.tenantId}/${action}`;
    expect((await service.platform('POST', path('suspend'))).status).toBe(200);
    expect((await service.platform('POST', path('reactivate'))).status).toBe(200);

    expectEnvelope(await service.api('sandbox', 'GET', '/v1/positions', { key: token }), 'invalid_session_token', 401);
    expectEnvelope(
      await service.api('sandbox', 'POST', '/v1/widget/sessions/refresh', { key: token }),
      'invalid_session_token',
      401,
    );

    // Reactivation brings no key back: the platform issues one, and the operator mints afresh. Sessions end
    // up to a margin after the suspension (a mint racing it), in whole seconds, so one minted within it is
    // refused too.
    const issued = await service.platform('POST', path('api-keys'), { environment: 'sandbox', scopes: SCOPES });
    expect(issued.status).toBe(201);
    const sameSecond = await sessionFor(service, issued.json.api_key, user);
    expect((await service.api('sandbox', 'GET', '/v1/positions', { key: sameSecond })).status).toBe(401);
    clock.advance(RACING_MINT_MS + 1_000);
    const fresh = await sessionFor(service, issued.json.api_key, user);
    expect((await service.api('sandbox', 'GET', '/v1/positions', { key: fresh })).status).toBe(200);
    const refreshed = await service.api('sandbox', 'POST', '/v1/widget/sessions/refresh', { key: fresh });
    expect(refreshed.status).toBe(200);
    expect((await service.api('sandbox', 'GET', '/v1/positions', { key: refreshed.json.token })).status).toBe(200);
    // The old token stays refused, refreshed or not, until its cap and beyond.
    expect((await service.api('sandbox', 'GET', '/v1/positions', { key: token })).status).toBe(401);
  });

  it('end their open realtime streams within seconds of the suspension, not at the token expiry', async () => {
    const tenant = await createTenant(service);
    const { market, token } = await widgetOpen(service, tenant, 'streaming');
    const stream = await openSse(service.urls.sandbox, token, [market.slug]);
    try {
      expect(stream.status).toBe(200);
      await stream.next((m) => m.event === 'prices');
      const suspendedAt = Date.now();
      expect((await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/suspend`)).status).toBe(200);
      await Promise.race([stream.ended, sleep(5_000)]);
      expect(stream.isEnded(), 'the stream ended').toBe(true);
      expect(Date.now() - suspendedAt).toBeLessThan(3_000);
      // Its reconnect is refused like any session request of a suspended tenant.
      const again = await openSse(service.urls.sandbox, token, [market.slug]);
      expect(again.status).toBe(403);
      expect(again.json.error).toBe('tenant_suspended');
    } finally {
      stream.close();
    }
  });
});
