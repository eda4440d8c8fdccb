import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService, TestTenant } from '../../service/test/helpers.js';
import { startWithReceiver, type Receiver } from '../../service/test/receiver.js';
import { widgetOpen } from '../../service/test/trading-helpers.js';
import { FakeClock } from '../../service/src/lib/clock.js';
import { signWebhook, verifyWebhook, type WebhookEvent } from '../src/index.js';

/** The SDK's verifier on deliveries the service really signed and sent (issue 15). */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;
let receiver: Receiver;
let stop = async () => {};
let secret: string;

beforeAll(async () => {
  ({ service, tenant, receiver, secret, stop } = await startWithReceiver(clock));
});
afterAll(() => stop());

async function delivered() {
  const { opened } = await widgetOpen(service, tenant);
  for (let i = 0; i < 100 && receiver.received.length === 0; i++) await sleep(100);
  expect(receiver.received.length).toBeGreaterThan(0);
  return { delivery: receiver.received[0]!, positionId: opened.json.id as string };
}

/** What a handler does with a typed event: `data` narrows by `event`. */
function describeEvent(event: WebhookEvent): string {
  switch (event.event) {
    case 'position.opened':
      return `opened ${event.data.position_id} for ${event.data.stake}`;
    case 'market.resolved':
      return `resolved ${event.data.market_slug}`;
    default:
      return event.event;
  }
}

