import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { createDatabaseOn, type ScratchDatabase } from '../scripts/scratch-database.js';
import { createTenant, registerUser, startTestService, type TestService, type TestTenant } from './helpers.js';
import { PanelClient, textOf } from './panel-client.js';
import { sessionFor, widgetOpen } from './trading-helpers.js';
import { generateReport } from '../src/domains/reports/index.js';

/**
 * The tenant portal over HTTP. Its webhook screen's test leaves deliveries (and an attempt) that the
 * webhook tests' delivery runs would pick up, so this file runs on a database of its own.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let database: ScratchDatabase;
let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  database = await createDatabaseOn(inject('databaseUrl'), `pm_portal_${process.pid}_${Date.now()}`);
  service = await startTestService({ clock, env: { DATABASE_URL: database.url } });
  tenant = await createTenant(service);
});
afterAll(async () => {
  await service.stop();
  await database.drop();
});

const linkFor = async (tenantId: string, environment?: 'sandbox' | 'live') => {
  const res = await service.platform(
    'POST',
    `/platform/v1/tenants/${tenantId}/portal-links`,
    environment ? { environment } : undefined,
  );
  expect(res.status, res.text).toBe(201);
  return res.json as { url: string; expires_at: string };
};
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

/** Signs in on the listener of the link's environment; returns the client, signed in. */
const signIn = async (url: string, name = 'Sam') => {
  const base = new URL(url).origin;
  const client = new PanelClient(base, '/portal');
  const res = await client.post('/portal/sign-in', { name, token: tokenOf(url) }, { csrf: false });
  return { client, res };
};

