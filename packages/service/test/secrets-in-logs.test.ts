import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { memoryLogger } from '../src/lib/logger.js';
import { ADMIN_TOKEN, createTenant, startTestService, WIDGET_SECRET, type TestService } from './helpers.js';
import { PanelClient } from './panel-client.js';
import { fundedUser, sessionFor } from './trading-helpers.js';

/**
 * Every sign-in flow of the service with its log at `trace`, the most it ever writes: no credential that
 * passes through a flow may appear in any line (audit: at `info` the request log carried the portal's
 * one-time link, enough to sign in as the tenant).
 */
const { log, lines } = memoryLogger('trace');
let service: TestService;

beforeAll(async () => {
  service = await startTestService({ clock: new FakeClock('2026-06-01T12:00:00.000Z'), logger: log });
});
afterAll(() => service.stop());

describe('the log at trace', () => {
  it('holds no token, session cookie, API key or webhook secret of any sign-in flow', async () => {
    const secrets: Record<string, string> = { 'platform admin token': ADMIN_TOKEN, 'widget secret': WIDGET_SECRET };
    const tenant = await createTenant(service);
    secrets['sandbox API key'] = tenant.sandboxKey;
    secrets['live API key'] = tenant.liveKey;

    // The panel: sign-in with the admin token, a page, a webhook secret rotated through it, sign-out.
    const panel = await PanelClient.signedIn(service);
    secrets['panel cookie'] = panel.cookies.get('pm_panel')!;
    secrets['panel CSRF token'] = await panel.csrfToken();
    const rotated = await panel.post(`/panel/tenants/${tenant.tenantId}/environments/sandbox/webhook-secret`, {});
    expect(rotated.status).toBe(201);
    secrets['webhook secret (panel)'] = /class="secret"[^>]*>([^<]+)</.exec(rotated.html)![1]!;
    expect((await panel.post('/panel/sign-out', {})).status).toBe(303);

    // The platform API: a webhook secret rotated, a portal link issued.
    const secret = await service.platform(
      'POST',
      `/platform/v1/tenants/${tenant.tenantId}/environments/live/webhook-secret`,
    );
    expect(secret.status).toBe(201);
    secrets['webhook secret (API)'] = secret.json.webhook_secret;
    const link = await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/portal-links`);
    expect(link.status).toBe(201);
    const linkToken = new URL(link.json.url as string).searchParams.get('token')!;
    secrets['portal link token'] = linkToken;

    // The portal: the link opened (a GET with the token in its query), its form posted, a page, a wrong link.
    expect((await fetch(link.json.url as string)).status).toBe(200);
    const portal = new PanelClient(service.urls.sandbox, '/portal');
    expect((await portal.post('/portal/sign-in', { name: 'Sam', token: linkToken }, { csrf: false })).status).toBe(303);
    secrets['portal cookie'] = portal.cookies.get('pm_portal_sandbox')!;
    expect((await portal.get('/portal')).status).toBe(200);
    expect((await fetch(`${service.urls.sandbox}/portal/sign-in?token=${linkToken}`)).status).toBe(200);

    // A widget session minted with the API key, used, refreshed; the API key used on the API and refused
    // on the other listener.
    const user = await fundedUser(service, tenant.sandboxKey, 'logged');
    const token = await sessionFor(service, tenant.sandboxKey, user);
    secrets['widget session token'] = token;
    expect((await service.api('sandbox', 'GET', '/v1/users/me', { key: token })).status).toBe(200);
    const refreshed = await service.api('sandbox', 'POST', '/v1/widget/sessions/refresh', { key: token });
    expect(refreshed.status).toBe(200);
    secrets['refreshed widget session token'] = refreshed.json.token;
    expect((await service.api('sandbox', 'GET', '/v1/markets', { key: refreshed.json.token })).status).toBe(200);
    expect((await service.api('sandbox', 'GET', '/v1/markets', { key: tenant.sandboxKey })).status).toBe(200);
    expect((await service.api('live', 'GET', '/v1/markets', { key: tenant.sandboxKey })).status).toBe(401);

    // The scan means something: the request lines are there, the link's among them without its token.
    const text = lines.map((line) => JSON.stringify(line));
    expect(text.some((line) => line.includes('"url":"/portal/sign-in?token=…"'))).toBe(true);
    expect(text.some((line) => line.includes('/v1/widget/sessions/refresh'))).toBe(true);
    for (const [name, value] of Object.entries(secrets)) {
      expect(value, name).toBeTruthy();
      const found = text.find((line) => line.includes(value));
      expect(found, `the ${name} is in the log`).toBeUndefined();
    }
  });
});
