import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabaseOn, type ScratchDatabase } from '../scripts/scratch-database.js';
import type { TenantEnv } from '../src/domains/context.js';
import { recordEvent, type NewEvent } from '../src/domains/events/index.js';
import { deliverDue, type WebhookRequest, type WebhookTransport } from '../src/domains/webhooks/index.js';
import { WEBHOOK_EVENTS } from '../src/http/webhook-events.js';
import { FakeClock } from '../src/lib/clock.js';
import { cspErrors, hasChromium, launchChromium, seriousAxeFindings } from './browser.js';
import { createTenant, startTestService, type TestService } from './helpers.js';
import { hookUp, seedDelivery } from './webhook-seed.js';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../docs/screenshots');

/**
 * The portal's webhooks screen and a delivery's page in real Chromium (Debian's package), on a desk and
 * on a phone: axe finds nothing serious, nothing scrolls sideways, the filter and Resend work by hand.
 * The receiver is a transport that answers in turn (no network), so the figures and pictures are stable.
 * On a database of its own: its delivery passes claim every due delivery there is.
 */
const clock = new FakeClock('2026-06-01T11:40:00.000Z');
const at = (time: string) => new Date(`2026-06-01T${time}Z`);
let database: ScratchDatabase;
let service: TestService;
let browser: Browser;
let page: Page;
let csp: string[];
let scope: TenantEnv;
let featured = '';
/** What the receiver answers next, in turn; then 200. */
const answers: { status: number | null; latencyMs: number; excerpt?: string; error?: string }[] = [];
const transport: WebhookTransport = {
  send: async (_request: WebhookRequest) => {
    const a = answers.shift() ?? { status: 200, latencyMs: 143, excerpt: '{"received":true}' };
    return { status: a.status, error: a.error ?? null, latencyMs: a.latencyMs, excerpt: a.excerpt ?? null };
  },
};
const pass = () => deliverDue(service.system(), { transport, keepGoing: () => true }, { timeoutMs: 5000 });

describe.skipIf(!hasChromium)("the portal's webhooks in Chromium", () => {
  beforeAll(async () => {
    database = await createDatabaseOn(inject('databaseUrl'), `pm_hooks_browser_${process.pid}_${Date.now()}`);
    service = await startTestService({ clock, webhookTransport: transport, env: { DATABASE_URL: database.url } });
    const tenant = await createTenant(service);
    scope = { tenantId: tenant.tenantId, environment: 'sandbox' };
    await hookUp(service, tenant.tenantId, 'https://hooks.acme-sports.example/webhooks/prediction-markets');

    // A day of deliveries: most answered, one dead, one waiting for its retry.
    const delivered = (type: string, time: string, status: number, latencyMs: number) =>
      seedDelivery(service, scope, {
        type,
        at: at(time),
        state: 'delivered',
        attempts: [{ at: at(time), status, latencyMs }],
      });
    for (let hour = 0; hour < 8; hour++) await delivered('position.opened', `0${hour}:12:40`.slice(-8), 204, 90 + hour);
    await delivered('position.opened', '08:10:12', 204, 95);
    await delivered('position.opened', '08:45:40', 200, 120);
    await delivered('order.filled', '09:20:03', 204, 88);
    await seedDelivery(service, scope, {
      type: 'position.settled',
      at: at('09:30:00'),
      state: 'dead',
      attempts: ['09:30:00', '09:30:05', '09:31:00'].map((time) => ({
        at: at(time),
        status: 500,
        latencyMs: 230,
        excerpt: '{"error":"ledger locked"}',
      })),
    });
    await delivered('market.resolved', '10:05:31', 200, 210);
    await delivered('position.opened', '10:40:18', 204, 97);
    await delivered('order.filled', '11:05:52', 204, 112);
    await delivered('position.closed', '11:20:44', 204, 101);
    await delivered('report.ready', '11:30:09', 200, 130);

    // The featured delivery, sent for real: a 503, no answer, then 200.
    answers.push(
      { status: 503, latencyMs: 812, excerpt: '<html><body>503 Service Unavailable: upstream busy</body></html>' },
      { status: null, latencyMs: 5000, error: 'timeout after 5000 ms' },
    );
    const settled = { scope, type: 'position.settled', data: WEBHOOK_EVENTS['position.settled'].example } as NewEvent;
    featured = await recordEvent(service.db, settled, clock.now());
    await pass();
    clock.set('2026-06-01T11:40:06Z');
    await pass();
    clock.set('2026-06-01T11:41:07Z');
    await pass();
    await seedDelivery(service, scope, {
      type: 'position.settled',
      at: at('11:50:00'),
      state: 'pending',
      nextAttemptAt: at('12:05:00'),
      attempts: [
        { at: at('11:50:00'), status: 502, latencyMs: 640, excerpt: 'Bad Gateway' },
        { at: at('11:50:05'), status: 502, latencyMs: 702, excerpt: 'Bad Gateway' },
      ],
    });
    clock.set('2026-06-01T12:00:00Z');

    browser = await launchChromium();
    page = await browser.newPage();
    csp = cspErrors(page);
    const link = await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/portal-links`);
    await page.goto(link.json.url as string);
    await page.getByLabel('Your name').fill('Sam');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/portal$/);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    await database?.drop();
  });
  afterEach(() => {
    expect(csp, 'Content-Security-Policy refusals in the portal').toEqual([]);
  });

  const fits = async (what: string, width: number) => {
    expect(await seriousAxeFindings(page), `${what} at ${width} px`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${what} at ${width} px`).toBeLessThanOrEqual(0);
  };

  it('shows the endpoint health and the deliveries, coloured: axe clean, no sideways scroll, desk and phone', async () => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${service.urls.sandbox}/portal/webhooks`);
      const health = page.getByRole('region', { name: 'Endpoint' });
      expect(await health.getByText('Success rate, 24 h').isVisible()).toBe(true);
      expect(await health.textContent()).toContain('17 of 24 attempts answered 2xx');
      expect(await page.locator('.status.s5', { hasText: 'Dead' }).count()).toBe(1);
      expect(await page.locator('.status.s4', { hasText: 'Pending' }).count()).toBe(1);
      // The state stays in view on a phone.
      const box = await page.locator('.status.s4').first().boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await fits('the webhooks screen', width);
      if (process.env.UPDATE_SCREENSHOTS) {
        await page.screenshot({ path: path.join(SCREENSHOTS, `portal-webhooks-${width}.png`), fullPage: true });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('State').selectOption('dead');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/state=dead/);
    expect(await page.getByRole('region', { name: 'Deliveries, newest first' }).getByRole('row').count()).toBe(2);
  });

  it("opens a delivery's page with its payload, headers and attempts, and resends it", async () => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${service.urls.sandbox}/portal/webhooks`);
      await page.locator(`a[href="/portal/webhooks/${featured}"]`).first().click();
      await page.waitForURL(new RegExp(`/portal/webhooks/${featured}$`));
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Delivery of position.settled');
      expect(await page.getByLabel('Payload as JSON').textContent()).toContain(`"id": "${featured}"`);
      expect(await page.getByRole('region', { name: 'Attempts, newest first' }).getByRole('row').count()).toBe(4);
      await fits("a delivery's page", width);
      if (process.env.UPDATE_SCREENSHOTS) {
        await page.screenshot({ path: path.join(SCREENSHOTS, `portal-webhook-delivery-${width}.png`), fullPage: true });
      }
    }
    await page.getByRole('button', { name: 'Resend' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Resent: the delivery is pending again');
    expect(await page.locator('.status.s4', { hasText: 'Pending' }).count()).toBe(1);
  });
});
