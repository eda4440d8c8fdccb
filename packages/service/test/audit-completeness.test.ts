import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { createDatabaseOn, type ScratchDatabase } from '../scripts/scratch-database.js';
import {
  ADMIN_TOKEN,
  createTenant,
  startTestService,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { formFields, PanelClient, textOf } from './panel-client.js';
import { createMarket } from './trading-helpers.js';

/**
 * The audit log is complete (docs/operations.md, "The audit log"): each kind of change, made through its
 * real route (the platform API, the panel's forms, the portal's forms, the operator API's settings), has
 * its entry with who, tenant, action and details, and no entry holds a key, a secret or a token. Then the
 * page's filters. It pauses a kill switch and reads the one audit log, so it runs on a database of its own.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let database: ScratchDatabase;
let service: TestService;
let panel: PanelClient;
/** Every credential the tests saw: none may be in any audit row. */
const secrets: string[] = [ADMIN_TOKEN];

beforeAll(async () => {
  database = await createDatabaseOn(inject('databaseUrl'), `pm_audit_${process.pid}_${Date.now()}`);
  service = await startTestService({ clock, env: { DATABASE_URL: database.url } });
  panel = await PanelClient.signedIn(service);
});
afterAll(async () => {
  await service.stop();
  await database.drop();
});

type Row = {
  who: string;
  action: string;
  target: string;
  tenant_id: string | null;
  environment: string | null;
  details: any;
  outcome: string;
};

/** The newest entry of an action, of one tenant (or target) when given. */
async function latest(action: string, where: { tenant?: string; target?: string } = {}): Promise<Row> {
  let query = service.db.selectFrom('audit_log').selectAll().where('action', '=', action);
  if (where.tenant) query = query.where('tenant_id', '=', where.tenant);
  if (where.target) query = query.where('target', '=', where.target);
  const row = await query.orderBy('seq', 'desc').executeTakeFirst();
  expect(row, `an audit entry ${action} ${JSON.stringify(where)}`).toBeDefined();
  return row as unknown as Row;
}

/** An entry of a done change: who, tenant (and environment), non-empty details. */
async function expectEntry(
  action: string,
  expected: { who: string; tenant?: string | null; environment?: string | null; target?: string; details?: object },
): Promise<Row> {
  const row = await latest(action, { tenant: expected.tenant ?? undefined, target: expected.target });
  expect(row.who).toBe(expected.who);
  expect(row.outcome).toBe('done');
  if (expected.tenant !== undefined) expect(row.tenant_id).toBe(expected.tenant);
  if (expected.environment !== undefined) expect(row.environment).toBe(expected.environment);
  expect(Object.keys(row.details), `${action} has details`).not.toHaveLength(0);
  if (expected.details) expect(row.details).toMatchObject(expected.details);
  return row;
}

const platform = async (method: string, path: string, body?: unknown, status = 200) => {
  const res = await service.platform(method, path, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(status);
  return res.json;
};

const API = 'platform API';

describe('the platform API', () => {
  it('records tenants, keys, environment and widget settings, the secret, limits, pauses and links', async () => {
    const tenant = await platform('POST', '/platform/v1/tenants', { name: 'Audit Platform Co' }, 201);
    const id = tenant.id as string;
    await expectEntry('tenant.create', { who: API, tenant: id, details: { name: 'Audit Platform Co' } });

    const key = await platform(
      'POST',
      `/platform/v1/tenants/${id}/api-keys`,
      { environment: 'sandbox', scopes: ['read:markets'] },
      201,
    );
    secrets.push(key.api_key);
    await expectEntry('api_key.issue', { who: API, tenant: id, environment: 'sandbox', details: { key_id: key.id } });

    const rotated = await platform('POST', `/platform/v1/api-keys/${key.id}/rotate`, undefined, 201);
    secrets.push(rotated.api_key);
    await expectEntry('api_key.rotate', {
      who: API,
      tenant: id,
      target: key.id,
      details: { key_id: rotated.id, replaces_key_id: key.id, prefix: expect.stringMatching(/^pmk_sandbox_\w{4}$/) },
    });
    await platform('POST', `/platform/v1/api-keys/${rotated.id}/confirm-rotation`);
    await expectEntry('api_key.confirm_rotation', { who: API, tenant: id, details: { revoked_key_id: key.id } });
    await platform('DELETE', `/platform/v1/api-keys/${rotated.id}`, undefined, 204);
    await expectEntry('api_key.revoke', {
      who: API,
      tenant: id,
      environment: 'sandbox',
      details: { key_id: rotated.id },
    });

    const env = `/platform/v1/tenants/${id}/environments/sandbox`;
    await platform('PUT', env, {
      webhook_url: 'https://hooks.example.com/in?token=tok_in_the_url',
      allowed_origins: ['https://shop.example.com'],
    });
    secrets.push('tok_in_the_url');
    await expectEntry('environment.update', {
      who: API,
      tenant: id,
      environment: 'sandbox',
      details: { webhook_host: 'hooks.example.com', allowed_origins: 1 },
    });
    await platform('PUT', env, { widget: { scheme: 'dark' } });
    await expectEntry('environment.widget', { who: API, tenant: id, details: { widget: { scheme: 'dark' } } });

    const secret = await platform('POST', `${env}/webhook-secret`, undefined, 201);
    secrets.push(secret.webhook_secret);
    await expectEntry('webhook_secret.rotate', {
      who: API,
      tenant: id,
      environment: 'sandbox',
      details: { rotated: 'webhook secret' },
    });

    await platform('PUT', `/platform/v1/tenants/${id}/rate-limits`, { positions: 9000 });
    await expectEntry('rate_limit.set', { who: API, tenant: id, details: { positions: 9000 } });
    await platform('PUT', `/platform/v1/tenants/${id}/pauses/sync`, { paused: true, reason: 'Wallet migration' });
    await expectEntry('tenant_pause.set', {
      who: API,
      tenant: id,
      details: { paused: true, reason: 'Wallet migration' },
    });

    const link = await platform('POST', `/platform/v1/tenants/${id}/portal-links`, { environment: 'live' }, 201);
    secrets.push(new URL(link.url).searchParams.get('token')!);
    await expectEntry('portal_link.issue', {
      who: API,
      tenant: id,
      environment: 'live',
      details: { environment: 'live', expires_at: link.expires_at },
    });

    const live = await platform('POST', `/platform/v1/tenants/${id}/go-live`, { scopes: ['read:markets'] }, 201);
    secrets.push(live.api_key);
    await expectEntry('tenant.go_live', { who: API, tenant: id, environment: 'live', details: { key_id: live.id } });

    await platform('POST', `/platform/v1/tenants/${id}/suspend`);
    await expectEntry('tenant.suspend', { who: API, tenant: id, details: { status: 'suspended' } });
    await platform('POST', `/platform/v1/tenants/${id}/reactivate`);
    await expectEntry('tenant.reactivate', { who: API, tenant: id, details: { status: 'active' } });
  });

  it('records markets: create, PATCH, suspend with its reason, reopen, enable, disable, resolve, correct, void', async () => {
    const tenant = await createTenant(service);
    secrets.push(tenant.sandboxKey, tenant.liveKey);
    const market = await createMarket(service, tenant, { title: 'Audited market' });
    await expectEntry('market.create', { who: API, target: market.slug, details: { title: 'Audited market' } });
    await expectEntry('market.enable', { who: API, tenant: tenant.tenantId, target: market.slug });

    const patch = {
      rules: 'Yes if it rains.',
      resolution_source: 'https://weather.example.com',
      sandbox_influence: '0.02',
    };
    await platform('PATCH', `/platform/v1/markets/${market.slug}`, patch);
    await expectEntry('market.update', { who: API, target: market.slug, details: patch });
    await platform('POST', `/platform/v1/markets/${market.slug}/suspend`, { reason: 'Feed outage' });
    await expectEntry('market.suspend', { who: API, target: market.slug, details: { reason: 'Feed outage' } });
    await platform('POST', `/platform/v1/markets/${market.slug}/reopen`);
    await expectEntry('market.reopen', { who: API, target: market.slug });

    await platform('DELETE', `/platform/v1/tenants/${tenant.tenantId}/markets/${market.slug}`);
    await expectEntry('market.disable', { who: API, tenant: tenant.tenantId, details: { enabled: false } });

    const [yes, no] = market.outcomes.map((o) => o.id);
    await platform('POST', `/platform/v1/markets/${market.slug}/resolve`, { outcome_id: yes });
    await expectEntry('market.resolve', {
      who: API,
      target: market.slug,
      details: { outcome_id: yes, status: 'resolved' },
    });
    await platform('POST', `/platform/v1/markets/${market.slug}/corrections`, { status: 'resolved', outcome_id: no });
    await expectEntry('market.correct', { who: API, target: market.slug, details: { outcome_id: no, to: 'resolved' } });

    const other = await createMarket(service, tenant);
    await platform('POST', `/platform/v1/markets/${other.slug}/void`);
    await expectEntry('market.void', { who: API, target: other.slug, details: { status: 'voided' } });
  });

  it('records a kill switch, and a refusal with its code (no tenant it could name)', async () => {
    await platform('PUT', '/platform/v1/kill-switches/feed', { paused: true, reason: 'Audit drill' });
    await platform('PUT', '/platform/v1/kill-switches/feed', { paused: false });
    await expectEntry('kill_switch.set', { who: API, target: 'feed', details: { paused: false } });
    const missing = '00000000-0000-4000-8000-000000000001';
    await platform('DELETE', `/platform/v1/api-keys/${missing}`, undefined, 404);
    expect(await latest('api_key.revoke', { target: missing })).toMatchObject({
      outcome: 'not_found',
      tenant_id: null,
    });
  });
});

describe("the operator API's own settings (/v1), by the key's id", () => {
  it('records the webhook URL, the secret rotation and sandbox test markets; a refusal or a replay adds nothing', async () => {
    const tenant = await createTenant(service);
    secrets.push(tenant.sandboxKey, tenant.liveKey);
    const key = tenant.sandboxKey;
    const who = `api_key:${(await service.api('sandbox', 'GET', '/v1/tenant', { key })).json.key.id}`;
    const expectOwn = (action: string, details?: object) =>
      expectEntry(action, { who, tenant: tenant.tenantId, environment: 'sandbox', details });

    const put = await service.api('sandbox', 'PUT', '/v1/tenant/settings', {
      key,
      body: { webhook_url: 'https://own.example.com/hook' },
    });
    expect(put.status, put.text).toBe(200);
    await expectOwn('environment.update', { webhook_host: 'own.example.com' });
    const rotated = await service.api('sandbox', 'POST', '/v1/tenant/webhook-secret', { key });
    expect(rotated.status).toBe(201);
    secrets.push(rotated.json.webhook_secret);
    await expectOwn('webhook_secret.rotate', { rotated: 'webhook secret' });

    const createKey = uniqueKey('sandbox-market');
    const create = () =>
      service.api('sandbox', 'POST', '/v1/sandbox/markets', {
        key,
        idempotencyKey: createKey,
        body: { title: 'Audit test market', outcomes: ['Yes', 'No'] },
      });
    const created = await create();
    expect(created.status, created.text).toBe(201);
    await create(); // a replay runs nothing
    const slug = created.json.slug as string;
    await expectOwn('sandbox_market.create', { title: 'Audit test market', slug });
    const count = async (action: string) =>
      (
        await service.db
          .selectFrom('audit_log')
          .select('seq')
          .where('action', '=', action)
          .where('tenant_id', '=', tenant.tenantId)
          .execute()
      ).length;
    expect(await count('sandbox_market.create')).toBe(1);

    const settle = (path: string, body?: unknown) =>
      service.api('sandbox', 'POST', `/v1/sandbox/markets/${slug}/${path}`, {
        key,
        idempotencyKey: uniqueKey(path),
        body,
      });
    expect((await settle('resolve', { outcome_id: created.json.outcomes[0].id })).status).toBe(200);
    await expectOwn('sandbox_market.resolve', { status: 'resolved', outcome_id: created.json.outcomes[0].id });
    expect((await settle('void')).status).toBe(409); // a resolved market is corrected, not voided: rolled back
    expect(await count('sandbox_market.void')).toBe(0);
    expect((await settle('corrections', { status: 'voided' })).status).toBe(200);
    await expectOwn('sandbox_market.correct', { to: 'voided', status: 'voided' });
  });
});

describe('the panel forms, by the signed-in name', () => {
  const who = 'panel:Ada';

  it('records a tenant, its keys, settings, widget, secret, portal link, pause and suspension', async () => {
    const created = await panel.post('/panel/tenants', { name: 'Audit Panel Co' });
    const id = /\/panel\/tenants\/([0-9a-f-]{36})/.exec(created.location!)![1]!;
    await expectEntry('tenant.create', { who, tenant: id, details: { name: 'Audit Panel Co' } });
    const tenantPage = `/panel/tenants/${id}`;

    const issued = await panel.post(`${tenantPage}/api-keys`, { environment: 'sandbox', scopes: ['read:markets'] });
    secrets.push(/pmk_sandbox_\w+/.exec(issued.html)![0]);
    const issue = await expectEntry('api_key.issue', { who, tenant: id, environment: 'sandbox' });
    const keyId = issue.details.key_id as string;
    const rotated = await panel.post(`/panel/api-keys/${keyId}/rotate`, { tenant_id: id });
    secrets.push(/pmk_sandbox_\w+/.exec(rotated.html)![0]);
    const rotation = await expectEntry('api_key.rotate', { who, tenant: id, details: { replaces_key_id: keyId } });
    await panel.post(`/panel/api-keys/${rotation.details.key_id}/confirm-rotation`, { tenant_id: id });
    await expectEntry('api_key.confirm_rotation', { who, tenant: id, details: { revoked_key_id: keyId } });
    await panel.post(`/panel/api-keys/${rotation.details.key_id}/revoke`, { tenant_id: id });
    await expectEntry('api_key.revoke', { who, tenant: id, details: { key_id: rotation.details.key_id } });

    await panel.post(`${tenantPage}/environments/sandbox`, {
      webhook_url: 'https://panel-hooks.example.com/h',
      allowed_origins: 'https://a.example.com\nhttps://b.example.com',
    });
    await expectEntry('environment.update', {
      who,
      tenant: id,
      environment: 'sandbox',
      details: { webhook_host: 'panel-hooks.example.com', allowed_origins: 2 },
    });
    const widgetForm = `${tenantPage}/environments/live/widget`;
    await panel.post(widgetForm, { ...formFields((await panel.get(tenantPage)).html, widgetForm), scheme: 'dark' });
    await expectEntry('environment.widget', { who, tenant: id, environment: 'live', details: { scheme: 'dark' } });
    const secret = await panel.post(`${tenantPage}/environments/sandbox/webhook-secret`, {});
    secrets.push(/whsec_[\w-]+/.exec(secret.html)![0]);
    await expectEntry('webhook_secret.rotate', { who, tenant: id, environment: 'sandbox' });

    await panel.post(`${tenantPage}/portal-links`, { environment: 'sandbox' });
    const linkPage = await panel.get(tenantPage);
    const token = /token=([\w-]+)/.exec(linkPage.html)?.[1];
    if (token) secrets.push(token);
    await expectEntry('portal_link.issue', {
      who,
      tenant: id,
      environment: 'sandbox',
      details: { environment: 'sandbox' },
    });
    await panel.post(`${tenantPage}/pauses/positions`, { paused: 'true', reason: 'Panel drill' });
    await expectEntry('tenant_pause.set', { who, tenant: id, details: { paused: true, reason: 'Panel drill' } });

    await panel.post(`${tenantPage}/suspend`, {});
    await expectEntry('tenant.suspend', { who, tenant: id, details: { status: 'suspended' } });
    await panel.post(`${tenantPage}/reactivate`, {});
    await expectEntry('tenant.reactivate', { who, tenant: id, details: { status: 'active' } });
  });

  it('records markets: create, facts, sandbox bound, suspend with its reason, reopen, enable, resolve; a kill switch', async () => {
    const tenant = await createTenant(service);
    secrets.push(tenant.sandboxKey, tenant.liveKey);
    const slug = `audit-panel-${process.pid}`;
    await panel.post('/panel/markets', {
      slug,
      title: 'Panel audited',
      outcomes: 'Yes\nNo',
      opens_at: '2026-06-01T00:00',
      closes_at: '2026-06-30T00:00',
      max_stake_per_position: '50.00',
      max_open_stake_per_user: '80.00',
      liquidity: '100',
    });
    await expectEntry('market.create', { who, target: slug, details: { title: 'Panel audited' } });
    const page = `/panel/markets/${slug}`;
    await panel.post(`${page}/facts`, { rules: 'Yes if it snows.', resolution_source: 'Met office' });
    await expectEntry('market.update', { who, target: slug, details: { rules: 'Yes if it snows.' } });
    await panel.post(`${page}/sandbox-influence`, { sandbox_influence: '0.02' });
    await expectEntry('market.update', { who, target: slug, details: { sandbox_influence: '0.02' } });
    await panel.post(`${page}/suspend`, { reason: 'Panel pause' });
    await expectEntry('market.suspend', { who, target: slug, details: { reason: 'Panel pause' } });
    await panel.post(`${page}/reopen`, {});
    await expectEntry('market.reopen', { who, target: slug });
    await panel.post(`${page}/tenants`, { tenant_id: tenant.tenantId, enabled: 'true' });
    await expectEntry('market.enable', { who, tenant: tenant.tenantId, target: slug });

    const market = await platform('GET', `/platform/v1/markets/${slug}`);
    const preview = await panel.get(`${page}/settle?change=resolve:${market.outcomes[0].id}`);
    const change = /name="change" value="([^"]+)"/.exec(preview.html)![1]!;
    const expectField = /name="expect" value="([^"]+)"/.exec(preview.html)![1]!.replace(/&quot;/g, '"');
    await panel.post(`${page}/settle`, { change, expect: expectField });
    await expectEntry('market.resolve', { who, target: slug, details: { status: 'resolved', positions: 0 } });

    await panel.post('/panel/kill-switches/sync', { paused: 'true', reason: 'Panel switch drill' });
    await panel.post('/panel/kill-switches/sync', { paused: 'false' });
    await expectEntry('kill_switch.set', { who, target: 'sync', details: { paused: false } });
  });
});

