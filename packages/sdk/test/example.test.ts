import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startTestService, type TestService } from '../../service/test/helpers.js';
import { FakeClock } from '../../service/src/lib/clock.js';
import { runExample } from '../../../examples/operator-backend/example.js';

/**
 * The example operator back end (examples/operator-backend) against a real service: it onboards, mirrors
 * a deposit twice as one movement, mints a session, trades through it, and receives the signed
 * position.opened; its endpoint refuses a forged delivery and processes a repeated one once.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let example: Awaited<ReturnType<typeof runExample>>;
const lines: string[] = [];

beforeAll(async () => {
  service = await startTestService({ clock, env: { RUN_WORKERS: '1', ALLOW_INSECURE_WEBHOOKS: '1' } });
  // A market the example's tenant does not have: it only enables the demo ones, which this run seeds.
  for (const slug of ['demo-rain-berlin-friday', 'demo-cup-final']) {
    const created = await service.platform('POST', '/platform/v1/markets', {
      slug,
      title: slug,
      outcomes: [{ title: 'Yes' }, { title: 'No' }],
      opens_at: '2026-05-01T00:00:00Z',
      closes_at: '2026-07-01T00:00:00Z',
      max_stake_per_position: '50.00',
      max_open_stake_per_user: '80.00',
      liquidity: '100',
      // As the demo's own markets: only this run's sandbox trades on them.
      sandbox_influence: null,
    });
    expect(created.status, created.text).toBe(201);
  }
});
afterAll(async () => {
  await example?.stop();
  await service?.stop();
});

describe('the example operator back end', () => {
  it('runs the whole integration and receives its own trade by webhook', async () => {
    example = await runExample({
      baseUrl: service.urls.sandbox,
      platformUrl: service.urls.platform,
      adminToken: ADMIN_TOKEN,
      port: 0,
      log: (line) => lines.push(line),
    });
    const event = await example.firstOpen;
    expect(event.event).toBe('position.opened');
    if (event.event === 'position.opened') expect(event.data.external_user_id).toBe(example.user);
    expect(lines.join('\n')).toMatch(/balance 100\.00 \(sent twice: 100\.00, one movement\)/);
  });

  it('refuses a forged, an untimed or a stale delivery, and processes a repeated one once', async () => {
    const body = JSON.stringify({
      id: '11111111-2222-4333-8444-555555555555',
      event: 'market.voided',
      occurred_at: '2026-06-01T12:00:00.000Z',
      data: { market_slug: 'demo-cup-final' },
    });
    const hmac = (text: string) => createHmac('sha256', example.webhookSecret).update(text).digest('hex');
    const post = (headers: Record<string, string>) =>
      fetch(`${example.url}/webhooks`, { method: 'POST', headers, body });
    const signedAt = (seconds: number) => ({
      'x-webhook-signature': `sha256=${hmac(body)}`,
      'x-webhook-signature-v2': `t=${seconds},v1=${hmac(`${seconds}.${body}`)}`,
    });
    const now = Math.floor(Date.now() / 1000);
    expect((await post({ ...signedAt(now), 'x-webhook-signature-v2': `t=${now},v1=00` })).status).toBe(401);
    // Without its timestamped signature, or signed ten minutes ago (a captured delivery sent again): refused.
    expect((await post({ 'x-webhook-signature': `sha256=${hmac(body)}` })).status).toBe(401);
    expect((await post(signedAt(now - 600))).status).toBe(401);
    const before = example.events.length;
    expect((await post(signedAt(now))).status).toBe(204);
    expect((await post(signedAt(now))).status).toBe(204);
    expect(example.events.length).toBe(before + 1);
  });
});
