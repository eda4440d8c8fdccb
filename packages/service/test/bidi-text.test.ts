import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabaseOn, type ScratchDatabase } from '../scripts/scratch-database.js';
import {
  ADMIN_TOKEN,
  createTenant,
  expectEnvelope,
  startTestService,
  uniqueKey,
  type Response,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { PanelClient, textOf } from './panel-client.js';
import { fundedUser, sessionFor } from './trading-helpers.js';

/**
 * Free text a person types and the panel or portal shows refuses the bidirectional controls
 * U+202A–U+202E and U+2066–U+2069 (lib/text.ts, withoutBidiControls): 400 validation_failed on the APIs,
 * a refused form on the pages, and nothing stored. The panel's sign-in counts failures per address, so
 * this file runs on a database and a service of its own.
 */
const CONTROLS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
const RLO = '\u202E';
let database: ScratchDatabase;
let service: TestService;
let tenant: TestTenant;
let session: string;

beforeAll(async () => {
  database = await createDatabaseOn(inject('databaseUrl'), `pm_bidi_${process.pid}_${Date.now()}`);
  service = await startTestService({ env: { DATABASE_URL: database.url } });
  tenant = await createTenant(service);
  session = await sessionFor(service, tenant.sandboxKey, await fundedUser(service, tenant.sandboxKey, 'bidi'));
});
afterAll(async () => {
  await service?.stop();
  await database?.drop();
});

/** A 400 validation_failed whose issue names the field and the rule. */
function expectRefused(res: Response, path: string): void {
  expectEnvelope(res, 'validation_failed', 400);
  const issue = (res.json.details.issues as { path: string; message: string }[]).find((i) => i.path === path);
  expect(issue, `${path} in ${res.text}`).toBeDefined();
  expect(issue!.message).toMatch(/bidirectional control/);
}

const openTicket = (body: Record<string, unknown>) =>
  service.api('sandbox', 'POST', '/v1/support-tickets', {
    key: tenant.sandboxKey,
    idempotencyKey: uniqueKey('bidi'),
    body,
  });
const market = (overrides: Record<string, unknown>) =>
  service.platform('POST', '/platform/v1/markets', {
    slug: `bidi-${process.pid}-${Date.now()}`,
    title: 'Rain tomorrow?',
    outcomes: [{ title: 'Yes' }, { title: 'No' }],
    opens_at: '2026-06-01T00:00:00Z',
    closes_at: '2026-06-30T00:00:00Z',
    max_stake_per_position: '50.00',
    max_open_stake_per_user: '80.00',
    liquidity: '100',
    ...overrides,
  });

describe('the APIs refuse bidirectional controls with 400 validation_failed', () => {
  it('in a support ticket: every one of the nine, in the subject and in the body', async () => {
    for (const control of CONTROLS) {
      const code = control.codePointAt(0)!.toString(16);
      expectRefused(await openTicket({ subject: `Refund ${control}txet`, body: 'Hello.' }), '/subject');
      expectRefused(await openTicket({ subject: `Refund ${code}`, body: `Line one\n${control}two` }), '/body');
    }
    const list = await service.api('sandbox', 'GET', '/v1/support-tickets', { key: tenant.sandboxKey });
    expect(list.json.data).toEqual([]);
    // Right-to-left text itself is welcome: only the invisible controls are refused.
    const hebrew = await openTicket({ subject: 'החזר כספי', body: 'שלום \u200F: a mark, not a control.' });
    expect(hebrew.status, hebrew.text).toBe(201);
  });

  it("in the platform's reply to a ticket", async () => {
    const opened = await openTicket({ subject: 'Balances', body: 'Off by one.' });
    const path = `/platform/v1/support-tickets/${opened.json.id}/messages`;
    expectRefused(await service.platform('POST', path, { body: `We fixed it ${RLO}` }), '/body');
    const read = await service.api('sandbox', 'GET', `/v1/support-tickets/${opened.json.id}`, {
      key: tenant.sandboxKey,
    });
    expect(read.json.status).toBe('open');
    expect(read.json.messages).toHaveLength(1);
  });

  it("in a tenant's name and a market's and its outcomes' titles", async () => {
    expectRefused(await service.platform('POST', '/platform/v1/tenants', { name: `Acme ${RLO}corp` }), '/name');
    expectRefused(await market({ title: `Rain\u2067 tomorrow?` }), '/title');
    expectRefused(await market({ outcomes: [{ title: 'Yes' }, { title: `\u202BNo` }] }), '/outcomes/1/title');
  });

  it('in a widget display name', async () => {
    const put = (name: string) =>
      service.api('sandbox', 'PUT', '/v1/widget/profile', {
        key: session,
        body: { display_name: name, show_on_leaderboard: true },
      });
    expectRefused(await put(`Ada${RLO}Lovelace`), '/display_name');
    expect((await service.api('sandbox', 'GET', '/v1/widget/profile', { key: session })).json.display_name).toBeNull();
    expect((await put('Ada Lovelace')).status).toBe(200);
  });

  it('in a widget error report, which the panel lists', async () => {
    const report = (fields: Record<string, unknown>) =>
      service.api('sandbox', 'POST', '/v1/widget/error-reports', {
        key: session,
        body: {
          code: 'widget_runtime_error',
          message: 'Boom',
          widget_version: '1.0.0',
          occurred_at: '2026-06-01T11:59:00Z',
          ...fields,
        },
      });
    expectRefused(await report({ message: `Boom ${RLO}` }), '/message');
    expectRefused(await report({ stack: `at x\n\u2066at y` }), '/stack');
  });
});

describe('the panel and the portal refuse them in their forms', () => {
  it('in the panel: the sign-in name, a new tenant, a new market and a ticket reply', async () => {
    const signIn = await new PanelClient(service.urls.platform).post(
      '/panel/sign-in',
      { name: `Ada ${RLO}`, token: ADMIN_TOKEN },
      { csrf: false },
    );
    expect(signIn.status).toBe(400);
    expect(textOf(signIn.html)).toMatch(/bidirectional control/);

    const panel = await PanelClient.signedIn(service);
    const tenantName = `Acme ${RLO}corp ${Date.now()}`;
    const created = await panel.post('/panel/tenants', { name: tenantName });
    expect(created.location).toBe('/panel/tenants');
    expect(textOf((await panel.get('/panel/tenants')).html)).toMatch(/bidirectional control/);
    const tenants = await service.db.selectFrom('tenants').select('name').where('name', '=', tenantName).execute();
    expect(tenants).toEqual([]);

    const slug = `bidi-panel-${process.pid}`;
    await panel.post('/panel/markets', {
      slug,
      title: 'Rain?',
      outcomes: `Yes\n${RLO}No`,
      opens_at: '2026-06-01T00:00',
      closes_at: '2026-06-30T00:00',
      max_stake_per_position: '50.00',
      max_open_stake_per_user: '80.00',
      liquidity: '100',
    });
    expect(textOf((await panel.get('/panel/markets')).html)).toMatch(/bidirectional control/);
    expect(await service.db.selectFrom('markets').select('slug').where('slug', '=', slug).execute()).toEqual([]);

    const opened = await openTicket({ subject: 'From the panel', body: 'Hello.' });
    await panel.post(`/panel/tickets/${opened.json.id}/messages`, { body: `Done ${RLO}` });
    expect(textOf((await panel.get('/panel/tickets')).html)).toMatch(/bidirectional control/);
    const read = await service.api('sandbox', 'GET', `/v1/support-tickets/${opened.json.id}`, {
      key: tenant.sandboxKey,
    });
    expect(read.json.messages).toHaveLength(1);
  });

  it('in the portal: the sign-in name and a new ticket', async () => {
    const link = await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/portal-links`);
    const token = new URL(link.json.url).searchParams.get('token')!;
    const portal = new PanelClient(service.urls.sandbox, '/portal');
    const refused = await portal.post('/portal/sign-in', { name: `Sam ${RLO}`, token }, { csrf: false });
    expect(refused.status).toBe(400);
    expect(textOf(refused.html)).toMatch(/bidirectional control/);
    // The refusal did not spend the link.
    expect((await portal.post('/portal/sign-in', { name: 'Sam', token }, { csrf: false })).status).toBe(303);

    const subject = `Webhooks ${Date.now()}`;
    await portal.post('/portal/tickets', { subject, body: `They fail ${RLO}since noon`, request_id: '' });
    expect(textOf((await portal.get('/portal/tickets')).html)).toMatch(/bidirectional control/);
    const all = await service.platform('GET', `/platform/v1/support-tickets?tenant_id=${tenant.tenantId}`);
    expect(all.json.data.map((t: { subject: string }) => t.subject)).not.toContain(subject);
  });
});
