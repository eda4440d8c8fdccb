import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabaseOn, type ScratchDatabase } from '../scripts/scratch-database.js';
import type { TenantEnv } from '../src/domains/context.js';
import { recordEvent, type NewEvent } from '../src/domains/events/index.js';
import { deliverDue, endpointHealth, verifySignature, type DeliveryOutcome } from '../src/domains/webhooks/index.js';
import { FakeClock } from '../src/lib/clock.js';
import { createTenant, startTestService, type TestService, type TestTenant } from './helpers.js';
import { auditRows, PanelClient, textOf, type PanelResponse } from './panel-client.js';
import { startReceiver, type Receiver } from './receiver.js';
import { hookUp, portalOf, seedDelivery } from './webhook-seed.js';

/**
 * The portal's webhooks screen and a delivery's page, and the panel's event page (docs/operations.md,
 * "The tenant portal"): the endpoint's health, the filters and keyset pages, the payload, headers and
 * attempts, Resend and Retry now (once, however often posted), and one environment's deliveries only.
 * On a database of its own: its delivery passes claim every due delivery there is.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
const NOW = clock.now();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
let database: ScratchDatabase;
let service: TestService;
let receiver: Receiver;

beforeAll(async () => {
  database = await createDatabaseOn(inject('databaseUrl'), `pm_portal_hooks_${process.pid}_${Date.now()}`);
  service = await startTestService({ clock, env: { DATABASE_URL: database.url, ALLOW_INSECURE_WEBHOOKS: '1' } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await service?.stop();
  await receiver?.close();
  await database?.drop();
});

/** One delivery pass of the worker, as its job runs it. */
const pass = (observe?: (outcome: DeliveryOutcome) => void) =>
  deliverDue(
    service.system(),
    { transport: service.deps.webhookTransport, keepGoing: () => true, observe },
    { timeoutMs: 2000 },
  );

const sandboxOf = (t: TestTenant): TenantEnv => ({ tenantId: t.tenantId, environment: 'sandbox' });

/** An event now in the tenant's sandbox; its delivery is due at once. */
const eventNow = (t: TestTenant, type = 'market.voided') =>
  recordEvent(service.db, { scope: sandboxOf(t), type, data: { market_slug: 'm-now' } } as NewEvent, clock.now());

/** The delivery ids the list shows (its table only: the health summary may link a failure too). */
const listed = (html: string) => {
  const list = html.slice(html.indexOf('id="list"'));
  return [...list.matchAll(/href="\/portal\/webhooks\/([0-9a-f-]{36})"/g)].map((m) => m[1]!);
};

const noticeOf = (page: PanelResponse) =>
  textOf(/<p class="notice"[^>]*>(.*?)<\/p>/s.exec(page.html)?.[1] ?? '').trim();

