import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, expectEnvelope, startTestService, type TestService, type TestTenant } from './helpers.js';
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
