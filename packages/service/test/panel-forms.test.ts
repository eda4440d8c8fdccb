import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueKey, type TestService, type TestTenant } from './helpers.js';
import { auditRows, formFields, PanelClient, startPanelTest, textOf } from './panel-client.js';
import { createMarket, fundedUser } from './trading-helpers.js';

/** Panel forms (issue 30 part 3): a refusal keeps what was typed and says what is wrong in words. */
let service: TestService;
let tenant: TestTenant;
let panel: PanelClient;

beforeAll(async () => {
  ({ service, tenant, panel } = await startPanelTest());
}, 60_000);
afterAll(() => service?.stop());

/** The element with this id, as HTML (enough to read a field and its attributes). */
const tagOf = (html: string, id: string) => new RegExp(`<(input|textarea|select)[^>]*id="${id}"[^>]*>`).exec(html)?.[0];

describe('refused sign-ins', () => {
  it('say what is wrong in words naming the field, never zod’s, on the panel and the portal', async () => {
    const said = async (client: PanelClient, path: string, fields: Record<string, string>) => {
      const res = await client.post(path, fields, { csrf: false });
      expect(res.status).toBe(400);
      const text = textOf(/<div class="problem"[^>]*>.*?<\/div>/s.exec(res.html)?.[0] ?? res.html);
      expect(text).not.toMatch(/Too (small|big)|expected|Invalid/);
      return text;
    };
    const panelOut = new PanelClient(service.urls.platform);
    expect(await said(panelOut, '/panel/sign-in', { name: 'x'.repeat(81), token: 'a' })).toContain(
      'Your name: Use at most 80 characters.',
    );
    expect(await said(panelOut, '/panel/sign-in', { name: 'Ada' })).toContain(
      'Platform admin token: Fill in this field.',
    );
    const portalOut = new PanelClient(service.urls.sandbox, '/portal');
    expect(await said(portalOut, '/portal/sign-in', { name: 'Sam', token: '' })).toContain(
      'Open the sign-in link you were given',
    );
    expect(await said(portalOut, '/portal/sign-in', { name: 'x'.repeat(81), token: 'a' })).toContain(
      'Your name: Use at most 80 characters.',
    );
  });
});

