import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { createTenant, registerUser, startTestService, sync, type TestService, type TestTenant } from './helpers.js';
import { PanelClient, textOf } from './panel-client.js';
import { createMarket, fundedUser, operatorOpen } from './trading-helpers.js';

/** The portal's user lookup (docs/operations.md, "The tenant portal"): read-only, one tenant environment's users. */
let service: TestService;
let tenant: TestTenant;
let other: TestTenant;
let portal: PanelClient;

beforeAll(async () => {
  service = await startTestService({ clock: new FakeClock('2026-06-01T12:00:00.000Z') });
  [tenant, other] = await Promise.all([createTenant(service), createTenant(service)]);
  const link = await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/portal-links`);
  const url = new URL(link.json.url as string);
  portal = new PanelClient(url.origin, '/portal');
  const res = await portal.post(
    '/portal/sign-in',
    { name: 'Support', token: url.searchParams.get('token')! },
    { csrf: false },
  );
  expect(res.status).toBe(303);
});
afterAll(() => service?.stop());

describe('the portal user lookup', () => {
  it("shows a user's status, balance, limits and break, positions, transactions and refused requests", async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'pu', '100.00');
    await operatorOpen(service, tenant.sandboxKey, market, user, '7.00');
    const refused = await sync(service, tenant.sandboxKey, {
      external_user_id: user,
      direction: 'debit',
      amount: '500.00',
    });
    expect(refused.status).toBe(409);
    const limits = await service.api('sandbox', 'PUT', `/v1/users/${user}/limits`, {
      key: tenant.sandboxKey,
      body: { stake_per_day: '50.00', excluded_until: '2099-01-01T00:00:00Z' },
    });
    expect(limits.status, limits.text).toBe(200);
    await service.deps.requestLog.flush();

    const page = await portal.get(`/portal/users/${user}`);
    expect(page.status, page.html).toBe(200);
    const text = textOf(page.html);
    expect(text).toContain('Active');
    expect(text).toContain('93.00'); // 100.00 credited, 7.00 staked
    expect(text).toContain('On a break until 2099-01-01 00:00:00Z');
    expect(text).toContain('Stake per day (last 24 hours)');
    expect(text).toContain('7.00 of 50.00 used, 43.00 left');
    expect(text).toMatch(new RegExp(`Positions Open .*${market.slug} open 7.00`));
    expect(text).toContain('Latest ledger transactions');
    expect(text).toMatch(/-7\.00 93\.00/);
    expect(page.html).toContain(`/portal/requests/${refused.json.request_id}`);
    expect(text).toContain('409 would_overdraw');
    expect(page.html).toContain(`/portal/requests?user=${user}`);
  });

  it('looks a user up by external id, and says what is wrong with an id it cannot be', async () => {
    const user = `lookup-${Date.now()}`;
    await registerUser(service, tenant.sandboxKey, user);
    const found = await portal.get(`/portal/users?external_user_id=${user}`);
    expect(found.status).toBe(303);
    expect(found.location).toBe(`/portal/users/${user}`);
    const bad = await portal.get('/portal/users?external_user_id=someone%40example.com');
    expect(bad.status).toBe(400);
    expect(bad.html).toMatch(/id="external_user_id"[^>]*aria-invalid="true"/);
    expect(textOf(bad.html)).toContain('An external user id is 1 to 64 letters');
    expect((await portal.get('/portal/users')).status).toBe(200);
  });

  it("answers a 404 page for an unknown user, another tenant's, or one of the other environment", async () => {
    const theirs = `theirs-${Date.now()}`;
    await registerUser(service, other.sandboxKey, theirs);
    const live = `live-only-${Date.now()}`;
    await registerUser(service, tenant.liveKey, live, 'live');
    for (const id of ['nobody-at-all', theirs, live]) {
      const page = await portal.get(`/portal/users/${id}`);
      expect(page.status, id).toBe(404);
      expect(textOf(page.html)).toContain(`No user ${id} is registered in this environment (sandbox)`);
    }
    expect((await portal.get('/portal/users/not%20an%20id')).status).toBe(404);
  });
});
