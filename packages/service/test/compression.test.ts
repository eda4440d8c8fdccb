import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  expectEnvelope,
  registerUser,
  startTestService,
  sync,
  uniqueKey,
  ADMIN_TOKEN,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { openSse } from './sse-client.js';
import { createMarket, fundedUser, sessionFor } from './trading-helpers.js';

/**
 * Negotiated compression: JSON answers over 1 KB on every listener, the widget bundle and the reference's
 * script in their encodings made at load; never the event stream, report downloads (gzipped already),
 * 204s or HEAD. Raw bytes over node:http, since fetch would decode them out of sight.
 */
let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  // The job runner, for a report to download.
  service = await startTestService({ env: { RUN_WORKERS: '1' } });
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

type Listener = 'sandbox' | 'live' | 'platform';
interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request as sent, its answer's bytes as received. */
function raw(
  listener: Listener,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const all = { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
    const req = httpRequest(new URL(path, service.urls[listener]), { method, headers: all }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject).end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const decode = (res: Raw): Buffer => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body);
  if (encoding === 'gzip') return gunzipSync(res.body);
  expect(encoding).toBeUndefined();
  return res.body;
};
const varies = (res: Raw) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(/,\s*/);

/** The encodings a client may ask for, and what it must get. */
const NEGOTIATIONS = [
  { accept: 'br, gzip, deflate', expected: 'br' },
  { accept: 'gzip', expected: 'gzip' },
  { accept: 'gzip;q=1, br;q=0.5', expected: 'gzip' },
  { accept: 'identity', expected: undefined },
  { accept: undefined, expected: undefined },
] as const;

/** Each negotiation's answer: its encoding as expected, the bytes decoding to the identity answer's. */
async function expectNegotiated(listener: Listener, path: string, headers: Record<string, string> = {}) {
  const plain = await raw(listener, 'GET', path, headers);
  expect(plain.status, path).toBe(200);
  for (const { accept, expected } of NEGOTIATIONS) {
    const res = await raw(listener, 'GET', path, { ...headers, ...(accept ? { 'accept-encoding': accept } : {}) });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding'], `${path} ${accept}`).toBe(expected);
    expect(Number(res.headers['content-length'] ?? res.body.length)).toBe(res.body.length);
    expect(decode(res).equals(plain.body), `${path} ${accept}`).toBe(true);
    if (expected) expect(res.body.length).toBeLessThan(plain.body.length);
  }
  return plain;
}