describe('the endpoint health', () => {
  it('is the last 24 h of sent attempts: success rate, median latency, pending, dead and the last failure', async () => {
    const t = await createTenant(service);
    await hookUp(service, t.tenantId, 'https://hooks.example.com/in');
    const scope = sandboxOf(t);
    await seedDelivery(service, scope, {
      at: ago(3 * HOUR),
      state: 'delivered',
      attempts: [{ at: ago(3 * HOUR), status: 204, latencyMs: 100 }],
    });
    const failed = await seedDelivery(service, scope, {
      at: ago(2 * HOUR),
      state: 'pending',
      attempts: [{ at: ago(2 * HOUR), status: 503, latencyMs: 300, excerpt: 'down for maintenance' }],
    });
    await seedDelivery(service, scope, {
      at: ago(HOUR),
      state: 'delivered',
      attempts: [{ at: ago(HOUR), status: 200, latencyMs: 200 }],
    });
    // Not sent for want of a secret: in no rate and no latency (with it, 2 of 4 and a median of 100 ms).
    await seedDelivery(service, scope, {
      at: ago(30 * MINUTE),
      state: 'pending',
      attempts: [{ at: ago(30 * MINUTE), sent: false }],
    });
    // Before the window, and another environment: in neither figure.
    await seedDelivery(service, scope, {
      at: ago(30 * HOUR),
      state: 'dead',
      attempts: [{ at: ago(30 * HOUR), status: 500, latencyMs: 4000 }],
    });
    await hookUp(service, t.tenantId, 'https://hooks.example.com/live', { environment: 'live' });
    await seedDelivery(
      service,
      { tenantId: t.tenantId, environment: 'live' },
      {
        at: ago(HOUR),
        state: 'dead',
        attempts: [{ at: ago(HOUR), status: 500, latencyMs: 9000 }],
      },
    );

    const health = await endpointHealth(service.system(), scope);
    expect(health).toMatchObject({
      webhookUrl: 'https://hooks.example.com/in',
      webhookSecretSet: true,
      sent: 3,
      delivered: 2,
      notSent: 1,
      p50LatencyMs: 200,
      pending: 2,
      dead: 1,
      successRate: 2 / 3,
      lastFailure: { eventId: failed, attemptedAt: ago(2 * HOUR), statusCode: 503, error: null },
    });

    const portal = await portalOf(service, t.tenantId);
    const page = await portal.get('/portal/webhooks');
    expect(page.status).toBe(200);
    const text = textOf(page.html);
    expect(text).toContain('Deliveries go to https://hooks.example.com/in');
    expect(text).toContain('Success rate, 24 h 66.6 % 2 of 3 attempts answered 2xx');
    expect(text).toContain('Median latency, 24 h 200 ms');
    expect(text).toMatch(/Pending 2 Waiting for an attempt Dead 1 Out of retries/);
    expect(text).toContain('Last failure: 2026-06-01 10:00:00Z, HTTP 503 ( its delivery )');
    expect(page.html).toContain(`href="/portal/webhooks/${failed}">its delivery</a>`);
    expect(text).toContain('1 attempt was not sent (no secret or no URL): in no rate.');
  });

  it('says in words when there is no URL, no secret, or no traffic', async () => {
    const bare = await createTenant(service);
    const none = textOf((await (await portalOf(service, bare.tenantId)).get('/portal/webhooks')).html);
    expect(none).toContain('No webhook URL is set for this environment: no deliveries are made');
    expect(none).toContain('No attempt in the last 24 hours.');
    expect(none).toContain('Success rate, 24 h — Nothing sent');
    expect(none).toContain('No webhook deliveries yet.');

    const unsigned = await createTenant(service);
    await hookUp(service, unsigned.tenantId, 'https://hooks.example.com/quiet', { secret: false });
    const quiet = textOf((await (await portalOf(service, unsigned.tenantId)).get('/portal/webhooks')).html);
    expect(quiet).toContain('Deliveries go to https://hooks.example.com/quiet');
    expect(quiet).toContain('No webhook secret is set: nothing is sent');
    expect(quiet).toContain('No attempt in the last 24 hours.');
  });
});