describe('refused panel forms', () => {
  it('refuse a control character (a NUL) in words, beside the field, changing nothing and never a 500', async () => {
    const tenantPage = `/panel/tenants/${tenant.tenantId}`;
    const audited = (await service.db.selectFrom('audit_log').select('seq').execute()).length;
    const url = await panel.post(`${tenantPage}/environments/sandbox`, {
      webhook_url: 'https://hooks.example.com/\0',
      allowed_origins: '',
    });
    expect(url.status).toBe(303);
    const page = await panel.get(tenantPage);
    expect(tagOf(page.html, 'url-sandbox')).toContain('aria-invalid="true"');
    expect(/id="url-sandbox-error">([^<]*)</.exec(page.html)?.[1]).toContain('Must not contain control characters.');
    expect(textOf(page.html)).toContain('Nothing was changed.');
    for (const path of ['/panel/kill-switches/widget', `${tenantPage}/pauses/sync`]) {
      for (const reason of ['r\0z', 'r\u0007z']) {
        const res = await panel.post(path, { paused: 'true', reason });
        expect(res.status, `${path}: ${textOf(res.html).slice(0, 300)}`).toBeLessThan(500);
        const shown = res.status === 303 ? await panel.get(res.location!) : res;
        expect(textOf(shown.html)).toContain('Use plain text: no control characters.');
      }
    }
    const search = await panel.get('/panel/search?q=demo%00');
    expect(search.status).toBe(200);
    expect(textOf(search.html)).toContain('Nothing found: no id or name holds a control character (such as NUL).');
    expect((await service.db.selectFrom('audit_log').select('seq').execute()).length).toBe(audited);
  });

  it('keep the input and say what is wrong next to the field, in words and not a pattern', async () => {
    const back = `/panel/tenants/${tenant.tenantId}`;
    const typed = 'ftp://not a url';
    const res = await panel.post(`${back}/environments/sandbox`, {
      webhook_url: typed,
      allowed_origins: 'https://shop.example.com\nnot an origin',
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe(back);
    const page = await panel.get(back);
    const input = tagOf(page.html, 'url-sandbox')!;
    expect(input).toContain(`value="${typed}"`);
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="url-sandbox-error"');
    const message = /<p class="field-error" id="url-sandbox-error">([^<]*)<\/p>/.exec(page.html)?.[1];
    expect(message).toMatch(/^Enter an https address/);
    expect(page.html).toContain('not an origin');
    expect(textOf(page.html)).toContain('Nothing was changed.');
    // No pattern, no zod wording (in what the page shows, not its script), and the other environment's form is untouched.
    expect(page.html.replace(/<script>.*?<\/script>/gs, '')).not.toMatch(
      /Invalid (string|input)|must match pattern|\/\^/,
    );
    expect(tagOf(page.html, 'url-live')).not.toContain('aria-invalid');
    // One time only: a reload shows the saved settings again.
    const again = await panel.get(back);
    expect(tagOf(again.html, 'url-sandbox')).not.toContain(typed);
    const saved = await service.platform('GET', `/platform/v1/tenants/${tenant.tenantId}`);
    expect(JSON.stringify(saved.json)).not.toContain('not an origin');
  });

  it("put a schema issue without the form's own words in plain words (a widget colour, new tenant name)", async () => {
    const back = `/panel/tenants/${tenant.tenantId}`;
    const action = `${back}/environments/live/widget`;
    await panel.post(action, { ...formFields((await panel.get(back)).html, action), theme_accent: 'not a colour' });
    const page = await panel.get(back);
    expect(tagOf(page.html, 'live-widget-accent')).toContain('aria-invalid="true"');
    expect(tagOf(page.html, 'live-widget-accent')).toContain('value="not a colour"');
    const message = /<p class="field-error" id="live-widget-accent-error">([^<]*)<\/p>/.exec(page.html)?.[1];
    expect(message).toMatch(/^Must be a color: /);
    expect(message).not.toMatch(/Invalid|\/\^|pattern/);

    const long = 'n'.repeat(201);
    await panel.post('/panel/tenants', { name: long });
    const list = await panel.get('/panel/tenants');
    expect(tagOf(list.html, 'new-name')).toContain(`value="${long}"`);
    expect(textOf(list.html)).toContain('Enter the tenant’s name, 1 to 200 characters.');
  });

  it('keep a refused new market as typed, with words beside the wrong fields', async () => {
    const title = `Kept market <${Date.now()}>`;
    const res = await panel.post('/panel/markets', {
      slug: 'Not A Slug',
      title,
      outcomes: 'Only one',
      opens_at: '2026-06-01T10:00',
      closes_at: '2026-06-30T10:00',
      max_stake_per_position: '12,5',
      max_open_stake_per_user: '500.00',
      liquidity: '1000',
    });
    expect(res.status).toBe(303);
    const page = await panel.get('/panel/markets');
    expect(tagOf(page.html, 'slug')).toContain('value="Not A Slug"');
    expect(tagOf(page.html, 'slug')).toContain('aria-invalid="true"');
    expect(tagOf(page.html, 'title')).toContain('value="Kept market &lt;');
    expect(tagOf(page.html, 'opens_at')).toContain('value="2026-06-01T10:00"');
    expect(tagOf(page.html, 'max_stake')).toContain('value="12,5"');
    expect(page.html).toContain('Only one</textarea>');
    const words = textOf(page.html);
    expect(words).toContain('Use 1 to 64 lower-case letters, digits and hyphens');
    expect(words).toContain('Enter 2 to 20 outcomes, one per line.');
    expect(words).toContain('Enter an amount above 0 like 100 or 99.50.');
    expect(page.html).not.toMatch(/\/\^|must match pattern/);
  });

  it('put the rules written for the API in words of the form, naming fields by their labels', async () => {
    await panel.post('/panel/markets', {
      slug: `backwards-${Date.now()}`,
      title: 'Backwards',
      outcomes: 'Yes\nNo',
      opens_at: '2026-06-30T10:00',
      closes_at: '2026-06-01T10:00',
      max_stake_per_position: '100',
      max_open_stake_per_user: '500',
      liquidity: '0',
    });
    const page = await panel.get('/panel/markets');
    expect(/id="closes_at-error">([^<]*)</.exec(page.html)?.[1]).toBe('Must be after Opens.');
    expect(/id="liquidity-error">([^<]*)</.exec(page.html)?.[1]).toBe('Must be greater than 0.');
    expect(textOf(page.html)).toContain(
      'Nothing was changed. Closes (UTC): Must be after Opens. Liquidity (b): Must be greater than 0.',
    );
  });

  it('keep a choice and the boxes left unticked (a key with no scope)', async () => {
    const back = `/panel/tenants/${tenant.tenantId}`;
    const res = await panel.post(`${back}/api-keys`, { environment: 'live' });
    expect(res.status).toBe(303);
    const page = await panel.get(back);
    expect(page.html).toMatch(/<option value="live" selected[^>]*>live<\/option>/);
    expect(page.html).not.toMatch(/name="scopes" value="[^"]+" checked/);
    expect(page.html).toContain('<p class="field-error" id="scopes-boxes-error">Tick at least one scope.</p>');
    expect(textOf(page.html)).toContain('Nothing was changed. Scopes: Tick at least one scope.');
  });

  it('never carry the CSRF token or a secret back in the kept input', async () => {
    const back = `/panel/tenants/${tenant.tenantId}`;
    await panel.post(`${back}/environments/sandbox`, { webhook_url: 'nope', allowed_origins: '', token: 'secret-x' });
    const flash = [...panel.cookies].find(([name]) => name.endsWith('_flash'))?.[1] ?? '';
    const kept = decodeURIComponent(flash);
    expect(kept).toContain('nope');
    expect(kept).not.toContain('secret-x');
    expect(kept).not.toContain('_csrf');
    await panel.get(back);
  });
});

describe('a portal link from the tenant page', () => {
  it('is issued once, audited, shown once after a redirect, and signs the staff in once', async () => {
    const back = `/panel/tenants/${tenant.tenantId}`;
    const before = await panel.get(back);
    expect(textOf(before.html)).toContain('Open a sandbox portal link');
    expect(textOf(before.html)).toContain('Open a live portal link');

    const res = await panel.post(`${back}/portal-links`, { environment: 'sandbox' });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${back}#portal`);
    const page = await panel.get(back);
    const url = /<p class="secret" id="portal-link-url"[^>]*>([^<]+)<\/p>/.exec(page.html)?.[1];
    expect(url).toMatch(new RegExp(`^${service.urls.sandbox}/portal/sign-in\\?token=[A-Za-z0-9_-]{43}$`));
    expect(page.html).toContain('data-copy="portal-link-url"');
    expect(textOf(page.html)).toContain('2026-06-01 12:30:00Z');

    // A reload neither shows it again nor issues another.
    const reload = await panel.get(back);
    expect(reload.html).not.toContain(url!);
    const audit = await auditRows(service, 'portal_link.issue', tenant.tenantId);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ environment: 'sandbox', expires_at: '2026-06-01T12:30:00.000Z' });
    expect(JSON.stringify(audit[0]!.details)).not.toContain(new URL(url!).searchParams.get('token')!);

    // The link works once, in the sandbox portal.
    const token = new URL(url!).searchParams.get('token')!;
    const staff = new PanelClient(service.urls.sandbox, '/portal');
    const signedIn = await staff.post('/portal/sign-in', { name: 'Sam', token }, { csrf: false });
    expect(signedIn.status, signedIn.html).toBe(303);
    expect((await staff.get('/portal')).status).toBe(200);
    const twice = await new PanelClient(service.urls.sandbox, '/portal').post(
      '/portal/sign-in',
      { name: 'Eve', token },
      { csrf: false },
    );
    expect(twice.status).not.toBe(303);
  });

  it('issues a live link on the live listener, and refuses a suspended tenant in words', async () => {
    const back = `/panel/tenants/${tenant.tenantId}`;
    await panel.post(`${back}/portal-links`, { environment: 'live' });
    const page = await panel.get(back);
    expect(page.html).toContain(`${service.urls.live}/portal/sign-in?token=`);

    const other = await service.platform('POST', '/platform/v1/tenants', { name: `Suspended ${Math.random()}` });
    await service.platform('POST', `/platform/v1/tenants/${other.json.id}/suspend`);
    const refused = await panel.post(`/panel/tenants/${other.json.id}/portal-links`, { environment: 'sandbox' });
    expect(refused.status).toBe(303);
    const shown = await panel.get(`/panel/tenants/${other.json.id}`);
    expect(textOf(shown.html)).toContain('reactivate it before inviting its staff');
    expect(shown.html).not.toContain('portal-link-url');
  });
});

