import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { createTenant, type TestService, type TestTenant } from './helpers.js';
import { marketHelpers } from './market-helpers.js';
import { auditRows, formFields, PanelClient, startPanelTest, textOf } from './panel-client.js';

/**
 * A form of the panel or the portal sent twice (a double click, a resend after a lost answer) is carried
 * out once (docs/operations.md, "A form sent twice"): the repeat changes nothing, writes no audit entry,
 * and goes back to the form's page saying what the first did.
 */
let service: TestService;
let tenant: TestTenant;
let panel: PanelClient;
const markets = marketHelpers(() => service, new FakeClock('2026-06-01T12:00:00.000Z'));

beforeAll(async () => {
  ({ service, tenant, panel } = await startPanelTest());
});
afterAll(async () => {
  await service.stop();
});

/** A portal session of a tenant's sandbox, signed in through a portal link. */
async function portalOf(tenantId: string): Promise<PanelClient> {
  const link = await service.platform('POST', `/platform/v1/tenants/${tenantId}/portal-links`);
  expect(link.status, link.text).toBe(201);
  const url = new URL((link.json as { url: string }).url);
  const client = new PanelClient(url.origin, '/portal');
  const res = await client.post(
    '/portal/sign-in',
    { name: 'Sam', token: url.searchParams.get('token')! },
    { csrf: false },
  );
  expect(res.status, res.html).toBe(303);
  return client;
}

async function ticketsOf(tenantId: string): Promise<{ subject: string }[]> {
  const res = await service.platform('GET', `/platform/v1/support-tickets?tenant_id=${tenantId}`);
  return (res.json as { data: { subject: string }[] }).data;
}

/** The notice the page a redirect goes to shows (the flash is read once, by that page). */
async function noticeAfter(client: PanelClient, location: string | null): Promise<string> {
  expect(location).not.toBeNull();
  return textOf((await client.get(location!)).html);
}

