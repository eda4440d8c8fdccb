import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED } from '../src/domains/request-log/index.js';
import {
  createTenant,
  registerUser,
  startTestService,
  sync,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { PanelClient, textOf } from './panel-client.js';

/** The portal's request log pages (docs/operations.md, "The request log"). */
let service: TestService;
let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  service = await startTestService();
  [tenant, other] = await Promise.all([createTenant(service), createTenant(service)]);
});
afterAll(() => service?.stop());

async function portalOf(t: TestTenant, environment: 'sandbox' | 'live' = 'sandbox'): Promise<PanelClient> {
  const link = await service.platform('POST', `/platform/v1/tenants/${t.tenantId}/portal-links`, { environment });
  expect(link.status, link.text).toBe(201);
  const url = new URL(link.json.url as string);
  const client = new PanelClient(url.origin, '/portal');
  const res = await client.post(
    '/portal/sign-in',
    { name: 'Dev', token: url.searchParams.get('token')! },
    { csrf: false },
  );
  expect(res.status).toBe(303);
  return client;
}

describe('the portal request log', () => {
  it("lists the environment's requests, refused ones too, each linked to its page with the error and bodies", async () => {
    const user = `prl-${uniqueKey()}`;
    await registerUser(service, tenant.sandboxKey, user);
    const ok = await sync(service, tenant.sandboxKey, { external_user_id: user, direction: 'credit', amount: '5.00' });
    const refused = await sync(service, tenant.sandboxKey, {
      external_user_id: user,
      direction: 'debit',
      amount: '9.00',
    });
    expect(refused.status).toBe(409);
    await service.deps.requestLog.flush();
    const portal = await portalOf(tenant);
    const list = await portal.get('/portal/requests');
    expect(list.status).toBe(200);
    const text = textOf(list.html);
    expect(text).toContain('POST /v1/balance-sync');
    expect(list.html).toContain(`/portal/requests/${ok.headers.get('x-request-id')}`);
    expect(list.html).toContain(`/portal/requests/${refused.json.request_id}`);
    expect(text).toContain(refused.json.error);

    const page = await portal.get(`/portal/requests/${refused.json.request_id}`);
    expect(page.status).toBe(200);
    const pageText = textOf(page.html);
    expect(pageText).toContain(refused.json.message);
    expect(pageText).toContain('Request body');
    expect(page.html).toContain('&quot;direction&quot;: &quot;debit&quot;');
    expect(pageText).toContain('Response body');
    expect(page.html).toContain(`/portal/requests?user=${user}`);
  });

  it('keeps a body with nothing to redact as sent, and says when it kept only its first 16 KB', async () => {
    const user = `prl-${uniqueKey()}`;
    await registerUser(service, tenant.sandboxKey, user);
    const item = { external_user_id: user, direction: 'credit', amount: '1.00', idempotency_key: uniqueKey() };
    const sent = JSON.stringify({ items: [item] }, null, 1);
    // Valid JSON past its first 16 KB too: only its size says it was cut.
    const padded = `${sent}${' '.repeat(20_000)}`;
    const res = await service.api('sandbox', 'POST', '/v1/balance-sync/batch', {
      key: tenant.sandboxKey,
      idempotencyKey: uniqueKey(),
      rawBody: padded,
    });
    expect(res.status, res.text).toBe(200);
    await service.deps.requestLog.flush();
    const portal = await portalOf(tenant);
    const page = await portal.get(`/portal/requests/${res.headers.get('x-request-id')}`);
    expect(textOf(page.html)).toContain(`The first 16 KB of ${Buffer.byteLength(padded).toLocaleString('en')} bytes`);
    const stored = await service.deps.db
      .selectFrom('request_log')
      .select('request_body')
      .where('request_id', '=', res.headers.get('x-request-id')!)
      .executeTakeFirstOrThrow();
    expect(stored.request_body!.startsWith(sent)).toBe(true);
  });

  it("shows a body's bidirectional controls as ⟨U+…⟩, so they cannot reorder what the page shows after them", async () => {
    const res = await service.api('sandbox', 'POST', '/v1/support-tickets', {
      key: tenant.sandboxKey,
      idempotencyKey: uniqueKey(),
      body: { subject: 'evil\u202Etxt.exe', body: 'x' },
    });
    expect(res.status).toBe(400);
    await service.deps.requestLog.flush();
    const portal = await portalOf(tenant);
    const page = await portal.get(`/portal/requests/${res.json.request_id}`);
    expect(page.html).toContain('evil⟨U+202E⟩txt.exe');
    expect(page.html).not.toContain('\u202E');
  });

  it('filters by status class and user, and names a bad filter value next to its field', async () => {
    const user = `prf-${uniqueKey()}`;
    await registerUser(service, tenant.sandboxKey, user);
    const refused = await service.api('sandbox', 'GET', '/v1/users/absent-user/limits', { key: tenant.sandboxKey });
    await service.deps.requestLog.flush();
    const portal = await portalOf(tenant);
    const refusedOnly = await portal.get('/portal/requests?status=4xx');
    expect(refusedOnly.html).toContain(refused.json.request_id);
    expect(textOf(refusedOnly.html)).not.toMatch(/\b200\b.*PUT/);
    const mine = await portal.get(`/portal/requests?user=${user}`);
    expect(textOf(mine.html)).toContain(`PUT /v1/users/${user}`);
    expect(mine.html).not.toContain(refused.json.request_id);

    const bad = await portal.get('/portal/requests?from=yesterday&status=6xx');
    expect(bad.status).toBe(200);
    expect(bad.html).toMatch(/id="from"[^>]*aria-invalid="true"/);
    expect(bad.html).toMatch(/id="status"[^>]*aria-invalid="true"/);
    expect(textOf(bad.html)).toContain('yesterday is not a time');
    expect(textOf(bad.html)).toContain('Status: 2xx, 3xx, 4xx or 5xx.');
  });

  it('names an input that can name nothing (a NUL byte, a far-off year) under its field, never a 500', async () => {
    const portal = await portalOf(tenant);
    const far = Buffer.from('99999-01-01T00:00:00.000Z|00000000-0000-4000-8000-000000000000').toString('base64url');
    for (const query of ['user=%00x', 'route=/v1%00', 'from=0000-01-01', `after=${far}`]) {
      const page = await portal.get(`/portal/requests?${query}`);
      expect(page.status, query).toBe(200);
    }
    expect((await portal.get('/portal/requests?user=%00x')).html).toMatch(/id="user"[^>]*aria-invalid="true"/);
  });

  it('pages by keyset: "Older requests" continues where the page ended, without repeating a row', async () => {
    const own = await createTenant(service);
    for (let i = 0; i < 55; i++)
      await service.api('sandbox', 'GET', `/v1/markets?limit=${i + 1}`, { key: own.sandboxKey });
    await service.deps.requestLog.flush();
    const portal = await portalOf(own);
    const first = await portal.get('/portal/requests');
    const ids = (html: string) => [...html.matchAll(/href="\/portal\/requests\/([0-9a-f-]{36})"/g)].map((m) => m[1]);
    const older = /href="(\/portal\/requests\?after=[^"]+)"/.exec(first.html)?.[1];
    expect(ids(first.html).length).toBe(50);
    expect(older).toBeDefined();
    const second = await portal.get(older!.replaceAll('&amp;', '&'));
    expect(ids(second.html).length).toBe(5);
    expect(new Set([...ids(first.html), ...ids(second.html)]).size).toBe(55);
    expect(second.html).not.toContain('rel="next"');
  });

  it("never shows another tenant's or the other environment's request, and shows no secret", async () => {
    const theirs = await service.api('sandbox', 'GET', '/v1/markets', { key: other.sandboxKey });
    const live = await service.api('live', 'GET', '/v1/markets', { key: tenant.liveKey });
    const minted = await service.api('sandbox', 'POST', '/v1/widget/sessions', {
      key: tenant.sandboxKey,
      body: {
        external_user_id: (await registerUser(service, tenant.sandboxKey, `prs-${uniqueKey()}`)).json.external_user_id,
      },
    });
    expect(minted.status).toBe(201);
    await service.deps.requestLog.flush();
    const portal = await portalOf(tenant);
    for (const id of [theirs.headers.get('x-request-id'), live.headers.get('x-request-id')]) {
      expect((await portal.get(`/portal/requests?request_id=${id}`)).html).not.toContain(`/portal/requests/${id}`);
      const page = await portal.get(`/portal/requests/${id}`);
      expect(page.status).toBe(404);
      expect(textOf(page.html)).toContain("in this environment's log");
    }
    const livePortal = await portalOf(tenant, 'live');
    expect((await livePortal.get(`/portal/requests/${live.headers.get('x-request-id')}`)).status).toBe(200);
    const session = await portal.get(`/portal/requests/${minted.headers.get('x-request-id')}`);
    expect(session.html).toContain(REDACTED);
    expect(session.html).not.toContain(minted.json.token);
    expect((await portal.get('/portal/requests/not-a-request-id')).status).toBe(404);
  });
});
