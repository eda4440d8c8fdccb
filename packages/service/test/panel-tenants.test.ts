import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestService, type TestTenant } from './helpers.js';
import { auditRows, formFields, startPanelTest, textOf, type PanelClient } from './panel-client.js';

/**
 * A tenant's settings through the platform panel: the page's order (health, then configuration, the Danger
 * zone last), confirmation pages before a suspension or a key's revocation, environment settings, the
 * widget settings form, the webhook secret, and what the audit log keeps of them.
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
    expect(textOf(confirm.html)).toContain('Its 2 API keys not yet revoked (either environment) are revoked at once');
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
    // The suspension's confirmation counts the one left.
    const suspend = textOf((await panel.get(`/panel/tenants/${own.tenantId}/suspend`)).html);
    expect(suspend).toContain('Its API key not yet revoked is revoked at once');
  });
});

describe('what the audit log keeps', () => {
  it("goes back from a rotation, its confirmation and a revoke to the key's own tenant, whatever tenant the form named", async () => {
    const own = await createTenant(service);
    const other = await createTenant(service);
    const key = await service.db
      .selectFrom('api_keys')
      .select('id')
      .where('tenant_id', '=', own.tenantId)
      .where('environment', '=', 'sandbox')
      .executeTakeFirstOrThrow();
    const rotated = await panel.post(`/panel/api-keys/${key.id}/rotate`, { tenant_id: other.tenantId });
    expect(rotated.status).toBe(201);
    expect(rotated.html).toContain(`href="/panel/tenants/${own.tenantId}"`);
    expect(rotated.html).not.toContain(`href="/panel/tenants/${other.tenantId}"`);
    const newKeyId = /Id: ([0-9a-f-]{36})\./.exec(textOf(rotated.html))![1]!;
    const confirmed = await panel.post(`/panel/api-keys/${newKeyId}/confirm-rotation`, { tenant_id: other.tenantId });
    expect(confirmed.status).toBe(303);
    expect(confirmed.location).toBe(`/panel/tenants/${own.tenantId}`);
    const revoked = await panel.post(`/panel/api-keys/${newKeyId}/revoke`, { tenant_id: other.tenantId });
    expect(revoked.location).toBe(`/panel/tenants/${own.tenantId}`);
    // A refusal knows no key: it goes back to the page the form was on.
    const unknown = await panel.post(`/panel/api-keys/${randomUUID()}/revoke`, { tenant_id: other.tenantId });
    expect(unknown.location).toBe(`/panel/tenants/${other.tenantId}`);
  });

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

describe("the tenant page's order", () => {
  it('leads with health, then configuration, and keeps every destructive action in the Danger zone, last', async () => {
    const own = await createTenant(service);
    const { html } = await panel.get(`/panel/tenants/${own.tenantId}`);
    const at = (id: string) => html.indexOf(`id="${id}"`);
    const order = ['health', 'portal', 'keys', 'env-sandbox', 'env-live', 'danger'];
    expect(order.map(at).every((i) => i > 0)).toBe(true);
    expect(order.map(at)).toEqual([...order.map(at)].sort((x, y) => x - y));
    // No red button above the Danger zone; in it, each destructive action, behind its confirmation or reason.
    const zoneAt = html.indexOf('<section aria-labelledby="danger"');
    const [above, zone] = [html.slice(0, zoneAt), html.slice(zoneAt)];
    expect(above).not.toMatch(/class="(?:[^"]*\s)?danger(?:\s[^"]*)?"/);
    expect(above).not.toMatch(/\/revoke|\/suspend"|webhook-secret"/);
    expect(zone).toContain(`<a class="button danger" href="/panel/tenants/${own.tenantId}/suspend">Suspend…</a>`);
    for (const environment of ['sandbox', 'live']) {
      expect(zone).toContain(`href="/panel/tenants/${own.tenantId}/environments/${environment}/webhook-secret"`);
    }
    expect(zone.match(/href="\/panel\/api-keys\/[0-9a-f-]{36}\/revoke\?tenant_id=/g)).toHaveLength(2);
    for (const lever of ['sync', 'positions']) expect(zone).toMatch(new RegExp(`class="danger">Pause ${lever}…`));
    // What stops the tenant now is said at the top: a pause in force, with who and why.
    await panel.post(`/panel/tenants/${own.tenantId}/pauses/sync`, { paused: 'true', reason: 'Checking syncs' });
    const paused = textOf((await panel.get(`/panel/tenants/${own.tenantId}`)).html);
    expect(paused).toMatch(
      /Sync paused: .* cannot sync balances, since 2026-06-01 12:00:00Z by panel:Ada: “Checking syncs”/,
    );
    expect(paused.indexOf('Sync paused:')).toBeLessThan(paused.indexOf('Today'));
  });
});

describe('the widget settings form', () => {
  const action = (tenantId: string, environment = 'sandbox') =>
    `/panel/tenants/${tenantId}/environments/${environment}/widget`;
  const widgetOf = async (tenantId: string, environment = 'sandbox') =>
    (await service.platform('GET', `/platform/v1/tenants/${tenantId}`)).json.environments.find(
      (e: { environment: string }) => e.environment === environment,
    ).widget;
  const fieldsOf = async (tenantId: string, environment = 'sandbox') =>
    formFields((await panel.get(`/panel/tenants/${tenantId}`)).html, action(tenantId, environment));

  it("shows each setting as a labelled field: colours with their text, lists, the locales' boxes", async () => {
    const own = await createTenant(service);
    const { html } = await panel.get(`/panel/tenants/${own.tenantId}`);
    expect(html).toContain('<label for="sandbox-widget-accent">Accent (buttons, links)</label>');
    // A colour not set: its text empty, its picker showing the widget's own for the scheme.
    expect(html).toMatch(
      /<input type="color" id="sandbox-widget-accent-pick" name="theme_accent_pick" value="#2057d6"/,
    );
    expect(html).toContain('<label for="sandbox-widget-scheme">Scheme</label>');
    expect(html).toContain('<label for="sandbox-widget-default_locale">Default locale</label>');
    expect(html).toContain('<label for="sandbox-widget-currency">Currency</label>');
    expect(html).toContain('<legend>Locales the widget may show</legend>');
    for (const name of ['English (en)', 'Spanish (es)', 'German (de)', 'Arabic (ar)', 'Hebrew (he)']) {
      expect(textOf(html)).toContain(name);
    }
    expect(html).not.toMatch(/<textarea[^>]*name="widget"/);
    expect(await fieldsOf(own.tenantId)).toMatchObject({
      theme_accent: '',
      theme_accent_pick: '#2057d6',
      theme_radius: '',
      scheme: '',
      locales: ['en'],
      default_locale: 'en',
      currency: '',
    });
  });

  it('saves through the platform verb, audited, and shows what it saved', async () => {
    const own = await createTenant(service);
    const fields = {
      ...(await fieldsOf(own.tenantId)),
      theme_accent: '#0A84FF',
      theme_surface: 'rgb(240, 242, 245)',
      theme_radius: '12px',
      theme_font_family: 'Inter, sans-serif',
      scheme: 'dark',
      locales: ['en', 'de'],
      default_locale: 'de',
      currency: 'EUR',
    };
    const saved = await panel.post(action(own.tenantId), fields);
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`/panel/tenants/${own.tenantId}#widget-sandbox`);
    const expected = {
      theme: { accent: '#0A84FF', surface: 'rgb(240, 242, 245)', radius: '12px', 'font-family': 'Inter, sans-serif' },
      scheme: 'dark',
      locales: ['en', 'de'],
      default_locale: 'de',
      currency: 'EUR',
    };
    expect(await widgetOf(own.tenantId)).toEqual(expected);
    expect(textOf((await panel.get(`/panel/tenants/${own.tenantId}`)).html)).toContain(
      'The sandbox widget settings are saved.',
    );
    const entry = (await auditRows(service, 'environment.widget', `${own.tenantId}/sandbox`)).at(-1)!;
    expect(entry).toMatchObject({ who: 'panel:Ada', outcome: 'done', tenant_id: own.tenantId, environment: 'sandbox' });
    expect(entry.details).toEqual(expected);
    // Shown again as saved: the text as set, its picker as near as a picker shows it, the lists chosen.
    const shown = await fieldsOf(own.tenantId);
    expect(shown).toMatchObject({
      theme_accent: '#0A84FF',
      theme_accent_pick: '#0a84ff',
      theme_surface: 'rgb(240, 242, 245)',
      theme_surface_pick: '#f0f2f5',
      scheme: 'dark',
      locales: ['en', 'de'],
      default_locale: 'de',
      currency: 'EUR',
    });
    // An unset colour's picker shows the dark scheme's own now.
    expect(shown.theme_background_pick).toBe('#121419');
    // The live environment is untouched.
    expect(await widgetOf(own.tenantId, 'live')).toMatchObject({ theme: {}, scheme: null, currency: null });
  });

  it('takes a moved picker without script, else the text; an emptied field clears its setting', async () => {
    const own = await createTenant(service);
    const first = await fieldsOf(own.tenantId);
    await panel.post(action(own.tenantId), {
      ...first,
      theme_background_pick: '#112233',
      theme_text: 'hsl(220, 15%, 10%)',
      currency: 'pts',
    });
    expect(await widgetOf(own.tenantId)).toMatchObject({
      theme: { background: '#112233', text: 'hsl(220, 15%, 10%)' },
      currency: 'pts',
    });
    const second = await fieldsOf(own.tenantId);
    expect(second.theme_background).toBe('#112233');
    await panel.post(action(own.tenantId), { ...second, theme_background: '', currency: '' });
    expect(await widgetOf(own.tenantId)).toMatchObject({ theme: { text: 'hsl(220, 15%, 10%)' }, currency: null });
  });

  it('refuses a bad save naming each bad field beside it, keeps what was typed, and changes nothing', async () => {
    const own = await createTenant(service);
    const base = await fieldsOf(own.tenantId);
    await panel.post(action(own.tenantId), { ...base, theme_accent: '#112233', currency: 'pts' });
    const before = await widgetOf(own.tenantId);
    const entries = (await auditRows(service, 'environment.widget', `${own.tenantId}/sandbox`)).length;

    const refused = await panel.post(action(own.tenantId), {
      ...(await fieldsOf(own.tenantId)),
      theme_accent: 'not a colour',
      theme_radius: '12',
      scheme: 'purple',
      locales: ['en', 'es'],
      default_locale: 'de',
      currency: '$$$',
    });
    expect(refused.status).toBe(303);
    expect(refused.location).toBe(`/panel/tenants/${own.tenantId}#widget-sandbox`);
    const { html } = await panel.get(`/panel/tenants/${own.tenantId}`);
    const said = (id: string) =>
      new RegExp(`<p class="field-error" id="sandbox-widget-${id}-error">([^<]*)</p>`).exec(html)?.[1];
    expect(said('accent')).toMatch(/^Must be a color: #rgb, #rrggbb/);
    expect(said('radius')).toBe('Must be a px or rem length, or 0.');
    expect(said('scheme')).toBe('Choose light, dark, or the widget’s own.');
    expect(said('default_locale')).toBe('Choose one of the locales ticked (en, es).');
    expect(said('currency')).toMatch(/^Must be an ISO 4217 code such as EUR/);
    for (const id of ['accent', 'radius', 'scheme', 'default_locale', 'currency']) {
      expect(html).toMatch(
        new RegExp(
          `id="sandbox-widget-${id}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="sandbox-widget-${id}"`,
        ),
      );
    }
    expect(textOf(html)).toMatch(/Nothing was changed\. Accent: Must be a color.* Radius: Must be a px or rem length/);
    // What was typed stays in its field; the other environment's form is untouched.
    expect(formFields(html, action(own.tenantId))).toMatchObject({ theme_accent: 'not a colour', currency: '$$$' });
    expect(html).not.toMatch(/id="live-widget-[^"]*"[^>]*aria-invalid/);
    expect(await widgetOf(own.tenantId)).toEqual(before);
    expect(await auditRows(service, 'environment.widget', `${own.tenantId}/sandbox`)).toHaveLength(entries);

    await panel.post(action(own.tenantId), { ...(await fieldsOf(own.tenantId)), locales: [] });
    const none = await panel.get(`/panel/tenants/${own.tenantId}`);
    expect(none.html).toContain(
      '<p class="field-error" id="sandbox-widget-locales-error">Tick at least one locale.</p>',
    );
    expect(await widgetOf(own.tenantId)).toEqual(before);
  });
});

describe('the tenant list', () => {
  it('finds by part of the name, newest first, 50 a page, and pages by keyset with the name kept', async () => {
    const tag = `tlist-${Date.now().toString(36)}`;
    const ids: string[] = [];
    for (let i = 0; i < 52; i++) {
      const created = await service.platform('POST', '/platform/v1/tenants', { name: `${tag} ${i}` });
      expect(created.status, created.text).toBe(201);
      ids.push(created.json.id as string);
    }
    // This file's clock stands still: every tenant has one creation time, and the list orders them by id.
    const newestFirst = [...ids].sort().reverse();
    const listed = (html: string) => [...html.matchAll(/href="\/panel\/tenants\/([0-9a-f-]{36})"/g)].map((m) => m[1]);
    const first = await panel.get(`/panel/tenants?name=${tag.toUpperCase()}`);
    expect(listed(first.html)).toEqual(newestFirst.slice(0, 50));
    const older = /<a href="([^"]+)" rel="next">Older tenants<\/a>/.exec(first.html)![1]!.replaceAll('&amp;', '&');
    expect(older).toContain(`name=${tag.toUpperCase()}`);
    const second = await panel.get(older);
    expect(listed(second.html)).toEqual(newestFirst.slice(50));
    expect(second.html).toContain('<h2 id="find">Older tenants</h2>');
    expect(second.html).not.toContain('rel="next"');
    expect(second.html).toContain(`href="/panel/tenants?name=${tag.toUpperCase()}">Newest tenants</a>`);

    const bad = await panel.get(`/panel/tenants?name=${tag}&after=nope`);
    expect(bad.status).toBe(400);
    expect(textOf(bad.html)).toContain('That page link is not valid any more');
  });

  it('says a name with a control character cannot be searched, rather than failing the read', async () => {
    const refused = await panel.get('/panel/tenants?name=a%00b');
    expect(refused.status).toBe(400);
    expect(textOf(refused.html)).toContain('Enter a name without control characters.');
    expect(refused.html).toMatch(/<input id="name" name="name" value="a[^"]*b" aria-invalid="true"/);
  });
});
