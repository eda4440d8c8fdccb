import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAIN_LIMIT_BYTES } from '../src/http/server-limits.js';
import { call, createTenant, expectEnvelope, startTestService, type TestService, type TestTenant } from './helpers.js';
import { RawConnection } from './raw-http.js';

/** 5 MB against the 16 KiB limit of POST /v1/balance-sync. */
const BODY_BYTES = 5 * 1024 * 1024;
const RUNS = 40;

let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  service = await startTestService();
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

function head(length: number | 'chunked', idempotencyKey: string): string {
  return (
    'POST /v1/balance-sync HTTP/1.1\r\nHost: localhost\r\n' +
    `Authorization: Bearer ${tenant.sandboxKey}\r\nIdempotency-Key: ${idempotencyKey}\r\n` +
    'Content-Type: application/json\r\n' +
    (length === 'chunked' ? 'Transfer-Encoding: chunked\r\n\r\n' : `Content-Length: ${length}\r\n\r\n`)
  );
}

/** A client that sends its whole body whatever the answer, as most do, and then closes its side. */
async function sendWhole(connection: RawConnection, bytes: number): Promise<void> {
  await connection.writeFiller(bytes);
  connection.socket.end();
}

describe('a body over the route limit', () => {
  it(`is answered with the 413 envelope, never a reset, ${RUNS} times over raw connections`, async () => {
    for (let i = 0; i < RUNS; i++) {
      const connection = new RawConnection(service.urls.sandbox, { allowHalfOpen: true });
      connection.write(head(BODY_BYTES, `drain-raw-${i}`));
      await sendWhole(connection, BODY_BYTES);
      const closed = await connection.waitClosed(10_000);
      expect(closed, `run ${i}: the connection closes`).not.toBeNull();
      // Before the fix the server closed with the body unread: the client's writes failed with EPIPE/ECONNRESET.
      expect(closed!.error, `run ${i}: no reset while sending`).toBeNull();
      expect(connection.socket.bytesWritten, `run ${i}: the whole body was taken`).toBeGreaterThan(BODY_BYTES);
      const res = connection.response();
      expectEnvelope(res!, 'request_too_large', 413);
      expect(res!.headers.get('connection')).toBe('close');
    }
  });

  it(`is answered with the 413 envelope ${RUNS} times over fetch`, async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(BODY_BYTES) });
    for (let i = 0; i < RUNS; i++) {
      const res = await call(service.urls.sandbox, 'POST', '/v1/balance-sync', {
        key: tenant.sandboxKey,
        rawBody: body,
        idempotencyKey: `drain-fetch-${i}`,
      });
      expectEnvelope(res, 'request_too_large', 413);
    }
  });

  it('is answered with the 413 envelope when sent chunked, without a Content-Length', async () => {
    const connection = new RawConnection(service.urls.sandbox, { allowHalfOpen: true });
    connection.write(head('chunked', 'drain-chunked'));
    const chunk = `10000\r\n${'x'.repeat(0x10000)}\r\n`;
    for (let sent = 0; sent < BODY_BYTES && connection.socket.writable; sent += 0x10000) connection.write(chunk);
    connection.write('0\r\n\r\n');
    connection.socket.end();
    const closed = await connection.waitClosed(10_000);
    expect(closed).not.toBeNull();
    expect(closed!.error).toBeNull();
    expectEnvelope(connection.response()!, 'request_too_large', 413);
  });

  it('is answered at once, before the client has sent any of it', async () => {
    const connection = new RawConnection(service.urls.sandbox, { allowHalfOpen: true });
    connection.write(head(BODY_BYTES, 'drain-early'));
    const res = await connection.nextResponse(5_000);
    expect(res, 'the answer comes without waiting for the body').not.toBeNull();
    expectEnvelope(res!, 'request_too_large', 413);
    // The server still reads what the client goes on to send, then closes cleanly.
    await sendWhole(connection, BODY_BYTES);
    const closed = await connection.waitClosed(10_000);
    expect(closed).not.toBeNull();
    expect(closed!.error).toBeNull();
  });

  it('is cut off once more than the drain limit has been read', async () => {
    const total = 8 * DRAIN_LIMIT_BYTES;
    const connection = new RawConnection(service.urls.sandbox, { allowHalfOpen: true });
    connection.write(head(total, 'drain-huge'));
    await sendWhole(connection, total);
    const closed = await connection.waitClosed(10_000);
    expect(closed, 'the connection is closed rather than read forever').not.toBeNull();
    expect(connection.socket.bytesWritten).toBeLessThan(total);
  });
});
