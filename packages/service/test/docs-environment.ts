import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { expect } from 'vitest';
import { createTenant, type TestService } from './helpers.js';

/**
 * What the runnable examples of the guides and of the SDK's README are promised (docs/guides/README.md):
 * a fresh tenant with an open market enabled, its sandbox webhooks going to a free local port, and the
 * variables a reader exports.
 */
export async function docsEnvironment(service: TestService, name: string): Promise<Record<string, string>> {
  const tenant = await createTenant(service);
  await openMarketFor(service, tenant.tenantId, name);
  const port = await freePort();
  const webhookUrl = `http://127.0.0.1:${port}/webhooks`;
  const environment = `/platform/v1/tenants/${tenant.tenantId}/environments/sandbox`;
  const settings = await service.platform('PUT', environment, { webhook_url: webhookUrl });
  expect(settings.status, settings.text).toBe(200);
  const secret = await service.platform('POST', `${environment}/webhook-secret`);
  expect(secret.status, secret.text).toBe(201);
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    LANG: 'C.UTF-8',
    PM_BASE_URL: service.urls.sandbox,
    PM_API_KEY: tenant.sandboxKey,
    PM_LIVE_BASE_URL: service.urls.live,
    PM_LIVE_API_KEY: tenant.liveKey,
    PM_WEBHOOK_SECRET: secret.json.webhook_secret,
    PM_WEBHOOK_PORT: String(port),
    PM_WEBHOOK_URL: webhookUrl,
  };
}

/** A new open market, enabled for the tenant. */
export async function openMarketFor(service: TestService, tenantId: string, name: string) {
  const now = Date.now();
  const market = await service.platform('POST', '/platform/v1/markets', {
    slug: `${name}-${process.pid}-${now}`,
    title: 'Will the home team win the final?',
    outcomes: [{ title: 'Yes' }, { title: 'No' }],
    opens_at: new Date(now - 3_600_000).toISOString(),
    closes_at: new Date(now + 30 * 86_400_000).toISOString(),
    max_stake_per_position: '100.00',
    max_open_stake_per_user: '500.00',
    liquidity: '100',
    sandbox_influence: null, // the fixture trusts its own sandbox traffic
  });
  expect(market.status, market.text).toBe(201);
  const enabled = await service.platform('PUT', `/platform/v1/tenants/${tenantId}/markets/${market.json.slug}`);
  expect(enabled.status, enabled.text).toBe(200);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