describe('portal links (POST /platform/v1/tenants/{tenant_id}/portal-links)', () => {
  it('answers 201 with the URL of the environment listener sign-in page and an expiry 30 minutes on', async () => {
    const sandbox = await linkFor(tenant.tenantId);
    expect(sandbox.url.startsWith(`${service.urls.sandbox}/portal/sign-in?token=`)).toBe(true);
    expect(sandbox.expires_at).toBe('2026-06-01T12:30:00.000Z');
    const live = await linkFor(tenant.tenantId, 'live');
    expect(live.url.startsWith(`${service.urls.live}/portal/sign-in?token=`)).toBe(true);
  });

  it('refuses an unknown tenant (404), a suspended one (409) and another environment (400)', async () => {
    const unknown = await service.platform(
      'POST',
      '/platform/v1/tenants/00000000-0000-4000-8000-000000000000/portal-links',
    );
    expect(unknown.status).toBe(404);
    const bad = await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/portal-links`, {
      environment: 'prod',
    });
    expect(bad.status).toBe(400);
    const other = await createTenant(service);
    await service.platform('POST', `/platform/v1/tenants/${other.tenantId}/suspend`);
    const suspended = await service.platform('POST', `/platform/v1/tenants/${other.tenantId}/portal-links`);
    expect(suspended.status).toBe(409);
  });
});

describe('portal sign-in', () => {
  it('opening the link only shows a form; its post signs in with an HttpOnly, SameSite=Strict cookie for /portal', async () => {
    const { url } = await linkFor(tenant.tenantId);
    const opened = await fetch(url);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('name="token"');
    const { client, res } = await signIn(url);
    expect(res.status).toBe(303);
    expect(res.location).toBe('/portal');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('pm_portal_sandbox='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/portal/i);
    expect((await client.get('/portal')).status).toBe(200);
  });

  it('refuses a link used twice', async () => {
    const { url } = await linkFor(tenant.tenantId);
    expect((await signIn(url)).res.status).toBe(303);
    const again = await signIn(url, 'Eve');
    expect(again.res.status).toBe(401);
    expect(textOf(again.res.html)).toContain('This sign-in link has been used');
    expect(again.client.cookies.size).toBe(0);
  });

  it('refuses a link after its 30 minutes, and a link of the other environment (which stays usable)', async () => {
    const late = await linkFor(tenant.tenantId);
    clock.advance(30 * 60 * 1000);
    try {
      expect((await signIn(late.url)).res.status).toBe(401);
    } finally {
      clock.set('2026-06-01T12:00:00.000Z');
    }
    const sandbox = await linkFor(tenant.tenantId, 'sandbox');
    const onLive = new PanelClient(service.urls.live, '/portal');
    const wrong = await onLive.post('/portal/sign-in', { name: 'Sam', token: tokenOf(sandbox.url) }, { csrf: false });
    expect(wrong.status).toBe(401);
    expect((await signIn(sandbox.url)).res.status).toBe(303);
  });

  it('sends a visitor without a session to the sign-in page, and refuses its posts', async () => {
    const anonymous = new PanelClient(service.urls.sandbox, '/portal');
    expect((await anonymous.get('/portal')).location).toBe('/portal/sign-in?next=%2Fportal');
    expect(
      (await anonymous.post('/portal/api-keys/00000000-0000-4000-8000-000000000000/rotate', {}, { csrf: false }))
        .status,
    ).toBe(401);
  });

  it('does not take a sandbox session on the live listener (browsers send a cookie to every port)', async () => {
    const { client } = await signIn((await linkFor(tenant.tenantId)).url);
    const onLive = new PanelClient(service.urls.live, '/portal');
    for (const [k, v] of client.cookies) onLive.cookies.set(k.replace('sandbox', 'live'), v);
    expect((await onLive.get('/portal')).status).toBe(303);
  });

  it('ends the sessions of a tenant suspended since', async () => {
    const other = await createTenant(service);
    const { client } = await signIn((await linkFor(other.tenantId)).url);
    expect((await client.get('/portal')).status).toBe(200);
    await service.platform('POST', `/platform/v1/tenants/${other.tenantId}/suspend`);
    expect((await client.get('/portal')).status).toBe(303);
  });
});

describe('the settings screen', () => {
  it("shows this environment's keys by prefix only, never a whole key", async () => {
    const own = await createTenant(service);
    const { client } = await signIn((await linkFor(own.tenantId)).url);
    const page = await client.get('/portal');
    expect(page.html).toContain(own.sandboxKey.slice(0, 16));
    expect(page.html).not.toContain(own.sandboxKey);
    expect(page.html).not.toContain(own.liveKey.slice(0, 16));
  });

  it('rotates a key with the changeover: the new key shown once, both work until the confirm, then the old is 401', async () => {
    const own = await createTenant(service);
    const { client } = await signIn((await linkFor(own.tenantId)).url);
    const settings = await client.get('/portal');
    const keyId = /\/portal\/api-keys\/([0-9a-f-]{36})\/rotate/.exec(settings.html)![1]!;
    const rotated = await client.post(`/portal/api-keys/${keyId}/rotate`, {});
    expect(rotated.status).toBe(201);
    const newKey = /pmk_sandbox_\w+/.exec(rotated.html)![0];
    for (const key of [own.sandboxKey, newKey])
      expect((await service.api('sandbox', 'GET', '/v1/markets', { key })).status).toBe(200);
    const after = await client.get('/portal');
    expect(after.html).not.toContain(newKey);
    const newId = /\/portal\/api-keys\/([0-9a-f-]{36})\/confirm-rotation/.exec(after.html)![1]!;
    await client.post(`/portal/api-keys/${newId}/confirm-rotation`, {});
    expect(textOf((await client.get('/portal')).html)).toContain('Rotation confirmed');
    expect((await service.api('sandbox', 'GET', '/v1/markets', { key: own.sandboxKey })).status).toBe(401);
    expect((await service.api('sandbox', 'GET', '/v1/markets', { key: newKey })).status).toBe(200);
    const audit = await service.db
      .selectFrom('audit_log')
      .select(['who', 'action'])
      .where('target', 'in', [keyId, newId])
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { who: `portal:Sam (${own.tenantId}/sandbox)`, action: 'api_key.rotate' },
        { who: `portal:Sam (${own.tenantId}/sandbox)`, action: 'api_key.confirm_rotation' },
      ]),
    );
  });

  it("cannot rotate another tenant's key or its own live key from the sandbox portal", async () => {
    const own = await createTenant(service);
    const victim = await createTenant(service);
    const { client } = await signIn((await linkFor(own.tenantId)).url);
    const victimKeys = (await service.platform('GET', `/platform/v1/tenants/${victim.tenantId}`)).json.api_keys;
    const ownKeys = (await service.platform('GET', `/platform/v1/tenants/${own.tenantId}`)).json.api_keys;
    const liveKey = ownKeys.find((k: any) => k.environment === 'live');
    for (const id of [victimKeys[0].id, liveKey.id]) {
      const res = await client.post(`/portal/api-keys/${id}/rotate`, {});
      expect(res.status).toBe(303);
      expect(textOf((await client.get('/portal')).html)).toContain(`No API key ${id}.`);
    }
    const after = (await service.platform('GET', `/platform/v1/tenants/${victim.tenantId}`)).json.api_keys;
    expect(after).toHaveLength(victimKeys.length);
  });

  it('shows when each key was last used, to the minute', async () => {
    const own = await createTenant(service);
    const { client } = await signIn((await linkFor(own.tenantId)).url);
    expect(textOf((await client.get('/portal')).html)).toContain('not yet');
    expect((await service.api('sandbox', 'GET', '/v1/tenant', { key: own.sandboxKey })).status).toBe(200);
    let page = '';
    for (let i = 0; i < 40 && !page.includes('2026-06-01 12:00:00Z active'); i++) {
      page = textOf((await client.get('/portal')).html);
    }
    expect(page).toContain('2026-06-01 12:00:00Z 2026-06-01 12:00:00Z active');
  });

  it("changes this environment's webhook URL and origins, with the API's rules, and nothing of live's", async () => {
    const own = await createTenant(service);
    const { client } = await signIn((await linkFor(own.tenantId)).url);
    expect((await client.get('/portal')).html).toContain('name="webhook_url"');
    const saved = await client.post('/portal/settings', {
      webhook_url: ' https://hooks.example.com/portal ',
      allowed_origins: 'https://shop.example.com\r\nhttps://m.shop.example.com',
    });
    expect(saved.status).toBe(303);
    const page = await client.get('/portal');
    expect(textOf(page.html)).toContain('The webhook URL and allowed origins are saved.');
    expect(page.html).toContain('value="https://hooks.example.com/portal"');
    const read = (environment: 'sandbox' | 'live') =>
      service.api(environment, 'GET', '/v1/tenant/settings', {
        key: environment === 'sandbox' ? own.sandboxKey : own.liveKey,
      });
    expect((await read('sandbox')).json).toMatchObject({
      webhook_url: 'https://hooks.example.com/portal',
      allowed_origins: ['https://shop.example.com', 'https://m.shop.example.com'],
    });
    expect((await read('live')).json).toMatchObject({ webhook_url: null, allowed_origins: [] });
    // A NUL the database could not store is refused in words too, not a 500.
    const nul = await client.post('/portal/settings', {
      webhook_url: 'https://hooks.example.com/\0',
      allowed_origins: '',
    });
    expect(nul.status).toBe(400);
    expect(textOf(nul.html)).toMatch(/must not contain control characters/i);
    const long = `https://hooks.example.com/${'a'.repeat(2048)}`;
    const tooLong = await client.post('/portal/settings', { webhook_url: long, allowed_origins: '' });
    expect(textOf(tooLong.html)).toContain('Webhook URL: Use at most 2048 characters.');
    for (const form of [
      { webhook_url: 'http://hooks.example.com/', allowed_origins: '' },
      { webhook_url: 'https://127.0.0.1/', allowed_origins: '' },
      { webhook_url: '', allowed_origins: 'https://shop.example.com/path' },
    ]) {
      // Shown again with what was typed, and the reason.
      const refused = await client.post('/portal/settings', form);
      expect(refused.status).toBe(400);
      expect(refused.html).toContain('class="problem"');
      if (form.webhook_url) expect(refused.html).toContain(`value="${form.webhook_url}"`);
      else expect(textOf(refused.html)).toContain(`Allowed origins: ${form.allowed_origins} must be an origin`);
    }
    // Every problem is named next to its own field, not only the first in a banner.
    const both = await client.post('/portal/settings', {
      webhook_url: 'http://localhost:3000/hook',
      allowed_origins: 'foo\nhttps://ok.example.com\nbar.example.com/x\n  not a url  ',
    });
    expect(both.status).toBe(400);
    expect(both.html).toMatch(/id="webhook-url"[^>]*aria-invalid="true"/);
    expect(both.html).toMatch(/id="allowed-origins"[^>]*aria-invalid="true"/);
    const webhookError = /<p class="field-error" id="webhook-url-error">([^<]+)<\/p>/.exec(both.html)?.[1];
    const originsError = /<p class="field-error" id="allowed-origins-error">([^<]+)<\/p>/.exec(both.html)?.[1];
    expect(webhookError).toBeDefined();
    // The sandbox's refusal says how to allow a local receiver in development.
    expect(webhookError).toContain(
      'must use https. For local development, start the service with ALLOW_INSECURE_WEBHOOKS=1',
    );
    // One full stop: the hint ends in its own.
    expect(webhookError).toMatch(/URLs\.$/);
    expect(originsError).toContain('foo must be an origin');
    expect(originsError).toContain('bar.example.com/x must be an origin');
    expect(originsError).not.toContain('ok.example.com');
    // One origin a line, as the label says: a line with spaces is one wrong origin, not three.
    expect(originsError).toContain('not a url must be an origin');
    expect(originsError).not.toMatch(/\bnot must be an origin/);
    expect((await read('sandbox')).json.webhook_url).toBe('https://hooks.example.com/portal');
    // The save that was done (the refused ones are in the log too, with their codes), oldest first.
    const audit = await service.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target', '=', `${own.tenantId}/sandbox`)
      .where('outcome', '=', 'done')
      .orderBy('seq')
      .execute();
    expect(audit[0]).toMatchObject({ action: 'environment.update', details: { webhook_host: 'hooks.example.com' } });
  });

  it('rotates the webhook secret after a confirmation, shown once, and sends a test event of a chosen type', async () => {
    const own = await createTenant(service);
    const { client } = await signIn((await linkFor(own.tenantId)).url);
    // No URL yet: refused, in words.
    await client.post('/portal/settings/test-event', { event: 'market.voided' });
    expect(textOf((await client.get('/portal')).html)).toContain('No webhook_url is set');
    await client.post('/portal/settings', { webhook_url: 'https://hooks.example.com/t', allowed_origins: '' });

    // The first secret is created, not rotated: there is no old one to stop.
    const confirm = await client.get('/portal/settings/webhook-secret');
    expect(confirm.status).toBe(200);
    expect(textOf(confirm.html)).toContain('Create a webhook secret?');
    expect(textOf(confirm.html)).not.toContain('the old one stops at once');
    expect(
      (await service.api('sandbox', 'GET', '/v1/tenant/settings', { key: own.sandboxKey })).json.webhook_secret_set,
    ).toBe(false);
    const shown = await client.post('/portal/settings/webhook-secret', {});
    expect(shown.status).toBe(201);
    const secret = /whsec_[\w-]+/.exec(shown.html)![0];
    expect((await client.get('/portal')).html).not.toContain(secret);

    const sent = await client.post('/portal/settings/test-event', { event: 'position.settled' });
    expect(sent.status).toBe(303);
    const notice = textOf((await client.get('/portal')).html);
    const deliveryId = /delivery ([0-9a-f-]{36})/.exec(notice)![1]!;
    const event = await service.db
      .selectFrom('events')
      .select(['type', 'data', 'tenant_id', 'environment'])
      .where('id', '=', deliveryId)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      type: 'position.settled',
      tenant_id: own.tenantId,
      environment: 'sandbox',
      data: { test: true },
    });
    expect(textOf((await client.get('/portal/webhooks')).html)).toContain(deliveryId);
    await client.post('/portal/settings/test-event', { event: 'market.exploded' });
    expect((await client.get('/portal')).html).toContain('class="problem"');
    expect((await client.post('/portal/settings/test-event', { event: 'market.voided' }, { csrf: false })).status).toBe(
      403,
    );
  });

  it('refuses a post without its CSRF token', async () => {
    const own = await createTenant(service);
    const { client } = await signIn((await linkFor(own.tenantId)).url);
    const keyId = /\/portal\/api-keys\/([0-9a-f-]{36})\/rotate/.exec((await client.get('/portal')).html)![1]!;
    expect((await client.post(`/portal/api-keys/${keyId}/rotate`, {}, { csrf: false })).status).toBe(403);
  });
});

