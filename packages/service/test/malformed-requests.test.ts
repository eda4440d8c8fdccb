import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTenant,
  expectEnvelope,
  registerUser,
  startTestService,
  sync,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { RawConnection } from './raw-http.js';
import { DRAIN_LIMIT_BYTES } from '../src/http/server-limits.js';

let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  service = await startTestService();
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

/** Sends `request` on a fresh connection; the answer must be the envelope, and the connection then closed. */
async function rawExchange(base: string, request: string) {
  const connection = new RawConnection(base);
  connection.write(request);
  const res = await connection.nextResponse();
  expect(res, `an answer to ${JSON.stringify(request.slice(0, 40))}`).not.toBeNull();
  expect(res!.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(res!.headers.get('connection')).toBe('close');
  expect(Number(res!.headers.get('content-length'))).toBe(Buffer.byteLength(res!.text));
  expect(await connection.waitClosed(5_000), 'the connection is closed after the answer').not.toBeNull();
  return res!;
}

describe('URLs the router cannot take', () => {
  it('answers a malformed %-escape in the path with validation_failed', async () => {
    for (const base of Object.values(service.urls)) {
      for (const path of ['/v1/users/%zz', '/v1/users/%E0%A4%A', '/no-such-route/%zz']) {
        expectEnvelope(await call(base, 'GET', path, { key: tenant.sandboxKey }), 'validation_failed', 400);
      }
    }
    expectEnvelope(await call(service.urls.sandbox, 'GET', '/v1/users/%zz'), 'validation_failed', 400);
  });

  it('answers an 8,000-character path parameter with validation_failed, as any invalid one', async () => {
    const path = `/v1/users/${'a'.repeat(8000)}`;
    expectEnvelope(await call(service.urls.sandbox, 'GET', path, { key: tenant.sandboxKey }), 'validation_failed', 400);
    expectEnvelope(
      await call(service.urls.sandbox, 'GET', `/v1/users/${'a'.repeat(65)}`, { key: tenant.sandboxKey }),
      'validation_failed',
      400,
    );
  });

  it('answers an 8,000-character path no route can match with not_found', async () => {
    expectEnvelope(await call(service.urls.sandbox, 'GET', `/${'a'.repeat(8000)}`), 'not_found', 404);
    expectEnvelope(await call(service.urls.platform, 'GET', `/platform/${'a'.repeat(8000)}`), 'not_found', 404);
  });

  it('answers a request line above the header size limit with request_too_large', async () => {
    const res = await call(service.urls.sandbox, 'GET', `/v1/users/${'a'.repeat(20_000)}`, { key: tenant.sandboxKey });
    expectEnvelope(res, 'request_too_large', 413);
    expect(res.headers.get('connection')).toBe('close');
  });
});

describe('requests that are not HTTP', () => {
  it('answers a garbage request line with validation_failed on every listener', async () => {
    for (const base of Object.values(service.urls)) {
      expectEnvelope(await rawExchange(base, 'GARBAGE\r\n\r\n'), 'validation_failed', 400);
    }
  });

  it('answers a bad HTTP version, a bad header line and a bad chunk with validation_failed', async () => {
    const base = service.urls.sandbox;
    for (const request of [
      'GET /healthz HTTP/9.9\r\nHost: localhost\r\n\r\n',
      'GET /healthz HTTP/1.1\r\nHost: localhost\r\nNot a header\r\n\r\n',
      `POST /v1/balance-sync HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${tenant.sandboxKey}\r\n` +
        'Idempotency-Key: bad-chunk\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
    ]) {
      expectEnvelope(await rawExchange(base, request), 'validation_failed', 400);
    }
  });

  it('answers headers above the size limit with request_too_large', async () => {
    const request = `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
    expectEnvelope(await rawExchange(service.urls.sandbox, request), 'request_too_large', 413);
  });

  it('still serves well-formed requests on a fresh connection', async () => {
    const res = await call(service.urls.sandbox, 'GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a malformed request followed by more bytes', () => {
  it('still gets its answer rather than a reset', async () => {
    for (let i = 0; i < 5; i++) {
      const connection = new RawConnection(service.urls.sandbox, { allowHalfOpen: true });
      connection.write('GARBAGE\r\n\r\n');
      // More than the socket buffers hold (about 4 MB here), so the client is still writing when the answer
      // comes; less than the drain limit.
      await connection.writeFiller(DRAIN_LIMIT_BYTES - 1024 * 1024);
      connection.socket.end();
      const closed = await connection.waitClosed(10_000);
      expect(closed).not.toBeNull();
      expect(closed!.error).toBeNull();
      expectEnvelope(connection.response()!, 'validation_failed', 400);
    }
  });

  it('is cut off once more than the drain limit has been read', async () => {
    const total = 8 * DRAIN_LIMIT_BYTES;
    const connection = new RawConnection(service.urls.sandbox, { allowHalfOpen: true });
    connection.write('GARBAGE\r\n\r\n');
    await connection.writeFiller(total);
    expect(await connection.waitClosed(10_000), 'the connection is closed rather than read forever').not.toBeNull();
    expect(connection.socket.bytesWritten).toBeLessThan(total);
  });
});

/** Sends `request` (which asks to close) on a fresh connection and returns its one answer. */
async function answerTo(base: string, request: string) {
  const connection = new RawConnection(base);
  connection.write(request);
  const res = await connection.nextResponse();
  connection.destroy();
  expect(res, `an answer to ${JSON.stringify(request.slice(0, 40))}`).not.toBeNull();
  return res!;
}

describe('requests Node would answer with an empty body', () => {
  it('refuses an HTTP/1.1 request without Host with the envelope and the API headers, on every listener', async () => {
    for (const [base, path] of [
      [service.urls.sandbox, '/v1/users/someone'],
      [service.urls.live, '/v1/markets'],
      [service.urls.platform, '/platform/v1/engine'],
    ] as const) {
      const res = await answerTo(base, `GET ${path} HTTP/1.1\r\nAuthorization: Bearer x\r\nConnection: close\r\n\r\n`);
      expectEnvelope(res, 'validation_failed', 400);
      expect(res.json.message).toBe('An HTTP/1.1 request needs a Host header.');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    // HTTP/1.0 has no Host header to require.
    expect((await answerTo(service.urls.sandbox, 'GET /healthz HTTP/1.0\r\n\r\n')).status).toBe(200);
  });

  it('refuses an Expect other than 100-continue, and still honours 100-continue', async () => {
    const body = JSON.stringify({ external_user_id: 'expects', direction: 'credit', amount: '1.00' });
    const post = (expect: string) =>
      `POST /v1/balance-sync HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${tenant.sandboxKey}\r\n` +
      `Idempotency-Key: ${uniqueKey()}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
      `Expect: ${expect}\r\nConnection: close\r\n\r\n${body}`;
    await registerUser(service, tenant.sandboxKey, 'expects');
    const refused = await answerTo(service.urls.sandbox, post('foo'));
    expectEnvelope(refused, 'validation_failed', 400);
    expect(refused.json.message).toBe('The Expect header can only be 100-continue.');
    // HTTP/1.0 has no expectations to meet: served as if the header were not there.
    const old = post('foo').replace('HTTP/1.1', 'HTTP/1.0');
    expect((await answerTo(service.urls.sandbox, old)).json.balance).toBe('1.00');
    await sync(service, tenant.sandboxKey, { external_user_id: 'expects', direction: 'debit', amount: '1.00' });
    const balance = async () =>
      (await service.api('sandbox', 'GET', '/v1/users/expects', { key: tenant.sandboxKey })).json.balance;
    expect(await balance()).toBe('0.00');
    // Node sends its interim 100 Continue first; the answer is the one after it.
    // Node honours 100-continue in any of its spellings (here a header sent twice, which it joins).
    for (const [i, expectation] of ['100-continue', '100-Continue, 100-continue'].entries()) {
      const connection = new RawConnection(service.urls.sandbox);
      connection.write(post(expectation));
      await expect.poll(() => connection.receivedText()).toMatch(/^HTTP\/1\.1 100 Continue[\s\S]*HTTP\/1\.1 200 OK/);
      connection.destroy();
      expect(await balance()).toBe(`${i + 1}.00`);
    }
  });

  it('refuses an Idempotency-Key sent twice, applying nothing and spending neither key', async () => {
    await registerUser(service, tenant.sandboxKey, 'twice');
    const body = JSON.stringify({ external_user_id: 'twice', direction: 'credit', amount: '1.00' });
    const [first, second] = [uniqueKey('first'), uniqueKey('second')];
    const res = await answerTo(
      service.urls.sandbox,
      `POST /v1/balance-sync HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${tenant.sandboxKey}\r\n` +
        `Idempotency-Key: ${first}\r\nIdempotency-Key: ${second}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expectEnvelope(res, 'validation_failed', 400);
    expect(res.json.message).toBe('Send one Idempotency-Key header: this request has more than one.');
    const credit = { external_user_id: 'twice', direction: 'credit', amount: '1.00' };
    expect((await sync(service, tenant.sandboxKey, credit, first)).headers.get('idempotent-replayed')).toBeNull();
    expect((await sync(service, tenant.sandboxKey, credit, second)).headers.get('idempotent-replayed')).toBeNull();
    const user = await service.api('sandbox', 'GET', '/v1/users/twice', { key: tenant.sandboxKey });
    expect(user.json.balance).toBe('2.00');
    // One header whose value holds a comma is one key: the key's rules allow commas and spaces.
    const joined = `${first}, ${second}`;
    expect((await sync(service, tenant.sandboxKey, credit, joined)).status).toBe(200);
    expect((await sync(service, tenant.sandboxKey, credit, joined)).headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('a body that is JSON but reaches for a prototype', () => {
  it('is refused as such, not as JSON it is not', async () => {
    for (const rawBody of [
      '{"external_user_id":"x","direction":"credit","amount":"1.00","__proto__":{"x":1}}',
      '{"external_user_id":"x","direction":"credit","amount":"1.00","constructor":{"prototype":{"x":1}}}',
    ]) {
      const res = await call(service.urls.sandbox, 'POST', '/v1/balance-sync', {
        key: tenant.sandboxKey,
        idempotencyKey: uniqueKey(),
        rawBody,
      });
      expectEnvelope(res, 'validation_failed', 400);
      expect(res.json.message).toMatch(/__proto__/);
    }
    const broken = await call(service.urls.sandbox, 'POST', '/v1/balance-sync', {
      key: tenant.sandboxKey,
      idempotencyKey: uniqueKey(),
      rawBody: '{"external_user_id":',
    });
    expect(broken.json.message).toBe('The request body is not valid JSON.');
  });
});
