import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, uniqueKey, type TestService, type TestTenant } from './helpers.js';
import { PanelClient, textOf } from './panel-client.js';

/**
 * The support-ticket queue a page at a time (decisions parts 4, 8 and 9): one tenant opening many tickets
 * hides nobody else's. Oldest first, filtered by tenant and status, in the platform API and the panel.
 */
let service: TestService;
let panel: PanelClient;
let noisy: TestTenant;
let quiet: TestTenant;
const NOISY = 27; // more than one panel page (25)
let noisyName = '';
const opened: Record<string, string[]> = {};

const openTicket = async (t: TestTenant, subject: string) => {
  const res = await service.api('sandbox', 'POST', '/v1/support-tickets', {
    key: t.sandboxKey,
    idempotencyKey: uniqueKey('ticket'),
    body: { subject, body: `About ${subject}` },
  });
  expect(res.status, res.text).toBe(201);
  (opened[t.tenantId] ??= []).push(res.json.id);
  return res.json.id as string;
};

beforeAll(async () => {
  service = await startTestService();
  panel = await PanelClient.signedIn(service);
  noisy = await createTenant(service);
  quiet = await createTenant(service);
  noisyName = (await service.platform('GET', `/platform/v1/tenants/${noisy.tenantId}`)).json.name;
  await openTicket(quiet, 'Quiet first');
  for (let i = 1; i <= NOISY; i++) await openTicket(noisy, `Noisy ${String(i).padStart(2, '0')}`);
  await openTicket(quiet, 'Quiet last');
}, 60_000);
afterAll(() => service.stop());

describe('GET /platform/v1/support-tickets', () => {
  it('pages oldest first with next_cursor, by tenant and by status, the cursor keeping the filter', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query = `tenant_id=${noisy.tenantId}&status=open&limit=10${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await service.platform('GET', `/platform/v1/support-tickets?${query}`);
      expect(page.status, page.text).toBe(200);
      expect(page.json.data.every((t: { tenant_id: string }) => t.tenant_id === noisy.tenantId)).toBe(true);
      seen.push(...page.json.data.map((t: { id: string }) => t.id));
      cursor = page.json.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(opened[noisy.tenantId]);

    const quietOnes = await service.platform('GET', `/platform/v1/support-tickets?tenant_id=${quiet.tenantId}`);
    expect(quietOnes.json.data.map((t: { subject: string }) => t.subject)).toEqual(['Quiet first', 'Quiet last']);
    expect(quietOnes.json.next_cursor).toBeNull();

    const [first] = opened[quiet.tenantId]!;
    await service.platform('POST', `/platform/v1/support-tickets/${first}/messages`, { body: 'On it.' });
    const answered = await service.platform(
      'GET',
      `/platform/v1/support-tickets?tenant_id=${quiet.tenantId}&status=answered`,
    );
    expect(answered.json.data.map((t: { id: string }) => t.id)).toEqual([first]);
    const stillOpen = await service.platform(
      'GET',
      `/platform/v1/support-tickets?tenant_id=${quiet.tenantId}&status=open`,
    );
    expect(stillOpen.json.data.map((t: { subject: string }) => t.subject)).toEqual(['Quiet last']);
  });
});

describe('the panel ticket list', () => {
  const subjects = (html: string) => [...textOf(html).matchAll(/(Noisy \d\d|Quiet \w+) \((\w+)\)/g)].map((m) => m[1]);

  it('filters by tenant, 25 a page oldest first, and "Next page" keeps the filters', async () => {
    const first = await panel.get(`/panel/tickets?status=open&tenant=${noisy.tenantId}`);
    expect(first.status).toBe(200);
    const shown = subjects(first.html);
    expect(shown).toHaveLength(25);
    expect(shown[0]).toBe('Noisy 01');
    expect(shown.every((s) => s!.startsWith('Noisy'))).toBe(true);
    // The tenant filter names each tenant with open tickets and how many.
    expect(textOf(first.html)).toMatch(new RegExp(`${escape(noisyName)} \\(${NOISY}\\)`));

    const next = /<a href="([^"]+)">Next page<\/a>/.exec(first.html)![1]!.replaceAll('&amp;', '&');
    const nextUrl = new URL(next, service.urls.platform);
    expect(nextUrl.searchParams.get('status')).toBe('open');
    expect(nextUrl.searchParams.get('tenant')).toBe(noisy.tenantId);
    const second = await panel.get(next);
    expect(subjects(second.html)).toEqual(['Noisy 26', 'Noisy 27']);
    expect(second.html).not.toContain('Next page');

    // The quiet tenant's tickets are on the first page of its own filter, whatever the noisy one opened.
    const quietPage = await panel.get(`/panel/tickets?tenant=${quiet.tenantId}&status=all`);
    expect(subjects(quietPage.html)).toEqual(['Quiet first', 'Quiet last']);
  });

  it('returns a reply and a close to the page they were sent from, filters and all', async () => {
    const page = `/panel/tickets?status=open&tenant=${noisy.tenantId}`;
    await panel.get(page);
    const id = opened[noisy.tenantId]![1]!;
    const replied = await panel.post(`/panel/tickets/${id}/messages`, {
      body: 'Looking into it.',
      status: 'open',
      tenant: noisy.tenantId,
    });
    expect(replied.status).toBe(303);
    expect(replied.location).toBe(page);
    const after = await panel.get(replied.location!);
    expect(textOf(after.html)).toContain('Reply sent on “Noisy 02”.');
    expect(subjects(after.html)).not.toContain('Noisy 02');
    const closed = await panel.post(`/panel/tickets/${id}/close`, {
      status: 'answered',
      tenant: noisy.tenantId,
      cursor: 'not a cursor!',
    });
    expect(closed.location).toBe(`/panel/tickets?status=answered&tenant=${noisy.tenantId}`);
  });

  it('says so when a page link is not valid, and falls back to open tickets of every tenant', async () => {
    const bad = await panel.get('/panel/tickets?cursor=AAAA&status=whatever&tenant=nope');
    expect(bad.status).toBe(200);
    expect(textOf(bad.html)).toContain('That page link is not valid any more');
    expect(bad.html).toMatch(/<option value="open" selected/);
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