describe('verifyWebhook', () => {
  it('accepts a real delivery over its raw bytes, typed by its event', async () => {
    const { delivery, positionId } = await delivered();
    const verified = verifyWebhook({ rawBody: delivery.raw, headers: delivery.headers, secret });
    expect(verified).toMatchObject({ ok: true, known: true, delivery_id: delivery.headers['x-webhook-delivery'] });
    if (!verified.ok || !verified.known) throw new Error('not verified');
    expect(describeEvent(verified.event)).toBe(`opened ${positionId} for 1.00`);
    // Fetch-style headers do as well.
    const headers = new Headers({ 'x-webhook-signature': String(delivery.headers['x-webhook-signature']) });
    expect(verifyWebhook({ rawBody: new Uint8Array(delivery.raw), headers, secret }).ok).toBe(true);
  });

  it('refuses a changed byte, another secret, a re-serialised body and a missing signature', async () => {
    const { delivery } = await delivered();
    const changed = Buffer.from(delivery.raw);
    changed[changed.length - 3]! ^= 1;
    expect(verifyWebhook({ rawBody: changed, headers: delivery.headers, secret })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    const other = verifyWebhook({ rawBody: delivery.raw, headers: delivery.headers, secret: `${secret}x` });
    expect(other).toMatchObject({ ok: false, reason: 'bad_signature' });
    const reserialised = JSON.stringify(JSON.parse(delivery.raw.toString()), null, 1);
    expect(verifyWebhook({ rawBody: reserialised, headers: delivery.headers, secret }).ok).toBe(false);
    expect(verifyWebhook({ rawBody: delivery.raw, headers: {}, secret })).toEqual({
      ok: false,
      reason: 'missing_signature',
    });
  });

  it('accepts a delivery signed with either secret of a rotation window, and no other', async () => {
    const { delivery } = await delivered();
    const verify = (secrets: string[]) =>
      verifyWebhook({ rawBody: delivery.raw, headers: delivery.headers, secret: secrets });
    expect(verify(['whsec_new', secret]).ok).toBe(true);
    expect(verify([secret, 'whsec_new']).ok).toBe(true);
    expect(verify(['whsec_new', 'whsec_older'])).toEqual({ ok: false, reason: 'bad_signature' });
    expect(() => verify([])).toThrow(TypeError);
  });

  it('signs a sample delivery as the service does: the same body shape, signature and headers', async () => {
    const { delivery } = await delivered();
    const real = JSON.parse(delivery.raw.toString()) as {
      id: string;
      event: string;
      occurred_at: string;
      data: Record<string, unknown>;
    };
    const sample = signWebhook({
      secret,
      event: real.event,
      data: real.data,
      id: real.id,
      occurredAt: real.occurred_at,
      timestamp: Number(delivery.headers['x-webhook-timestamp']),
    });
    expect(sample.rawBody).toBe(delivery.raw.toString());
    for (const [name, value] of Object.entries(sample.headers)) expect(delivery.headers[name], name).toBe(value);
    expect(verifyWebhook({ rawBody: sample.rawBody, headers: sample.headers, secret })).toMatchObject({
      ok: true,
      known: true,
    });
  });

  it('passes an event type it does not know through as unknown, to be acknowledged and ignored', () => {
    const raw = JSON.stringify({ id: 'd-1', event: 'market.renamed', occurred_at: '2026-06-01T12:00:00Z', data: {} });
    const signature = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
    const verified = verifyWebhook({ rawBody: raw, headers: { 'X-Webhook-Signature': signature }, secret });
    expect(verified).toMatchObject({ ok: true, known: false, delivery_id: 'd-1', event: { event: 'market.renamed' } });
  });
});

describe('timestamped signatures (X-Webhook-Signature-V2)', () => {
  const now = new Date('2026-06-01T12:00:00.000Z');
  const t = now.getTime() / 1000;
  const sample = (timestamp = t, key = secret) =>
    signWebhook({ secret: key, event: 'position.opened', data: { position_id: 'p-1' }, timestamp });

  it('accepts a real delivery: both headers, signed at the attempt, the timestamped one required', async () => {
    const { delivery } = await delivered();
    const signedAt = Number(delivery.headers['x-webhook-timestamp']);
    expect(Math.abs(signedAt - Date.now() / 1000)).toBeLessThan(60);
    expect(delivery.headers['x-webhook-signature-v2']).toBe(
      `t=${signedAt},v1=${createHmac('sha256', secret).update(`${signedAt}.${delivery.raw.toString()}`).digest('hex')}`,
    );
    const verified = verifyWebhook({
      rawBody: delivery.raw,
      headers: delivery.headers,
      secret,
      requireTimestamp: true,
    });
    expect(verified).toMatchObject({ ok: true, known: true });
  });

  it('accepts a valid V2 signature, and refuses a tampered body or another secret', () => {
    const { rawBody, headers } = sample();
    expect(verifyWebhook({ rawBody, headers, secret, now }).ok).toBe(true);
    expect(verifyWebhook({ rawBody, headers, secret: ['whsec_other', secret], now }).ok).toBe(true);
    const tampered = rawBody.replace('p-1', 'p-2');
    expect(verifyWebhook({ rawBody: tampered, headers, secret, now })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyWebhook({ rawBody, headers, secret: 'whsec_other', now })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    // A valid plain signature does not save a bad timestamped one: the V2 header decides when it is there.
    const forged = { ...headers, 'x-webhook-signature-v2': sample(t, 'whsec_other').headers['x-webhook-signature-v2'] };
    expect(verifyWebhook({ rawBody, headers: forged, secret, now })).toEqual({ ok: false, reason: 'bad_signature' });
    // Moving t without the key changes the signed text.
    const moved = {
      ...headers,
      'x-webhook-signature-v2': headers['x-webhook-signature-v2'].replace(`t=${t}`, `t=${t + 1}`),
    };
    expect(verifyWebhook({ rawBody, headers: moved, secret, now }).ok).toBe(false);
    expect(
      verifyWebhook({ rawBody, headers: { ...headers, 'x-webhook-signature-v2': 'v1=abc' }, secret, now }).ok,
    ).toBe(false);
  });

  it('refuses a timestamp more than 5 minutes from now, either way, with the tolerance configurable', () => {
    const old = sample(t - 301);
    expect(verifyWebhook({ ...old, secret, now })).toEqual({ ok: false, reason: 'timestamp_outside_tolerance' });
    expect(verifyWebhook({ ...sample(t + 301), secret, now })).toEqual({
      ok: false,
      reason: 'timestamp_outside_tolerance',
    });
    expect(verifyWebhook({ ...sample(t - 300), secret, now }).ok).toBe(true);
    expect(verifyWebhook({ ...old, secret, now, toleranceSeconds: 600 }).ok).toBe(true);
    expect(verifyWebhook({ ...sample(t - 31), secret, now, toleranceSeconds: 30 }).ok).toBe(false);
  });

  it('accepts a delivery without the V2 header by its plain signature, unless the timestamped form is required', () => {
    const { rawBody, headers } = sample();
    const { 'x-webhook-signature-v2': _stripped, ...plain } = headers;
    expect(verifyWebhook({ rawBody, headers: plain, secret, now })).toMatchObject({ ok: true, known: true });
    expect(verifyWebhook({ rawBody, headers: plain, secret, now, requireTimestamp: true })).toEqual({
      ok: false,
      reason: 'missing_timestamped_signature',
    });
    expect(verifyWebhook({ rawBody, headers, secret, now, requireTimestamp: true }).ok).toBe(true);
    expect(verifyWebhook({ rawBody, headers: plain, secret: 'whsec_other', now })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });
});
