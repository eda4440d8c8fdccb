import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { deliverDue } from '../src/domains/webhooks/deliver-due.js';
import { httpTransport } from '../src/domains/webhooks/transport.js';
import { FakeClock } from '../src/lib/clock.js';
import { createTenant, expectEnvelope, startTestService, type TestService } from './helpers.js';
import { recordingTransport, startReceiver, type Receiver } from './receiver.js';
import { widgetOpen } from './trading-helpers.js';

/**
 * ALLOW_INSECURE_WEBHOOKS (docs/configuration.md): a webhook URL is checked when it is set, and
 * the address its name resolves to is checked again when a delivery connects. Only loopback is ever
 * contacted here; the refusals happen before any connection.
 */
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const request = (url: string, timeoutMs = 2000) => ({ url, body: '{"a":1}', headers: { 'x-test': '1' }, timeoutMs });
const port = () => new URL(receiver.url).port;

describe('the transport, strict', () => {
  const strict = httpTransport({ allowInsecure: false });

  it('refuses plain http, loopback literals and names that resolve to loopback, sending nothing', async () => {
    const before = receiver.received.length;
    const cases: Array<[string, RegExp]> = [
      [receiver.url, /refused plain http/],
      [`https://127.0.0.1:${port()}/hooks`, /refused loopback address 127\.0\.0\.1/],
      [`https://[::ffff:127.0.0.1]:${port()}/hooks`, /refused loopback address/],
      [`https://[::1]:${port()}/hooks`, /refused loopback address ::1/],
      // IPv6 forms that carry a loopback IPv4 address (docs/operator-api.md, "Where it may go").
      [`https://[::127.0.0.1]:${port()}/hooks`, /refused loopback address ::7f00:1/],
      [`https://[64:ff9b::127.0.0.1]:${port()}/hooks`, /refused loopback address 64:ff9b::7f00:1/],
      [`https://[64:ff9b:1::127.0.0.1]:${port()}/hooks`, /refused loopback address/],
      [`https://[2002:7f00:1::1]:${port()}/hooks`, /refused loopback address 2002:7f00:1::1/],
      [`https://[2001:0:808:808:8000:63bf:80ff:fffe]:${port()}/hooks`, /refused loopback address 2001:0:808/],
      [`https://[::169.254.169.254]:${port()}/hooks`, /refused linkLocal address/],
      // A name is looked up once, at connect time, and every address it gives must be public.
      [`https://localhost:${port()}/hooks`, /refused loopback address .* for localhost/],
    ];
    for (const [url, error] of cases) {
      const result = await strict.send(request(url));
      expect(result, url).toMatchObject({ status: null, excerpt: null });
      expect(result.error, url).toMatch(error);
    }
    expect(receiver.received.length).toBe(before);
  });
});

describe('the transport, insecure (local development)', () => {
  const insecure = httpTransport({ allowInsecure: true });

  it('posts the exact body and headers and keeps a NUL-free excerpt of at most 256 bytes', async () => {
    receiver.answer = () => ({ status: 202, body: `ok\u0000${'y'.repeat(1000)}` });
    const result = await insecure.send(request(receiver.url));
    expect(result).toMatchObject({ status: 202, error: null });
    expect(result.excerpt).toBe(`ok${'y'.repeat(253)}`);
    const got = receiver.received.at(-1)!;
    expect(got.raw.toString()).toBe('{"a":1}');
    expect(got.headers).toMatchObject({ 'x-test': '1', 'content-type': 'application/json' });
  });

  it('does not follow redirects: a 3xx is an answer like any other', async () => {
    receiver.answer = () => ({ status: 307, headers: { location: 'http://127.0.0.1:1/elsewhere' } });
    const before = receiver.received.length;
    expect(await insecure.send(request(receiver.url))).toMatchObject({ status: 307, error: null });
    expect(receiver.received.length).toBe(before + 1);
  });

  it('gives up after the timeout, covering the whole exchange, and names a refused connection', async () => {
    receiver.answer = () => 'hang';
    const hung = await insecure.send(request(receiver.url, 150));
    expect(hung).toMatchObject({ status: null, error: 'timeout after 150 ms', excerpt: null });
    expect(hung.latencyMs).toBeGreaterThanOrEqual(140);
    receiver.answer = () => 204;
    expect(await insecure.send(request('http://127.0.0.1:1/hooks'))).toMatchObject({
      status: null,
      error: 'ECONNREFUSED',
    });
  });
});

