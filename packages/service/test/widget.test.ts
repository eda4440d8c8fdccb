import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  expectEnvelope,
  registerUser,
  startTestService,
  sync,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { fundedUser, sessionFor } from './trading-helpers.js';

/** The widget's back end besides trading and the stream: config, users/me, profile, beacons. */
let service: TestService;
let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  service = await startTestService();
  tenant = await createTenant(service);
  other = await createTenant(service);
});
afterAll(() => service.stop());

const DEFAULT_CONFIG = { theme: {}, scheme: null, locales: ['en'], default_locale: 'en', currency: null };
const settingsPath = (t: TestTenant, environment = 'sandbox') =>
  `/platform/v1/tenants/${t.tenantId}/environments/${environment}`;
const get = (path: string, token: string, environment: 'sandbox' | 'live' = 'sandbox') =>
  service.api(environment, 'GET', path, { key: token });
const send = (method: string, path: string, token: string, body?: unknown) =>
  service.api('sandbox', method, path, { key: token, body });

describe('widget settings and GET /v1/widget/config', () => {
  it('answers the defaults until the platform team sets them, then exactly what was set', async () => {
    const t = await createTenant(service);
    const token = await sessionFor(service, t.sandboxKey, await fundedUser(service, t.sandboxKey, 'cfg'));
    const before = await get('/v1/widget/config', token);
    expect(before.status).toBe(200);
    expect(before.json).toEqual(DEFAULT_CONFIG);

    const widget = {
      theme: {
        accent: '#0a84ff',
        background: 'rgb(250, 250, 250)',
        radius: '8px',
        'font-family': 'Inter, "Noto Sans"',
      },
      scheme: 'dark',
      locales: ['en', 'es', 'AR'],
      default_locale: 'es',
    };
    const set = await service.platform('PUT', settingsPath(t), { widget });
    expect(set.status, set.text).toBe(200);
    const expected = { ...widget, locales: ['en', 'es', 'ar'], currency: null };
    expect(set.json.widget).toEqual(expected);
    expect((await get('/v1/widget/config', token)).json).toEqual(expected);

    // A field left out keeps its value; scheme null clears it; theme {} clears the theme.
    const partial = await service.platform('PUT', settingsPath(t), { widget: { scheme: null } });
    expect(partial.json.widget).toEqual({ ...expected, scheme: null });
    const cleared = await service.platform('PUT', settingsPath(t), { widget: { theme: {}, locales: ['de', 'en'] } });
    // es is no longer enabled: the default moves to the first locale.
    expect(cleared.json.widget).toEqual({ ...DEFAULT_CONFIG, locales: ['de', 'en'], default_locale: 'de' });
    // Other settings are untouched by a widget change, and the live environment has none.
    expect(cleared.json.allowed_origins).toEqual([]);
    const live = await sessionFor(service, t.sandboxKey, await fundedUser(service, t.sandboxKey, 'cfg2'));
    expect((await get('/v1/widget/config', live)).json.locales).toEqual(['de', 'en']);
    const liveSettings = (await service.platform('GET', `/platform/v1/tenants/${t.tenantId}`)).json.environments;
    expect(liveSettings.find((e: any) => e.environment === 'live').widget).toEqual(DEFAULT_CONFIG);
  });

  it('refuses bad tokens, values and locales with 400 validation_failed naming the field, and stores nothing', async () => {
    const t = await createTenant(service);
    for (const [widget, path] of [
      [{ theme: { css: 'x' } }, '/widget/theme/css'],
      [{ theme: { accent: 'blue' } }, '/widget/theme/accent'],
      [{ theme: { accent: 'rgb(1,2,3);x:y' } }, '/widget/theme/accent'],
      [{ theme: { 'font-size': '12em' } }, '/widget/theme/font-size'],
      [{ theme: { 'font-family': 'Inter; color: red' } }, '/widget/theme/font-family'],
      [{ theme: { 'font-family': 'a'.repeat(201) } }, '/widget/theme/font-family'],
      [{ theme: { radius: 4 } }, '/widget/theme/radius'],
      [{ scheme: 'blue' }, '/widget/scheme'],
      [{ locales: [] }, '/widget/locales'],
      [{ locales: ['en', 'EN'] }, '/widget/locales'],
      [{ locales: ['english'] }, '/widget/locales/0'],
      [{ default_locale: 'de' }, '/widget/default_locale'],
      [{ locales: ['en', 'es'], default_locale: 'fr' }, '/widget/default_locale'],
      [{ colour: 'x' }, '/widget'],
    ] as const) {
      const res = await service.platform('PUT', settingsPath(t), { widget });
      expectEnvelope(res, 'validation_failed', 400);
      expect(JSON.stringify(res.json.details), JSON.stringify(widget)).toContain(path);
    }
    const read = (await service.platform('GET', `/platform/v1/tenants/${t.tenantId}`)).json.environments;
    expect(read.map((e: any) => e.widget)).toEqual([DEFAULT_CONFIG, DEFAULT_CONFIG]);
  });

  it('shows each tenant environment only its own settings', async () => {
    await service.platform('PUT', settingsPath(other), { widget: { scheme: 'light', theme: { accent: '#123' } } });
    const mine = await sessionFor(service, tenant.sandboxKey, await fundedUser(service, tenant.sandboxKey, 'iso'));
    expect((await get('/v1/widget/config', mine)).json).toEqual(DEFAULT_CONFIG);
    const theirs = await sessionFor(service, other.sandboxKey, await fundedUser(service, other.sandboxKey, 'iso'));
    expect((await get('/v1/widget/config', theirs)).json).toMatchObject({ scheme: 'light', theme: { accent: '#123' } });
  });
});

