import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, PanelClient, startPanelTest, textOf } from './panel-client.js';
import type { TestService, TestTenant } from './helpers.js';
import { createMarket, type TestMarket } from './trading-helpers.js';

/**
 * Suspending a market from the panel is a lever like the others (docs/operations.md, "The platform panel"):
 * a reason is required, the effect is confirmed on a page of its own before anything happens, and the
 * reason is kept with the market and shown on its page while it is suspended.
 */
let service: TestService;
let tenant: TestTenant;
let panel: PanelClient;

beforeAll(async () => {
  ({ service, tenant, panel } = await startPanelTest());
});
afterAll(() => service.stop());

const statusOf = async (market: TestMarket) =>
  (await service.platform('GET', `/platform/v1/markets/${market.slug}`)).json.status;
const cell = (html: string, testId: string) =>
  textOf(new RegExp(`data-testid="${testId}"[^>]*>(.*?)</dd>`).exec(html)?.[1] ?? '').trim();
const storedChange = (market: TestMarket) =>
  service.db
    .selectFrom('market_status_changes')
    .select(['action', 'reason', 'changed_by'])
    .where('market_id', '=', market.id)
    .executeTakeFirst();

describe('suspending a market from the panel', () => {
  it('asks for a reason on the market page: the field is required and leads to a review', async () => {
    const market = await createMarket(service, tenant);
    const page = await panel.get(`/panel/markets/${market.slug}`);
    expect(page.html).toMatch(
      new RegExp(
        `<form method="post" action="/panel/markets/${market.slug}/suspend/review" aria-label="Suspend trading"`,
      ),
    );
    expect(page.html).toMatch(/<input id="suspend-reason" name="reason" value required /);
    expect(textOf(page.html)).toContain('Trading: Open');
    expect(textOf(page.html)).toContain('Reason (required)');
  });

  it('refuses an empty, a blank or an over-long reason on the review, with what was typed, and suspends nothing', async () => {
    const market = await createMarket(service, tenant);
    const review = `/panel/markets/${market.slug}/suspend/review`;
    for (const reason of ['', '   ']) {
      const refused = await panel.post(review, { reason });
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
      expect(textOf(refused.html)).toContain('Say why: the reason is kept with the change for whoever reads it later.');
      expect(refused.html).toMatch(
        /<input id="reason" name="reason" type="text" value [^>]*required [^>]*aria-invalid="true"/,
      );
    }
    const long = 'x'.repeat(501);
    const tooLong = await panel.post(review, { reason: long });
    expect(tooLong.status).toBe(400);
    expect(textOf(tooLong.html)).toContain('Keep it to 500 characters (this one has 501).');
    expect(tooLong.html).toContain(`value="${long}"`);
    const control = await panel.post(review, { reason: 'line\u0007bell' });
    expect(control.status).toBe(400);
    expect(textOf(control.html)).toContain('Use plain text');
    expect(await statusOf(market)).toBe('open');
    expect(await auditRows(service, 'market.suspend', market.slug)).toEqual([]);
  });

  it('confirms the effect with the reason before anything happens, then suspends and shows why on the page', async () => {
    const market = await createMarket(service, tenant);
    const page = `/panel/markets/${market.slug}`;
    const reason = 'Result source unreachable (incident 204)';
    const review = await panel.post(`${page}/suspend/review`, { reason: `  ${reason} ` });
    expect(review.status).toBe(200);
    const text = textOf(review.html);
    expect(text).toContain(`Suspend trading on ${market.slug}?`);
    expect(text).toContain(`Trading on ${market.slug} stops for every tenant that has it (enabled for 1 tenant):`);
    expect(text).toContain('opens, closes and quotes in both environments (409 market_suspended)');
    expect(review.html).toContain(`<dd>${reason}</dd>`);
    expect(review.html).toMatch(
      new RegExp(`<form method="post" action="${page}/suspend" aria-label="Suspend ${market.slug}"`),
    );
    expect(review.html).toContain(`<input type="hidden" name="reason" value="${reason}"/>`);
    expect(review.html).not.toContain('name="paused"');
    // Nothing happened yet.
    expect(await statusOf(market)).toBe('open');
    expect(await auditRows(service, 'market.suspend', market.slug)).toEqual([]);

    const done = await panel.post(`${page}/suspend`, { reason });
    expect(done.status).toBe(303);
    expect(done.location).toBe(page);
    expect(await statusOf(market)).toBe('suspended');
    const after = await panel.get(page);
    expect(textOf(after.html)).toContain(`${market.slug} is suspended.`);
    expect(textOf(after.html)).toContain('Trading: Suspended');
    expect(cell(after.html, 'status-reason')).toBe(reason);
    expect(cell(after.html, 'status-changed')).toBe('2026-06-01 12:00:00Z by panel:Ada');
    expect(after.html).toMatch(/<form[^>]*action="[^"]*\/reopen"[^>]*aria-label="Reopen trading"/);
    const audit = await auditRows(service, 'market.suspend', market.slug);
    expect(audit.map((a) => [a.who, a.outcome])).toEqual([['panel:Ada', 'done']]);
    expect(audit[0]!.details).toMatchObject({ reason });
    expect(await storedChange(market)).toEqual({ action: 'suspend', reason, changed_by: 'panel:Ada' });
  });

  it('refuses a confirm posted without a reason (the review skipped), and suspends nothing', async () => {
    const market = await createMarket(service, tenant);
    const refused = await panel.post(`/panel/markets/${market.slug}/suspend`, { reason: ' ' });
    expect(refused.status).toBe(400);
    expect(textOf(refused.html)).toContain('Say why');
    expect(await statusOf(market)).toBe('open');
    expect(await storedChange(market)).toBeUndefined();
    expect(await auditRows(service, 'market.suspend', market.slug)).toEqual([]);
  });

  it('reopens with an optional reason, and says who reopened it and when', async () => {
    const market = await createMarket(service, tenant);
    const page = `/panel/markets/${market.slug}`;
    await panel.post(`${page}/suspend`, { reason: 'Feed down' });
    const reopened = await panel.post(`${page}/reopen`, { reason: '' });
    expect(reopened.location).toBe(page);
    expect(await statusOf(market)).toBe('open');
    const after = await panel.get(page);
    expect(textOf(after.html)).toContain('Trading: Open');
    expect(cell(after.html, 'status-changed')).toBe('2026-06-01 12:00:00Z by panel:Ada');
    expect(cell(after.html, 'status-reason')).toBe('—');
    const audit = await auditRows(service, 'market.reopen', market.slug);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ reason: null });
    expect(await storedChange(market)).toEqual({ action: 'reopen', reason: null, changed_by: 'panel:Ada' });
  });

  it('refuses a reopen reason over 500 characters beside its field, and reopens nothing', async () => {
    const market = await createMarket(service, tenant);
    const page = `/panel/markets/${market.slug}`;
    await panel.post(`${page}/suspend`, { reason: 'Feed down' });
    const long = 'x'.repeat(501);
    await panel.post(`${page}/reopen`, { reason: long });
    const after = await panel.get(page);
    expect(after.html).toMatch(new RegExp(`<input id="reopen-reason"[^>]*value="${long}"[^>]*aria-invalid="true"`));
    expect(textOf(after.html)).toContain('Keep the reason to 500 characters, as plain text.');
    expect(await statusOf(market)).toBe('suspended');
    expect(cell(after.html, 'status-reason')).toBe('Feed down');
  });

  it("shows a suspension through the platform API with its reason, or none given, by 'platform API'", async () => {
    const market = await createMarket(service, tenant);
    const reason = 'Provider outage';
    const res = await service.platform('POST', `/platform/v1/markets/${market.slug}/suspend`, { reason });
    expect(res.status, res.text).toBe(200);
    const page = (await panel.get(`/panel/markets/${market.slug}`)).html;
    expect(cell(page, 'status-reason')).toBe(reason);
    expect(cell(page, 'status-changed')).toBe('2026-06-01 12:00:00Z by platform API');
    expect(await storedChange(market)).toEqual({ action: 'suspend', reason, changed_by: 'platform API' });

    const bare = await createMarket(service, tenant);
    expect((await service.platform('POST', `/platform/v1/markets/${bare.slug}/suspend`)).status).toBe(200);
    expect(cell((await panel.get(`/panel/markets/${bare.slug}`)).html, 'status-reason')).toBe('—');
    // A refused suspension (already suspended) keeps the reason in force.
    expect(
      (await service.platform('POST', `/platform/v1/markets/${market.slug}/suspend`, { reason: 'again' })).status,
    ).toBe(409);
    expect((await storedChange(market))?.reason).toBe(reason);
  });

  it('answers an unknown market with a 404 page and changes nothing', async () => {
    for (const path of ['/panel/markets/no-such-market-x/suspend/review', '/panel/markets/no-such-market-x/suspend']) {
      const res = await panel.post(path, { reason: 'why' });
      expect(res.status, path).toBe(404);
      expect(textOf(res.html)).toContain('There is no such market.');
    }
  });
});