describe('an attempt without a webhook secret', () => {
  it('is recorded as not sent, said so, never as an HTTP failure; a secret and Retry now let it through', async () => {
    const t = await createTenant(service);
    await hookUp(service, t.tenantId, receiver.url, { secret: false });
    const id = await eventNow(t);
    const before = receiver.received.length;
    const outcomes: DeliveryOutcome[] = [];
    await pass((outcome) => outcomes.push(outcome));
    expect(receiver.received.length).toBe(before);
    expect(outcomes, 'the metrics count it as not sent, not as a failed attempt').toEqual(['not_sent']);
    const attempt = await service.db
      .selectFrom('webhook_attempts')
      .select(['sent', 'status_code', 'error', 'request_headers'])
      .where('event_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(attempt).toEqual({ sent: false, status_code: null, error: 'no webhook secret', request_headers: null });

    const portal = await portalOf(service, t.tenantId);
    const list = await portal.get('/portal/webhooks');
    const listText = textOf(list.html);
    expect(listText).toMatch(/Not sent\s*: no webhook secret set/);
    expect(listText).toContain('Success rate, 24 h — Nothing sent');
    expect(listText).toContain('1 attempt was not sent');
    expect(listText).toContain('No failed attempt in the last 24 hours.');
    expect(listText).not.toContain('Last failure');
    const page = await portal.get(`/portal/webhooks/${id}`);
    const text = textOf(page.html);
    expect(text).toMatch(/1 2026-06-01 12:00:00Z Not sent\s*: no webhook secret set · nothing sent/);
    expect(text).toContain('No webhook secret is set: an attempt now would not be sent');
    expect(text).toContain('No attempt has been sent yet: the headers show here once one is.');
    expect(page.html).not.toContain('class="status s5"');
    expect(text).not.toContain('No answer');

    const secret = (
      await service.platform('POST', `/platform/v1/tenants/${t.tenantId}/environments/sandbox/webhook-secret`)
    ).json.webhook_secret as string;
    const retried = await portal.post(`/portal/webhooks/${id}/retry`, { attempts: '1' });
    expect(retried.location).toBe(`/portal/webhooks/${id}`);
    await pass();
    const got = receiver.received.filter((r) => r.headers['x-webhook-delivery'] === id);
    expect(got).toHaveLength(1);
    expect(verifySignature(secret, got[0]!.raw, got[0]!.headers['x-webhook-signature'] as string)).toBe(true);
    expect(textOf((await portal.get(`/portal/webhooks/${id}`)).html)).toContain('Delivered');
  });
});

describe('the deliveries list', () => {
  it('narrows by state, event type and time, and says a bad value next to its field', async () => {
    const t = await createTenant(service);
    await hookUp(service, t.tenantId, 'https://hooks.example.com/f');
    const scope = sandboxOf(t);
    const yesterday = await seedDelivery(service, scope, {
      type: 'report.ready',
      at: ago(26 * HOUR),
      state: 'delivered',
      attempts: [{ at: ago(26 * HOUR), status: 200 }],
    });
    const voided = await seedDelivery(service, scope, {
      at: ago(3 * HOUR),
      state: 'delivered',
      attempts: [{ at: ago(3 * HOUR), status: 204 }],
    });
    const dead = await seedDelivery(service, scope, {
      type: 'market.resolved',
      at: ago(2 * HOUR),
      state: 'dead',
      attempts: [{ at: ago(2 * HOUR), status: 500 }],
    });
    const pending = await seedDelivery(service, scope, {
      at: ago(HOUR),
      state: 'pending',
      attempts: [{ at: ago(HOUR), status: 503 }],
    });
    const portal = await portalOf(service, t.tenantId);
    const ids = async (query: string) => listed((await portal.get(`/portal/webhooks${query}`)).html);

    expect(await ids('')).toEqual([pending, dead, voided, yesterday]);
    expect(await ids('?state=dead')).toEqual([dead]);
    expect(await ids('?state=pending')).toEqual([pending]);
    expect(await ids('?state=delivered')).toEqual([voided, yesterday]);
    expect(await ids('?type=market.voided')).toEqual([pending, voided]);
    expect(await ids('?type=market.voided&state=delivered')).toEqual([voided]);
    expect(await ids('?from=2026-06-01T09:30')).toEqual([pending, dead]);
    expect(await ids('?to=2026-06-01T09:30')).toEqual([voided, yesterday]);
    expect(await ids('?from=2026-06-01&to=2026-06-01T10:30')).toEqual([dead, voided]);
    expect(await ids('?to=2026-05-31')).toEqual([yesterday]);

    const row = await portal.get('/portal/webhooks?state=dead');
    expect(row.html).toContain('<span class="status s5">Dead</span>');
    expect(textOf(row.html)).toContain('market.resolved 2026-06-01 10:00:00Z');

    const bad = await portal.get('/portal/webhooks?state=lost&type=market.exploded&from=yesterday&to=2026-02-30');
    expect(bad.status).toBe(200);
    for (const field of ['state', 'type', 'from', 'to'])
      expect(bad.html).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true"`));
    const text = textOf(bad.html);
    expect(text).toContain('Choose pending, delivered or dead: lost is no delivery state.');
    expect(text).toContain('market.exploded is not an event type: choose one from the list.');
    expect(text).toContain('yesterday is not a time');
    expect(text).toContain('This filter cannot be used');
    expect(listed(bad.html)).toEqual([]);
  });

  it('pages by keyset, newest first: "Older deliveries" continues without a repeat and keeps the filter', async () => {
    const t = await createTenant(service);
    await hookUp(service, t.tenantId, 'https://hooks.example.com/p');
    const made: string[] = [];
    for (let i = 0; i < 55; i++)
      made.push(await seedDelivery(service, sandboxOf(t), { at: ago((60 - i) * MINUTE), state: 'pending' }));
    const portal = await portalOf(service, t.tenantId);
    const first = await portal.get('/portal/webhooks?state=pending');
    const older = /href="(\/portal\/webhooks\?[^"]*after=[^"]+)" rel="next"/
      .exec(first.html)?.[1]
      ?.replaceAll('&amp;', '&');
    expect(listed(first.html)).toEqual(made.slice(5).reverse());
    expect(older).toContain('state=pending');
    const second = await portal.get(older!);
    expect(listed(second.html)).toEqual(made.slice(0, 5).reverse());
    expect(new Set([...listed(first.html), ...listed(second.html)]).size).toBe(55);
    expect(second.html).not.toContain('rel="next"');
    expect(textOf(second.html)).toContain('Older deliveries');
    const broken = await portal.get('/portal/webhooks?after=not-a-cursor');
    expect(textOf(broken.html)).toContain('That page link is not valid any more');
  });
});

describe("a delivery's page", () => {
  const t = { tenant: null as TestTenant | null, secret: '', id: '' };

  it('shows the payload, the target, the headers sent (no secret) and every attempt', async () => {
    t.tenant = await createTenant(service);
    t.secret = (await hookUp(service, t.tenant.tenantId, receiver.url))!;
    receiver.answer = () => ({ status: 503, body: 'maintenance until 13:00' });
    t.id = await eventNow(t.tenant, 'market.resolved');
    await pass();
    receiver.answer = () => 204;
    const sent = receiver.received.find((r) => r.headers['x-webhook-delivery'] === t.id)!;

    const portal = await portalOf(service, t.tenant.tenantId);
    const page = await portal.get(`/portal/webhooks/${t.id}`);
    expect(page.status).toBe(200);
    const text = textOf(page.html);
    expect(text).toContain('Delivery of market.resolved');
    expect(text).toContain(`Target URL ${receiver.url}`);
    expect(page.html).toContain('<span class="status s4">Pending</span>');
    // The payload: the body sent, indented.
    expect(page.html).toContain(
      `&quot;id&quot;: &quot;${t.id}&quot;,\n  &quot;event&quot;: &quot;market.resolved&quot;`,
    );
    expect(JSON.parse(sent.raw.toString())).toEqual(
      JSON.parse(
        textOf(/<pre[^>]*id="payload-body"[^>]*>(.*?)<\/pre>/s.exec(page.html)![1]!).replaceAll('&quot;', '"'),
      ),
    );
    expect(text).toContain(`Sent as one line of ${sent.raw.length} bytes`);
    // The headers sent, the signature among them; the secret nowhere.
    const signature = sent.headers['x-webhook-signature'] as string;
    expect(verifySignature(t.secret, sent.raw, signature)).toBe(true);
    for (const [name, value] of [
      ['x-webhook-signature', signature],
      ['x-webhook-delivery', t.id],
      ['x-webhook-event', 'market.resolved'],
      ['content-type', 'application/json'],
    ])
      expect(text).toContain(`${name} ${value}`);
    expect(page.html).not.toContain(t.secret);
    const stored = await service.db
      .selectFrom('webhook_attempts')
      .select('request_headers')
      .where('event_id', '=', t.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.request_headers)).not.toContain(t.secret);
    // The attempt: its status coloured, latency, and the start of the answer.
    expect(page.html).toContain('<span class="status s5">503</span>');
    expect(text).toMatch(/1 2026-06-01 12:00:00Z 503 · \d+ ms Response: maintenance until 13:00/);
    expect(text).toContain('Retry now');
  });

  it('Retry now brings the next attempt to now and rings the worker, once however often posted', async () => {
    const portal = await portalOf(service, t.tenant!.tenantId);
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    const rung: string[] = [];
    listener.on('notification', (n) => rung.push(n.channel));
    await listener.query('listen webhook_deliveries');
    try {
      const first = await portal.post(`/portal/webhooks/${t.id}/retry`, { attempts: '1' });
      expect(first.location).toBe(`/portal/webhooks/${t.id}`);
      expect(noticeOf(await portal.get(first.location!))).toBe(
        'Retrying now: the worker sends the next attempt at once.',
      );
      const due = await service.db
        .selectFrom('webhook_deliveries')
        .select('next_attempt_at')
        .where('event_id', '=', t.id)
        .executeTakeFirstOrThrow();
      expect(due.next_attempt_at).toEqual(NOW);
      await expect.poll(() => rung.length).toBeGreaterThan(0);
    } finally {
      await listener.end();
    }
    await portal.post(`/portal/webhooks/${t.id}/retry`, { attempts: '1' }); // a double click
    const before = receiver.received.length;
    await pass();
    expect(receiver.received.length - before).toBe(1);
    const stale = await portal.post(`/portal/webhooks/${t.id}/retry`, { attempts: '1' });
    expect(noticeOf(await portal.get(stale.location!))).toContain('An attempt was made since this page was shown');
    await pass();
    expect(receiver.received.length - before).toBe(1);
    const page = await portal.get(`/portal/webhooks/${t.id}`);
    expect(page.html).toContain('<span class="status s2">Delivered</span>');
    expect(textOf(page.html)).toContain('Resend');
    const audit = await auditRows(service, 'webhook.retry_now', t.id);
    expect(audit.map((a) => a.details)).toEqual([
      { seen_attempts: 1, retried: true },
      { seen_attempts: 1, retried: true },
      { seen_attempts: 1, retried: false },
    ]);
  });

  it('Resend posts the same delivery (same id) again, once even when posted twice, audited as the staff member', async () => {
    const portal = await portalOf(service, t.tenant!.tenantId, 'sandbox', 'Kim');
    const before = receiver.received.length;
    const first = await portal.post(`/portal/webhooks/${t.id}/resend`, { attempts: '2' });
    expect(noticeOf(await portal.get(first.location!))).toBe(
      'Resent: the delivery is pending again, and the worker posts it now with the same id.',
    );
    const second = await portal.post(`/portal/webhooks/${t.id}/resend`, { attempts: '2' });
    expect(noticeOf(await portal.get(second.location!))).toContain('Already pending: nothing was sent again');
    await pass();
    const resent = receiver.received.slice(before);
    expect(resent).toHaveLength(1);
    expect(resent[0]!.headers['x-webhook-delivery']).toBe(t.id);
    expect(resent[0]!.json.id).toBe(t.id);
    expect(verifySignature(t.secret, resent[0]!.raw, resent[0]!.headers['x-webhook-signature'] as string)).toBe(true);

    // The same form once more, after the resend was attempted: nothing.
    const stale = await portal.post(`/portal/webhooks/${t.id}/resend`, { attempts: '2' });
    expect(noticeOf(await portal.get(stale.location!))).toContain('Not resent: the delivery has been attempted since');
    await pass();
    expect(receiver.received.length - before).toBe(1);
    const text = textOf((await portal.get(`/portal/webhooks/${t.id}`)).html);
    expect(text).toContain('Attempts 3');

    const audit = await auditRows(service, 'webhook.resend', t.id);
    expect(audit).toHaveLength(3);
    expect(audit[0]).toMatchObject({
      who: `portal:Kim (${t.tenant!.tenantId}/sandbox)`,
      tenant_id: t.tenant!.tenantId,
      environment: 'sandbox',
      outcome: 'done',
      details: { seen_attempts: 2, resent: true, state: 'pending' },
    });
    expect(audit.map((a) => (a.details as { resent: boolean }).resent)).toEqual([true, false, false]);
    // A form without its attempt count is refused in words, nothing done.
    const refused = await portal.post(`/portal/webhooks/${t.id}/resend`, {});
    expect(textOf((await portal.get(refused.location!)).html)).toContain('This form is out of date');
  });
});

