import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { createTenant, startTestService, uniqueKey, type TestService, type TestTenant } from './helpers.js';
import { PanelClient, textOf } from './panel-client.js';

/**
 * The support-ticket queue a page at a time: one tenant opening many tickets
 * hides nobody else's. Oldest first, filtered by tenant and status, in the platform API and the panel.
 */
let service: TestService;
let panel: PanelClient;
let noisy: TestTenant;
let quiet: TestTenant;
const NOISY = 27; // more than one panel page (25)
let noisyName = '';
let quietName = '';
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
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
  service = await startTestService({ clock });
  panel = await PanelClient.signedIn(service);
  noisy = await createTenant(service);
  quiet = await createTenant(service);
  noisyName = (await service.platform('GET', `/platform/v1/tenants/${noisy.tenantId}`)).json.name;
  await openTicket(quiet, 'Quiet first');
  for (let i = 1; i <= NOISY; i++) await openTicket(noisy, `Noisy ${String(i).padStart(2, '0')}`);
  await openTicket(quiet, 'Quiet last');
  quietName = (await service.platform('GET', `/platform/v1/tenants/${quiet.tenantId}`)).json.name;
  // The open ones have waited this long when the panel shows them (sessions last 8 hours).
  clock.advance((2 * 60 + 5) * 60_000);
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
  /** The subjects of the list's rows, in order: each a link to the ticket's own page. */
  const subjects = (html: string) =>
    [...html.matchAll(/<a class="clip" href="\/panel\/tickets\/[^"]+" title="[^"]*">([^<]*)<\/a>/g)].map((m) => m[1]);
  const rowLinks = (html: string) =>
    [...html.matchAll(/<a class="clip" href="(\/panel\/tickets\/[^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

  it('filters by tenant, 25 rows a page oldest first, and "Next page" keeps the filters', async () => {
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
    const firstPage = /<a href="([^"]+)">First page<\/a>/.exec(second.html)![1]!.replaceAll('&amp;', '&');
    expect(firstPage).toBe(`/panel/tickets?status=open&tenant=${noisy.tenantId}`);

    // The quiet tenant's tickets are on the first page of its own filter, whatever the noisy one opened.
    const quietPage = await panel.get(`/panel/tickets?tenant=${quiet.tenantId}&status=all`);
    expect(subjects(quietPage.html)).toEqual(['Quiet first', 'Quiet last']);
  });

  it('is a table of one row per ticket: no message, no form but the filter', async () => {
    const page = await panel.get(`/panel/tickets?status=all&tenant=${quiet.tenantId}`);
    const headers = [...page.html.matchAll(/<th scope="col"[^>]*>([^<]+)<\/th>/g)].map((m) => m[1]!.trim());
    expect(headers).toEqual(['Subject', 'Tenant', 'Environment', 'Status', 'Opened', 'Waiting', 'Messages']);
    expect(page.html.match(/<tr>/g)).toHaveLength(3); // the header and two tickets
    expect(page.html).not.toContain('<textarea');
    expect(page.html).not.toContain('About Quiet first'); // a body is read on the ticket's page
    expect(page.html).not.toContain('method="post" action="/panel/tickets/');
    const row = textOf(/<tr>(?:(?!<\/tr>).)*Quiet last(?:(?!<\/tr>).)*<\/tr>/s.exec(page.html)![0]);
    expect(row).toContain(quietName);
    expect(row).toMatch(/ sandbox Open \d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ 2 h 5 min 1 $/);
    expect(page.html).toContain(`<a class="clip" href="/panel/tenants/${quiet.tenantId}">`);
  });

  it('links each subject to the ticket, carrying the filter, and the ticket page back to the same list', async () => {
    const list = `/panel/tickets?status=open&tenant=${noisy.tenantId}`;
    const [link] = rowLinks((await panel.get(list)).html);
    expect(link).toBe(`/panel/tickets/${opened[noisy.tenantId]![0]}?status=open&tenant=${noisy.tenantId}`);
    const ticket = await panel.get(link!);
    expect(ticket.status).toBe(200);
    const text = textOf(ticket.html);
    expect(text).toContain('Noisy 01');
    expect(text).toContain(noisyName);
    expect(text).toMatch(/Environment sandbox Status Open Opened \S+ \S+Z Waiting 2 h 5 min/);
    expect(text).toContain('About Noisy 01');
    expect(ticket.html).toContain(`<a href="${list.replace('&', '&amp;')}">Back to the list</a>`);
  });

  it('shows every message in order as text, line breaks kept, and the request id', async () => {
    const res = await service.api('sandbox', 'POST', '/v1/support-tickets', {
      key: quiet.sandboxKey,
      idempotencyKey: uniqueKey('ticket'),
      body: {
        subject: '<i>Tags</i> in a subject',
        body: 'Line one\n<script>alert(1)</script>\nLine three',
        request_id: 'req_abc123',
      },
    });
    expect(res.status, res.text).toBe(201);
    await service.platform('POST', `/platform/v1/support-tickets/${res.json.id}/messages`, { body: 'First answer' });
    await service.platform('POST', `/platform/v1/support-tickets/${res.json.id}/messages`, { body: 'Second answer' });
    const page = await panel.get(`/panel/tickets/${res.json.id}`);
    expect(page.html).toContain('<h1>&lt;i>Tags&lt;/i> in a subject</h1>');
    expect(page.html).toContain('<p class="text">Line one\n&lt;script>alert(1)&lt;/script>\nLine three</p>');
    expect(page.html).not.toContain('<script>');
    expect(textOf(page.html)).toContain('Request id req_abc123');
    const bodies = [...page.html.matchAll(/<p class="text">([^<]*)<\/p>/g)].map((m) => m[1]);
    expect(bodies.slice(1)).toEqual(['First answer', 'Second answer']);
    expect(textOf(page.html)).toContain('Messages (3)');
  });

  it('returns a reply and a close to the ticket, the list filter kept for the way back', async () => {
    const id = opened[noisy.tenantId]![1]!;
    const ticket = `/panel/tickets/${id}?status=open&tenant=${noisy.tenantId}`;
    await panel.get(ticket);
    const replied = await panel.post(`/panel/tickets/${id}/messages`, {
      body: 'Looking into it.\nMore soon.',
      status: 'open',
      tenant: noisy.tenantId,
    });
    expect(replied.status).toBe(303);
    expect(replied.location).toBe(ticket);
    const after = await panel.get(replied.location!);
    const text = textOf(after.html);
    expect(text).toContain('Reply sent on “Noisy 02”.');
    expect(text).toContain('Status Answered');
    expect(after.html).toContain('<p class="text">Looking into it.\nMore soon.</p>');
    // Answered: it has left the open queue the reader came from.
    expect(subjects((await panel.get(`/panel/tickets?status=open&tenant=${noisy.tenantId}`)).html)).not.toContain(
      'Noisy 02',
    );

    const empty = await panel.post(`/panel/tickets/${id}/messages`, {
      body: '',
      status: 'open',
      tenant: noisy.tenantId,
    });
    expect(empty.location).toBe(ticket);
    expect(textOf((await panel.get(ticket)).html)).toContain('body:');

    const closed = await panel.post(`/panel/tickets/${id}/close`, {
      status: 'answered',
      tenant: noisy.tenantId,
      cursor: 'not a cursor!',
    });
    expect(closed.location).toBe(`/panel/tickets/${id}?status=answered&tenant=${noisy.tenantId}`);
    const done = await panel.get(closed.location!);
    expect(textOf(done.html)).toContain('“Noisy 02” is closed.');
    expect(textOf(done.html)).toContain('This ticket is closed: it takes no more replies.');
    expect(done.html).not.toContain('<textarea');
    expect(done.html).toContain(
      `<a href="/panel/tickets?status=answered&amp;tenant=${noisy.tenantId}">Back to the list</a>`,
    );
  });

  it('answers an unknown or malformed ticket id with a 404 page and the way back, never a 500', async () => {
    const unknown = await panel.get(`/panel/tickets/00000000-0000-4000-8000-000000000000?status=closed`);
    expect(unknown.status).toBe(404);
    expect(textOf(unknown.html)).toContain('There is no support ticket 00000000-0000-4000-8000-000000000000.');
    expect(unknown.html).toContain('<a href="/panel/tickets?status=closed">Back to the list</a>');
    for (const bad of ['nope', '1%27%20or%201%3D1', 'x'.repeat(99)]) {
      const res = await panel.get(`/panel/tickets/${bad}`);
      expect(res.status, bad).toBe(404);
      expect(res.html).toContain('<a href="/panel">');
    }
    // Longer than any path parameter (100): the router refuses it before the panel sees it, with the same page.
    const long = await panel.get(`/panel/tickets/${'x'.repeat(300)}`);
    expect(long.status).toBe(404);
    expect(long.html).toContain('<a href="/panel">');
    const post = await panel.post('/panel/tickets/00000000-0000-4000-8000-000000000000/messages', { body: 'Hello?' });
    expect(post.status).toBe(303);
    const landed = await panel.get(post.location!);
    expect(landed.status).toBe(404);
    expect(textOf(landed.html)).toContain('No support ticket');
  });

  it('says so when a page link is not valid, and falls back to open tickets of every tenant', async () => {
    const bad = await panel.get('/panel/tickets?cursor=AAAA&status=whatever&tenant=nope');
    expect(bad.status).toBe(200);
    expect(textOf(bad.html)).toContain('That page link is not valid any more');
    expect(bad.html).toMatch(/<option value="open" selected/);
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