describe('GET /v1/users/me', () => {
  it("answers the session's own user and balance", async () => {
    const user = await fundedUser(service, tenant.sandboxKey, 'me', '12.34');
    const token = await sessionFor(service, tenant.sandboxKey, user);
    const res = await get('/v1/users/me', token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ external_user_id: user, status: 'active', balance: '12.34' });
    // Tier users_me: 60 a minute per end user (docs/operator-api.md, "Rate limits"), the tightest of its limits.
    expect(res.headers.get('ratelimit-limit')).toBe('60');

    // Another user of the tenant and a user of another tenant each see only themselves.
    const neighbour = await fundedUser(service, tenant.sandboxKey, 'me', '1.00');
    expect((await get('/v1/users/me', await sessionFor(service, tenant.sandboxKey, neighbour))).json.balance).toBe(
      '1.00',
    );
    const stranger = await fundedUser(service, other.sandboxKey, 'me', '2.00');
    expect((await get('/v1/users/me', await sessionFor(service, other.sandboxKey, stranger))).json).toEqual({
      external_user_id: stranger,
      status: 'active',
      balance: '2.00',
    });
  });

  it('with the API key is the user read of the user named "me"', async () => {
    const t = await createTenant(service);
    expectEnvelope(await get('/v1/users/me', t.sandboxKey), 'unknown_user', 404);
    await registerUser(service, t.sandboxKey, 'me');
    await sync(service, t.sandboxKey, { external_user_id: 'me', direction: 'credit', amount: '3.00' });
    expect((await get('/v1/users/me', t.sandboxKey)).json).toEqual({
      external_user_id: 'me',
      status: 'active',
      balance: '3.00',
    });
    // The live key reads the live environment, where "me" is not registered.
    expectEnvelope(await get('/v1/users/me', t.liveKey, 'live'), 'unknown_user', 404);
  });
});

