import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { createDatabaseOn, type ScratchDatabase } from '../scripts/scratch-database.js';
import { ADMIN_TOKEN, createTenant, startTestService, type TestService, type TestTenant } from './helpers.js';
import { auditRows, PanelClient, textOf } from './panel-client.js';
import { createMarket, fundedUser, sessionFor } from './trading-helpers.js';

/**
 * The platform panel over HTTP (settlement through it: panel-settlement.test.ts). It pauses kill switches,
 * which are global, and reads the platform's one audit log, so this file runs on a database of its own.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let database: ScratchDatabase;
let service: TestService;
let tenant: TestTenant;
let panel: PanelClient;

beforeAll(async () => {
  database = await createDatabaseOn(inject('databaseUrl'), `pm_panel_${process.pid}_${Date.now()}`);
  service = await startTestService({ clock, env: { DATABASE_URL: database.url } });
  tenant = await createTenant(service);
  panel = await PanelClient.signedIn(service);
});
afterAll(async () => {
  await service.stop();
  await database.drop();
});

describe('the panel sign-in', () => {
  it('sends a visitor without a session to the sign-in page, and refuses a post', async () => {
    const anonymous = new PanelClient(service.urls.platform);
    const page = await anonymous.get('/panel/markets');
    expect(page.status).toBe(303);
    expect(page.location).toBe('/panel/sign-in?next=%2Fpanel%2Fmarkets');
    const post = await anonymous.post('/panel/kill-switches/sync', { paused: 'true' }, { csrf: false });
    expect(post.status).toBe(401);
    expect((await service.platform('GET', '/platform/v1/kill-switches')).json.data[0].paused).toBe(false);
  });

  it('guards every panel route: without a session a page goes to the sign-in and a post is 401', async () => {
    const routes = service.routes.platform.filter((r) => r.meta?.credential === 'panel');
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const anonymous = new PanelClient(service.urls.platform);
    for (const route of routes) {
      const path = route.url.replace(/:[a-z_]+/g, '00000000-0000-4000-8000-000000000000');
      const res = route.method === 'GET' ? await anonymous.get(path) : await anonymous.post(path, {}, { csrf: false });
      expect(res.status, `${route.method} ${route.url}`).toBe(route.method === 'GET' ? 303 : 401);
    }
  });

  it('refuses a wrong token with 401, sets no cookie, and records the attempt', async () => {
    const visitor = new PanelClient(service.urls.platform);
    const res = await visitor.post('/panel/sign-in', { name: 'Mallory', token: 'not-the-token' }, { csrf: false });
    expect(res.status).toBe(401);
    expect(textOf(res.html)).toContain('That is not the platform admin token.');
    expect(visitor.cookies.size).toBe(0);
    const attempts = await auditRows(service, 'panel.sign_in');
    // Recorded under no name (anyone can type one), the name given kept as a detail.
    expect(
      attempts.some(
        (a) => a.who === 'panel:anonymous' && (a.details as any).name === 'Mallory' && a.outcome === 'invalid_api_key',
      ),
    ).toBe(true);
  });

  it('exchanges the admin token for an HttpOnly, SameSite=Strict cookie of 8 hours, and returns to the page asked for', async () => {
    const res = await fetch(`${service.urls.platform}/panel/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Grace', token: ADMIN_TOKEN, next: '/panel/audit' }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/panel/audit');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('pm_panel='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/panel/i);
    expect(cookie).toMatch(/Max-Age=28800/i);
  });

  it('never redirects outside the panel after sign-in', async () => {
    const visitor = new PanelClient(service.urls.platform);
    const res = await visitor.post(
      '/panel/sign-in',
      { name: 'Ada', token: ADMIN_TOKEN, next: '//evil.example/panel' },
      { csrf: false },
    );
    expect(res.location).toBe('/panel');
  });

  it('ends the session on sign-out: the cookie no longer opens a page', async () => {
    const client = await PanelClient.signedIn(service, 'Leaving');
    const copy = new Map(client.cookies);
    expect((await client.post('/panel/sign-out', {})).location).toBe('/panel/sign-in');
    const replay = new PanelClient(service.urls.platform);
    for (const [k, v] of copy) replay.cookies.set(k, v);
    expect((await replay.get('/panel')).status).toBe(303);
  });

  it('answers a session past its 8 hours like no session', async () => {
    const client = await PanelClient.signedIn(service, 'Late');
    clock.advance(8 * 60 * 60 * 1000 + 1);
    try {
      expect((await client.get('/panel')).status).toBe(303);
    } finally {
      clock.set('2026-06-01T12:00:00.000Z');
    }
  });
});

describe('CSRF', () => {
  it("refuses a signed-in post without its token or with another session's, and changes nothing", async () => {
    const without = await panel.post('/panel/kill-switches/feed', { paused: 'true' }, { csrf: false });
    expect(without.status).toBe(403);
    const other = await PanelClient.signedIn(service, 'Other');
    const foreign = await panel.post(
      '/panel/kill-switches/feed',
      { paused: 'true', _csrf: await other.csrfToken() },
      { csrf: false },
    );
    expect(foreign.status).toBe(403);
    const feed = (await service.platform('GET', '/platform/v1/kill-switches')).json.data.find(
      (s: any) => s.name === 'feed',
    );
    expect(feed.paused).toBe(false);
  });
});

describe('the screens', () => {
  it('render for a signed-in person, each with its heading', async () => {
    const market = await createMarket(service, tenant);
    for (const [path, heading] of [
      ['/panel', 'Overview'],
      ['/panel/tenants', 'Tenants'],
      [`/panel/tenants/${tenant.tenantId}`, 'Tenant '],
      ['/panel/markets', 'Markets'],
      [`/panel/markets/${market.slug}`, 'Market '],
      ['/panel/dead-letters', 'Dead letters'],
      ['/panel/reconciliation', 'Reconciliation'],
      ['/panel/tickets', 'Support tickets'],
      ['/panel/widget-errors', 'Widget error reports'],
      ['/panel/audit', 'Audit log'],
    ]) {
      const page = await panel.get(path!);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.html, path).toMatch(new RegExp(`<h1>${heading}`));
    }
  });

  it('answers unknown tenants and markets with a 404 page, not an error', async () => {
    expect((await panel.get('/panel/tenants/not-an-id')).status).toBe(404);
    expect((await panel.get('/panel/markets/no-such-market')).status).toBe(404);
  });
});

describe('actions', () => {
  it('pauses and resumes a kill switch, as the platform API sees it, with an audit entry', async () => {
    const paused = await panel.post('/panel/kill-switches/positions', { paused: 'true', reason: 'Pricing bug' });
    expect(paused.status).toBe(303);
    expect(textOf((await panel.get('/panel')).html)).toContain('positions is paused for every tenant.');
    const state = async () =>
      (await service.platform('GET', '/platform/v1/kill-switches')).json.data.find((s: any) => s.name === 'positions')
        .paused;
    expect(await state()).toBe(true);
    await panel.post('/panel/kill-switches/positions', { paused: 'false' });
    expect(await state()).toBe(false);
    const entries = await auditRows(service, 'kill_switch.set', 'positions');
    expect(entries.slice(-2).map((e) => [e.who, e.target, e.details, e.outcome])).toEqual([
      ['panel:Ada', 'positions', { paused: true, reason: 'Pricing bug' }, 'done'],
      ['panel:Ada', 'positions', { paused: false, reason: null }, 'done'],
    ]);
  });

  it('answers an unknown kill switch with a 404 page, changing nothing', async () => {
    const res = await panel.post('/panel/kill-switches/everything', { paused: 'true', reason: 'r' });
    expect(res.status).toBe(404);
    expect(textOf(res.html)).toContain('There is no kill switch everything.');
  });

  it('creates a tenant, issues a key shown once that works, and revokes it', async () => {
    const created = await panel.post('/panel/tenants', { name: 'Panel tenant' });
    expect(created.location).toMatch(/^\/panel\/tenants\/[0-9a-f-]{36}$/);
    const tenantId = created.location!.split('/').at(-1)!;
    const issued = await panel.post(`/panel/tenants/${tenantId}/api-keys`, {
      environment: 'sandbox',
      scopes: ['read:markets'],
    });
    expect(issued.status).toBe(201);
    const key = /pmk_sandbox_\w+/.exec(issued.html)![0];
    expect((await service.api('sandbox', 'GET', '/v1/markets', { key })).status).toBe(200);
    const detail = await panel.get(`/panel/tenants/${tenantId}`);
    expect(detail.html).not.toContain(key);
    const keyId = /\/panel\/api-keys\/([0-9a-f-]{36})\/revoke/.exec(detail.html)![1]!;
    await panel.post(`/panel/api-keys/${keyId}/revoke`, { tenant_id: tenantId });
    expect((await service.api('sandbox', 'GET', '/v1/markets', { key })).status).toBe(401);
    const audit = await service.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target', 'in', [tenantId, keyId])
      .execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['api_key.issue', 'api_key.revoke']));
    expect(JSON.stringify(audit)).not.toContain(key);
  });

  it('rotates a key: both work until the confirm, then the old one is 401', async () => {
    const issued = await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/api-keys`, {
      environment: 'sandbox',
      scopes: ['read:markets'],
    });
    const oldKey = issued.json.api_key as string;
    const rotated = await panel.post(`/panel/api-keys/${issued.json.id}/rotate`, { tenant_id: tenant.tenantId });
    expect(rotated.status).toBe(201);
    const newKey = /pmk_sandbox_\w+/.exec(rotated.html)![0];
    for (const key of [oldKey, newKey])
      expect((await service.api('sandbox', 'GET', '/v1/markets', { key })).status).toBe(200);
    const detail = await panel.get(`/panel/tenants/${tenant.tenantId}`);
    const newId = /\/panel\/api-keys\/([0-9a-f-]{36})\/confirm-rotation/.exec(detail.html)![1]!;
    await panel.post(`/panel/api-keys/${newId}/confirm-rotation`, { tenant_id: tenant.tenantId });
    expect((await service.api('sandbox', 'GET', '/v1/markets', { key: oldKey })).status).toBe(401);
    expect((await service.api('sandbox', 'GET', '/v1/markets', { key: newKey })).status).toBe(200);
  });

  it('creates a market from the form and enables it for a tenant', async () => {
    const slug = `panel-${process.pid}`;
    const created = await panel.post('/panel/markets', {
      slug,
      title: 'Made in the panel',
      outcomes: 'Yes\nNo\n',
      opens_at: '2026-06-01T00:00',
      closes_at: '2026-06-30T00:00',
      max_stake_per_position: '10.00',
      max_open_stake_per_user: '20.00',
      liquidity: '100',
    });
    expect(created.location).toBe(`/panel/markets/${slug}`);
    await panel.post(`/panel/markets/${slug}/tenants`, { tenant_id: tenant.tenantId, enabled: 'true' });
    const feed = await service.api('sandbox', 'GET', `/v1/markets/${slug}`, { key: tenant.sandboxKey });
    expect(feed.status).toBe(200);
    expect(feed.json.opens_at).toBe('2026-06-01T00:00:00.000Z');
  });

  it('refuses a malformed market form with the field and its reason, and creates nothing', async () => {
    await panel.post('/panel/markets', { slug: 'Bad Slug', title: 'x', outcomes: 'Only one' });
    const page = textOf((await panel.get('/panel/markets')).html);
    expect(page).toMatch(/Slug: /);
    expect((await service.platform('GET', '/platform/v1/markets/bad-slug')).status).not.toBe(200);
  });
});

describe('hostile and malformed input', () => {
  it('escapes what it shows: a tenant named like a script is text', async () => {
    const created = await panel.post('/panel/tenants', { name: '<script>alert(1)</script>' });
    const page = await panel.get(created.location!);
    expect(page.html).not.toContain('<script>alert(1)</script>');
    expect(page.html).toContain('&lt;script>alert(1)&lt;/script>');
  });

  it('answers path parameters that cannot name anything with a 404 page, never a 500', async () => {
    for (const path of [
      '/panel/markets/%E2%9C%93',
      '/panel/markets/a%0Ab',
      '/panel/tenants/%00',
      '/panel/markets/x/settle?change=void',
    ]) {
      const res = await panel.get(path);
      expect(res.status, path).toBeLessThan(500);
    }
    for (const path of [
      '/panel/markets/%E2%9C%93/suspend',
      '/panel/markets/Not%20A%20Slug/sandbox-influence',
      '/panel/api-keys/%0A/revoke',
      '/panel/kill-switches/%E2%9C%93',
    ]) {
      const res = await panel.post(path, {});
      expect(res.status, path).toBe(404);
    }
  });

  it('refuses a confirm with a malformed or repeated field, with the reason, and changes nothing', async () => {
    const market = await createMarket(service, tenant);
    const back = `/panel/markets/${market.slug}`;
    for (const fields of [
      { change: 'void', expect: 'not json' },
      { change: 'void', expect: '{"positions":"many"}' },
      { change: ['void', 'void'], expect: '{}' },
      { change: 'resolve:not-a-uuid', expect: '{}' },
    ]) {
      const res = await panel.post(`${back}/settle`, fields);
      expect(res.status).toBe(303);
      expect(res.location).toBe(back);
    }
    expect((await panel.get(back)).html).toContain('<dd>open</dd>');
  });
});

describe('operations', () => {
  it('lists an open ticket, shows it on its page, replies to it (the tenant reads the reply) and closes it', async () => {
    const opened = await service.api('sandbox', 'POST', '/v1/support-tickets', {
      key: tenant.sandboxKey,
      idempotencyKey: `ticket-${Math.random()}`,
      body: { subject: 'Balances look off', body: 'User 7 is short by 2.00' },
    });
    expect(opened.status, opened.text).toBe(201);
    const tickets = `/panel/tickets?tenant=${tenant.tenantId}`;
    const list = (await panel.get(tickets)).html;
    expect(list).toContain(`>Balances look off</a>`);
    expect(list).toContain(`href="/panel/tickets/${opened.json.id}?status=open&amp;tenant=${tenant.tenantId}"`);
    const page = `/panel/tickets/${opened.json.id}?status=open&tenant=${tenant.tenantId}`;
    expect(textOf((await panel.get(page)).html)).toContain('User 7 is short by 2.00');
    const replied = await panel.post(`/panel/tickets/${opened.json.id}/messages`, {
      body: 'Fixed by a correction.',
      status: 'open',
      tenant: tenant.tenantId,
    });
    expect(replied.location).toBe(page);
    const read = await service.api('sandbox', 'GET', `/v1/support-tickets/${opened.json.id}`, {
      key: tenant.sandboxKey,
    });
    expect(read.json.status).toBe('answered');
    expect(read.json.messages.at(-1)).toMatchObject({ from: 'platform', body: 'Fixed by a correction.' });
    const closed = await panel.post(`/panel/tickets/${opened.json.id}/close`, {});
    expect(closed.location).toBe(`/panel/tickets/${opened.json.id}?status=open`);
    expect((await panel.get(`${tickets}&status=answered`)).html).not.toContain('>Balances look off</a>');
    const closedList = textOf((await panel.get(`${tickets}&status=closed`)).html);
    expect(closedList).toMatch(/Balances look off .* sandbox Closed /);
    expect((await auditRows(service, 'ticket.reply', opened.json.id)).length).toBe(1);
    expect((await auditRows(service, 'ticket.close', opened.json.id)).length).toBe(1);
  });

  it('runs reconciliation on demand and says what it found', async () => {
    const res = await panel.post('/panel/reconciliation/runs', {});
    expect(res.location).toBe('/panel/reconciliation');
    expect(textOf((await panel.get('/panel/reconciliation')).html)).toMatch(/Run over: \d+ users checked/);
    expect((await auditRows(service, 'reconciliation.run')).at(-1)!.outcome).toBe('done');
  });

  it("lists the widget's error reports", async () => {
    const user = await fundedUser(service, tenant.sandboxKey, 'beacon');
    const token = await sessionFor(service, tenant.sandboxKey, user);
    const sent = await service.api('sandbox', 'POST', '/v1/widget/error-reports', {
      key: token,
      body: {
        code: 'widget_runtime_error',
        message: 'Cannot read properties of undefined',
        widget_version: '1.2.3',
        occurred_at: '2026-06-01T11:59:00Z',
      },
    });
    expect(sent.status, sent.text).toBeLessThan(300);
    const page = textOf((await panel.get('/panel/widget-errors')).html);
    expect(page).toContain('Cannot read properties of undefined');
    expect(page).toContain('1.2.3');
  });
});