describe("the tenant's portal forms, by the staff member's name", () => {
  it('records the webhook URL, the secret, key rotation, a test event, a ticket and a report', async () => {
    const tenant = await createTenant(service);
    secrets.push(tenant.sandboxKey, tenant.liveKey);
    const link = await platform('POST', `/platform/v1/tenants/${tenant.tenantId}/portal-links`, undefined, 201);
    const token = new URL(link.url).searchParams.get('token')!;
    secrets.push(token);
    const portal = new PanelClient(new URL(link.url).origin, '/portal');
    expect((await portal.post('/portal/sign-in', { name: 'Sam', token }, { csrf: false })).status).toBe(303);
    const who = `portal:Sam (${tenant.tenantId}/sandbox)`;
    const expectOwn = (action: string, details?: object) =>
      expectEntry(action, { who, tenant: tenant.tenantId, environment: 'sandbox', details });
    await expectOwn('portal.sign_in', { name: 'Sam' });

    await portal.post('/portal/settings', { webhook_url: 'https://portal.example.com/h', allowed_origins: '' });
    await expectOwn('environment.update', { webhook_host: 'portal.example.com', allowed_origins: 0 });
    const secret = await portal.post('/portal/settings/webhook-secret', {});
    secrets.push(/whsec_[\w-]+/.exec(secret.html)![0]);
    await expectOwn('webhook_secret.rotate', { rotated: 'webhook secret' });

    const settings = await portal.get('/portal');
    const keyId = /\/portal\/api-keys\/([0-9a-f-]{36})\/rotate/.exec(settings.html)![1]!;
    const rotated = await portal.post(`/portal/api-keys/${keyId}/rotate`, {});
    secrets.push(/pmk_sandbox_\w+/.exec(rotated.html)![0]);
    const rotation = await expectOwn('api_key.rotate', { replaces_key_id: keyId });
    await portal.post(`/portal/api-keys/${rotation.details.key_id}/confirm-rotation`, {});
    await expectOwn('api_key.confirm_rotation', { revoked_key_id: keyId });

    await portal.post('/portal/settings/test-event', { event: 'market.voided' });
    await expectOwn('webhook.test', { event: 'market.voided' });
    await portal.post('/portal/tickets', { subject: 'Audit question', body: 'Hello.', request_id: '' });
    await expectOwn('ticket.open', { status: 'open' });
    await portal.post('/portal/reports', { report_type: 'balances', format: 'csv' });
    await expectOwn('report.request', { format: 'csv' });
  });
});