describe('a market\'s sandbox bound (docs/operator-api.md, "Sandbox influence")', () => {
  const sharedMarket = async () => {
    const market = await createMarket(service, tenant, { liquidity: '1000', sandbox_influence: '0.05' });
    const user = await fundedUser(service, tenant.sandboxKey, 'bound');
    const opened = await service.api('sandbox', 'POST', '/v1/positions', {
      key: tenant.sandboxKey,
      idempotencyKey: uniqueKey('open'),
      body: {
        external_user_id: user,
        market_slug: market.slug,
        outcome_id: market.outcomes[0]!.id,
        stake: '5.00',
        max_price: '1',
      },
    });
    expect(opened.status, opened.text).toBe(201);
    return market;
  };
  const apiMarket = async (slug: string) => (await service.platform('GET', `/platform/v1/markets/${slug}`)).json;

  it('shows the spread against the bound in words and on a meter, and the form changes it', async () => {
    const market = await sharedMarket();
    const page = `/panel/markets/${market.slug}`;
    const before = await apiMarket(market.slug);
    const spread = before.sandbox_spread as string;
    expect(Number(spread)).toBeGreaterThan(0.009);
    const html = (await panel.get(page)).html;
    expect(textOf(html)).toContain(
      `Sandbox positions hold ${spread} of the depth; the bound is 0.05 (no live odds moved by more than about 5.1 %).`,
    );
    const meter = /<meter id="sandbox-meter"[^>]*>/.exec(html)![0];
    expect(Number(/value="([^"]+)"/.exec(meter)![1])).toBeCloseTo(Number(spread) / 0.05, 6);
    const percent = Math.round((Number(spread) / 0.05) * 100);
    expect(textOf(html)).toContain(`Bound in use: ${percent} %`);
    expect(tagOf(html, 'sandbox-influence')).toContain('value="0.05"');

    const saved = await panel.post(`${page}/sandbox-influence`, { sandbox_influence: ' 0.02 ' });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`${page}#sandbox`);
    expect(textOf((await panel.get(page)).html)).toContain(`${market.slug}'s sandbox bound is 0.02`);
    const after = await apiMarket(market.slug);
    expect(after).toMatchObject({ sandbox_influence: '0.02', sandbox_spread: spread });
    const audit = await auditRows(service, 'market.update', market.slug);
    expect(audit.map((a) => [a.who, a.details, a.outcome])).toEqual([
      // The change, and the market's status after it (the audit log adds a done action's result facts).
      ['panel:Ada', { sandbox_influence: '0.02', status: 'open' }, 'done'],
    ]);
  });

  it('says a market no sandbox position moves is not moved, with the whole bound free', async () => {
    const market = await createMarket(service, tenant, { liquidity: '2500', sandbox_influence: '0.01' });
    const text = textOf((await panel.get(`/panel/markets/${market.slug}`)).html);
    expect(text).toContain('Sandbox positions hold 0.000000 of the depth; the bound is 0.01');
    expect(text).toContain('Bound in use: 0 %');
    expect(text).toContain('0.000000 (0 shares over a depth b of 2,500; live odds not moved)');
    expect(text).toContain('Daily cap 250 shares (10·ε·b)');
  });

  it('refuses a bound out of range or malformed, keeping what was typed and saying why beside the field', async () => {
    const market = await sharedMarket();
    const page = `/panel/markets/${market.slug}`;
    for (const [typed, words] of [
      ['0.1', '0.1 is above the largest bound, 0.05: enter a bound from 0.001 to 0.05, like 0.01.'],
      ['0.0005', '0.0005 is below the smallest bound, 0.001: enter a bound from 0.001 to 0.05, like 0.01.'],
      [
        '0,02',
        'Enter a decimal from 0.001 to 0.05 with a point and at most 6 decimals, like 0.01; or “none” for no bound.',
      ],
      [
        '1e-2',
        'Enter a decimal from 0.001 to 0.05 with a point and at most 6 decimals, like 0.01; or “none” for no bound.',
      ],
    ]) {
      const res = await panel.post(`${page}/sandbox-influence`, { sandbox_influence: typed! });
      expect(res.location).toBe(`${page}#sandbox`);
      const html = (await panel.get(page)).html;
      const input = tagOf(html, 'sandbox-influence')!;
      expect(input).toContain(`value="${typed}"`);
      expect(input).toContain('aria-invalid="true"');
      expect(input).toContain('sandbox-influence-error');
      const message = /<p class="field-error" id="sandbox-influence-error">([^<]*)<\/p>/.exec(html)?.[1];
      expect(message).toBe(words);
      expect(textOf(html)).toContain('Nothing was changed.');
      expect(html).not.toMatch(/must match pattern|\/\^/);
    }
    expect((await apiMarket(market.slug)).sandbox_influence).toBe('0.05');
    expect(await auditRows(service, 'market.update', market.slug)).toEqual([]);
  });

  it('asks before removing the bound, then removes it on the confirm', async () => {
    const market = await sharedMarket();
    const page = `/panel/markets/${market.slug}`;
    // "none", empty, or the page's "Remove the bound…" button (remove=yes, whatever the field holds).
    for (const fields of [
      { sandbox_influence: 'none' } as Record<string, string>,
      { sandbox_influence: '' },
      { sandbox_influence: 'None' },
      { sandbox_influence: '0.05', remove: 'yes' },
    ]) {
      const asked = await panel.post(`${page}/sandbox-influence`, fields);
      expect(asked.status).toBe(200);
      const words = textOf(asked.html);
      expect(words).toContain(`Remove the sandbox bound of “${(await apiMarket(market.slug)).title}”?`);
      expect(words).toContain('sandbox play money moves the live price');
      expect(asked.html).toMatch(/<input type="hidden" name="confirm" value="yes"/);
      expect((await apiMarket(market.slug)).sandbox_influence).toBe('0.05');
    }
    expect((await panel.get(page)).html).toMatch(
      /<button type="submit" name="remove" value="yes"[^>]*>Remove the bound…/,
    );
    const removed = await panel.post(`${page}/sandbox-influence`, { sandbox_influence: 'none', confirm: 'yes' });
    expect(removed.location).toBe(`${page}#sandbox`);
    expect((await apiMarket(market.slug)).sandbox_influence).toBeNull();
    const html = (await panel.get(page)).html;
    expect(textOf(html)).toContain(
      "No bound: sandbox play money moves this market's live price as far as the market maker allows. Set one unless only trusted sandbox traffic trades here.",
    );
    expect(html).not.toContain('<meter');
    expect(html).not.toContain('Remove the bound…');
    expect(tagOf(html, 'sandbox-influence')).not.toMatch(/value="/);
    const audit = await auditRows(service, 'market.update', market.slug);
    expect(audit.map((a) => a.details)).toEqual([{ sandbox_influence: null, status: 'open' }]);
  });

  it('shows a sandbox test market without a bound or a form, and the verb refuses a crafted post', async () => {
    const created = await service.api('sandbox', 'POST', '/v1/sandbox/markets', {
      key: tenant.sandboxKey,
      idempotencyKey: uniqueKey('test-market'),
      body: { title: 'Will the test pass?', outcomes: ['Yes', 'No'] },
    });
    expect(created.status, created.text).toBe(201);
    const page = `/panel/markets/${created.json.slug}`;
    const name = (await service.platform('GET', `/platform/v1/tenants/${tenant.tenantId}`)).json.name;
    const html = (await panel.get(page)).html;
    expect(textOf(html)).toContain(
      `No bound: this is a sandbox test market of ${name}. Only its owner's sandbox trades it, so no live price can move`,
    );
    expect(html).not.toContain('sandbox-influence');
    expect(html).not.toContain('<meter');
    const crafted = await panel.post(`${page}/sandbox-influence`, { sandbox_influence: '0.01' });
    expect(crafted.location).toBe(`${page}#sandbox`);
    expect(textOf((await panel.get(page)).html)).toContain('A sandbox test market has no sandbox_influence');
    expect((await apiMarket(created.json.slug)).sandbox_influence).toBeNull();
  });
});