describe('the webhooks screen', () => {
  it("lists the environment's deliveries with their attempts, and nothing of another tenant's", async () => {
    const own = await createTenant(service);
    const other = await createTenant(service);
    for (const t of [own, other]) {
      const set = await service.platform('PUT', `/platform/v1/tenants/${t.tenantId}/environments/sandbox`, {
        webhook_url: 'https://hooks.example.com/in',
      });
      expect(set.status, set.text).toBe(200);
      await widgetOpen(service, t); // a session's open sends position.opened
    }
    const delivery = await service.db
      .selectFrom('webhook_deliveries')
      .select('event_id')
      .where('tenant_id', '=', own.tenantId)
      .executeTakeFirstOrThrow();
    await service.db
      .insertInto('webhook_attempts')
      .values({
        event_id: delivery.event_id,
        attempt: 1,
        attempted_at: new Date('2026-06-01T12:00:05Z'),
        url: 'https://hooks.example.com/in',
        status_code: 503,
        error: null,
        latency_ms: 42,
        response_excerpt: null,
      })
      .execute();
    const { client } = await signIn((await linkFor(own.tenantId)).url);
    const list = (await client.get('/portal/webhooks')).html;
    expect(list.match(/>position\.opened<\/a>/g)).toHaveLength(1);
    expect(list).toContain(`href="/portal/webhooks/${delivery.event_id}"`);
    expect(list).toContain('<span class="status s4">Pending</span>');
    expect(list).toContain('<span class="status s5">503</span>');
    const page = textOf((await client.get(`/portal/webhooks/${delivery.event_id}`)).html);
    expect(page).toContain('1 2026-06-01 12:00:05Z 503 · 42 ms');
  });
});

