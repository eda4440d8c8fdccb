import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestService, type TestTenant } from './helpers.js';
import { PanelClient, startPanelTest, textOf } from './panel-client.js';

/** The panel's request log across tenants (docs/operations.md, "The request log"). */
let service: TestService;
let tenant: TestTenant;
let other: TestTenant;
let panel: PanelClient;

beforeAll(async () => {
  ({ service, tenant, panel } = await startPanelTest());
  other = await createTenant(service);
}, 60_000);
afterAll(() => service?.stop());

const nameOf = async (t: TestTenant) =>
  (await service.platform('GET', `/platform/v1/tenants/${t.tenantId}`)).json.name as string;

describe('GET /panel/requests', () => {
  it("lists every tenant's requests with the tenant's name, and narrows to a tenant, an environment and a code", async () => {
    // A user id of this test's own: the suite's other files leave unknown_user answers in the log too.
    const nobody = `nobody-${Date.now()}`;
    const mine = await service.api('sandbox', 'GET', `/v1/users/${nobody}/limits`, { key: tenant.sandboxKey });
    const theirs = await service.api('live', 'GET', `/v1/users/${nobody}/limits`, { key: other.liveKey });
    expect([mine.status, theirs.status]).toEqual([404, 404]);
    await service.deps.requestLog.flush();
    const all = await panel.get(`/panel/requests?code=unknown_user&user=${nobody}`);
    expect(all.status).toBe(200);
    expect(all.html).toContain(`/panel/requests/${mine.json.request_id}`);
    expect(all.html).toContain(`/panel/requests/${theirs.json.request_id}`);
    expect(textOf(all.html)).toContain(await nameOf(tenant));
    expect(textOf(all.html)).toContain(await nameOf(other));

    const one = await panel.get(`/panel/requests?code=unknown_user&user=${nobody}&tenant=${tenant.tenantId}`);
    expect(one.html).toContain(mine.json.request_id);
    expect(one.html).not.toContain(theirs.json.request_id);
    const live = await panel.get(`/panel/requests?code=unknown_user&user=${nobody}&environment=live`);
    expect(live.html).toContain(theirs.json.request_id);
    expect(live.html).not.toContain(mine.json.request_id);
  });

  it('names a bad tenant or environment under its field and reads nothing, never a 500', async () => {
    const bad = await panel.get("/panel/requests?tenant=' or 1=1 --&environment=prod&status=9xx");
    expect(bad.status).toBe(200);
    expect(bad.html).toMatch(/id="tenant"[^>]*aria-invalid="true"/);
    expect(bad.html).toMatch(/id="environment"[^>]*aria-invalid="true"/);
    expect(bad.html).toMatch(/id="status"[^>]*aria-invalid="true"/);
    expect(textOf(bad.html)).toContain('This filter cannot be used');
  });
});