describe('a market\'s rules and resolution source (docs/platform-api.md, "Markets")', () => {
  const apiMarket = async (slug: string) => (await service.platform('GET', `/platform/v1/markets/${slug}`)).json;
  const RULES = 'Resolves Yes if the station records rain on Friday; No otherwise.';

  it('shows them on the market page, and the form sets them (line breaks become spaces) and clears them', async () => {
    const market = await createMarket(service, tenant);
    const page = `/panel/markets/${market.slug}`;
    const before = await panel.get(page);
    expect(textOf(before.html)).toContain('Rules None given. Resolution source None given.');

    const saved = await panel.post(`${page}/facts`, {
      rules: 'Resolves Yes if the station records rain on Friday;\r\n  No otherwise.',
      resolution_source: 'https://weather.example.org/daily',
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`${page}#facts`);
    const html = (await panel.get(page)).html;
    expect(textOf(html)).toContain(`${market.slug}'s rules and resolution source are saved.`);
    expect(html).toContain(`<dd data-testid="market-rules">${RULES}</dd>`);
    expect(html).toContain('<a href="https://weather.example.org/daily" rel="noopener noreferrer">');
    expect(html).toContain(`${RULES}</textarea>`);
    expect(await apiMarket(market.slug)).toMatchObject({
      rules: RULES,
      resolution_source: 'https://weather.example.org/daily',
    });

    await panel.post(`${page}/facts`, { rules: '  ', resolution_source: 'Deutscher Wetterdienst' });
    expect(await apiMarket(market.slug)).toMatchObject({ rules: null, resolution_source: 'Deutscher Wetterdienst' });
    expect((await panel.get(page)).html).toContain(
      '<dd data-testid="market-resolution-source">Deutscher Wetterdienst</dd>',
    );
    const audit = await auditRows(service, 'market.update', market.slug);
    expect(audit.map((a) => [a.who, a.details, a.outcome])).toEqual([
      ['panel:Ada', { rules: RULES, resolution_source: 'https://weather.example.org/daily', status: 'open' }, 'done'],
      ['panel:Ada', { rules: null, resolution_source: 'Deutscher Wetterdienst', status: 'open' }, 'done'],
    ]);
  });

  it('refuses a source that is not an https URL, keeping what was typed and saying why beside the field', async () => {
    const market = await createMarket(service, tenant);
    const page = `/panel/markets/${market.slug}`;
    const res = await panel.post(`${page}/facts`, { rules: RULES, resolution_source: 'http://weather.example.org' });
    expect(res.location).toBe(`${page}#facts`);
    const html = (await panel.get(page)).html;
    const input = tagOf(html, 'facts-resolution-source')!;
    expect(input).toContain('value="http://weather.example.org"');
    expect(input).toContain('aria-invalid="true"');
    const message = /<p class="field-error" id="facts-resolution-source-error">([^<]*)<\/p>/.exec(html)?.[1];
    expect(message).toBe('The resolution source is a URL with the http scheme; a URL must start with https://.');
    expect(html).toContain(`${RULES}</textarea>`);
    expect(textOf(html)).toContain('Nothing was changed.');
    expect(await apiMarket(market.slug)).toMatchObject({ rules: null, resolution_source: null });
    expect(await auditRows(service, 'market.update', market.slug)).toEqual([]);
  });

  it('are taken by the new-market form, and a wrong one keeps the rest of the form as typed', async () => {
    const slug = uniqueKey('facts').toLowerCase().slice(0, 60);
    const fields = {
      slug,
      title: 'Rain on Friday?',
      outcomes: 'Yes\nNo',
      opens_at: '2026-06-01T10:00',
      closes_at: '2026-06-30T10:00',
      max_stake_per_position: '100.00',
      max_open_stake_per_user: '500.00',
      liquidity: '1000',
      rules: RULES,
      resolution_source: 'javascript:alert(1)',
    };
    await panel.post('/panel/markets', fields);
    const list = await panel.get('/panel/markets');
    expect(tagOf(list.html, 'resolution_source')).toContain('aria-invalid="true"');
    expect(tagOf(list.html, 'slug')).toContain(`value="${slug}"`);
    expect(textOf(list.html)).toContain('The resolution source is a URL with the javascript scheme');
    expect((await service.platform('GET', `/platform/v1/markets/${slug}`)).status).toBe(404);

    const created = await panel.post('/panel/markets', { ...fields, resolution_source: 'City weather office' });
    expect(created.location).toBe(`/panel/markets/${slug}`);
    expect(await apiMarket(slug)).toMatchObject({ rules: RULES, resolution_source: 'City weather office' });
  });
});
