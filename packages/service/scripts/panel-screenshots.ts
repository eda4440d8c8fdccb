/**
 * The README's platform panel and tenant portal screenshots: the service on a fresh embedded database
 * (the demo seeded), in Debian's Chromium. The panel signed in through its sign-in page: the overview, a
 * market, the preview of a resolve (desk and phone), a tenant, the audit log. The portal signed in by a
 * link for the demo tenant: settings, a rotated key shown once, rate limits, settings on a phone. Part of
 * `npm run screenshots`.
 */
import path from 'node:path';
import { SCREENSHOTS as OUT, withScreenshotService } from './screenshot-service.js';

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