describe('JSON answers', () => {
  it('over 1 KB are compressed as negotiated on the sandbox, live and platform listeners', async () => {
    for (let i = 0; i < 6; i++) await createMarket(service, tenant);
    const key = { authorization: `Bearer ${tenant.sandboxKey}` };
    const markets = await expectNegotiated('sandbox', '/v1/markets', key);
    expect(markets.body.length).toBeGreaterThan(1024);
    const br = await raw('sandbox', 'GET', '/v1/markets', { ...key, 'accept-encoding': 'br' });
    expect(varies(br)).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers['cache-control']).toBe('no-store');
    await expectNegotiated('live', '/v1/openapi.json');
    const origins = Array.from({ length: 30 }, (_, i) => `https://shop-${i}.example`);
    await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/environments/live`, {
      allowed_origins: origins,
    });
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const detail = await expectNegotiated('platform', `/platform/v1/tenants/${tenant.tenantId}`, admin);
    expect(detail.body.length).toBeGreaterThan(1024);
  });

  it('under 1 KB, and 204s and HEAD answers, are sent as they are', async () => {
    const health = await raw('sandbox', 'GET', '/healthz', { 'accept-encoding': 'br, gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });

    const head = await raw('live', 'HEAD', '/v1/openapi.json', { 'accept-encoding': 'br, gzip' });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    const full = await raw('live', 'GET', '/v1/openapi.json');
    expect(Number(head.headers['content-length'])).toBe(full.body.length);

    const market = await createMarket(service, tenant);
    const token = await sessionFor(service, tenant.sandboxKey, await fundedUser(service, tenant.sandboxKey, 'gz'));
    const deleted = await raw('sandbox', 'DELETE', `/v1/widget/saved-markets/${market.slug}`, {
      authorization: `Bearer ${token}`,
      'accept-encoding': 'br, gzip',
    });
    expect(deleted.status).toBe(204);
    expect(deleted.headers['content-encoding']).toBeUndefined();
    expect(deleted.body.length).toBe(0);
  });

  it('keeps error envelopes whole: a long one is compressed and decodes to the envelope', async () => {
    const theme = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`token-${i}`, 'x']));
    const path = `/platform/v1/tenants/${tenant.tenantId}/environments/sandbox`;
    const headers = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
    const plain = await raw('platform', 'PUT', path, headers, { widget: { theme } });
    const br = await raw('platform', 'PUT', path, { ...headers, 'accept-encoding': 'br' }, { widget: { theme } });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(br.status).toBe(400);
    expect(br.headers['content-encoding']).toBe('br');
    const envelope = (res: Raw, body: Buffer) => ({
      status: res.status,
      headers: new Headers(Object.entries(res.headers).map(([k, v]): [string, string] => [k, String(v)])),
      text: body.toString(),
      json: JSON.parse(body.toString()),
    });
    expectEnvelope(envelope(br, decode(br)), 'validation_failed', 400);
    const { request_id: _a, ...compressed } = JSON.parse(decode(br).toString()).error;
    const { request_id: _b, ...identity } = JSON.parse(plain.body.toString()).error;
    expect(compressed).toEqual(identity);
  });

  it('replays a keyed answer byte for byte in any encoding', async () => {
    const users = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const id = `gz-batch-${i}-${uniqueKey()}`;
        await registerUser(service, tenant.sandboxKey, id);
        return id;
      }),
    );
    const body = {
      items: users.map((u) => ({
        idempotency_key: uniqueKey(),
        external_user_id: u,
        direction: 'credit',
        amount: '1',
      })),
    };
    const headers = { authorization: `Bearer ${tenant.sandboxKey}`, 'idempotency-key': uniqueKey('batch') };
    const first = await raw('sandbox', 'POST', '/v1/balance-sync/batch', headers, body);
    expect(first.status, first.body.toString()).toBe(200);
    expect(first.body.length).toBeGreaterThan(1024);
    for (const accept of ['br', 'gzip', 'identity']) {
      const again = await raw(
        'sandbox',
        'POST',
        '/v1/balance-sync/batch',
        { ...headers, 'accept-encoding': accept },
        body,
      );
      expect(again.status).toBe(200);
      expect(decode(again).equals(first.body), accept).toBe(true);
    }
  });
});

describe('static files', () => {
  it('the widget bundle and locales: negotiated, with Vary, version, cache and CORS * kept', async () => {
    for (const path of ['/widget/v1/widget.iife.js', '/widget/v1/locales/de.js', '/widget/v1.0.0/widget.esm.js']) {
      await expectNegotiated('sandbox', path);
      for (const accept of ['br', 'gzip', 'identity']) {
        const res = await raw('live', 'GET', path, { 'accept-encoding': accept });
        expect(varies(res)).toContain('accept-encoding');
        expect(res.headers['x-widget-version']).toBe('1.0.0');
        expect(res.headers['access-control-allow-origin']).toBe('*');
        expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
        expect(res.headers['cache-control']).toMatch(/^public, max-age=(300|31536000, immutable)$/);
      }
    }
  });

  it("the reference's pages: negotiated", async () => {
    const plain = await expectNegotiated('sandbox', '/docs/reference/positions');
    expect(plain.body.length).toBeGreaterThan(20_000);
  });
});

describe('never compressed', () => {
  it("the panel's and portal's pages, whatever their size", async () => {
    for (const [listener, path] of [
      ['platform', '/panel/sign-in'],
      ['sandbox', '/portal/sign-in'],
    ] as const) {
      const res = await raw(listener, 'GET', path, { 'accept-encoding': 'br, gzip' });
      expect(res.status, path).toBe(200);
      expect(res.body.length, path).toBeGreaterThan(1024);
      expect(res.headers['content-encoding'], path).toBeUndefined();
    }
  });

  it('the widget stream: plain text/event-stream, each event as it happens', async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'gzs');
    const token = await sessionFor(service, tenant.sandboxKey, user);
    const s = await openSse(service.urls.sandbox, token, [market.slug], { headers: { 'accept-encoding': 'br, gzip' } });
    try {
      expect(s.status).toBe(200);
      expect(s.headers.get('content-encoding')).toBeNull();
      expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
      await s.next((m) => m.event === 'balance');
      const from = s.messages.length;
      const sent = Date.now();
      await sync(service, tenant.sandboxKey, { external_user_id: user, direction: 'credit', amount: '2.50' });
      const balance = await s.next((m) => m.event === 'balance', { from, timeoutMs: 2_000 });
      expect(balance.data).toBe('{"balance":"1002.50"}');
      expect(balance.at - sent).toBeLessThan(1_000);
    } finally {
      s.close();
    }
  });

  it('a report download: its stored gzip once, or plain, whatever else the client takes', async () => {
    const requested = await service.api('sandbox', 'POST', '/v1/reports', {
      key: tenant.sandboxKey,
      body: { report_type: 'balances', format: 'csv' },
      idempotencyKey: uniqueKey('report'),
    });
    expect(requested.status, requested.text).toBe(202);
    const path = `/v1/reports/${requested.json.id}/download`;
    for (let i = 0; i < 150; i++) {
      const job = await service.api('sandbox', 'GET', `/v1/reports/${requested.json.id}`, { key: tenant.sandboxKey });
      if (job.json.status !== 'generating') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const key = { authorization: `Bearer ${tenant.sandboxKey}` };
    const plain = await raw('sandbox', 'GET', path, key);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toMatch(/^external_user_id,/);
    const gz = await raw('sandbox', 'GET', path, { ...key, 'accept-encoding': 'br, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    const brOnly = await raw('sandbox', 'GET', path, { ...key, 'accept-encoding': 'br' });
    expect(brOnly.headers['content-encoding']).toBeUndefined();
    expect(brOnly.body.equals(plain.body)).toBe(true);
    expect(varies(brOnly)).toContain('accept-encoding');
  });
});
