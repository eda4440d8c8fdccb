import { createServer, type IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import type { WebhookRequest, WebhookTransport } from '../src/domains/webhooks/index.js';
import { createTenant, startTestService, type TestService, type TestTenant } from './helpers.js';
import type { Clock } from '../src/lib/clock.js';

/** A webhook receiver on loopback, for the tests of delivery. */

export interface Received {
  raw: Buffer;
  json: any;
  headers: IncomingHttpHeaders;
}
export type Answer = number | 'hang' | { status: number; body?: string; headers?: Record<string, string> };

/** Records raw bodies and headers and answers what `answer` says (2xx by default), after `delayMs`. */
export async function startReceiver() {
  const state = {
    received: [] as Received[],
    answer: (_r: Received): Answer => 204,
    delayMs: 0,
    inFlight: 0,
    maxInFlight: 0,
  };
  const server = createServer((req, res) => {
    state.maxInFlight = Math.max(state.maxInFlight, ++state.inFlight);
    res.on('close', () => state.inFlight--);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks);
      const received = { raw, json: raw.length > 0 ? JSON.parse(raw.toString('utf8')) : null, headers: req.headers };
      state.received.push(received);
      const answer = state.answer(received);
      if (state.delayMs) await sleep(state.delayMs);
      if (answer === 'hang') return;
      const { status, body = '', headers = {} } = typeof answer === 'number' ? { status: answer } : answer;
      res.writeHead(status, headers).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return Object.assign(state, { url, close });
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A receiver with the tenant's sandbox webhooks pointed at it, and the fresh webhook secret they are signed with. */
export async function receiverFor(
  service: TestService,
  tenantId: string,
): Promise<{ receiver: Receiver; secret: string }> {
  const receiver = await startReceiver();
  const env = `/platform/v1/tenants/${tenantId}/environments/sandbox`;
  expect((await service.platform('PUT', env, { webhook_url: receiver.url })).status).toBe(200);
  const issued = await service.platform('POST', `${env}/webhook-secret`);
  expect(issued.status).toBe(201);
  return { receiver, secret: issued.json.webhook_secret as string };
}

/** The webhook transport's test implementation: records each request and answers `status`, on no network. */
export function recordingTransport(status = 204) {
  const sent: WebhookRequest[] = [];
  const transport: WebhookTransport = {
    send: async (request) => {
      sent.push(request);
      return { status, error: null, latencyMs: 0, excerpt: '' };
    },
  };
  return { sent, transport };
}

/**
 * A service with its job runner and loopback webhooks allowed, on `clock`, and a tenant whose sandbox
 * webhooks go to a receiver: what a test of delivered events starts with. `stop` ends both.
 */
export async function startWithReceiver(clock: Clock) {
  const service = await startTestService({ clock, env: { RUN_WORKERS: '1', ALLOW_INSECURE_WEBHOOKS: '1' } });
  const tenant: TestTenant = await createTenant(service);
  const { receiver, secret } = await receiverFor(service, tenant.tenantId);
  const stop = async () => {
    await service.stop();
    await receiver.close();
  };
  return { service, tenant, receiver, secret, stop };
}
