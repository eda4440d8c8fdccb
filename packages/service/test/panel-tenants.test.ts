import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestService, type TestTenant } from './helpers.js';
import { auditRows, startPanelTest, textOf, type PanelClient } from './panel-client.js';

/**
 * A tenant's settings through the platform panel: confirmation pages before a suspension or a key's
 * revocation, environment and widget settings, the webhook secret, and what the audit log keeps of them.
 */
let service: TestService;
let tenant: TestTenant;
let panel: PanelClient;

beforeAll(async () => ({ service, tenant, panel } = await startPanelTest()));
afterAll(() => service.stop());

describe('confirmation pages', () => {
  it('suspends a tenant only from its confirmation page, which counts the keys it revokes', async () => {
    const victim = await createTenant(service);
    const confirm = await panel.get(`/panel/tenants/${victim.tenantId}/suspend`);
    expect(confirm.status).toBe(200);
    expect(textOf(confirm.html)).toContain('Its 2 live API keys (both environments) are revoked at once');
    expect((await service.api('sandbox', 'GET', '/v1/markets', { key: victim.sandboxKey })).status).toBe(200);
    await panel.post(`/panel/tenants/${victim.tenantId}/suspend`, {});
    expect((await service.api('sandbox', 'GET', '/v1/markets', { key: victim.sandboxKey })).status).toBe(401);
  });

  it('revokes a key only from its confirmation page', async () => {
    const own = await createTenant(service);
    const detail = await panel.get(`/panel/tenants/${own.tenantId}`);
    const href = /href="(\/panel\/api-keys\/[0-9a-f-]{36}\/revoke\?tenant_id=[0-9a-f-]{36})"/.exec(detail.html)![1]!;
    const confirm = await panel.get(href);
    expect(textOf(confirm.html)).toMatch(/is refused with 401 from the next request/);
    const keyId = href.split('/')[3]!;
    await panel.post(`/panel/api-keys/${keyId}/revoke`, { tenant_id: own.tenantId });
    const keys = (await panel.get(`/panel/tenants/${own.tenantId}`)).html;
    expect(keys).toMatch(/revoked 2026-06-01/);
  });
});

describe('what the audit log keeps', () => {
  it("keeps a webhook URL's host, never the URL (it may carry a token)", async () => {
    await panel.post(`/panel/tenants/${tenant.tenantId}/environments/sandbox`, {
      webhook_url: 'https://hooks.example.com/in?token=s3cret',
      // An origin of this test's own: a preflight is allowed when any tenant of the environment lists it.
      allowed_origins: 'https://panel-tenants-test.example.com',
    });
    const entry = (await auditRows(service, 'environment.update', `${tenant.tenantId}/sandbox`)).at(-1)!;
    expect(entry.details).toEqual({ webhook_host: 'hooks.example.com', allowed_origins: 1 });
    expect(
      JSON.stringify(await service.db.selectFrom('audit_log').select(['target', 'details']).execute()),
    ).not.toContain('s3cret');
  });
});

describe('environment settings', () => {
  it('saves widget settings from their JSON, refusing what the API refuses', async () => {
    const own = await createTenant(service);
    const back = `/panel/tenants/${own.tenantId}`;
    await panel.post(`${back}/environments/sandbox/widget`, {
      widget: '{"scheme":"dark","locales":["en","de"],"default_locale":"de"}',
    });
    const config = await service.platform('GET', `/platform/v1/tenants/${own.tenantId}`);
    const sandbox = config.json.environments.find((e: any) => e.environment === 'sandbox');
    expect(sandbox.widget).toMatchObject({ scheme: 'dark', locales: ['en', 'de'], default_locale: 'de' });
    await panel.post(`${back}/environments/sandbox/widget`, { widget: '{"scheme":"purple"}' });
    expect(textOf((await panel.get(back)).html)).toMatch(/scheme: /);
    await panel.post(`${back}/environments/sandbox/widget`, { widget: 'not json' });
    const again = await service.platform('GET', `/platform/v1/tenants/${own.tenantId}`);
    expect(again.json.environments.find((e: any) => e.environment === 'sandbox').widget.scheme).toBe('dark');
  });

  it('rotates a webhook secret from its confirmation page and shows the new one once', async () => {
    const own = await createTenant(service);
    const base = `/panel/tenants/${own.tenantId}/environments/live/webhook-secret`;
    expect(textOf((await panel.get(base)).html)).toContain('the old one is invalid at once');
    const rotated = await panel.post(base, {});
    expect(rotated.status).toBe(201);
    const secret = /whsec_[\w-]+/.exec(rotated.html)![0];
    expect((await panel.get(`/panel/tenants/${own.tenantId}`)).html).not.toContain(secret);
    expect(JSON.stringify(await service.db.selectFrom('audit_log').select(['details']).execute())).not.toContain(
      secret,
    );
  });
});