describe('reports, tickets and reconciliation in the portal', () => {
  it('requests a report, shows it generating, and downloads it once ready', async () => {
    const own = await createTenant(service);
    const { client } = await signIn((await linkFor(own.tenantId)).url);
    const requested = await client.post('/portal/reports', { report_type: 'balances', format: 'csv' });
    expect(requested.location).toBe('/portal/reports');
    const listed = textOf((await client.get('/portal/reports')).html);
    expect(listed).toContain('Requested: it appears below as generating');
    expect(listed).toContain('balances (csv), 2026-06-01 12:00:00Z generating');
    const job = await service.db
      .selectFrom('report_jobs')
      .select('id')
      .where('tenant_id', '=', own.tenantId)
      .executeTakeFirstOrThrow();
    await generateReport(service.system('test'), job.id);
    const ready = await client.get('/portal/reports');
    expect(ready.html).toContain(`/portal/reports/${job.id}/download`);
    const download = await client.get(`/portal/reports/${job.id}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(`balances-${job.id}.csv`);
    expect(download.html.split('\r\n')[0]).toContain('external_user_id');
  });

  it('keeps a refused report request as typed, each wrong field marked and said beside it', async () => {
    const own = await createTenant(service);
    const { client } = await signIn((await linkFor(own.tenantId)).url);
    const refused = await client.post('/portal/reports', {
      report_type: 'nope',
      format: 'xml',
      from: 'yesterday',
      to: '2026-13-40',
    });
    expect(refused.location).toBe('/portal/reports');
    const page = await client.get('/portal/reports');
    for (const [id, words] of [
      ['report_type', 'Choose one of:'],
      ['format', 'Choose one of:'],
      ['from', 'Pick a day, like 2026-12-01, or leave it empty.'],
      ['to', 'Pick a day, like 2026-12-31, or leave it empty.'],
    ] as const) {
      expect(new RegExp(`<(select|input)[^>]*id="${id}"[^>]*aria-invalid="true"`).test(page.html), id).toBe(true);
      expect(new RegExp(`id="${id}-error">([^<]*)<`).exec(page.html)?.[1], id).toContain(words);
    }
    expect(page.html).toContain('value="yesterday"');
    expect(page.html).not.toContain('Enter a date and time');
    // The summary names each field by its label, as the form shows it.
    expect(textOf(page.html)).toContain('Nothing was changed. Report: Choose one of:');
    expect(textOf(page.html)).toContain('To, not included (optional): Pick a day');
    // A rule across two fields, written for the API ("must be after from"), reads as a sentence of the form.
    await client.post('/portal/reports', {
      report_type: 'transactions',
      format: 'csv',
      from: '2026-05-02',
      to: '2026-05-01',
    });
    const backwards = await client.get('/portal/reports');
    expect(/id="to-error">([^<]*)</.exec(backwards.html)?.[1]).toBe('Must be after From.');
    expect(textOf(backwards.html)).toContain('Nothing was changed. To, not included (optional): Must be after From.');
    expect(
      await service.db.selectFrom('report_jobs').where('tenant_id', '=', own.tenantId).selectAll().execute(),
    ).toEqual([]);
  });

  it("does not download another tenant environment's report", async () => {
    const own = await createTenant(service);
    const other = await createTenant(service);
    const theirs = await service.api('sandbox', 'POST', '/v1/reports', {
      key: other.sandboxKey,
      idempotencyKey: `r-${Math.random()}`,
      body: { report_type: 'balances', format: 'json' },
    });
    expect(theirs.status, theirs.text).toBe(202);
    await generateReport(service.system('test'), theirs.json.id);
    const { client } = await signIn((await linkFor(own.tenantId)).url);
    const res = await client.get(`/portal/reports/${theirs.json.id}/download`);
    expect(res.status).toBe(303);
    const page = await client.get('/portal/reports');
    expect(page.html).not.toContain(`/portal/reports/${theirs.json.id}/download`);
    expect(textOf(page.html)).toContain('No reports yet.');
  });

  it('opens a ticket the platform sees, and shows its answer', async () => {
    const own = await createTenant(service);
    const { client } = await signIn((await linkFor(own.tenantId)).url);
    await client.post('/portal/tickets', { subject: 'Webhook 503s', body: 'Since noon.', request_id: '' });
    const all = await service.platform('GET', `/platform/v1/support-tickets?tenant_id=${own.tenantId}`);
    expect(all.json.data).toHaveLength(1);
    await service.platform('POST', `/platform/v1/support-tickets/${all.json.data[0].id}/messages`, { body: 'Fixed.' });
    const page = textOf((await client.get('/portal/tickets')).html);
    expect(page).toContain('Webhook 503s (answered)');
    expect(page).toContain('Platform team');
    expect(page).toContain('Fixed.');
  });

  it('lists the reconciliation discrepancies of its own tenant environment', async () => {
    const own = await createTenant(service);
    const { client } = await signIn((await linkFor(own.tenantId)).url);
    const page = await client.get('/portal/reconciliation');
    expect(page.status).toBe(200);
    expect(textOf(page.html)).toContain('No discrepancies.');
  });
});

describe('rate-limit use in the portal', () => {
  it("shows the environment's use of each limit over the last 60 s, counting nothing itself, and today's requests", async () => {
    const own = await createTenant(service);
    for (let i = 0; i < 3; i += 1) {
      expect((await service.api('sandbox', 'GET', '/v1/markets', { key: own.sandboxKey })).status).toBe(200);
    }
    await service.deps.requestLog.flush();
    const { client } = await signIn((await linkFor(own.tenantId)).url);
    const page = () => client.get('/portal/rate-limits').then((p) => p.html);
    const now = (html: string) =>
      /<code class="kind">feed_read<\/code><\/th><td class="num nowrap">(\d+) of (\d+)</.exec(html);
    const first = now(await page());
    expect(first![1]).toBe('3');
    expect(Number(first![2])).toBeGreaterThan(0);
    const again = await page();
    expect(now(again)![1]).toBe('3');
    // From the request log's hourly counts: 3 feed reads today, no 429.
    expect(again).toMatch(
      /<code class="kind">feed_read<\/code><\/th><td class="num" data-label="Today">3<\/td><td class="num" data-label="429s today">0<\/td>/,
    );
  });
});

describe('429s in the portal', () => {
  it("counts each tier's 429s of the day and draws the last 24 hours' with their words", async () => {
    const own = await createTenant(service);
    await registerUser(service, own.sandboxKey, 'rl-portal');
    const token = await sessionFor(service, own.sandboxKey, 'rl-portal');
    for (let i = 0; i < 12; i++) await service.api('sandbox', 'GET', '/v1/widget/config', { key: token });
    await service.deps.requestLog.flush();
    const { client } = await signIn((await linkFor(own.tenantId)).url);
    const html = (await client.get('/portal/rate-limits')).html;
    expect(html).toMatch(
      /<code class="kind">widget_session<\/code><\/th><td class="num" data-label="Today">13<\/td><td class="num" data-label="429s today">2<\/td>/,
    );
    expect(html).toContain('aria-label="2 in the last 24 hours, most (2) in the hour from 11:00 UTC"');
    // The bars take their colour from the page's palette (light or dark), not from the markup.
    expect(html).toMatch(/<rect[^>]* class="bar"/);
    expect(html).toContain('href="/portal/requests?code=rate_limited"');
  });
});

describe('the portal against hostile and racing requests', () => {
  it('uses a link once when two sign-ins race with it', async () => {
    const { url } = await linkFor(tenant.tenantId);
    const both = await Promise.all([signIn(url, 'A'), signIn(url, 'B')]);
    expect(both.map((b) => b.res.status).sort()).toEqual([303, 401]);
  });

  it('brings neither sessions nor unused links back when a suspended tenant is reactivated', async () => {
    const own = await createTenant(service);
    const { client } = await signIn((await linkFor(own.tenantId)).url);
    const unused = await linkFor(own.tenantId);
    await service.platform('POST', `/platform/v1/tenants/${own.tenantId}/suspend`);
    await service.platform('POST', `/platform/v1/tenants/${own.tenantId}/reactivate`);
    expect((await client.get('/portal')).status).toBe(303);
    expect((await signIn(unused.url)).res.status).toBe(401);
    expect((await signIn((await linkFor(own.tenantId)).url)).res.status).toBe(303);
  });

  it("cannot confirm another tenant's rotation", async () => {
    const own = await createTenant(service);
    const victim = await createTenant(service);
    const keys = (await service.platform('GET', `/platform/v1/tenants/${victim.tenantId}`)).json.api_keys;
    const sandbox = keys.find((k: any) => k.environment === 'sandbox');
    const rotated = await service.platform('POST', `/platform/v1/api-keys/${sandbox.id}/rotate`);
    expect(rotated.status).toBe(201);
    const { client } = await signIn((await linkFor(own.tenantId)).url);
    await client.post(`/portal/api-keys/${rotated.json.id}/confirm-rotation`, {});
    expect(textOf((await client.get('/portal')).html)).toContain(`No API key ${rotated.json.id}.`);
    expect((await service.api('sandbox', 'GET', '/v1/markets', { key: victim.sandboxKey })).status).toBe(200);
  });

  it('refuses a sign-in posted from another site, and a name that could pass for a scope in the log', async () => {
    const { url } = await linkFor(tenant.tenantId);
    const cross = await fetch(`${service.urls.sandbox}/portal/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ name: 'Sam', token: tokenOf(url) }).toString(),
      redirect: 'manual',
    });
    expect(cross.status).toBe(403);
    const named = await signIn(url, `Ann (${tenant.tenantId}/live)`);
    expect(named.res.status).toBe(400);
    expect((await signIn(url)).res.status).toBe(303); // the link was spent by neither
  });

  it('answers a JSON or deeply nested body with a page, never a 500', async () => {
    for (const body of ['{"token":{"toString":1},"name":"x"}', `${'['.repeat(40)}${']'.repeat(40)}`]) {
      const res = await fetch(`${service.urls.sandbox}/portal/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get('content-type')).toContain('text/html');
    }
  });

  it('sends pages that are never framed, sniffed or cached', async () => {
    const res = await fetch(`${service.urls.sandbox}/portal/sign-in`);
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'; .*frame-ancestors 'none'$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('shows the newest tickets first, past the 50 it lists', async () => {
    const own = await createTenant(service);
    for (let i = 1; i <= 51; i += 1) {
      const res = await service.api('sandbox', 'POST', '/v1/support-tickets', {
        key: own.sandboxKey,
        idempotencyKey: `many-${i}`,
        body: { subject: `Ticket number ${i}`, body: 'x' },
      });
      expect(res.status).toBe(201);
    }
    const { client } = await signIn((await linkFor(own.tenantId)).url);
    const page = textOf((await client.get('/portal/tickets')).html);
    expect(page).toContain('Ticket number 51 (open)');
    expect(page).not.toContain('Ticket number 1 (open)');
  });
});
