import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliverDue,
  resendDelivery,
  verifySignature,
  verifyTimestampedSignature,
} from '../src/domains/webhooks/index.js';
import { FakeClock } from '../src/lib/clock.js';
import { createTenant, uniqueKey, type TestService, type TestTenant } from './helpers.js';
import { startServiceOnOwnDatabase } from './own-database.js';
import { receiverFor, type Received, type Receiver } from './receiver.js';

/**
 * Every attempt carries X-Webhook-Signature and, signed at that attempt, X-Webhook-Timestamp and
 * X-Webhook-Signature-V2 (docs/operator-api.md, "Webhooks and the event feed"). No job runner: the test makes
 * each attempt itself, with the time it is signed at, on a database of its own (a pass claims every tenant's
 * due deliveries, other files' too).
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;
let receiver: Receiver;
let secret: string;

beforeAll(async () => {
  service = await startServiceOnOwnDatabase({ clock, env: { ALLOW_INSECURE_WEBHOOKS: '1' } });
  tenant = await createTenant(service);
  ({ receiver, secret } = await receiverFor(service, tenant.tenantId));
});
afterAll(async () => {
  await service?.stop();
  await receiver?.close();
});

/** One worker pass whose attempts are signed at `signedAt` (the wall clock when not given). */
const pass = (signedAt?: string) =>
  deliverDue(
    service.system(),
    {
      transport: service.deps.webhookTransport,
      keepGoing: () => service.deps.isReady(),
      ...(signedAt ? { signingClock: new FakeClock(signedAt) } : {}),
    },
    { timeoutMs: 2_000 },
  );

const seconds = (iso: string) => Date.parse(iso) / 1000;

function expectSigned(r: Received, at: number) {
  expect(r.headers['x-webhook-timestamp']).toBe(String(at));
  expect(r.headers['x-webhook-signature-v2']).toMatch(new RegExp(`^t=${at},v1=[0-9a-f]{64}$`));
  expect(verifyTimestampedSignature(secret, r.raw, r.headers['x-webhook-signature-v2'] as string)).toBe(true);
  expect(verifyTimestampedSignature(`${secret}x`, r.raw, r.headers['x-webhook-signature-v2'] as string)).toBe(false);
  expect(verifySignature(secret, r.raw, r.headers['x-webhook-signature'] as string)).toBe(true);
}

describe('timestamped webhook signatures', () => {
  it('signs each attempt anew with its own time: the first, a retry and a resend', async () => {
    const sent = await service.api('sandbox', 'POST', '/v1/webhooks/test', {
      key: tenant.sandboxKey,
      body: { event: 'position.settled' },
      idempotencyKey: uniqueKey('signed-test'),
    });
    expect(sent.status, sent.text).toBe(202);
    const id = sent.json.delivery_id as string;

    // The first attempt, on the wall clock, is refused.
    receiver.answer = () => 500;
    const before = Math.floor(Date.now() / 1000);
    expect(await pass()).toBe(1);
    const first = receiver.received.at(-1)!;
    expect(first.headers['x-webhook-delivery']).toBe(id);
    const firstAt = Number(first.headers['x-webhook-timestamp']);
    expect(firstAt).toBeGreaterThanOrEqual(before);
    expect(firstAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expectSigned(first, firstAt);

    // Its retry falls due 5 s later, and is signed at its own time.
    receiver.answer = () => 204;
    clock.advance(5_000);
    expect(await pass('2026-06-01T12:00:05.500Z')).toBe(1);
    const retry = receiver.received.at(-1)!;
    expect(retry.raw.equals(first.raw)).toBe(true);
    expectSigned(retry, seconds('2026-06-01T12:00:05Z'));

    // A resend of the delivered delivery is a new attempt, signed anew too.
    const scope = { tenantId: tenant.tenantId, environment: 'sandbox' as const };
    const resent = await resendDelivery(service.system(), { id, scope, seenAttempts: 2 });
    expect(resent).toMatchObject({ ok: true, value: { resent: true } });
    expect(await pass('2026-06-01T13:30:00.000Z')).toBe(1);
    const again = receiver.received.at(-1)!;
    expect(again.headers['x-webhook-delivery']).toBe(id);
    expectSigned(again, seconds('2026-06-01T13:30:00Z'));
    expect(again.headers['x-webhook-signature']).toBe(first.headers['x-webhook-signature']);
    expect(again.headers['x-webhook-signature-v2']).not.toBe(retry.headers['x-webhook-signature-v2']);
  });
});