describe('a form sent twice', () => {
  it('opens one ticket for two posts of the same ticket form at once, and both go back saying it was sent', async () => {
    const own = await createTenant(service);
    const portal = await portalOf(own.tenantId);
    const fields = {
      ...formFields((await portal.get('/portal/tickets')).html, '/portal/tickets'),
      subject: 'Sent twice',
      body: 'A double click.',
    };
    const [first, second] = await Promise.all([
      portal.post('/portal/tickets', fields),
      portal.post('/portal/tickets', fields),
    ]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect([first.location, second.location]).toEqual(['/portal/tickets', '/portal/tickets']);
    expect(await ticketsOf(own.tenantId)).toHaveLength(1);
    expect(await auditRows(service, 'ticket.open', 'Sent twice')).toHaveLength(1);
    // The cookie jar keeps the later answer's flash: whichever was the repeat, the page says it was sent.
    expect(await noticeAfter(portal, second.location)).toContain('Sent: the platform team answers here.');
  });

  it('tells a repeat sent after the first answered that it was carried out once, and changes nothing', async () => {
    const own = await createTenant(service);
    const portal = await portalOf(own.tenantId);
    const fields = {
      ...formFields((await portal.get('/portal/tickets')).html, '/portal/tickets'),
      subject: 'Resent',
      body: 'The answer was lost.',
    };
    expect((await portal.post('/portal/tickets', fields)).status).toBe(303);
    await portal.get('/portal/tickets'); // the first answer's page, which takes its notice
    const again = await portal.post('/portal/tickets', fields);
    expect(again.status).toBe(303);
    const page = await noticeAfter(portal, again.location);
    expect(page).toContain(
      'Sent: the platform team answers here. (This form was sent more than once and carried out once.)',
    );
    expect(await ticketsOf(own.tenantId)).toHaveLength(1);
    expect(await auditRows(service, 'ticket.open', 'Resent')).toHaveLength(1);
  });

  it('carries out the same rendered form again when its fields changed (back, edited, sent)', async () => {
    const own = await createTenant(service);
    const portal = await portalOf(own.tenantId);
    const shown = formFields((await portal.get('/portal/tickets')).html, '/portal/tickets');
    await portal.post('/portal/tickets', { ...shown, subject: 'First', body: 'One.' });
    await portal.post('/portal/tickets', { ...shown, subject: 'Second', body: 'Two.' });
    expect((await ticketsOf(own.tenantId)).map((t) => t.subject).sort()).toEqual(['First', 'Second']);
  });

  it('carries out a post without a form id (a script) each time, as before', async () => {
    const own = await createTenant(service);
    const portal = await portalOf(own.tenantId);
    const fields = { subject: 'Scripted', body: 'No form id.' };
    await portal.post('/portal/tickets', fields);
    await portal.post('/portal/tickets', fields);
    expect(await ticketsOf(own.tenantId)).toHaveLength(2);
  });

  it("does not take another session's sent form for this one's", async () => {
    const own = await createTenant(service);
    const [sam, kim] = [await portalOf(own.tenantId), await portalOf(own.tenantId)];
    const fields = {
      ...formFields((await sam.get('/portal/tickets')).html, '/portal/tickets'),
      subject: 'Same id',
      body: 'Two people.',
    };
    await sam.post('/portal/tickets', fields);
    const { _csrf: _ignored, ...withoutToken } = fields as Record<string, string>;
    await kim.post('/portal/tickets', withoutToken); // Kim's own CSRF token, Sam's form id
    expect(await ticketsOf(own.tenantId)).toHaveLength(2);
  });

  it('suspends a tenant once for two confirmations at once: one audit entry', async () => {
    const own = await createTenant(service);
    const action = `/panel/tenants/${own.tenantId}/suspend`;
    const fields = formFields((await panel.get(`${action}`)).html, action);
    expect(fields._form).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    // A confirmation's repeat goes back to where its Cancel goes, the tenant's page.
    expect(fields._page).toBe(`/panel/tenants/${own.tenantId}`);
    const answers = await Promise.all([panel.post(action, fields), panel.post(action, fields)]);
    expect(answers.map((a) => a.status)).toEqual([303, 303]);
    expect(await auditRows(service, 'tenant.suspend', own.tenantId)).toHaveLength(1);
  });

  it('spends nothing on a refused action: the same form is carried out once the refusal no longer holds', async () => {
    const { slug } = await markets.createMarket();
    const reopen = `/panel/markets/${slug}/reopen`;
    // A reopen sent from a page shown while the market was suspended: refused, since it is open.
    const fields = { _form: 'A'.repeat(22), _page: `/panel/markets/${slug}`, reason: 'Back on' };
    const early = await panel.post(reopen, fields);
    expect(await noticeAfter(panel, early.location)).toContain('reopen needs it suspended');
    expect((await service.platform('POST', `/platform/v1/markets/${slug}/suspend`, {})).status).toBe(200);
    const reopened = await panel.post(reopen, fields);
    expect(await noticeAfter(panel, reopened.location)).not.toContain('carried out once');
    const market = await service.platform('GET', `/platform/v1/markets/${slug}`);
    expect((market.json as { status: string }).status).toBe('open');
    const entries = await auditRows(service, 'market.reopen', slug);
    expect(entries.map((e) => e.outcome)).toEqual(['state_conflict', 'done']);
  });

  it('rotates a key once for a repeated rotation, and says the new key was shown to the first answer only', async () => {
    const keyId = (
      await service.db
        .selectFrom('api_keys')
        .select('id')
        .where('tenant_id', '=', tenant.tenantId)
        .where('environment', '=', 'live')
        .executeTakeFirstOrThrow()
    ).id;
    const rotate = `/panel/api-keys/${keyId}/rotate`;
    const fields = formFields((await panel.get(`/panel/tenants/${tenant.tenantId}`)).html, rotate);
    const first = await panel.post(rotate, fields);
    expect(first.status).toBe(201);
    const shownKey = /pmk_live_[A-Za-z0-9_-]{20,}/.exec(first.html)?.[0];
    expect(shownKey).toBeDefined();
    const again = await panel.post(rotate, fields);
    expect(again.status).toBe(303);
    expect(again.location).toBe(`/panel/tenants/${tenant.tenantId}`);
    const page = await noticeAfter(panel, again.location);
    expect(page).toMatch(
      /The key \(id [0-9a-f-]{36}\) was shown once, on the answer to the first post, and is not kept\./,
    );
    expect(page).not.toContain(shownKey);
    const replacements = await service.db
      .selectFrom('api_keys')
      .select('id')
      .where('rotates_key_id', '=', keyId)
      .execute();
    expect(replacements).toHaveLength(1);
  });

  it("goes back only to a page of the form's own site, whatever the form says its page is", async () => {
    const own = await createTenant(service);
    const portal = await portalOf(own.tenantId);
    const shown = formFields((await portal.get('/portal/tickets')).html, '/portal/tickets');
    for (const [i, page] of [
      '//evil.example/x',
      'https://evil.example/',
      '/panel',
      '/portal\\x',
      '/portalx',
      '/portal/../panel',
      '/portal/%2e%2e/panel',
    ].entries()) {
      const fields = { ...shown, _page: page, subject: `Elsewhere ${i}`, body: 'x' };
      await portal.post('/portal/tickets', fields);
      expect((await portal.post('/portal/tickets', fields)).location, page).toBe('/portal');
    }
    const fields = { ...shown, _page: '/portal/tickets?x=1', subject: 'Here', body: 'x' };
    await portal.post('/portal/tickets', fields);
    expect((await portal.post('/portal/tickets', fields)).location).toBe('/portal/tickets?x=1');
  });
});
