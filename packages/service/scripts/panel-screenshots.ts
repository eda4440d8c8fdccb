/**
 * The platform panel's and tenant portal's screenshots (docs/operations.md): the service on a fresh
 * embedded database (the demo seeded), in Debian's Chromium. The panel signed in through its sign-in page: the overview, a
 * market, the preview of a resolve (desk and phone), a tenant, the audit log, the support-ticket queue
 * and one ticket (a few tickets of a second tenant and the demo's). The portal signed in by a
 * link for the demo tenant: settings, a rotated key shown once, rate limits, settings on a phone. Part of
 * `npm run screenshots`.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { RunningService } from '../src/service.js';
import { SCREENSHOTS as OUT, withScreenshotService } from './screenshot-service.js';

/** Opens a few tickets for the demo tenant and a second one, answers one; returns that one's id. */
async function openTickets(service: RunningService): Promise<string> {
  const platform = service.urls.platform;
  const admin = { authorization: `Bearer ${service.deps.platformAdminToken}`, 'content-type': 'application/json' };
  const json = async (url: string, init: RequestInit) =>
    (await (await fetch(url, init)).json()) as { id: string; api_key: string };
  const tenant = await json(`${platform}/platform/v1/tenants`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ name: 'Northwind Sportsbook' }),
  });
  const { api_key: northwind } = await json(`${platform}/platform/v1/tenants/${tenant.id}/api-keys`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ environment: 'sandbox', scopes: ['write:tickets'] }),
  });
  const open = async (key: string, subject: string, body: string, requestId?: string) => {
    const opened = await json(`${service.urls.sandbox}/v1/support-tickets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ subject, body, request_id: requestId }),
    });
    return opened.id;
  };
  const demo = service.demo!.sandboxKey!;
  const answered = await open(
    northwind,
    'Settlement webhooks for the cup final arrived twice for some users, and their balances no longer match our export',
    'Hello,\n\nAfter the final settled we received settlement.completed twice for about 40 users, e.g.\n  - user 7: two deliveries\n  - user 9: one delivery\n\nCould you check the deliveries on your side?',
    'req_01HZX5K3M2Q8W7E9R4T6Y1U0',
  );
  await open(
    demo,
    'Balance sync refused with would_overdraw',
    'User 12 was refused a 5.00 stake with 20.00 in the wallet.',
  );
  await open(northwind, 'Webhook retries for batch 14', 'Our endpoint was down for 10 minutes at 02:00.');
  await open(demo, 'Leaderboard shows a stale name', 'A user renamed yesterday still shows the old name.');
  await open(northwind, 'Rate limit on /v1/markets during the evening peak', 'We see 429s around 19:00 UTC.');
  await fetch(`${platform}/platform/v1/support-tickets/${answered}/messages`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ body: 'Thanks, we are looking into it.\nWe will write again within the hour.' }),
  });
  return answered;
}

await withScreenshotService(async (service, browser) => {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const base = service.urls.platform;
  await page.goto(`${base}/panel/sign-in`);
  const shot = async (name: string) => {
    await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
    console.log(`wrote docs/screenshots/${name}.png`);
  };
  await shot('panel-sign-in');
  await page.getByLabel('Your name').fill('Ada');
  await page.getByLabel('Platform admin token').fill(service.deps.platformAdminToken);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/panel$/);
  await shot('panel-overview');

  await page.goto(`${base}/panel/markets/demo-rain-berlin-friday`);
  await shot('panel-market');
  await page.getByLabel('Change').selectOption({ label: 'Resolve to “No”' });
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.waitForURL(/\/settle\?/);
  await shot('panel-resolve-preview');
  await page.setViewportSize({ width: 390, height: 800 });
  await shot('panel-phone-resolve-preview');
  await page.setViewportSize({ width: 1100, height: 800 });
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await page.waitForURL(/demo-rain-berlin-friday$/);

  await page.goto(`${base}/panel/tenants`);
  await page.getByRole('link').filter({ hasText: /demo/i }).first().click();
  await shot('panel-tenant');
  await page.goto(`${base}/panel/audit`);
  await shot('panel-audit-log');

  // The ticket queue of two tenants, and one ticket with the platform's answer.
  const ticket = await openTickets(service);
  await page.goto(`${base}/panel/tickets?status=all`);
  await shot('panel-tickets');
  await page.goto(`${base}/panel/tickets/${ticket}?status=all`);
  await shot('panel-ticket');

  // The tenant portal, signed in by a link the platform issues for the demo tenant.
  const demoTenant = service.demo!.tenantId;
  const link = await fetch(`${base}/platform/v1/tenants/${demoTenant}/portal-links`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.deps.platformAdminToken}` },
  }).then((r) => r.json() as Promise<{ url: string }>);
  await page.goto(link.url);
  await page.getByLabel('Your name').fill('Sam');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/portal$/);
  await shot('portal-settings');
  await page
    .getByRole('button', { name: /^Rotate key/ })
    .first()
    .click();
  await shot('portal-new-key-once');
  await page.goto(`${service.urls.sandbox}/portal/rate-limits`);
  await shot('portal-rate-limits');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`${service.urls.sandbox}/portal`);
  await shot('portal-phone-settings');
});