describe('what no entry holds', () => {
  it('holds no key, secret or token anywhere, and no whole webhook URL', async () => {
    const rows = await service.db.selectFrom('audit_log').selectAll().execute();
    expect(rows.length).toBeGreaterThan(50);
    const text = JSON.stringify(rows, (_, value) => (typeof value === 'bigint' ? String(value) : value));
    expect(secrets.length).toBeGreaterThan(15);
    for (const secret of secrets) expect(text, 'a credential in the audit log').not.toContain(secret);
    expect(text).not.toMatch(/pmk_(sandbox|live)_[A-Za-z0-9]{32}|whsec_[\w-]{20,}/);
    // A webhook URL by its host only: its path and query may carry the receiver's own token.
    expect(text).not.toMatch(/hooks\.example\.com\/in|own\.example\.com\/hook|portal\.example\.com\/h/);
  });
});

/** The cells of the entries table's rows, as text. */
function entryRows(html: string): string[][] {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => textOf(cell[1]!).trim()),
  );
}
const WHO = 1;
const ACTION = 2;
const TENANT = 4;
const DETAILS = 6;

describe('the page /panel/audit', () => {
  let a: TestTenant;
  let b: TestTenant;

  beforeAll(async () => {
    clock.set('2026-06-03T09:00:00.000Z');
    panel = await PanelClient.signedIn(service); // the first session is past its 8 hours
    a = await createTenant(service);
    b = await createTenant(service);
    for (const t of [a, b]) {
      await platform('PUT', `/platform/v1/tenants/${t.tenantId}/environments/sandbox`, {
        webhook_url: 'https://filter.example.com/h',
      });
    }
  });

  it('shows the filter as a GET form, and details as key: value lines, never {} or JSON', async () => {
    const page = await panel.get('/panel/audit');
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<form method="get" action="\/panel\/audit"/);
    for (const name of ['tenant', 'actor', 'action', 'from', 'to']) expect(page.html).toContain(`name="${name}"`);
    const rows = entryRows(page.html);
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.map((r) => r[DETAILS])).toContain('webhook host: filter.example.com');
    expect(rows.every((r) => r[DETAILS] !== '{}' && !r[DETAILS]!.startsWith('{'))).toBe(true);
  });

  it('narrows by tenant, by who, by action or a whole noun, and by time', async () => {
    const byTenant = entryRows((await panel.get(`/panel/audit?tenant=${a.tenantId}`)).html);
    const names = await service.db
      .selectFrom('tenants')
      .select(['id', 'name'])
      .where('id', 'in', [a.tenantId, b.tenantId])
      .execute();
    const nameOf = (id: string) => names.find((n) => n.id === id)!.name;
    expect(byTenant.length).toBeGreaterThanOrEqual(3); // create, two keys, the environment
    expect(byTenant.every((r) => r[TENANT]!.includes(nameOf(a.tenantId)))).toBe(true);

    const byActor = entryRows((await panel.get('/panel/audit?actor=portal:sam')).html);
    expect(byActor.length).toBeGreaterThan(3);
    expect(byActor.every((r) => r[WHO]!.startsWith('portal:Sam'))).toBe(true);

    const byAction = entryRows((await panel.get('/panel/audit?action=webhook_secret.rotate')).html);
    expect(byAction.length).toBe(4); // the platform API's, the operator's, the panel's, the portal's
    expect(byAction.every((r) => r[ACTION] === 'webhook_secret.rotate')).toBe(true);
    const byNoun = entryRows((await panel.get('/panel/audit?action=api_key')).html);
    expect(new Set(byNoun.map((r) => r[ACTION]))).toEqual(
      new Set(['api_key.issue', 'api_key.rotate', 'api_key.confirm_rotation', 'api_key.revoke']),
    );

    const since = entryRows((await panel.get('/panel/audit?from=2026-06-02')).html);
    expect(since.length).toBeGreaterThanOrEqual(8); // the two tenants of this block
    expect(since.every((r) => r[0]!.startsWith('2026-06-03'))).toBe(true);
    const until = entryRows((await panel.get('/panel/audit?to=2026-06-01T23:59:59Z')).html);
    expect(until.length).toBeGreaterThan(20);
    expect(until.every((r) => r[0]!.startsWith('2026-06-01'))).toBe(true);

    const both = entryRows(
      (await panel.get(`/panel/audit?tenant=${b.tenantId}&action=environment.update&from=2026-06-03T00:00:00Z`)).html,
    );
    expect(both).toHaveLength(1);
    expect(both[0]![TENANT]).toContain(nameOf(b.tenantId));
  });

  it('says a bad filter in words next to its field, with a 400 and never a 500', async () => {
    const bad = await panel.get('/panel/audit?from=yesterday&tenant=acme&action=drop%20table&to=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.html).toMatch(/id="filter-from"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="filter-from"/);
    expect(bad.html).toContain('id="filter-from-error"');
    const text = textOf(bad.html);
    expect(text).toContain('Enter a date like 2026-06-01, or a time like 2026-06-01T09:30:00Z');
    expect(text).toContain('Choose a tenant from the list: this is not a tenant id.');
    expect(text).toContain('drop table is not an action the log records');
    expect(bad.html).toContain('value="yesterday"');
    expect(entryRows(bad.html)).toEqual([]);
    const reversed = await panel.get('/panel/audit?from=2026-06-03&to=2026-06-01');
    expect(reversed.status).toBe(400);
    expect(textOf(reversed.html)).toContain('To must not be before From.');
  });

  it('pages by keyset, newest first, keeping the filter', async () => {
    const at = new Date('2026-06-04T00:00:00Z');
    await service.db
      .insertInto('audit_log')
      .values(
        Array.from({ length: 130 }, (_, i) => ({
          at: new Date(at.getTime() + i * 1000),
          who: 'panel:Pager',
          action: 'kill_switch.set',
          target: `page-${i}`,
          details: JSON.stringify({ paused: i % 2 === 0 }),
          outcome: 'done',
        })),
      )
      .execute();
    const first = await panel.get('/panel/audit?actor=Pager');
    const firstRows = entryRows(first.html);
    expect(firstRows).toHaveLength(100);
    expect(firstRows[0]![3]).toBe('page-129');
    const older = /href="(\/panel\/audit\?actor=Pager&amp;before=\d+)"/.exec(first.html)![1]!.replace(/&amp;/g, '&');
    const second = await panel.get(older);
    const secondRows = entryRows(second.html);
    expect(secondRows.map((r) => r[3])).toEqual(Array.from({ length: 30 }, (_, i) => `page-${29 - i}`));
    expect(second.html).not.toContain('>Older entries<');
    expect(second.html).toContain('href="/panel/audit?actor=Pager"');
  });
});