describe('the widget profile', () => {
  it('starts at the defaults, is set whole by PUT and reset by DELETE', async () => {
    const token = await sessionFor(service, tenant.sandboxKey, await fundedUser(service, tenant.sandboxKey, 'prof'));
    expect((await get('/v1/widget/profile', token)).json).toEqual({ display_name: null, show_on_leaderboard: false });
    const set = await send('PUT', '/v1/widget/profile', token, {
      display_name: 'Lucky Ann',
      show_on_leaderboard: true,
    });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toEqual({ display_name: 'Lucky Ann', show_on_leaderboard: true });
    expect((await get('/v1/widget/profile', token)).json).toEqual(set.json);
    // Naturally idempotent: the same PUT again is the same answer.
    expect((await send('PUT', '/v1/widget/profile', token, set.json)).json).toEqual(set.json);
    const hidden = await send('PUT', '/v1/widget/profile', token, {
      display_name: 'Lucky Ann',
      show_on_leaderboard: false,
    });
    expect(hidden.json.show_on_leaderboard).toBe(false);
    const reset = await send('DELETE', '/v1/widget/profile', token);
    expect(reset.status).toBe(204);
    expect((await get('/v1/widget/profile', token)).json).toEqual({ display_name: null, show_on_leaderboard: false });
    expect((await send('DELETE', '/v1/widget/profile', token)).status).toBe(204);
  });

  it('keeps display names unique per tenant environment in any case, and frees a reset one', async () => {
    const first = await sessionFor(service, tenant.sandboxKey, await fundedUser(service, tenant.sandboxKey, 'uniq'));
    const second = await sessionFor(service, tenant.sandboxKey, await fundedUser(service, tenant.sandboxKey, 'uniq'));
    const name = `Taken ${Date.now() % 100000}`;
    expect(
      (await send('PUT', '/v1/widget/profile', first, { display_name: name, show_on_leaderboard: true })).status,
    ).toBe(200);
    const clash = await send('PUT', '/v1/widget/profile', second, {
      display_name: name.toUpperCase(),
      show_on_leaderboard: false,
    });
    expectEnvelope(clash, 'state_conflict', 409);
    expect((await get('/v1/widget/profile', second)).json.display_name).toBeNull();
    // The owner may keep or re-case its own name.
    expect(
      (await send('PUT', '/v1/widget/profile', first, { display_name: name.toLowerCase(), show_on_leaderboard: true }))
        .status,
    ).toBe(200);
    // Another tenant may use the same name.
    const stranger = await sessionFor(service, other.sandboxKey, await fundedUser(service, other.sandboxKey, 'uniq'));
    expect(
      (await send('PUT', '/v1/widget/profile', stranger, { display_name: name, show_on_leaderboard: true })).status,
    ).toBe(200);
    await send('DELETE', '/v1/widget/profile', first);
    expect(
      (await send('PUT', '/v1/widget/profile', second, { display_name: name, show_on_leaderboard: false })).status,
    ).toBe(200);
  });

  it('refuses names that break the rules or read as personal data, and bodies that are not the whole profile', async () => {
    // The profile is in tier widget_session, 10 a minute per end user: a fresh user every 8 attempts.
    let token = '';
    const bodies = [
      { display_name: 'ab', show_on_leaderboard: false },
      { display_name: 'x'.repeat(25), show_on_leaderboard: false },
      { display_name: 'ann@example.com', show_on_leaderboard: false },
      { display_name: 'ann at example.com', show_on_leaderboard: false },
      { display_name: '+1 555 123 4567', show_on_leaderboard: false },
      { display_name: '555-123-4567', show_on_leaderboard: false },
      { display_name: '<script>', show_on_leaderboard: false },
      { display_name: null, show_on_leaderboard: true },
      { display_name: 'Fine Name' },
      { show_on_leaderboard: true },
      { display_name: 'Fine Name', show_on_leaderboard: 'yes' },
      { display_name: 'Fine Name', show_on_leaderboard: true, email: 'x' },
    ];
    for (const [i, body] of bodies.entries()) {
      if (i % 8 === 0)
        token = await sessionFor(service, tenant.sandboxKey, await fundedUser(service, tenant.sandboxKey, 'rules'));
      const res = await send('PUT', '/v1/widget/profile', token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectEnvelope(res, 'validation_failed');
    }
    expect((await get('/v1/widget/profile', token)).json).toEqual({ display_name: null, show_on_leaderboard: false });
  });
});

describe('widget error reports', () => {
  const beacon = {
    code: 'widget_runtime_error',
    message: 'TypeError: x is undefined',
    stack: 'TypeError: x is undefined\n\tat render (widget.js:1:2)',
    url: 'https://casino.example/play',
    widget_version: '1.0.0',
    occurred_at: '2026-06-01T12:00:00Z',
  };

  it('stores a beacon (202 with its id) that the platform team lists, newest first, by tenant', async () => {
    const t = await createTenant(service);
    const user = await fundedUser(service, t.sandboxKey, 'beacon');
    const token = await sessionFor(service, t.sandboxKey, user);
    const first = await send('POST', '/v1/widget/error-reports', token, beacon);
    expect(first.status, first.text).toBe(202);
    expect(first.json).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const second = await send('POST', '/v1/widget/error-reports', token, {
      ...beacon,
      code: 'realtime_unavailable',
      stack: undefined,
    });
    expect(second.status).toBe(202);
    // Another tenant's beacon is not in this tenant's list.
    const strangerToken = await sessionFor(
      service,
      other.sandboxKey,
      await fundedUser(service, other.sandboxKey, 'beacon'),
    );
    expect((await send('POST', '/v1/widget/error-reports', strangerToken, beacon)).status).toBe(202);

    const listed = await service.platform('GET', `/platform/v1/widget-error-reports?tenant_id=${t.tenantId}`);
    expect(listed.status).toBe(200);
    expect(listed.json.data).toHaveLength(2);
    expect(listed.json.data[0]).toMatchObject({ id: second.json.id, code: 'realtime_unavailable', stack: null });
    expect(listed.json.data[1]).toEqual({
      id: first.json.id,
      tenant_id: t.tenantId,
      environment: 'sandbox',
      external_user_id: user,
      ...beacon,
      occurred_at: '2026-06-01T12:00:00.000Z',
      received_at: expect.any(String),
    });
    const paged = await service.platform('GET', `/platform/v1/widget-error-reports?tenant_id=${t.tenantId}&limit=1`);
    expect(paged.json.data[0].id).toBe(second.json.id);
    const next = await service.platform(
      'GET',
      `/platform/v1/widget-error-reports?tenant_id=${t.tenantId}&limit=1&cursor=${paged.json.next_cursor}`,
    );
    expect(next.json.data.map((r: any) => r.id)).toEqual([first.json.id]);
    const live = await service.platform(
      'GET',
      `/platform/v1/widget-error-reports?tenant_id=${t.tenantId}&environment=live`,
    );
    expect(live.json.data).toEqual([]);
    for (const query of ['tenant_id=nope', 'environment=prod', 'limit=0', 'cursor=garbage'])
      expectEnvelope(
        await service.platform('GET', `/platform/v1/widget-error-reports?${query}`),
        'validation_failed',
        400,
      );
  });

  it('refuses other codes and malformed beacons (400) and beacons over 16 KiB (413)', async () => {
    const t = await createTenant(service);
    const token = await sessionFor(service, t.sandboxKey, await fundedUser(service, t.sandboxKey, 'bad-beacon'));
    for (const body of [
      { ...beacon, code: 'price_moved' },
      { ...beacon, occurred_at: 'yesterday' },
      { ...beacon, widget_version: undefined },
      { ...beacon, message: '' },
      { ...beacon, extra: 1 },
      { ...beacon, message: 'nul \u0000 inside' },
      { ...beacon, url: 'https://x.example/\u0007' },
      { ...beacon, stack: '\ud800 lone surrogate' },
    ])
      expectEnvelope(await send('POST', '/v1/widget/error-reports', token, body), 'validation_failed', 400);
    const huge = await send('POST', '/v1/widget/error-reports', token, { ...beacon, stack: 'x'.repeat(16 * 1024) });
    expectEnvelope(huge, 'request_too_large', 413);
    const listed = await service.platform('GET', `/platform/v1/widget-error-reports?tenant_id=${t.tenantId}`);
    expect(listed.json.data).toEqual([]);
  });
});