describe('a service without ALLOW_INSECURE_WEBHOOKS', () => {
  let service: TestService;
  beforeAll(async () => {
    const clock = new FakeClock('2026-06-01T12:00:00.000Z');
    service = await startTestService({ clock, env: { ALLOW_INSECURE_WEBHOOKS: '0' } });
  });
  afterAll(() => service.stop());

  const put = (tenantId: string, webhookUrl: string) =>
    service.platform('PUT', `/platform/v1/tenants/${tenantId}/environments/sandbox`, { webhook_url: webhookUrl });

  it('refuses local, private, metadata, http and credentialed webhook URLs when they are set, changing nothing', async () => {
    const tenant = await createTenant(service);
    for (const url of [
      receiver.url,
      'https://127.0.0.1/hooks',
      'https://[::1]/hooks',
      'https://10.0.0.8/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/hooks',
      'https://metadata.google.internal/hooks',
      'https://user:pw@hooks.example.com/hooks',
    ]) {
      const res = await put(tenant.tenantId, url);
      expectEnvelope(res, 'validation_failed', 400);
      expect(res.json.details.issues[0].path, url).toBe('/webhook_url');
    }
    const settings = await service.platform('GET', `/platform/v1/tenants/${tenant.tenantId}`);
    expect(settings.json.environments.map((e: { webhook_url: string | null }) => e.webhook_url)).toEqual([null, null]);
    expect((await put(tenant.tenantId, 'https://hooks.example.com/pm')).status).toBe(200);
  });

  it("refuses, through the platform API and the tenant's own settings, IPv6 forms carrying an IPv4 address that is not public", async () => {
    const tenant = await createTenant(service);
    const kept = 'https://hooks.example.com/kept';
    expect((await put(tenant.tenantId, kept)).status).toBe(200);
    const cases: Array<[string, string]> = [
      ['https://[::127.0.0.1]/hooks', 'loopback'], // IPv4-compatible
      ['https://[::ffff:0:10.0.0.1]/hooks', 'private'], // IPv4-translated
      ['https://[64:ff9b::169.254.169.254]/hooks', 'linkLocal'], // NAT64
      ['https://[64:ff9b:1::192.168.0.1]/hooks', 'private'], // local-use NAT64
      ['https://[2002:a9fe:a9fe::1]/hooks', 'linkLocal'], // 6to4
      ['https://[2001:0:7f00:1:8000:63bf:f7f7:f7f7]/hooks', 'loopback'], // Teredo server
      ['https://[2001:0:808:808:8000:63bf:f5ff:fffe]/hooks', 'private'], // Teredo client 10.0.0.1
      ['https://[::]/hooks', 'unspecified'],
      ['https://[::1]/hooks', 'loopback'],
    ];
    for (const [url, range] of cases) {
      for (const res of [
        await put(tenant.tenantId, url),
        await service.api('sandbox', 'PUT', '/v1/tenant/settings', {
          key: tenant.sandboxKey,
          body: { webhook_url: url },
        }),
      ]) {
        expectEnvelope(res, 'validation_failed', 400);
        expect(res.json.details.issues[0], url).toMatchObject({
          path: '/webhook_url',
          // The rule, then what to do in development (the sandbox's hint: docs/operator-api.md, "Where it may go").
          message: `must not point at a ${range} address. For local development, start the service with ALLOW_INSECURE_WEBHOOKS=1 to allow http and loopback URLs.`,
        });
      }
    }
    const settings = await service.platform('GET', `/platform/v1/tenants/${tenant.tenantId}`);
    expect(settings.json.environments.map((e: { webhook_url: string | null }) => e.webhook_url)).toEqual([kept, null]);
    const own = await service.api('sandbox', 'GET', '/v1/tenant/settings', { key: tenant.sandboxKey });
    expect(own.json.webhook_url).toBe(kept);
  });

  it('fails the attempt of a stored URL whose name resolves to loopback, and the receiver sees nothing', async () => {
    const tenant = await createTenant(service);
    await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/environments/sandbox/webhook-secret`);
    // Set before the flag was turned off, or a name whose DNS changed since: only the connect-time check is left.
    const stored = `https://localhost:${port()}/hooks`;
    await sql`update tenant_environments set webhook_url = ${stored}
              where tenant_id = ${tenant.tenantId} and environment = 'sandbox'`.execute(service.deps.db);
    const before = receiver.received.length;
    await widgetOpen(service, tenant, 'transport');
    const ports = { transport: service.deps.webhookTransport, keepGoing: () => service.deps.isReady() };
    await deliverDue(service.system(), ports, { timeoutMs: 1000 });
    const { rows } = await sql<{ error: string | null; status_code: number | null }>`
      select a.error, a.status_code from webhook_attempts a join events e on e.id = a.event_id
      where e.tenant_id = ${tenant.tenantId}`.execute(service.deps.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.status_code).toBeNull();
      expect(row.error).toMatch(/refused loopback address .* for localhost/);
    }
    expect(receiver.received.length).toBe(before);
  });
});

describe('the test transport', () => {
  const webhooks = recordingTransport();
  let service: TestService;
  beforeAll(async () => {
    const clock = new FakeClock('2026-06-01T12:00:00.000Z');
    service = await startTestService({ clock, webhookTransport: webhooks.transport });
  });
  afterAll(() => service.stop());

  it('carries every delivery in place of the network, signed, to a URL checked only when it was set', async () => {
    const tenant = await createTenant(service);
    const settings = `/platform/v1/tenants/${tenant.tenantId}/environments/sandbox`;
    expect((await service.platform('PUT', settings, { webhook_url: 'https://hooks.example.com/pm' })).status).toBe(200);
    expect((await service.platform('POST', `${settings}/webhook-secret`)).status).toBe(201);
    const { opened } = await widgetOpen(service, tenant, 'port');
    const ports = { transport: service.deps.webhookTransport, keepGoing: () => true };
    await deliverDue(service.system(), ports, { timeoutMs: 1000 });
    expect(webhooks.sent).toHaveLength(1);
    expect(webhooks.sent[0]).toMatchObject({
      url: 'https://hooks.example.com/pm',
      headers: { 'x-webhook-event': 'position.opened', 'x-webhook-signature': expect.stringMatching(/^sha256=/) },
    });
    expect(JSON.parse(webhooks.sent[0]!.body).data.position_id).toBe(opened.json.id);
  });
});
