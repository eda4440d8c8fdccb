import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { connectionsCheckingIntervalFor } from '../src/http/server-limits.js';
import { createTenant, startTestService, type TestService, type TestTenant } from './helpers.js';
import { RawConnection } from './raw-http.js';

/** The limit of this file's service; the real default is 30 s. */
const LIMIT_MS = 1500;
/** Generous: Node checks every LIMIT_MS / 10, and the machine is shared. */
const MARGIN_MS = 3000;

let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  service = await startTestService({ env: { REQUEST_TIMEOUT_MS: String(LIMIT_MS) } });
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

/** A slow request is answered 408 or, as here, closed without an answer; never anything else. */
function expectCutOff(connection: RawConnection, closed: { afterMs: number } | null): void {
  expect(closed, 'the connection is closed within the limit and a margin').not.toBeNull();
  expect(closed!.afterMs).toBeGreaterThanOrEqual(LIMIT_MS / 2);
  const text = connection.receivedText();
  if (text !== '') expect(text).toMatch(/^HTTP\/1\.1 408 /);
}

describe('a request that does not arrive within REQUEST_TIMEOUT_MS', () => {
  it('is cut off when its body trickles in after a Content-Length', async () => {
    const connection = new RawConnection(service.urls.sandbox);
    connection.write(
      'POST /v1/balance-sync HTTP/1.1\r\nHost: localhost\r\n' +
        `Authorization: Bearer ${tenant.sandboxKey}\r\nIdempotency-Key: trickle-1\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    connection.trickle(' ', 200);
    expectCutOff(connection, await connection.waitClosed(LIMIT_MS + MARGIN_MS));
  });

  it('is cut off when its headers trickle in', async () => {
    const connection = new RawConnection(service.urls.sandbox);
    connection.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    connection.trickle('X-Slow: 1\r\n', 200);
    expectCutOff(connection, await connection.waitClosed(LIMIT_MS + MARGIN_MS));
  });

  it('is cut off on a connection that sends nothing, on every listener', async () => {
    const connections = Object.values(service.urls).map((url) => new RawConnection(url));
    for (const connection of connections) expectCutOff(connection, await connection.waitClosed(LIMIT_MS + MARGIN_MS));
  });
});

describe('requests that arrive in time', () => {
  it('are served, and an idle keep-alive connection outlives the limit', async () => {
    const connection = new RawConnection(service.urls.sandbox);
    connection.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect((await connection.nextResponse())?.status).toBe(200);
    // Idle between requests: the keep-alive timeout (72 s) applies, not the request timeout.
    await new Promise((resolve) => setTimeout(resolve, LIMIT_MS + 1000));
    const before = connection.receivedText().length;
    connection.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    await connection.waitClosed(MARGIN_MS);
    expect(connection.receivedText().slice(before)).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('REQUEST_TIMEOUT_MS', () => {
  it('defaults to 30 s and must be a positive whole number', () => {
    expect(loadConfig({}).requestTimeoutMs).toBe(30_000);
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '2000' }).requestTimeoutMs).toBe(2000);
    for (const bad of ['0', '-1', '1.5', 'soon']) {
      expect(() => loadConfig({ REQUEST_TIMEOUT_MS: bad })).toThrow(/REQUEST_TIMEOUT_MS/);
    }
  });

  it('is checked often enough that 30 s means at most 31 s', () => {
    expect(connectionsCheckingIntervalFor(30_000)).toBe(1000);
    expect(connectionsCheckingIntervalFor(LIMIT_MS)).toBe(150);
  });
});