describe('isolation', () => {
  it("shows another tenant's or the other environment's delivery as a 404 page, and its forms do nothing", async () => {
    const own = await createTenant(service);
    const other = await createTenant(service);
    await hookUp(service, own.tenantId, 'https://hooks.example.com/own');
    await hookUp(service, own.tenantId, 'https://hooks.example.com/own-live', { environment: 'live' });
    await hookUp(service, other.tenantId, 'https://hooks.example.com/other');
    const at = ago(HOUR);
    const attempts = [{ at, status: 500 }];
    const theirs = await seedDelivery(service, sandboxOf(other), { at, state: 'dead', attempts });
    const live = await seedDelivery(
      service,
      { tenantId: own.tenantId, environment: 'live' },
      { at, state: 'dead', attempts },
    );
    const portal = await portalOf(service, own.tenantId);
    for (const id of [theirs, live, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const page = await portal.get(`/portal/webhooks/${id}`);
      expect(page.status, id).toBe(404);
      if (id !== 'not-an-id') expect(textOf(page.html)).toContain('No webhook delivery');
      expect(page.html).not.toContain('payload-body');
    }
    expect(listed((await portal.get('/portal/webhooks')).html)).toEqual([]);
    for (const id of [theirs, live]) {
      const post = await portal.post(`/portal/webhooks/${id}/resend`, { attempts: '1' });
      expect(post.status).toBe(303);
      await portal.post(`/portal/webhooks/${id}/retry`, { attempts: '1' });
    }
    const states = await service.db
      .selectFrom('webhook_deliveries')
      .select('state')
      .where('event_id', 'in', [theirs, live])
      .execute();
    expect(states.map((s) => s.state)).toEqual(['dead', 'dead']);
    expect((await auditRows(service, 'webhook.resend', theirs))[0]).toMatchObject({ outcome: 'not_found' });
    const livePortal = await portalOf(service, own.tenantId, 'live');
    expect((await livePortal.get(`/portal/webhooks/${live}`)).status).toBe(200);
  });
});

describe("the panel's event page", () => {
  it('shows the payload, target, headers and attempts, and resends as the panel person', async () => {
    const t = await createTenant(service);
    const secret = (await hookUp(service, t.tenantId, receiver.url))!;
    const id = await seedDelivery(service, sandboxOf(t), {
      type: 'market.resolved',
      at: ago(9 * HOUR),
      url: receiver.url,
      state: 'dead',
      attempts: [
        { at: ago(9 * HOUR), status: 500, excerpt: 'boom', headers: { 'x-webhook-delivery': 'seeded' } },
        {
          at: ago(8 * HOUR),
          error: 'timeout after 5000 ms',
          latencyMs: 5000,
          headers: { 'x-webhook-event': 'market.resolved' },
        },
      ],
    });
    const panel = await PanelClient.signedIn(service, 'Ada');
    const page = await panel.get(`/panel/events/${id}`);
    expect(page.status).toBe(200);
    const text = textOf(page.html);
    expect(text).toContain('Webhook event market.resolved');
    expect(text).toContain(`Target URL ${receiver.url}`);
    expect(page.html).toContain('<span class="status s5">Dead</span>');
    expect(page.html).toContain(`&quot;id&quot;: &quot;${id}&quot;`);
    expect(text).toContain('x-webhook-event market.resolved');
    expect(text).toMatch(/No answer\s*: timeout after 5000 ms · 5000 ms/);
    expect(text).toContain('500');
    expect(text).toContain('boom');
    expect(text).toMatch(/Open this tenant's (sandbox|live) portal/);

    const before = receiver.received.length;
    const posted = await panel.post(`/panel/events/${id}/resend`, { attempts: '2' });
    expect(posted.location).toBe(`/panel/events/${id}`);
    await panel.post(`/panel/events/${id}/resend`, { attempts: '2' });
    await pass();
    const resent = receiver.received.slice(before);
    expect(resent.map((r) => r.headers['x-webhook-delivery'])).toEqual([id]);
    expect(verifySignature(secret, resent[0]!.raw, resent[0]!.headers['x-webhook-signature'] as string)).toBe(true);
    const audit = await auditRows(service, 'webhook.resend', id);
    expect(audit[0]).toMatchObject({
      who: 'panel:Ada',
      tenant_id: t.tenantId,
      environment: 'sandbox',
      outcome: 'done',
    });
    expect(textOf((await panel.get(`/panel/events/${id}`)).html)).toContain('Delivered');

    // An event made while the environment had no webhook URL: its page, and no delivery.
    const bare = await createTenant(service);
    const lone = await recordEvent(
      service.db,
      { scope: sandboxOf(bare), type: 'market.voided', data: { market_slug: 'x' } } as NewEvent,
      NOW,
    );
    const lonePage = textOf((await panel.get(`/panel/events/${lone}`)).html);
    expect(lonePage).toContain('State No delivery made');
    expect(lonePage).toContain('No delivery was made: the environment had no webhook URL when this happened.');
    expect((await panel.get('/panel/events/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
